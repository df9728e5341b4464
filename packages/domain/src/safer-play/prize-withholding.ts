import { prizeWithholdingMinor, type JurisdictionProfile } from './jurisdictions.ts';

/** One payment of a bet that has already paid, and withheld, something (decision 060). */
export interface PrizeWithholdingPayment {
  /** The stake the bet was placed with; 0 for a free bet, whose stake was never the player's money. */
  stakeMinor: number;
  /** All the bet has returned to the player once this payment counts: its cash-outs and its settlement's credit. */
  returnedMinor: number;
  /** What the bet withheld before this payment (kept on the bet). */
  withheldMinor: number;
  /** What this payment credits before withholding: the most it can withhold. */
  paymentMinor: number;
}

/**
 * What one payment of a sports bet withholds (positive) or gives back (negative) under the prize withholding of its
 * market (Mexico's ISR, decision 060). The law's prize is the net win of the whole bet — every cash-out and the
 * settlement's credit, less the stake as placed — so each payment moves the bet's withholding to what that net win
 * asks (`prizeWithholdingMinor`): a partial cash-out and the later settlement of the rest withhold what one payment
 * of their sum would, and a corrected result takes or gives back exactly the difference. A payment never withholds
 * more than it pays (only a rate raised while the bet was open could ask for more).
 */
export function prizeWithholdingChangeMinor(profile: Pick<JurisdictionProfile, 'prizeWithholdingBp'>, payment: PrizeWithholdingPayment): number {
  for (const [name, value] of Object.entries(payment)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
  const due = prizeWithholdingMinor(profile, payment.stakeMinor, payment.returnedMinor);
  return Math.min(due - payment.withheldMinor, payment.paymentMinor);
}
