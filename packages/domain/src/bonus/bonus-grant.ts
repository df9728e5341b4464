import { JURISDICTIONS } from '../safer-play/jurisdictions.ts';
import type { CurrencyCode } from '../money/currency.ts';
import { bonusMaxMinor } from '../payments/limits.ts';
import type { MarketKey } from '../variants/profile.ts';

/**
 * A deposit match: `rateBp` of the deposit (rounded down), never above the campaign's own maximum nor the brand's
 * country maximum (spec §9: R$600 default, $5000 Mexico, 5000 PHP and INR).
 */
export function depositMatchMinor(depositMinor: number, rateBp: number, campaignMaxMinor: number, currency: CurrencyCode): number {
  if (!Number.isSafeInteger(depositMinor) || depositMinor < 0) throw new RangeError(`deposit must be a non-negative integer, got ${depositMinor}`);
  const matched = Math.floor((depositMinor * rateBp) / 10_000);
  return Math.min(matched, campaignMaxMinor, bonusMaxMinor(currency));
}

/** A fixed-amount bonus (sign-up, code, award) capped by the country maximum like every other grant. */
export function fixedBonusMinor(amountMinor: number, currency: CurrencyCode): number {
  return Math.min(amountMinor, bonusMaxMinor(currency));
}

/**
 * Markets whose regulator forbids bonuses that attract players (regulation.md: Brazil, Lei 14.790 ordinances) are
 * the jurisdiction profiles' `signupBonusAllowed: false` (decision 027, one place). Loyalty rewards are allowed there,
 * so only acquisition and deposit offers are refused.
 */

export type BonusPurpose = 'acquisition' | 'loyalty';

export function bonusAllowedInMarket(market: MarketKey, purpose: BonusPurpose): boolean {
  // A closed market (India, Vietnam; decision 049) offers no bonus of any kind.
  if (JURISDICTIONS[market].closed) return false;
  return purpose === 'loyalty' || JURISDICTIONS[market].signupBonusAllowed;
}
