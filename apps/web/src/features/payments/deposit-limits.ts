import type { AmountLimits } from './amount-input.ts';

export interface DepositLimitInput {
  channel: { min_amount: number; max_amount: number };
  daily_max: number;
  deposited_today: number;
  min_charge: number;
  is_first_deposit: 0 | 1;
}

/**
 * The amounts a deposit may take (spec §9): the method's minimum (a first deposit also the brand minimum), and at
 * most the method's maximum and what is left of today's maximum. `leftTodayMinor` 0 means the day is used up.
 */
export function depositLimits(info: DepositLimitInput): AmountLimits & { leftTodayMinor: number } {
  const leftTodayMinor = Math.max(0, info.daily_max - info.deposited_today);
  const minMinor = info.is_first_deposit === 1 ? Math.max(info.channel.min_amount, info.min_charge) : info.channel.min_amount;
  return { minMinor, maxMinor: Math.min(info.channel.max_amount, leftTodayMinor), leftTodayMinor };
}
