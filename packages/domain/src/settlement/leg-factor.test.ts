import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oddsThousandths } from '../odds/odds-format.ts';
import { LEG_FACTOR_DENOMINATOR, legFactorPer2000 } from './leg-factor.ts';
import { type LegOutcome } from './leg-outcome.ts';

describe('legFactorPer2000 (betting.md §2 leg factors)', () => {
  it.each<[LegOutcome, number, number]>([
    ['won', 1850, 1.85],
    ['lost', 1850, 0],
    ['push', 1850, 1],
    ['void', 1850, 1],
    ['halfWon', 2000, 1.5],
    ['halfWon', 1851, 1.4255],
    ['halfLost', 1850, 0.5],
  ])('%s at %i is %d', (outcome, odds, factor) => {
    expect(legFactorPer2000(outcome, oddsThousandths(odds)) / LEG_FACTOR_DENOMINATOR).toBe(factor);
  });

  it('orders the outcomes for the bettor: won ≥ half won ≥ push = void ≥ half lost ≥ lost', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1001, max: 1_000_000 }), (raw) => {
        const odds = oddsThousandths(raw);
        const factor = (outcome: LegOutcome): number => legFactorPer2000(outcome, odds);
        expect(factor('won')).toBeGreaterThanOrEqual(factor('halfWon'));
        expect(factor('halfWon')).toBeGreaterThan(factor('push'));
        expect(factor('push')).toBe(factor('void'));
        expect(factor('void')).toBeGreaterThan(factor('halfLost'));
        expect(factor('halfLost')).toBeGreaterThan(factor('lost'));
      }),
      { numRuns: 200 },
    );
  });
});
