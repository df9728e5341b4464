import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnits } from '../money/minor-units.ts';
import { oddsThousandths } from '../odds/odds-format.ts';
import { systemBetAccumulator, systemBetFullCover, systemBetKindsAvailable, systemBetLineCount, type SystemBetKind } from '../bet-slip/system-bets.ts';
import { betLineSettle, systemBetSettle, type SettlementLeg } from './bet-settle.ts';
import { type LegOutcome, type LegState } from './leg-outcome.ts';

function leg(odds: number, state: LegState): SettlementLeg {
  return { oddsThousandths: oddsThousandths(odds), state };
}

function paid(result: { ok: true; payoutMinor: number } | { ok: false; code: string }): number {
  if (!result.ok) throw new Error(result.code);
  return result.payoutMinor;
}

describe('worked numbers of betting.md §2', () => {
  it('pays a Trixie of three 6.0 winners at 10.00 a line 3,240.00', () => {
    const legs = [leg(6000, 'won'), leg(6000, 'won'), leg(6000, 'won')];
    const settled = systemBetSettle(systemBetFullCover('trixie'), minorUnits(1000), legs);
    expect(settled.ok && settled.lines.map((line) => line.payoutMinor)).toEqual([36_000, 36_000, 36_000, 216_000]);
    expect(paid(settled)).toBe(324_000);
  });

  it('pays a treble with 3.0 and 4/1 void and 7/2 won on 100.00 as a single: 450.00', () => {
    expect(paid(betLineSettle(minorUnits(10_000), [leg(3000, 'void'), leg(5000, 'void'), leg(4500, 'won')]))).toBe(45_000);
  });

  // The reference writes ≈ 157.58 and ≈ 11.94, rounded to nearest; its own rule (and ours) rounds each line down.
  it('pays 10.00 on half won at 2.0 × 2.2 × 1.91 × 2.5 exactly 157.575, floored to 157.57', () => {
    expect(paid(betLineSettle(minorUnits(1000), [leg(2000, 'halfWon'), leg(2200, 'won'), leg(1910, 'won'), leg(2500, 'won')]))).toBe(15_757);
  });

  it('pays 10.00 on two half-lost legs × 1.91 × 2.5 exactly 11.9375, floored to 11.93', () => {
    expect(paid(betLineSettle(minorUnits(1000), [leg(1800, 'halfLost'), leg(2050, 'halfLost'), leg(1910, 'won'), leg(2500, 'won')]))).toBe(1193);
  });

  it('pays a Trixie with one loser only the double of the two winners', () => {
    const legs = [leg(6000, 'won'), leg(6000, 'won'), leg(6000, 'lost')];
    expect(paid(systemBetSettle(systemBetFullCover('trixie'), minorUnits(1000), legs))).toBe(36_000);
  });

  it('pays a Lucky 15 unit × (Π(1 + f) − 1) when the factors make it exact', () => {
    // Factors 2, 1.5 (half won at 2.0), 1 (void), 0.5 (half lost): Π(1 + f) − 1 = 3 × 2.5 × 2 × 1.5 − 1 = 21.5.
    const legs = [leg(2000, 'won'), leg(2000, 'halfWon'), leg(2000, 'void'), leg(2000, 'halfLost')];
    expect(paid(systemBetSettle(systemBetFullCover('lucky15'), minorUnits(1000), legs))).toBe(21_500);
  });
});

describe('betLineSettle', () => {
  it.each<[LegOutcome, number]>([
    ['won', 1850],
    ['lost', 0],
    ['push', 1000],
    ['void', 1000],
    ['halfWon', 1425],
    ['halfLost', 500],
  ])('settles a 10.00 single at 1.85 %s for %i', (outcome, payout) => {
    expect(paid(betLineSettle(minorUnits(1000), [leg(1850, outcome)]))).toBe(payout);
  });

  it('settles a multiple lost at once when one leg loses, whatever is still open', () => {
    expect(betLineSettle(minorUnits(1000), [leg(2000, 'unsettled'), leg(2000, 'lost')])).toEqual({ ok: true, payoutMinor: 0 });
  });

  it('waits while a leg is open and none has lost', () => {
    expect(betLineSettle(minorUnits(1000), [leg(2000, 'won'), leg(2000, 'unsettled')])).toEqual({ ok: false, code: 'LEG_UNSETTLED' });
  });
});

describe('systemBetSettle', () => {
  it('waits while any line is open', () => {
    const legs = [leg(2000, 'won'), leg(2000, 'lost'), leg(2000, 'unsettled')];
    expect(systemBetSettle(systemBetFullCover('trixie'), minorUnits(100), legs)).toEqual({ ok: false, code: 'LEG_UNSETTLED' });
  });

  it('refuses a kind that does not fit the legs as a programming error', () => {
    expect(() => systemBetSettle(systemBetFullCover('yankee'), minorUnits(100), [leg(2000, 'won'), leg(2000, 'won')])).toThrow(RangeError);
  });
});

describe('settlement properties', () => {
  const settledState = fc.constantFrom<LegOutcome>('won', 'lost', 'push', 'halfWon', 'halfLost', 'void');
  const settledLeg = fc.record({ odds: fc.integer({ min: 1001, max: 20_000 }), state: settledState }).map(({ odds, state }) => leg(odds, state));
  const stake = fc.integer({ min: 1, max: 100_000 }).map(minorUnits);
  const legsOf = (min: number, max: number) => fc.array(settledLeg, { minLength: min, maxLength: max });

  it('pays a multiple with a void leg exactly what it pays without that leg', () => {
    fc.assert(
      fc.property(stake, legsOf(1, 7), fc.integer({ min: 1001, max: 20_000 }), fc.nat(), (unit, legs, voidOdds, at) => {
        const index = at % (legs.length + 1);
        const withVoid = [...legs.slice(0, index), leg(voidOdds, 'void'), ...legs.slice(index)];
        expect(paid(betLineSettle(unit, withVoid))).toBe(paid(betLineSettle(unit, legs)));
      }),
      { numRuns: 200 },
    );
  });

  it('never pays below zero nor above stake × Π odds', () => {
    fc.assert(
      fc.property(stake, legsOf(1, 8), (unit, legs) => {
        const payout = BigInt(paid(betLineSettle(unit, legs)));
        const scale = 1000n ** BigInt(legs.length);
        const best = legs.reduce((product, each) => product * BigInt(each.oddsThousandths), BigInt(unit));
        expect(payout >= 0n).toBe(true);
        expect(payout * scale <= best).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('returns the stake of a multiple whose legs are all void or pushed', () => {
    fc.assert(
      fc.property(
        stake,
        fc.array(fc.tuple(fc.integer({ min: 1001, max: 20_000 }), fc.constantFrom<LegOutcome>('void', 'push')), { minLength: 1, maxLength: 10 }),
        (unit, legs) => {
          expect(
            paid(
              betLineSettle(
                unit,
                legs.map(([odds, state]) => leg(odds, state)),
              ),
            ),
          ).toBe(unit);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('returns the whole stake of an all-void system bet: unit × lines', () => {
    for (let legCount = 2; legCount <= 8; legCount += 1) {
      const legs = Array.from({ length: legCount }, () => leg(2500, 'void'));
      for (const kind of systemBetKindsAvailable(legCount)) {
        expect(paid(systemBetSettle(kind, minorUnits(300), legs))).toBe(300 * systemBetLineCount(kind, legCount));
      }
    }
  });

  it('pays each system line as that line would pay without its void legs', () => {
    fc.assert(
      fc.property(stake, legsOf(3, 6), (unit, legs) => {
        const kind: SystemBetKind = { type: 'fullCover', legCount: legs.length, singles: true };
        const settled = systemBetSettle(kind, unit, legs);
        if (!settled.ok) throw new Error(settled.code);
        for (const line of settled.lines) {
          const kept = line.legIndexes.map((index) => legs[index]!).filter((each) => each.state !== 'void');
          expect(line.payoutMinor).toBe(kept.length === 0 ? unit : paid(betLineSettle(unit, kept)));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('never pays a leg’s better outcome less than a worse one', () => {
    const ranked: LegOutcome[] = ['lost', 'halfLost', 'void', 'halfWon', 'won'];
    fc.assert(
      fc.property(stake, legsOf(0, 5), fc.integer({ min: 1001, max: 20_000 }), (unit, others, odds) => {
        const payouts = ranked.map((state) => paid(betLineSettle(unit, [leg(odds, state), ...others])));
        for (let index = 1; index < payouts.length; index += 1) expect(payouts[index]).toBeGreaterThanOrEqual(payouts[index - 1]!);
      }),
      { numRuns: 200 },
    );
  });

  it('settles an accumulator as the one line of the fold of every leg', () => {
    fc.assert(
      fc.property(stake, legsOf(2, 8), (unit, legs) => {
        expect(paid(systemBetSettle(systemBetAccumulator(legs.length), unit, legs))).toBe(paid(betLineSettle(unit, legs)));
      }),
      { numRuns: 100 },
    );
  });
});
