import { minorUnits, type MinorUnits } from '../money/minor-units.ts';

/**
 * floor(stake × Π numerators ÷ Π denominators), exact. Odds are integer thousandths, so a payout is a ratio
 * of integers; computing it in BigInt and dividing once keeps every fraction of a cent until the single
 * rounding, which is down (the bettor is never paid a cent the odds did not earn, spec and betting.md §2).
 * Throws when the result is not a safe integer of minor units: no real stake and odds get there.
 */
export function payoutFloorMinor(stakeMinor: MinorUnits, numerators: readonly number[], denominators: readonly number[]): MinorUnits {
  if (stakeMinor < 0) throw new RangeError(`a stake cannot be negative, got ${stakeMinor}`);
  let numerator = BigInt(stakeMinor);
  for (const value of numerators) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`a payout numerator must be a non-negative integer, got ${value}`);
    numerator *= BigInt(value);
  }
  let denominator = 1n;
  for (const value of denominators) {
    if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`a payout denominator must be a positive integer, got ${value}`);
    denominator *= BigInt(value);
  }
  // BigInt division truncates toward zero, which is floor for the non-negative values allowed here.
  return minorUnits(Number(numerator / denominator));
}
