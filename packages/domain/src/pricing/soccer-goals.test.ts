import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { integerDistributionMass } from './integer-distribution.ts';
import { lineOutcomeProbabilities } from './line-outcomes.ts';
import {
  soccerAsianHandicapProbabilities,
  soccerBothTeamsToScoreProbabilities,
  soccerCorrectScoreProbabilities,
  soccerDoubleChanceProbabilities,
  soccerDrawNoBetProbabilities,
  soccerGoalsCountMax,
  soccerGoalsDifferenceToCome,
  soccerGoalsShareElapsed,
  soccerGoalsTotal,
  soccerResultProbabilities,
  soccerScoreMatrix,
  soccerScoreMatrixFromGoals,
  soccerScoreMatrixHalfTime,
  soccerScoreMatrixInPlay,
  soccerTotalProbabilities,
  type SoccerGoalsModel,
} from './soccer-goals.ts';

/** reference/betting.md §5: λ = 1.5, μ = 1.1. */
const REFERENCE: SoccerGoalsModel = { goalsExpectedHome: 1.5, goalsExpectedAway: 1.1 };
const REFERENCE_DIXON_COLES: SoccerGoalsModel = { ...REFERENCE, rho: -0.1 };

const model = fc.record({
  goalsExpectedHome: fc.double({ min: 0.2, max: 3.5, noNaN: true }),
  goalsExpectedAway: fc.double({ min: 0.2, max: 3.5, noNaN: true }),
  rho: fc.double({ min: -0.15, max: 0.05, noNaN: true }),
});
const quarterLine = fc.integer({ min: -16, max: 16 }).map((quarters) => quarters / 4);

describe('soccer 1X2 from expected goals (reference/betting.md §5)', () => {
  it('gives home 0.4642, draw 0.2577, away 0.2781 and over 2.5 0.4816 for λ 1.5, μ 1.1', () => {
    const matrix = soccerScoreMatrix(REFERENCE);
    const { home, draw, away } = soccerResultProbabilities(matrix);
    expect(home).toBeCloseTo(0.4642, 4);
    expect(draw).toBeCloseTo(0.2577, 4);
    expect(away).toBeCloseTo(0.2781, 4);
    expect(soccerTotalProbabilities(matrix, 2.5).over).toBeCloseTo(0.4816, 4);
  });

  it('gives home 0.4520, draw 0.2822, away 0.2658 with Dixon–Coles ρ −0.1, over 2.5 unchanged', () => {
    const matrix = soccerScoreMatrix(REFERENCE_DIXON_COLES);
    const { home, draw, away } = soccerResultProbabilities(matrix);
    expect(home).toBeCloseTo(0.452, 4);
    expect(draw).toBeCloseTo(0.2822, 4);
    expect(away).toBeCloseTo(0.2658, 4);
    expect(soccerTotalProbabilities(matrix, 2.5).over).toBeCloseTo(0.4816, 4);
  });

  it('prices draw no bet home at a fair 1.599 and Asian −0.25 home at a fair 1.877', () => {
    const matrix = soccerScoreMatrix(REFERENCE);
    expect(1 / soccerDrawNoBetProbabilities(matrix).home).toBeCloseTo(1.599, 3);
    expect(1 / soccerAsianHandicapProbabilities(matrix, -0.25).home).toBeCloseTo(1.877, 3);
  });

  it('prices Asian −0.25 home at 1 + (D/2 + A)/H: won on a home win, half lost on a draw', () => {
    const matrix = soccerScoreMatrix(REFERENCE);
    const { home, draw, away } = soccerResultProbabilities(matrix);
    const outcomes = lineOutcomeProbabilities(soccerGoalsDifferenceToCome(matrix), 0.25, 'over');
    expect(outcomes.won).toBeCloseTo(home, 12);
    expect(outcomes.halfLost).toBeCloseTo(draw, 12);
    expect(1 / soccerAsianHandicapProbabilities(matrix, -0.25).home).toBeCloseTo(1 + (draw / 2 + away) / home, 12);
  });

  it.each<[SoccerGoalsModel, string]>([
    [{ goalsExpectedHome: 1.5, goalsExpectedAway: 1.1, rho: -0.7 }, 'makes 1 + λρ negative'],
    [{ goalsExpectedHome: 1.5, goalsExpectedAway: 1.1, rho: 1.5 }, 'makes 1 − ρ negative'],
    [{ goalsExpectedHome: -1, goalsExpectedAway: 1.1 }, 'is a negative mean'],
    [{ goalsExpectedHome: Number.NaN, goalsExpectedAway: 1.1 }, 'is not a number'],
  ])('rejects %j, which %s', (rejected) => {
    expect(() => soccerScoreMatrix(rejected)).toThrow(RangeError);
  });
});

/** P(X = k) for X ~ Poisson(mean), through logarithms so large k neither overflow nor lose their digits. */
function poissonProbability(mean: number, count: number): number {
  let logFactorial = 0;
  for (let k = 2; k <= count; k++) logFactorial += Math.log(k);
  return Math.exp(count * Math.log(mean) - mean - logFactorial);
}

/** P(X > n), summed from n + 1 upward to 200 goals (far past any tail that still counts). */
function poissonTail(mean: number, count: number): number {
  let tail = 0;
  for (let k = 200; k > count; k--) tail += poissonProbability(mean, k);
  return tail;
}

describe('soccer goal grid sized to the scoring rates (issue 15)', () => {
  it.each([0, 0.2, 1.1, 1.5, 2.963, 3.5, 6, 12])('leaves out a tail below 1e-12 at mean %d, and no more goals than it needs', (mean) => {
    const count = soccerGoalsCountMax(mean);
    expect(poissonTail(mean, count)).toBeLessThanOrEqual(1e-12);
    if (count > 1) expect(poissonTail(mean, count - 2)).toBeGreaterThan(1e-12);
  });

  it('goes to 16 goals at λ 1.5 and 23 at λ 3.5', () => {
    expect([soccerGoalsCountMax(1.5), soccerGoalsCountMax(3.5)]).toEqual([16, 23]);
  });

  // Independent Poisson goals: the total is Poisson(λ + μ) and the draw is Σ P(k) Q(k), both without a grid.
  it.each([
    [1.5, 1.1],
    // The strongest pairing the fixture generator makes: 1.35 × 1.4 × 1.4 × 1.12 against 1.35 × 0.7 × 0.7 / 1.12.
    [2.963, 0.591],
    [3.5, 3.5],
    [3.5, 1],
  ])('prices λ %d, μ %d within 1e-10 of the exact totals and draw, on every line up to 12.5', (home, away) => {
    const matrix = soccerScoreMatrix({ goalsExpectedHome: home, goalsExpectedAway: away });
    for (let goals = 0; goals <= 12; goals++) {
      const over = soccerTotalProbabilities(matrix, goals + 0.5).over;
      const exact = poissonTail(home + away, goals);
      expect(Math.abs(over - exact), `over ${goals + 0.5}`).toBeLessThan(1e-10);
    }
    let draw = 0;
    for (let goals = 0; goals <= 200; goals++) draw += poissonProbability(home, goals) * poissonProbability(away, goals);
    expect(Math.abs(soccerResultProbabilities(matrix).draw - draw)).toBeLessThan(1e-10);
  });

  it('still takes a fixed grid when asked (the reference example is worked on 0..10)', () => {
    expect(soccerScoreMatrix(REFERENCE, 10).cells).toHaveLength(11);
    expect(soccerScoreMatrix(REFERENCE).cells).toHaveLength(17);
  });
});

describe('soccer market properties', () => {
  it('gives fair 1X2, totals, handicaps, BTTS and correct scores that each sum to 1, and double chance that sums to 2', () => {
    fc.assert(
      fc.property(model, quarterLine, (goals, line) => {
        const matrix = soccerScoreMatrix(goals);
        const { home, draw, away } = soccerResultProbabilities(matrix);
        expect(home + draw + away).toBeCloseTo(1, 12);
        expect(Math.min(home, draw, away)).toBeGreaterThan(0);
        const total = soccerTotalProbabilities(matrix, Math.abs(line) + 0.5);
        expect(total.over + total.under).toBeCloseTo(1, 12);
        const handicap = soccerAsianHandicapProbabilities(matrix, line);
        expect(handicap.home + handicap.away).toBeCloseTo(1, 12);
        const btts = soccerBothTeamsToScoreProbabilities(matrix);
        expect(btts.yes + btts.no).toBeCloseTo(1, 12);
        const doubleChance = soccerDoubleChanceProbabilities(matrix);
        expect(doubleChance.homeOrDraw + doubleChance.homeOrAway + doubleChance.drawOrAway).toBeCloseTo(2, 12);
        const correct = soccerCorrectScoreProbabilities(matrix, 12);
        expect(correct.scores.reduce((sum, score) => sum + score.probability, 0) + correct.other).toBeCloseTo(1, 12);
        expect(integerDistributionMass(soccerGoalsTotal(matrix))).toBeCloseTo(1, 12);
      }),
      { numRuns: 100 },
    );
  });

  it('makes home more likely to cover a smaller handicap, and over less likely on a higher line', () => {
    fc.assert(
      fc.property(model, quarterLine, (goals, line) => {
        const matrix = soccerScoreMatrix(goals);
        expect(soccerAsianHandicapProbabilities(matrix, line + 0.25).home).toBeGreaterThanOrEqual(soccerAsianHandicapProbabilities(matrix, line).home - 1e-12);
        const totalLine = Math.abs(line);
        expect(soccerTotalProbabilities(matrix, totalLine + 0.25).over).toBeLessThanOrEqual(soccerTotalProbabilities(matrix, totalLine).over + 1e-12);
      }),
      { numRuns: 100 },
    );
  });

  it('prices the level Asian line (0) the same as draw no bet before kick-off', () => {
    fc.assert(
      fc.property(model, (goals) => {
        const matrix = soccerScoreMatrix(goals);
        expect(soccerAsianHandicapProbabilities(matrix, 0).home).toBeCloseTo(soccerDrawNoBetProbabilities(matrix).home, 12);
      }),
      { numRuns: 50 },
    );
  });

  it('lists correct scores likeliest first, 1-1 and 1-0 on top for the reference match', () => {
    const { scores } = soccerCorrectScoreProbabilities(soccerScoreMatrix(REFERENCE), 3);
    expect(scores.map(({ home, away }) => `${home}-${away}`)).toEqual(['1-1', '1-0', '2-1']);
    expect(scores[0]!.probability).toBeGreaterThanOrEqual(scores[1]!.probability);
  });

  it('gives both teams to score yes = (1 − e^−λ)(1 − e^−μ) without Dixon–Coles', () => {
    const yes = soccerBothTeamsToScoreProbabilities(soccerScoreMatrix(REFERENCE)).yes;
    expect(yes).toBeCloseTo((1 - Math.exp(-1.5)) * (1 - Math.exp(-1.1)), 6);
  });
});

describe('soccer in play', () => {
  it.each([
    [0, 0],
    [30, 0.3],
    [45, 0.45],
    [60, 0.45 + 0.55 / 3],
    [90, 1],
    [95, 1],
  ])('has %d minutes behind us carry %d of the expected goals', (minutes, share) => {
    expect(soccerGoalsShareElapsed(minutes)).toBeCloseTo(share, 12);
  });

  // Issue 4: "2-0 after 25 minutes looked too confident". A quarter of the expected goals is gone (25/45 of the
  // first half's 45 %), so 1.125 and 0.825 remain; the leader loses only if the trailing side outscores it by two or
  // more from here, which leaves it a fair 0.91 — about 1.09, where real books price such a leader at 1.05–1.12.
  it('gives a 2-0 leader after 25 minutes a fair win chance near 0.91 (λ 1.5, μ 1.1, ρ −0.1)', () => {
    expect(soccerGoalsShareElapsed(25)).toBeCloseTo(0.25, 12);
    const result = soccerResultProbabilities(soccerScoreMatrixInPlay(REFERENCE_DIXON_COLES, { home: 2, away: 0 }, 25));
    expect(result.home).toBeGreaterThan(0.88);
    expect(result.home).toBeLessThan(0.93);
    expect(result.home).toBeCloseTo(0.9141, 3);
    expect(result.draw).toBeCloseTo(0.0652, 3);
    expect(result.away).toBeCloseTo(0.0206, 3);
  });

  it('prices 0-0 at minute 0 exactly as before kick-off', () => {
    expect(soccerScoreMatrixInPlay(REFERENCE_DIXON_COLES, { home: 0, away: 0 }, 0)).toEqual(soccerScoreMatrix(REFERENCE_DIXON_COLES));
  });

  it('settles the result at the final whistle', () => {
    const matrix = soccerScoreMatrixInPlay(REFERENCE, { home: 2, away: 1 }, 90);
    expect(soccerResultProbabilities(matrix)).toEqual({ home: 1, draw: 0, away: 0 });
    expect(soccerTotalProbabilities(matrix, 2.5).over).toBe(1);
    expect(soccerBothTeamsToScoreProbabilities(matrix).yes).toBe(1);
  });

  // Not over the whole match: a much stronger leader (3.5 expected goals to 0.2) is likelier to win 1-0 with more
  // time left to add goals, up to about minute 70. From minute 75 every model here gains minute by minute.
  it('brings a team leading late towards certainty: in the last quarter hour each minute makes its win likelier', () => {
    fc.assert(
      fc.property(model, fc.integer({ min: 75, max: 88 }), (goals, minute) => {
        const earlier = soccerResultProbabilities(soccerScoreMatrixInPlay(goals, { home: 1, away: 0 }, minute)).home;
        const later = soccerResultProbabilities(soccerScoreMatrixInPlay(goals, { home: 1, away: 0 }, minute + 1)).home;
        expect(later).toBeGreaterThanOrEqual(earlier - 1e-12);
        expect(soccerResultProbabilities(soccerScoreMatrixInPlay(goals, { home: 1, away: 0 }, 89)).home).toBeGreaterThan(0.9);
      }),
      { numRuns: 100 },
    );
  });

  it('counts goals already scored in live totals but not in the live Asian handicap', () => {
    const matrix = soccerScoreMatrixInPlay(REFERENCE, { home: 2, away: 0 }, 60);
    expect(soccerTotalProbabilities(matrix, 1.5).over).toBe(1);
    const level = soccerAsianHandicapProbabilities(matrix, 0).home;
    expect(level).toBeGreaterThan(0.5);
    expect(level).toBeLessThan(0.7);
  });

  it('prices half-time 1X2 from 45 % of the expected goals, and knows the result from minute 45', () => {
    const halfTime = soccerResultProbabilities(soccerScoreMatrixHalfTime(REFERENCE));
    const fromGoals = soccerResultProbabilities(soccerScoreMatrixFromGoals(1.5 * 0.45, 1.1 * 0.45));
    expect(halfTime).toEqual(fromGoals);
    expect(halfTime.draw).toBeGreaterThan(soccerResultProbabilities(soccerScoreMatrix(REFERENCE)).draw);
    expect(soccerResultProbabilities(soccerScoreMatrixHalfTime(REFERENCE, { score: { home: 0, away: 1 }, minutesPlayed: 45 }))).toEqual({
      home: 0,
      draw: 0,
      away: 1,
    });
  });
});
