import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JURISDICTIONS, jurisdictionResolve, prizeWithholdingMinor } from './jurisdictions.ts';
import { prizeWithholdingChangeMinor } from './prize-withholding.ts';

const MX = JURISDICTIONS.MX;
const change = (stakeMinor: number, returnedMinor: number, withheldMinor: number, paymentMinor: number) =>
  prizeWithholdingChangeMinor(MX, { stakeMinor, returnedMinor, withheldMinor, paymentMinor });

describe('prizeWithholdingChangeMinor (a sports bet, decision 060)', () => {
  it.each([
    // stake, returned after, withheld before, payment → change
    ['a single won at 2.50: 1 % of the 150.00 won', 100_00, 250_00, 0, 250_00, 1_50],
    ['a lost bet withholds nothing', 100_00, 0, 0, 0, 0],
    ['a void bet returns its stake: no prize', 100_00, 100_00, 0, 100_00, 0],
    ['a half-lost bet returns less than its stake: no prize', 100_00, 50_00, 0, 50_00, 0],
    ['a free bet: its stake counts 0, the winnings are the prize', 0, 150_00, 0, 150_00, 1_50],
    ['a cash-out above the stake is a prize too', 100_00, 180_00, 0, 180_00, 80],
    ['a cash-out below the stake is not', 100_00, 60_00, 0, 60_00, 0],
    ['a partial cash-out of 60.00 for half, then the rest wins 125.00: 1 % of 85.00 less nothing', 100_00, 185_00, 0, 125_00, 85],
    ['a partial cash-out of 120.00 (withheld 0.20), then the rest wins 125.00: 1.45 in all', 100_00, 245_00, 20, 125_00, 1_25],
    ['a partial cash-out of 120.00 (withheld 0.20), then the rest loses: nothing more', 100_00, 120_00, 20, 0, 0],
    ['a win corrected to a loss gives the 1.50 back', 100_00, 0, 1_50, 0, -1_50],
    ['a win corrected to a bigger win takes the difference', 100_00, 400_00, 1_50, 400_00, 1_50],
    ['a win corrected to a smaller win gives the difference back', 100_00, 150_00, 1_50, 150_00, -1_00],
    ['a loss corrected to a win withholds the whole', 100_00, 250_00, 0, 250_00, 1_50],
  ])('%s', (_name, stake, returned, withheld, payment, expected) => {
    expect(change(stake, returned, withheld, payment)).toBe(expected);
  });

  it('withholds nothing where the market has no prize withholding', () => {
    expect(prizeWithholdingChangeMinor(JURISDICTIONS.BR, { stakeMinor: 100_00, returnedMinor: 1000_00, withheldMinor: 0, paymentMinor: 1000_00 })).toBe(0);
    expect(prizeWithholdingChangeMinor(JURISDICTIONS.KE, { stakeMinor: 100_00, returnedMinor: 1000_00, withheldMinor: 0, paymentMinor: 1000_00 })).toBe(0);
  });

  it('never withholds more than the payment pays, even after the rate was raised while the bet was open', () => {
    const raised = jurisdictionResolve('MX', { MX: { prizeWithholdingBp: 10_000 } });
    // A cash-out withheld 1 % of 100.00; at 100 % the whole bet's 110.00 net win would ask 110.00 of a 10.00 payment.
    expect(prizeWithholdingChangeMinor(raised, { stakeMinor: 100_00, returnedMinor: 210_00, withheldMinor: 1_00, paymentMinor: 10_00 })).toBe(10_00);
  });

  it('refuses amounts that are not non-negative integers', () => {
    expect(() => change(-1, 0, 0, 0)).toThrow(RangeError);
    expect(() => change(100, 0.5, 0, 0)).toThrow(RangeError);
  });

  it('over any run of cash-outs and corrected settlements, what the bet withheld in all is the withholding of its final net win', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 2_000_000 }), { maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 10_000 }),
        (stake, cashOuts, settlements, rateBp) => {
          const profile = { prizeWithholdingBp: rateBp };
          let withheld = 0;
          let returned = 0;
          // Cash-outs first, each a payment of its own.
          for (const amount of cashOuts) {
            returned += amount;
            const moved = prizeWithholdingChangeMinor(profile, { stakeMinor: stake, returnedMinor: returned, withheldMinor: withheld, paymentMinor: amount });
            expect(moved).toBeGreaterThanOrEqual(0);
            expect(moved).toBeLessThanOrEqual(amount);
            withheld += moved;
          }
          const cashedOut = returned;
          // Then the settlement and every correction of it: each replaces the credit of the one before.
          for (const credit of settlements) {
            withheld += prizeWithholdingChangeMinor(profile, {
              stakeMinor: stake,
              returnedMinor: cashedOut + credit,
              withheldMinor: withheld,
              paymentMinor: credit,
            });
            expect(withheld).toBe(prizeWithholdingMinor(profile, stake, cashedOut + credit));
            expect(withheld).toBeLessThanOrEqual(Math.max(cashedOut + credit - stake, 0));
          }
        },
      ),
    );
  });
});
