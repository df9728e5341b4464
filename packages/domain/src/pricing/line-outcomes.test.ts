import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { integerDistributionFromEntries, type IntegerDistribution } from './integer-distribution.ts';
import {
  lineHandicapProbabilities,
  lineOutcomeProbabilities,
  lineProbability,
  lineTotalProbabilities,
  type LineOutcomeProbabilities,
  type LineSide,
} from './line-outcomes.ts';

type Outcome = keyof LineOutcomeProbabilities;

/** A distribution certain to take `value`. */
const certain = (value: number): IntegerDistribution => integerDistributionFromEntries([[value, 1]]);

/** The single settlement a certain value gets. */
function settlement(value: number, line: number, side: LineSide): Outcome {
  const outcomes = lineOutcomeProbabilities(certain(value), line, side);
  return (Object.keys(outcomes) as Outcome[]).find((key) => outcomes[key] === 1)!;
}

/** Expected return per unit staked at decimal price d: won d, half won (1 + d)/2, push 1, half lost 1/2. */
const expectedReturn = (outcomes: LineOutcomeProbabilities, price: number) =>
  outcomes.won * price + (outcomes.halfWon * (1 + price)) / 2 + outcomes.push + outcomes.halfLost / 2;

/** A distribution over 0..12 with random weights. */
const distribution = fc.array(fc.double({ min: 0.001, max: 1, noNaN: true }), { minLength: 13, maxLength: 13 }).map((weights) => {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return integerDistributionFromEntries(weights.map((weight, goals) => [goals, weight / total] as const));
});
const quarterLine = fc.integer({ min: 0, max: 11 }).chain((whole) => fc.constantFrom(whole + 0.25, whole + 0.75));

describe('Asian handicap settlement of the home side (reference/betting.md §3)', () => {
  it.each<[line: number, home: number, away: number, outcome: Outcome]>([
    [0.25, 0, 0, 'halfWon'],
    [0.25, 1, 1, 'halfWon'],
    [0.25, 1, 0, 'won'],
    [0.25, 0, 1, 'lost'],
    [0.75, 0, 1, 'halfLost'],
    [0.75, 1, 2, 'halfLost'],
    [0.75, 0, 2, 'lost'],
    [0.75, 1, 1, 'won'],
    [-0.75, 1, 0, 'halfWon'],
    [-0.75, 2, 1, 'halfWon'],
    [-0.75, 2, 0, 'won'],
    [-0.75, 1, 1, 'lost'],
    [-1.75, 2, 0, 'halfWon'],
    [-1.75, 3, 1, 'halfWon'],
    [-1.75, 4, 2, 'halfWon'],
    [-1.75, 3, 0, 'won'],
    [-1.75, 4, 3, 'lost'],
    [1.75, 0, 2, 'halfLost'],
    [1.75, 1, 3, 'halfLost'],
    [1.75, 0, 3, 'lost'],
    [0, 1, 1, 'push'],
    [-1, 2, 1, 'push'],
    [-0.5, 1, 1, 'lost'],
  ])('home %d with %i-%i is %s', (line, home, away, outcome) => {
    // Home with handicap `line` is "over −line" on the difference home − away.
    expect(settlement(home - away, -line, 'over')).toBe(outcome);
  });
});

describe('totals settlement (reference/betting.md §3)', () => {
  it.each<[side: LineSide, line: number, goals: number, outcome: Outcome]>([
    ['over', 2.25, 2, 'halfLost'],
    ['over', 2.75, 3, 'halfWon'],
    ['under', 2.75, 3, 'halfLost'],
    ['under', 5.25, 5, 'halfWon'],
    ['over', 2.5, 3, 'won'],
    ['under', 2.5, 3, 'lost'],
    ['over', 3, 3, 'push'],
  ])('%s %d with %i goals is %s', (side, line, goals, outcome) => {
    expect(settlement(goals, line, side)).toBe(outcome);
  });

  it.each([2.1, 2.2, Number.NaN])('rejects line %d', (line) => {
    expect(() => lineOutcomeProbabilities(certain(2), line, 'over')).toThrow(RangeError);
  });
});

describe('lineProbability', () => {
  it('answers 0.5 for a line that can only push', () => {
    expect(lineTotalProbabilities(certain(2), 2)).toEqual({ over: 0.5, under: 0.5 });
  });

  it('gives the two sides of every line probabilities that sum to 1, over and under mirroring each other', () => {
    fc.assert(
      fc.property(distribution, fc.integer({ min: -4, max: 52 }), (goals, quarters) => {
        const line = quarters / 4;
        const over = lineOutcomeProbabilities(goals, line, 'over');
        const under = lineOutcomeProbabilities(goals, line, 'under');
        expect(under.won).toBeCloseTo(over.lost, 12);
        expect(under.halfWon).toBeCloseTo(over.halfLost, 12);
        expect(lineProbability(over) + lineProbability(under)).toBeCloseTo(1, 12);
        const { over: overProbability, under: underProbability } = lineTotalProbabilities(goals, line);
        expect(overProbability + underProbability).toBeCloseTo(1, 12);
      }),
      { numRuns: 100 },
    );
  });

  it('returns the stake on average at the fair price 1/p, whatever pushes and half results occur', () => {
    fc.assert(
      fc.property(distribution, fc.integer({ min: 0, max: 48 }), fc.constantFrom<LineSide>('over', 'under'), (goals, quarters, side) => {
        const outcomes = lineOutcomeProbabilities(goals, quarters / 4, side);
        const probability = lineProbability(outcomes);
        fc.pre(probability > 0);
        expect(expectedReturn(outcomes, 1 / probability)).toBeCloseTo(1, 9);
      }),
      { numRuns: 100 },
    );
  });

  it('settles a quarter line as two half stakes: at any price its expected return is the mean of its halves', () => {
    fc.assert(
      fc.property(distribution, quarterLine, fc.double({ min: 1.01, max: 20, noNaN: true }), (goals, line, price) => {
        const quarter = expectedReturn(lineOutcomeProbabilities(goals, line, 'over'), price);
        const low = expectedReturn(lineOutcomeProbabilities(goals, line - 0.25, 'over'), price);
        const high = expectedReturn(lineOutcomeProbabilities(goals, line + 0.25, 'over'), price);
        expect(quarter).toBeCloseTo((low + high) / 2, 12);
      }),
      { numRuns: 100 },
    );
  });

  it('prices a quarter line between the prices of its two halves', () => {
    fc.assert(
      fc.property(distribution, quarterLine, (goals, line) => {
        const quarter = lineProbability(lineOutcomeProbabilities(goals, line, 'over'));
        const low = lineProbability(lineOutcomeProbabilities(goals, line - 0.25, 'over'));
        const high = lineProbability(lineOutcomeProbabilities(goals, line + 0.25, 'over'));
        expect(quarter).toBeLessThanOrEqual(low + 1e-12);
        expect(quarter).toBeGreaterThanOrEqual(high - 1e-12);
      }),
      { numRuns: 100 },
    );
  });
});

describe('lineHandicapProbabilities', () => {
  it('gives home the level-ball (draw no bet) price at line 0', () => {
    const difference = integerDistributionFromEntries([
      [-1, 0.3],
      [0, 0.2],
      [1, 0.5],
    ]);
    const { home, away } = lineHandicapProbabilities(difference, 0);
    expect(home).toBeCloseTo(0.5 / 0.8, 12);
    expect(away).toBeCloseTo(0.3 / 0.8, 12);
  });
});
