import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnits } from '../money/minor-units.ts';
import { payoutFloorMinor } from './payout-floor.ts';

describe('payoutFloorMinor', () => {
  it.each([
    ['a single at 1.850', 1000, [1850], [1000], 1850],
    ['a third of a cent is dropped', 100, [3333], [1000], 333],
    ['a treble of 6.000 on 10.00', 1000, [6000, 6000, 6000], [1000, 1000, 1000], 216_000],
    ['a refund: no legs', 1234, [], [], 1234],
    ['a lost leg pays nothing', 1000, [0, 2500], [1000, 1000], 0],
  ])('%s', (_name, stake, numerators, denominators, payout) => {
    expect(payoutFloorMinor(minorUnits(stake), numerators, denominators)).toBe(payout);
  });

  it('stays exact where floating point would not: 0.29 × 100 odds is not 28.999…', () => {
    expect(payoutFloorMinor(minorUnits(29), [100_000], [1000])).toBe(2900);
  });

  it('is the floor of the exact ratio: never above it and less than one cent below it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 1001, max: 10_000 }), { maxLength: 8 }), (stake, odds) => {
        const payout = BigInt(
          payoutFloorMinor(
            minorUnits(stake),
            odds,
            odds.map(() => 1000),
          ),
        );
        const numerator = odds.reduce((product, value) => product * BigInt(value), BigInt(stake));
        const denominator = 1000n ** BigInt(odds.length);
        expect(payout * denominator <= numerator).toBe(true);
        expect((payout + 1n) * denominator > numerator).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    ['a negative stake', -1, [1000], [1000]],
    ['a negative numerator', 1, [-1], [1000]],
    ['a zero denominator', 1, [1000], [0]],
    ['a fractional numerator', 1, [1.5], [1000]],
  ])('refuses %s as a programming error', (_name, stake, numerators, denominators) => {
    expect(() => payoutFloorMinor(stake as never, numerators, denominators)).toThrow(RangeError);
  });

  it('refuses a payout beyond safe integers rather than lose cents', () => {
    expect(() => payoutFloorMinor(minorUnits(Number.MAX_SAFE_INTEGER), [2000], [1000])).toThrow(RangeError);
  });
});
