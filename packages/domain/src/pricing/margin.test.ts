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

describe('oddsWithMargin', () => {
  it('prices the fair reference book back to 2.6 / 2.4 / 4.3 with its own margin, rounding down', () => {
    const fair = probabilitiesFairProportional(REFERENCE_ODDS);
    expect(oddsWithMargin(fair, marginOfOdds(REFERENCE_ODDS))).toEqual([2600, 2400, 4300]);
  });

  it('prices an even pair at 1.904 each with a 5 % margin (1.90476… rounded down)', () => {
    expect(oddsWithMargin([0.5, 0.5], 0.05)).toEqual([1904, 1904]);
  });

  it('prices a fair book at the fair prices when the margin is zero', () => {
    expect(oddsWithMargin([0.25, 0.75], 0)).toEqual([4000, 1333]);
  });

  it('clamps a near-certainty to 1.01 and an impossibility to 1000', () => {
    expect(oddsWithMargin([0.999, 0.001], 0.05)).toEqual([oddsThousandthsMin, 952_380]);
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

  it('never quotes above the fair-plus-margin price unless raised to 1.01, and is within a thousandth of it', () => {
    fc.assert(
      fc.property(fairProbabilities, margin, (probabilities, target) => {
        oddsWithMargin(probabilities, target).forEach((thousandths, index) => {
          const exact = 1000 / (probabilities[index]! * (1 + target));
          if (thousandths === oddsThousandthsMin) expect(exact).toBeLessThan(1011);
          else {
            expect(thousandths).toBeLessThanOrEqual(exact + 1e-6);
            expect(thousandths).toBeGreaterThan(exact - 1);
          }
        });
      }),
      { numRuns: 200 },
    );
  });

  it('keeps at least the target margin when no price was raised to 1.01', () => {
    fc.assert(
      fc.property(fairProbabilities, margin, (probabilities, target) => {
        const odds = oddsWithMargin(probabilities, target);
        fc.pre(!odds.includes(oddsThousandthsMin));
        expect(booksumOfOdds(odds.map((thousandths) => thousandths / 1000))).toBeGreaterThanOrEqual(1 + target - 1e-12);
      }),
      { numRuns: 200 },
    );
  });
});

describe('oddsWithMarginOfSelection', () => {
  it('prices a double-chance pair at 1/(0.75 × 1.05) = 1.269 with a 5 % margin', () => {
    expect(oddsWithMarginOfSelection(0.75, 0.05)).toBe(1269);
  });

  it('prices each selection exactly as the whole market does', () => {
    fc.assert(
      fc.property(fairProbabilities, margin, (probabilities, target) => {
        expect(probabilities.map((probability) => oddsWithMarginOfSelection(probability, target))).toEqual(oddsWithMargin(probabilities, target));
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
