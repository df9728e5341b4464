import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { systemBetFullCover } from '../bet-slip/system-bets.ts';
import { minorUnits } from '../money/minor-units.ts';
import { oddsThousandths } from '../odds/odds-format.ts';
import { betLineSettle, systemBetSettle, type SettlementLeg } from './bet-settle.ts';
import { type LegState } from './leg-outcome.ts';
import { resettlementSplit } from './resettlement.ts';

const split = (paid: number, owed: number, credit: number, balance: number) =>
  resettlementSplit({ paidMinor: minorUnits(paid), owedMinor: minorUnits(owed), creditMinor: minorUnits(credit), balanceMinor: minorUnits(balance) });

function leg(odds: number, state: LegState): SettlementLeg {
  return { oddsThousandths: oddsThousandths(odds), state };
}

function payoutOf(result: { ok: true; payoutMinor: number } | { ok: false }): number {
  if (!result.ok) throw new Error('not settled');
  return result.payoutMinor;
}

describe('resettlementSplit', () => {
  it.each([
    // paid, owed, credit, balance → taken, owed after
    ['won corrected to lost, winnings still in the wallet', 190_00, 0, 0, 500_00, 190_00, 0],
    ['won corrected to lost, winnings spent down to 30.00', 190_00, 0, 0, 30_00, 30_00, 160_00],
    ['won corrected to lost, an empty wallet', 190_00, 0, 0, 0, 0, 190_00],
    ['lost corrected to won: nothing to take back', 0, 0, 250_00, 0, 0, 0],
    ['a big win corrected to a smaller one: the new credit covers the reversal', 190_00, 0, 50_00, 140_00, 190_00, 0],
    ['a debt from an earlier correction is collected when the bet wins again', 0, 160_00, 190_00, 0, 160_00, 0],
    ['a debt larger than what the new credit and the wallet hold stays owed in part', 0, 160_00, 100_00, 20_00, 120_00, 40_00],
  ])('%s', (_name, paid, owed, credit, balance, taken, owedAfter) => {
    expect(split(paid, owed, credit, balance)).toEqual({ takenMinor: taken, owedMinor: owedAfter });
  });

  it('refuses negative or fractional amounts', () => {
    expect(() => split(-1, 0, 0, 0)).toThrow(RangeError);
    expect(() => split(1.5, 0, 0, 0)).toThrow(RangeError);
  });

  const amount = fc.integer({ min: 0, max: 10_000_000 });

  it('never leaves the wallet below zero, and owes exactly what it could not take', () => {
    fc.assert(
      fc.property(amount, amount, amount, amount, (paid, owed, credit, balance) => {
        const result = split(paid, owed, credit, balance);
        expect(balance + credit - result.takenMinor).toBeGreaterThanOrEqual(0);
        expect(result.takenMinor + result.owedMinor).toBe(paid + owed);
        expect(result.owedMinor === 0 || balance + credit - result.takenMinor === 0).toBe(true);
      }),
    );
  });

  // Whatever the order of corrections and whatever the player spends in between, what the player holds plus what they
  // spent, less what they owe, is what the bet's latest settlement says they should have received.
  it('is path independent: wallet + spent − owed = start + the latest return, after any run of corrections', () => {
    fc.assert(
      fc.property(amount, fc.array(fc.tuple(amount, fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 1, maxLength: 8 }), (first, corrections) => {
        const start = 0;
        let balance = start + first;
        let paid = first;
        let owed = 0;
        let spent = 0;
        for (const [credit, spendShare] of corrections) {
          const spend = Math.floor(balance * spendShare);
          balance -= spend;
          spent += spend;
          const result = split(paid, owed, credit, balance);
          balance = balance + credit - result.takenMinor;
          paid = credit;
          owed = result.owedMinor;
          expect(balance).toBeGreaterThanOrEqual(0);
          expect(balance + spent - owed).toBe(start + credit);
        }
      }),
    );
  });
});

describe('a corrected leg through the settlement rules', () => {
  it('moves a Trixie from one winning double (2 × 6.0 at 10.00 = 360.00) to three winners (3,240.00)', () => {
    const before = payoutOf(systemBetSettle(systemBetFullCover('trixie'), minorUnits(10_00), [leg(6000, 'won'), leg(6000, 'won'), leg(6000, 'lost')]));
    const after = payoutOf(systemBetSettle(systemBetFullCover('trixie'), minorUnits(10_00), [leg(6000, 'won'), leg(6000, 'won'), leg(6000, 'won')]));
    expect([before, after]).toEqual([360_00, 3_240_00]);
    // The player kept the 360.00: the resettlement takes it back and credits 3,240.00, a net 2,880.00.
    const result = split(before, 0, after, 360_00);
    expect(360_00 + after - result.takenMinor).toBe(3_240_00);
  });

  it('turns a winning double into a loss when one leg is corrected, taking back only what the wallet holds', () => {
    const before = payoutOf(betLineSettle(minorUnits(10_00), [leg(2000, 'won'), leg(2500, 'won')]));
    const after = payoutOf(betLineSettle(minorUnits(10_00), [leg(2000, 'won'), leg(2500, 'lost')]));
    expect([before, after]).toEqual([50_00, 0]);
    expect(split(before, 0, after, 20_00)).toEqual({ takenMinor: 20_00, owedMinor: 30_00 });
  });
});
