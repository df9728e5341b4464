/**
 * A bonus's wagering requirement and its progress. The requirement is ×N of the bonus, or of bonus + deposit for a
 * deposit match (the campaign says which); progress is the sum of contributions, capped at the requirement.
 */
export type WageringBase = 'bonus' | 'bonus_deposit';

export interface WageringTerms {
  multiplier: number;
  base: WageringBase;
}

export function wageringRequirementMinor(terms: WageringTerms, bonusMinor: number, depositMinor: number): number {
  if (!Number.isSafeInteger(terms.multiplier) || terms.multiplier < 0)
    throw new RangeError(`multiplier must be a non-negative integer, got ${terms.multiplier}`);
  switch (terms.base) {
    case 'bonus':
      return bonusMinor * terms.multiplier;
    case 'bonus_deposit':
      return (bonusMinor + depositMinor) * terms.multiplier;
  }
}

/** Wagered so far after a contribution changes by `deltaMinor` (negative when a resettlement takes some back). */
export function wageringProgressMinor(wageredMinor: number, deltaMinor: number, requirementMinor: number): number {
  return Math.min(requirementMinor, Math.max(0, wageredMinor + deltaMinor));
}

/** Progress in whole per cent, rounded down so 100 % only shows once the requirement is met. */
export function wageringProgressPercent(wageredMinor: number, requirementMinor: number): number {
  if (requirementMinor <= 0) return 100;
  return Math.min(100, Math.floor((wageredMinor * 100) / requirementMinor));
}

/**
 * While a bonus is unlocking a bet above the campaign's maximum stake is refused: one large bet at short odds would
 * otherwise clear the requirement at little risk. Undefined means the campaign sets no maximum.
 */
export function stakeAllowedWhileUnlocking(stakeMinor: number, stakeMaxMinor: number | undefined): boolean {
  return stakeMaxMinor === undefined || stakeMinor <= stakeMaxMinor;
}
