import type { CurrencyCode } from '../money/currency.ts';
import type { MarketKey } from '../variants/profile.ts';
import type { PayinChannelDef } from './channels.ts';

/**
 * Spec §9 money limits, in major units (multiply by 100 for minor units: every currency is stored in hundredths,
 * see money/currency.ts). Where the spec's figures cannot be read literally they are interpreted as written
 * below; each choice says why. VND and COP have no minor units for players, so their limits are whole amounts.
 */

/** Minimum recharge per order (spec §9, first table). Currencies the table leaves out use the brand's minCharge. */
export const PAYIN_MIN_MAJOR: Partial<Record<CurrencyCode, number>> = { BRL: 5, MXN: 20, PHP: 100, INR: 100, KES: 500, USD: 10, COP: 6000, USDT: 10 };

/** Minimum payout per order: the spec's second minimum table (brl 3, mex 10…); others use half the pay-in minimum. */
export const PAYOUT_MIN_MAJOR: Partial<Record<CurrencyCode, number>> = { BRL: 3, MXN: 10, PHP: 50, INR: 50, KES: 200, USD: 5, COP: 3000, USDT: 5 };

/** Quick amounts (spec §9); currencies it does not list get their minimum × 1, 2, 5, 10. */
export const QUICK_AMOUNTS_MAJOR: Partial<Record<CurrencyCode, readonly number[]>> = {
  BRL: [5, 10, 50, 100],
  MXN: [20, 40, 200, 400],
  PHP: [100, 200, 500, 1000],
  INR: [100, 200, 500, 1000],
  KES: [200, 500, 1000, 5000],
  USD: [10, 20, 50, 100],
  USDT: [10, 20, 50, 100],
  COP: [6000, 10000, 20000, 50000],
  // Not in the spec: from the minimum (₫30,000, see variants/markets.ts) up in round amounts players type.
  VND: [30_000, 100_000, 200_000, 500_000],
};

/**
 * Daily maximum deposit (spec §9: 100 default, 300 Mexico, 1000 PHP and KE, 500 INR, USDT 250, PEN 2000), read
 * in thousands of the currency — the "K" the spec says some builds display. Decision 008 gives the reasoning: read
 * literally, Mexico's 300, Kenya's 1000, India's 500 and Colombia's 100 sit below their own quick amounts or
 * minimum, and every market's cap would sit below the deposit that unlocks its maximum bonus (R$600, $5000…).
 * What a single order can take is lowered further by the payment rail's own ceiling (`providerMaxMajor`).
 */
const DAILY_MAX_THOUSANDS: Partial<Record<CurrencyCode, number>> = {
  MXN: 300,
  PHP: 1000,
  KES: 1000,
  INR: 500,
  USDT: 250,
  PEN: 2000,
  // Not in the spec. The default 100 thousand would be ₫100,000 (about four dollars) a day; ₫500 million is what
  // Brazil's R$100,000 is worth, and keeps the largest bonus and the quick amounts well inside a day.
  VND: 500_000,
};
const DAILY_MAX_THOUSANDS_DEFAULT = 100;

export function dailyMaxMinor(currency: CurrencyCode): number {
  return (DAILY_MAX_THOUSANDS[currency] ?? DAILY_MAX_THOUSANDS_DEFAULT) * 1000 * 100;
}

/** Largest single pay-in on a channel: the daily maximum, or the rail's own per-payment ceiling when lower. */
export function payinOrderMaxMinor(channel: Pick<PayinChannelDef, 'currency' | 'providerMaxMajor'>): number {
  const daily = dailyMaxMinor(channel.currency);
  return channel.providerMaxMajor === undefined ? daily : Math.min(daily, channel.providerMaxMajor * 100);
}

/** Largest bonus a first deposit unlocks (spec §9: R$600 default, $5000 Mexico, 5000 PHP and INR). */
// VND is not in the spec ("others per country"): the default 600 would be ₫600; ₫3,000,000 is about R$600.
const BONUS_MAX_MAJOR: Partial<Record<CurrencyCode, number>> = { MXN: 5000, PHP: 5000, INR: 5000, VND: 3_000_000 };
export function bonusMaxMinor(currency: CurrencyCode): number {
  return (BONUS_MAX_MAJOR[currency] ?? 600) * 100;
}

/** Withdrawal fee cap in minor units (spec §9: 50000; 10000000 in Colombia). */
export function withdrawalFeeCapMinor(market: MarketKey, currency: CurrencyCode): number {
  return market === 'CO' || currency === 'COP' ? 10_000_000 : 50_000;
}

/** The fee rate on withdrawals; the spec gives only the cap, so the rate is ours: 1 %. */
export const WITHDRAWAL_FEE_RATE_BP = 100;

/**
 * Fee of a withdrawal: the rate rounded down to `stepMinor` (the currency's smallest amount, `currencyStepMinor`:
 * a whole dong or peso for VND and COP, so what arrives is a whole amount), never above the cap.
 */
export function withdrawalFeeMinor(amountMinor: number, capMinor: number, rateBp: number = WITHDRAWAL_FEE_RATE_BP, stepMinor = 1): number {
  const fee = Math.floor((amountMinor * rateBp) / (10_000 * stepMinor)) * stepMinor;
  return Math.min(fee, capMinor);
}

/** Minimum pay-in of one order: the currency minimum, and for a first deposit at least the brand's minCharge. */
export function payinMinMinor(currency: CurrencyCode, brandMinChargeMajor: number, firstDeposit: boolean): number {
  const currencyMin = PAYIN_MIN_MAJOR[currency] ?? brandMinChargeMajor;
  return Math.max(currencyMin, firstDeposit ? brandMinChargeMajor : 0) * 100;
}

export function payoutMinMinor(currency: CurrencyCode, brandMinChargeMajor: number): number {
  return (PAYOUT_MIN_MAJOR[currency] ?? Math.ceil((PAYIN_MIN_MAJOR[currency] ?? brandMinChargeMajor) / 2)) * 100;
}

/** The spec's quick-amount table for a currency, unfiltered (some entries sit below the currency's own minimum). */
export function quickAmountsMinor(currency: CurrencyCode, brandMinChargeMajor: number): number[] {
  const listed = QUICK_AMOUNTS_MAJOR[currency];
  const min = PAYIN_MIN_MAJOR[currency] ?? brandMinChargeMajor;
  return (listed ?? [min, min * 2, min * 5, min * 10]).map((major) => major * 100);
}

/**
 * Quick amounts one player can actually send now: never below the order minimum (a first deposit's included) nor
 * above the order maximum or what is left of today's maximum. When the table's smallest entries fall under the
 * minimum, the minimum itself leads the list, so the player still gets a button for the smallest deposit.
 * Empty when nothing fits (today's maximum is used up).
 */
export function payinQuickAmountsMinor(tableMinor: readonly number[], minMinor: number, maxMinor: number): number[] {
  if (maxMinor < minMinor) return [];
  const inside = tableMinor.filter((amount) => amount >= minMinor && amount <= maxMinor);
  const droppedBelow = tableMinor.some((amount) => amount < minMinor);
  return droppedBelow && !inside.includes(minMinor) ? [minMinor, ...inside] : inside;
}

/** How long a pay-in instruction stays payable before the order is cancelled as timed out. */
export const PAYIN_ORDER_TTL_MS = 30 * 60 * 1000;
