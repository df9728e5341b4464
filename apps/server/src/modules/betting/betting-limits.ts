/**
 * Stake and payout limits per currency, in minor units. One table scaled from the Brazilian real by a rough
 * purchasing factor, so a peso or a rupee bet has limits of the same weight; an operator changes the factors, not
 * the code. Every limit is checked on the server; the slip only shows them (`smin`, `smax`, `mi`, `mx`).
 */
export interface BetLimits {
  stakeMinMinor: number;
  stakeMaxMinor: number;
  /** The most one bet may return. */
  payoutMaxMinor: number;
  /** The smallest part of a stake a partial cash-out may take (the upstream `smis`). */
  cashOutPartialMinMinor: number;
  /** The least stake the law of the player's market allows (safer play, Kenya KES 20); checked at placement. */
  lawMinMinor?: number;
}

const BRL_LIMITS: BetLimits = { stakeMinMinor: 1_00, stakeMaxMinor: 10_000_00, payoutMaxMinor: 500_000_00, cashOutPartialMinMinor: 1_00 };

const FACTOR_OF_CURRENCY: Readonly<Record<string, number>> = {
  BRL: 1,
  MXN: 4,
  COP: 800,
  PEN: 1,
  PHP: 10,
  INR: 15,
  KES: 25,
  VND: 5000,
  USD: 1,
  USDT: 1,
};

export function betLimitsOf(currency: string): BetLimits {
  const factor = FACTOR_OF_CURRENCY[currency] ?? 1;
  return {
    stakeMinMinor: BRL_LIMITS.stakeMinMinor * factor,
    stakeMaxMinor: BRL_LIMITS.stakeMaxMinor * factor,
    payoutMaxMinor: BRL_LIMITS.payoutMaxMinor * factor,
    cashOutPartialMinMinor: BRL_LIMITS.cashOutPartialMinMinor * factor,
  };
}

/** Spec §9: at most 10 selections; the same number caps singles per placement (`mon`) and legs (`msl`). */
export const SINGLES_PER_PLACEMENT_MAX = 10;
export const LEGS_PER_MULTIPLE_MAX = 10;
