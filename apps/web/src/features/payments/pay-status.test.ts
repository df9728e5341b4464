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

  it('gives every status chip a different pay status', () => {
    const statuses = Object.values(PAY_STATUS_FILTERS).filter((status) => status !== undefined);
    expect(new Set(statuses).size).toBe(statuses.length);
    for (const status of statuses) expect(payStatusKind(status)).not.toBe('unprocessed');
  });
});
