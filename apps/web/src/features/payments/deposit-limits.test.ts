import { describe, expect, it } from 'vitest';
import { depositLimits } from './deposit-limits.ts';

describe('deposit limits', () => {
  const base = { channel: { min_amount: 500, max_amount: 500000 }, daily_max: 10000, deposited_today: 0, min_charge: 3000, is_first_deposit: 0 as const };

  it('caps by what is left of the daily maximum', () => {
    expect(depositLimits({ ...base, deposited_today: 7000 })).toEqual({ minMinor: 500, maxMinor: 3000, leftTodayMinor: 3000 });
  });

  it('applies the brand minimum to a first deposit only', () => {
    expect(depositLimits({ ...base, is_first_deposit: 1 }).minMinor).toBe(3000);
    expect(depositLimits(base).minMinor).toBe(500);
  });

  it('never reports a negative allowance once the day is used up', () => {
    expect(depositLimits({ ...base, deposited_today: 12000 })).toMatchObject({ maxMinor: 0, leftTodayMinor: 0 });
  });
});
