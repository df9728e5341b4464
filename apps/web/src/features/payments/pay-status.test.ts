import { describe, expect, it } from 'vitest';
import { PAY_STATUS } from '@piranha/contract';
import { depositPollStep, PAY_STATUS_FILTERS, payStatusKind, payStatusQueryOf } from './pay-status.ts';

describe('pay status', () => {
  it.each([
    [1, 'paid'],
    [0, 'pending'],
    [2, 'pending'],
    [3, 'ended'],
    [4, 'ended'],
    [20, 'ended'],
    [-1, 'ended'],
  ] as const)('a deposit poll answered %i is %s', (status, step) => {
    expect(depositPollStep(status)).toBe(step);
  });

  it.each([
    [0, 'unprocessed'],
    [1, 'success'],
    [2, 'pending'],
    [3, 'timeout'],
    [4, 'failed'],
    [20, 'pending'],
    [99, 'pending'],
  ] as const)('transaction status %i reads as %s', (status, kind) => {
    expect(payStatusKind(status)).toBe(kind);
  });

  it('puts every pay status under exactly one chip, the open ones (0, 2, 20) all under "pending"', () => {
    const chips = Object.entries(PAY_STATUS_FILTERS).filter(([, statuses]) => statuses !== undefined);
    for (const status of Object.values(PAY_STATUS)) {
      const under = chips.filter(([, statuses]) => (statuses as readonly number[]).includes(status)).map(([chip]) => chip);
      expect(under, `pay status ${status}`).toEqual([payStatusKind(status) === 'unprocessed' ? 'pending' : payStatusKind(status)]);
    }
    expect(payStatusQueryOf('pending')).toBe('0,2,20');
    expect(payStatusQueryOf('all')).toBeUndefined();
  });
});
