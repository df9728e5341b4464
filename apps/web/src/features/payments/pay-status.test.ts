import { describe, expect, it } from 'vitest';
import { depositPollStep, PAY_STATUS_FILTERS, payStatusKind } from './pay-status.ts';

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

  it('every listed status falls under exactly one filter chip', () => {
    for (const status of [0, 1, 2, 3, 4, 20]) {
      const chips = Object.entries(PAY_STATUS_FILTERS).filter(([, statuses]) => statuses?.includes(status as never));
      expect(chips, String(status)).toHaveLength(1);
    }
  });
});
