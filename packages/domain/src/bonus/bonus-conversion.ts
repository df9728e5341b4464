/**
 * When a bonus is unlocked its balance becomes cash, up to the campaign's conversion cap; the rest is forfeited to
 * the house. The two parts always sum to the balance.
 */
export interface BonusConversion {
  toCashMinor: number;
  forfeitMinor: number;
}

export function bonusConversionSplit(balanceMinor: number, capMinor: number | undefined): BonusConversion {
  if (!Number.isSafeInteger(balanceMinor) || balanceMinor < 0) throw new RangeError(`bonus balance must be a non-negative integer, got ${balanceMinor}`);
  const toCashMinor = capMinor === undefined ? balanceMinor : Math.min(balanceMinor, Math.max(0, capMinor));
  return { toCashMinor, forfeitMinor: balanceMinor - toCashMinor };
}
