import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  booksumOfOdds,
  marginOfOdds,
  oddsDecimalFair,
  oddsThousandthsMin,
  oddsThousandthsRoundedDown,
  oddsWithMargin,
  oddsWithMarginOfSelection,
  probabilitiesFairProportional,
  probabilitiesFairShin,
} from './margin.ts';

/** reference/betting.md §5: odds 2.6 / 2.4 / 4.3. */
const REFERENCE_ODDS = [2.6, 2.4, 4.3];

/** A fair market of 2 to 6 selections: positive weights normalised to sum to 1. */
const fairProbabilities = fc.array(fc.double({ min: 0.02, max: 1, noNaN: true }), { minLength: 2, maxLength: 6 }).map((weights) => {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => weight / total);
});
const margin = fc.double({ min: 0, max: 0.4, noNaN: true });

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('booksum and margin (reference/betting.md §5)', () => {
  it('gives booksum 1.0338 and margin 3.38 % for 2.6 / 2.4 / 4.3', () => {
    expect(booksumOfOdds(REFERENCE_ODDS)).toBeCloseTo(1.0338, 4);
    expect(marginOfOdds(REFERENCE_ODDS)).toBeCloseTo(0.0338, 4);
  });

  it('gives a booksum of exactly 1 for an even-money pair', () => {
    expect(booksumOfOdds([2, 2])).toBe(1);
  });

  it.each([[[2]], [[1, 2]], [[0.5, 3]], [[Number.NaN, 2]], [[Number.POSITIVE_INFINITY, 2]]])('rejects odds %j', (odds) => {
    expect(() => booksumOfOdds(odds)).toThrow(RangeError);
  });
});

describe('margin removal (reference/betting.md §5)', () => {
  it('removes it proportionally to 0.37203 / 0.40303 / 0.22495', () => {
    const [home, draw, away] = probabilitiesFairProportional(REFERENCE_ODDS);
    expect(home).toBeCloseTo(0.37203, 5);
    expect(draw).toBeCloseTo(0.40303, 5);
    expect(away).toBeCloseTo(0.22495, 5);
  });

  it("removes it by Shin's method to 0.37299 / 0.40478 / 0.22223", () => {
    const [home, draw, away] = probabilitiesFairShin(REFERENCE_ODDS);
    expect(home).toBeCloseTo(0.37299, 5);
    expect(draw).toBeCloseTo(0.40478, 5);
    expect(away).toBeCloseTo(0.22223, 5);
  });

  it("leaves a book without margin unchanged under Shin's method", () => {
    expect(probabilitiesFairShin([2, 2])).toEqual([0.5, 0.5]);
  });

  it('gives fair probabilities that sum to 1, whichever method', () => {
    fc.assert(
      fc.property(fairProbabilities, margin, (probabilities, target) => {
        const odds = probabilities.map((probability) => 1 / (probability * (1 + target)));
        fc.pre(odds.every((price) => price > 1));
        expect(sum(probabilitiesFairProportional(odds))).toBeCloseTo(1, 9);
        expect(sum(probabilitiesFairShin(odds))).toBeCloseTo(1, 9);
      }),
      { numRuns: 100 },
    );
  });

  it("recovers the fair probabilities a proportional margin was added to, and Shin's takes more from long shots", () => {
    fc.assert(
      fc.property(fairProbabilities, margin, (probabilities, target) => {
        const odds = probabilities.map((probability) => 1 / (probability * (1 + target)));
        fc.pre(odds.every((price) => price > 1));
        probabilitiesFairProportional(odds).forEach((probability, index) => expect(probability).toBeCloseTo(probabilities[index]!, 9));
        const shin = probabilitiesFairShin(odds);
        const longShot = probabilities.indexOf(Math.min(...probabilities));
        expect(shin[longShot]!).toBeLessThanOrEqual(probabilities[longShot]! + 1e-12);
      }),
      { numRuns: 100 },
    );
  });
});

describe('oddsWithMargin (power method)', () => {
  it('prices the reference book’s fair probabilities near 2.6 / 2.4 / 4.3 with its margin, the outsider carrying more', () => {
    // The reference book spreads its margin proportionally; the power method takes more of it from the 4.3.
    const odds = oddsWithMargin(probabilitiesFairProportional(REFERENCE_ODDS), marginOfOdds(REFERENCE_ODDS));
    expect(odds).toEqual([2606, 2412, 4244]);
  });

  it('prices an even pair at 1.904 each with a 5 % margin (1.90476… rounded down), as proportionally', () => {
    expect(oddsWithMargin([0.5, 0.5], 0.05)).toEqual([1904, 1904]);
  });

  it('prices a fair book at the fair prices when the margin is zero', () => {
    expect(oddsWithMargin([0.25, 0.75], 0)).toEqual([4000, 1333]);
  });

  it('lays a 7 % margin mostly on the outsiders: a 0.914 favourite is 1.077, not the proportional 1.022', () => {
    // The in-play 1X2 at 2-0 after 25 minutes with λ 1.5, μ 1.1, ρ −0.1 (see the soccer in-play test).
    const odds = oddsWithMargin([0.91414, 0.06525, 0.02061], 0.07);
    expect(odds[0]).toBe(1077);
    expect(odds[1]! / 1000).toBeCloseTo(9.73, 1);
    expect(odds[2]! / 1000).toBeCloseTo(25.4, 0);
  });

  it('clamps a near-certainty to 1.01 and an impossibility to 1000', () => {
    expect(oddsWithMargin([0.999, 0.001], 0.05)[0]).toBe(oddsThousandthsMin);
    expect(oddsWithMargin([1, 0], 0.05)).toEqual([1010, 1_000_000]);
  });

  it('takes a probability a rounding error below 0 as 0', () => {
    expect(oddsWithMargin([1 + 1e-16, -1e-16], 0.05)).toEqual([1010, 1_000_000]);
  });

  it.each([
    [[0.5, 0.4], 0.05, 'probabilities that do not sum to 1'],
    [[1.2, -0.2], 0.05, 'a probability outside [0, 1]'],
    [[1], 0.05, 'a single selection'],
    [[0.5, 0.5], -0.01, 'a negative margin'],
    [[0.5, 0.5], Number.NaN, 'a margin that is not a number'],
  ])('rejects %j with margin %d (%s)', (probabilities, target) => {
    expect(() => oddsWithMargin(probabilities, target)).toThrow(RangeError);
  });

  it('never quotes above the fair price 1 / p unless raised to 1.01', () => {
    fc.assert(
      fc.property(fairProbabilities, margin, (probabilities, target) => {
        oddsWithMargin(probabilities, target).forEach((thousandths, index) => {
          if (thousandths !== oddsThousandthsMin) expect(thousandths).toBeLessThanOrEqual(1000 / probabilities[index]! + 1e-6);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('takes a larger share of margin from a less likely selection (the favourite–longshot bias)', () => {
    fc.assert(
      fc.property(fairProbabilities, margin, (probabilities, target) => {
        const booksum = 1 + target;
        const odds = oddsWithMargin(probabilities, target);
        // π / p = p^(k − 1) falls as p grows: the favourite gets more than a proportional price, the outsider less.
        const favourite = probabilities.indexOf(Math.max(...probabilities));
        const longShot = probabilities.indexOf(Math.min(...probabilities));
        fc.pre(odds[favourite]! > oddsThousandthsMin && probabilities[favourite]! - probabilities[longShot]! > 0.05);
        expect(odds[favourite]! / 1000).toBeGreaterThanOrEqual(1 / (probabilities[favourite]! * booksum) - 0.001);
        expect(odds[longShot]! / 1000).toBeLessThanOrEqual(1 / (probabilities[longShot]! * booksum) + 1e-9);
      }),
      { numRuns: 200 },
    );
  });

  it('raises every fair probability to one power k ≤ 1: ln(1/d) / ln(p) is the same for every selection', () => {
    fc.assert(
      fc.property(fairProbabilities, fc.double({ min: 0.02, max: 0.3, noNaN: true }), (probabilities, target) => {
        // Away from p near 1, where ln p ≈ 0 turns the thousandths' rounding into a large error in k.
        fc.pre(probabilities.every((probability) => probability <= 0.7));
        const exponents = oddsWithMargin(probabilities, target).map((thousandths, index) => Math.log(1000 / thousandths) / Math.log(probabilities[index]!));
        for (const exponent of exponents) {
          expect(exponent).toBeLessThanOrEqual(1 + 1e-3);
          expect(exponent).toBeCloseTo(exponents[0]!, 2);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('keeps even a margin of 1e-12 on an even pair (rounding noise must not round a price up past it)', () => {
    const target = 1.0001999228848037e-12;
    const odds = oddsWithMargin([0.5, 0.5], target);
    expect(odds).toEqual([1999, 1999]);
    expect(booksumOfOdds(odds.map((thousandths) => thousandths / 1000))).toBeGreaterThanOrEqual(1 + target - 1e-12);
  });

  it('keeps at least the target margin, and within rounding of it, when no price was raised to 1.01', () => {
    fc.assert(
      fc.property(fairProbabilities, margin, (probabilities, target) => {
        const odds = oddsWithMargin(probabilities, target);
        fc.pre(!odds.includes(oddsThousandthsMin));
        const booksum = booksumOfOdds(odds.map((thousandths) => thousandths / 1000));
        expect(booksum).toBeGreaterThanOrEqual(1 + target - 1e-12);
        expect(booksum).toBeLessThan(1 + target + 0.01);
      }),
      { numRuns: 200 },
    );
  });
});

describe('oddsWithMarginOfSelection', () => {
  it('prices a double-chance pair at 1/(0.75 × 1.05) = 1.269 with a 5 % margin', () => {
    expect(oddsWithMarginOfSelection(0.75, 0.05)).toBe(1269);
  });

  it('agrees with the whole-market price on an even book, where the power method and proportional coincide', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), margin, (count, target) => {
        const even = Array.from({ length: count }, () => 1 / count);
        const whole = oddsWithMargin(even, target);
        // Within a thousandth: the exponent is found by bisection, so a price exactly on a thousandth may round either way.
        even.forEach((probability, index) => expect(Math.abs(oddsWithMarginOfSelection(probability, target) - whole[index]!)).toBeLessThanOrEqual(1));
      }),
      { numRuns: 50 },
    );
  });
});

describe('oddsThousandthsRoundedDown', () => {
  it.each([
    [1.85, 1850],
    [1.8549, 1854],
    [1.9047619, 1904],
    [2, 2000],
  ])('rounds %d down to %i thousandths', (decimal, thousandths) => {
    expect(oddsThousandthsRoundedDown(decimal)).toBe(thousandths);
  });
});

describe('oddsDecimalFair', () => {
  it('is the reciprocal of the probability', () => {
    expect(oddsDecimalFair(0.25)).toBe(4);
  });

  it.each([0, -0.1, 1.1, Number.NaN])('rejects probability %d', (probability) => {
    expect(() => oddsDecimalFair(probability)).toThrow(RangeError);
  });
});
