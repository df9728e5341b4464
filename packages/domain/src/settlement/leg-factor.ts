import { type OddsThousandths } from '../odds/odds-format.ts';
import { type LegOutcome } from './leg-outcome.ts';

/**
 * A leg's effective odds (betting.md §2) in 2000ths: won d, lost 0, push or void 1, half won (1 + d) / 2,
 * half lost 1/2. Odds are thousandths and the half outcomes halve them, so 2000ths make every factor an exact
 * integer and a line's payout an exact ratio.
 */
export const LEG_FACTOR_DENOMINATOR = 2000;

export function legFactorPer2000(outcome: LegOutcome, odds: OddsThousandths): number {
  switch (outcome) {
    case 'won':
      return 2 * odds;
    case 'lost':
      return 0;
    case 'push':
    case 'void':
      return LEG_FACTOR_DENOMINATOR;
    case 'halfWon':
      return 1000 + odds;
    case 'halfLost':
      return 1000;
  }
}
