import { minorUnits, type MinorUnits } from '../money/minor-units.ts';

/**
 * Resettlement of a bet after its result was corrected: the earlier settlement is reversed and the bet is settled
 * again under the corrected result. The player's wallet may not go below zero (our ledger's CHECK, and GLI-19 §4.3:
 * a negative balance must be impossible), so a reversal the wallet cannot cover — the player already spent the
 * winnings — takes what the wallet holds and records the rest as the player's debt on that bet. The house carries
 * the debt meanwhile; a later correction of the same bet collects it first.
 */
export interface ResettlementMoney {
  /** What the settlement being reversed credited the player (0 for a lost bet). */
  paidMinor: MinorUnits;
  /** What the player still owes from earlier resettlements of this bet. */
  owedMinor: MinorUnits;
  /** What the settlement under the corrected result credits the player (0 when it loses, or while it is reopened). */
  creditMinor: MinorUnits;
  /** The player's wallet balance before the resettlement. */
  balanceMinor: MinorUnits;
}

export interface ResettlementSplit {
  /** Taken back from the player: the earlier credit and the earlier debt, as far as the wallet covers them. */
  takenMinor: MinorUnits;
  /** What the wallet could not cover: the player's debt on this bet afterwards. */
  owedMinor: MinorUnits;
}

/**
 * How much the reversal takes from the wallet. The corrected settlement's credit lands in the same transaction, so
 * it counts towards what can be taken: a won bet corrected to a smaller win costs the player only the difference.
 */
export function resettlementSplit(money: ResettlementMoney): ResettlementSplit {
  for (const [name, value] of Object.entries(money)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
  const dueMinor = money.paidMinor + money.owedMinor;
  const takenMinor = Math.min(dueMinor, money.balanceMinor + money.creditMinor);
  return { takenMinor: minorUnits(takenMinor), owedMinor: minorUnits(dueMinor - takenMinor) };
}
