import type { VariantProfile } from '../variants/profile.ts';
import type { LoyaltyPeriod } from './brand-time.ts';
import { BP_FULL, VIP_LEVEL_MAX } from './vip.ts';

/**
 * Net-loss cash-back (issue 18, decision 026): at the close of a brand's day or week, a share of what the player lost
 * in it — stakes less returns less the bonus money that turned into cash in it (money the house gave is not lost
 * money) — by VIP level. Rates are data per brand: basis points by level, index = level (31 entries).
 */
export interface CashbackRates {
  daily: readonly number[];
  weekly: readonly number[];
}

/** Level 0 earns none; then a rate that grows a little with each level, weekly ones higher (a week is a bigger loss). */
const RATES_DEFAULT: CashbackRates = {
  daily: Array.from({ length: VIP_LEVEL_MAX + 1 }, (_, level) => (level === 0 ? 0 : 50 + 10 * (level - 1))),
  weekly: Array.from({ length: VIP_LEVEL_MAX + 1 }, (_, level) => (level === 0 ? 0 : 100 + 20 * (level - 1))),
};

/** Where deposits are cheap to cycle (crypto brands) the rates are halved, as deposit points are (see vip.ts). */
const RATES_CRYPTO: CashbackRates = {
  daily: RATES_DEFAULT.daily.map((bp) => Math.floor(bp / 2)),
  weekly: RATES_DEFAULT.weekly.map((bp) => Math.floor(bp / 2)),
};

/** A brand's own table, when it has one, wins over its market's. */
const RATES_BY_BRAND: Readonly<Record<string, CashbackRates>> = {};

export function cashbackRatesOf(profile: Pick<VariantProfile, 'appKey' | 'market'>): CashbackRates {
  return RATES_BY_BRAND[profile.appKey] ?? (profile.market === 'CRYPTO' ? RATES_CRYPTO : RATES_DEFAULT);
}

export function cashbackRateBp(rates: CashbackRates, period: LoyaltyPeriod, level: number): number {
  const table = period === 'daily' ? rates.daily : rates.weekly;
  return table[Math.max(0, Math.min(VIP_LEVEL_MAX, Math.floor(level)))] ?? 0;
}

export interface CashbackTotals {
  stakeMinor: number;
  returnMinor: number;
  bonusUsedMinor: number;
}

/** Stakes less returns less bonus money used; never below zero (a winning period earns nothing). */
export function cashbackNetLossMinor(totals: CashbackTotals): number {
  return Math.max(0, totals.stakeMinor - totals.returnMinor - totals.bonusUsedMinor);
}

/** The cash-back of a net loss at a rate, rounded down to the minor unit (exact in BigInt). */
export function cashbackAmountMinor(netLossMinor: number, rateBp: number): number {
  if (netLossMinor <= 0 || rateBp <= 0) return 0;
  return Number((BigInt(Math.floor(netLossMinor)) * BigInt(Math.floor(rateBp))) / BigInt(BP_FULL));
}

/** A period is closed for cash-back this long after it ended, so facts of its last seconds are settled and in. */
export const CASHBACK_CLOSE_GRACE_MS = 10 * 60_000;
