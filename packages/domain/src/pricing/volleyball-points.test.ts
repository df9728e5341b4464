import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { integerDistributionMass, integerDistributionMean } from './integer-distribution.ts';
import { lineHandicapProbabilities } from './line-outcomes.ts';
import { sideOther, type Side } from './point-markov.ts';
import {
  volleyballDecidingSetPoints,
  volleyballMatchOutlook,
  volleyballScoreStart,
  volleyballSetPoints,
  volleyballSetWinProbability,
  type VolleyballScore,
} from './volleyball-points.ts';

/** Serving teams win 35–45 % of rallies in top volleyball. */
const strength = fc.double({ min: 0.3, max: 0.5, noNaN: true });
const strengths = fc.record({ home: strength, away: strength });

function matchOver(score: VolleyballScore): boolean {
  const home = score.setsCompleted.filter((set) => set.home > set.away).length;
  return Math.max(home, score.setsCompleted.length - home) === 3;
}

/**
 * The score after one more rally, from the rules: the rally winner serves next; a set ends at 25 (15 in the fifth)
 * by two; sets 2–4 are opened by the team that did not open the one before, the fifth by a toss (server unknown).
 */
function volleyballScoreAfterRally(score: VolleyballScore, winner: Side): VolleyballScore {
  const pointsHome = score.pointsHome + (winner === 'home' ? 1 : 0);
  const pointsAway = score.pointsAway + (winner === 'away' ? 1 : 0);
  const target = score.setsCompleted.length === 4 ? volleyballDecidingSetPoints : volleyballSetPoints;
  if (Math.max(pointsHome, pointsAway) < target || Math.abs(pointsHome - pointsAway) < 2) return { ...score, pointsHome, pointsAway, server: winner };
  const setsCompleted = [...score.setsCompleted, { home: pointsHome, away: pointsAway }];
  const opener = setsCompleted.length < 4 && score.setFirstServer ? sideOther(score.setFirstServer) : undefined;
  return { setsCompleted, pointsHome: 0, pointsAway: 0, server: opener, ...(opener ? { setFirstServer: opener } : {}) };
}

/** A reachable score: a boolean settles each toss (home opens on true) and each rally (home wins on true). */
function scoreAfterRallies(steps: readonly boolean[]): VolleyballScore {
  let score = volleyballScoreStart;
  for (const home of steps) {
    if (matchOver(score)) break;
    if (score.server === undefined) {
      const opener: Side = home ? 'home' : 'away';
      score = { ...score, server: opener, setFirstServer: opener };
    } else {
      score = volleyballScoreAfterRally(score, home ? 'home' : 'away');
    }
  }
  return score;
}

describe('volleyball sets', () => {
  it('gives equal teams even sets when the toss decides the first serve', () => {
    fc.assert(
      fc.property(strength, (p) => {
        const equal = { home: p, away: p };
        const homeServes = volleyballSetWinProbability(equal, { pointsHome: 0, pointsAway: 0, server: 'home' });
        const awayServes = volleyballSetWinProbability(equal, { pointsHome: 0, pointsAway: 0, server: 'away' });
        expect((homeServes + awayServes) / 2).toBeCloseTo(0.5, 12);
      }),
      { numRuns: 50 },
    );
  });

  it('is certain from a won set, and between 0 and 1 at deuce however long it runs', () => {
    expect(volleyballSetWinProbability({ home: 0.4, away: 0.4 }, { pointsHome: 25, pointsAway: 23, server: 'home' })).toBe(1);
    expect(volleyballSetWinProbability({ home: 0.4, away: 0.4 }, { pointsHome: 13, pointsAway: 15, server: 'home' }, 15)).toBe(0);
    const deuce = volleyballSetWinProbability({ home: 0.45, away: 0.35 }, { pointsHome: 31, pointsAway: 31, server: 'away' });
    expect(deuce).toBeGreaterThan(0);
    expect(deuce).toBeLessThan(1);
    expect(deuce).toBeCloseTo(volleyballSetWinProbability({ home: 0.45, away: 0.35 }, { pointsHome: 24, pointsAway: 24, server: 'away' }), 12);
  });
});

describe('volleyball matches', () => {
  it('gives equal teams 0.5 before the toss', () => {
    fc.assert(
      fc.property(strength, (p) => {
        expect(volleyballMatchOutlook({ home: p, away: p }, volleyballScoreStart).winHome).toBeCloseTo(0.5, 10);
      }),
      { numRuns: 10 },
    );
  });

  it('favours the better server', () => {
    fc.assert(
      fc.property(strengths, fc.double({ min: 0.01, max: 0.05, noNaN: true }), (serve, edge) => {
        expect(volleyballMatchOutlook({ ...serve, home: serve.home + edge }, volleyballScoreStart).winHome).toBeGreaterThan(
          volleyballMatchOutlook(serve, volleyballScoreStart).winHome,
        );
      }),
      { numRuns: 10 },
    );
  });

  it('is certain from a won match, its points as the totals', () => {
    const score: VolleyballScore = {
      ...volleyballScoreStart,
      setsCompleted: [
        { home: 25, away: 20 },
        { home: 25, away: 23 },
        { home: 27, away: 25 },
      ],
    };
    const outlook = volleyballMatchOutlook({ home: 0.4, away: 0.45 }, score);
    expect(outlook.winHome).toBe(1);
    expect(outlook.unitsTotal).toEqual({ valueMin: 145, probabilities: [1] });
  });

  it('prices every reachable score as the average one rally (or toss) later, for the winner and total points', () => {
    fc.assert(
      fc.property(strengths, fc.array(fc.boolean(), { maxLength: 250 }), (serve, steps) => {
        const score = scoreAfterRallies(steps);
        const outlook = volleyballMatchOutlook(serve, score);
        if (matchOver(score)) return;
        const meanPoints = (next: typeof outlook) => integerDistributionMean(next.unitsTotal);
        let afterHome: typeof outlook;
        let afterAway: typeof outlook;
        let home: number;
        if (score.server === undefined) {
          home = 0.5;
          afterHome = volleyballMatchOutlook(serve, { ...score, server: 'home', setFirstServer: 'home' });
          afterAway = volleyballMatchOutlook(serve, { ...score, server: 'away', setFirstServer: 'away' });
        } else {
          home = score.server === 'home' ? serve.home : 1 - serve.away;
          afterHome = volleyballMatchOutlook(serve, volleyballScoreAfterRally(score, 'home'));
          afterAway = volleyballMatchOutlook(serve, volleyballScoreAfterRally(score, 'away'));
        }
        expect(outlook.winHome).toBeCloseTo(home * afterHome.winHome + (1 - home) * afterAway.winHome, 9);
        expect(meanPoints(outlook)).toBeCloseTo(home * meanPoints(afterHome) + (1 - home) * meanPoints(afterAway), 6);
      }),
      { numRuns: 25 },
    );
  });

  it('moves a match price by under 1 % when who opened the set in play is unknown', () => {
    fc.assert(
      fc.property(strengths, (serve) => {
        const score: VolleyballScore = { setsCompleted: [{ home: 25, away: 22 }], pointsHome: 10, pointsAway: 12, server: 'home' };
        const known = volleyballMatchOutlook(serve, { ...score, setFirstServer: 'away' }).winHome;
        expect(Math.abs(volleyballMatchOutlook(serve, score).winHome - known)).toBeLessThan(0.01);
      }),
      { numRuns: 10 },
    );
  });

  it('gives set scores, set and point handicaps and total points that each sum to 1', () => {
    const outlook = volleyballMatchOutlook({ home: 0.42, away: 0.38 }, volleyballScoreStart);
    expect(outlook.segmentScores.map(({ home, away }) => `${home}-${away}`).sort()).toEqual(['0-3', '1-3', '2-3', '3-0', '3-1', '3-2']);
    expect(outlook.segmentScores.reduce((sum, score) => sum + score.probability, 0)).toBeCloseTo(1, 12);
    expect(integerDistributionMass(outlook.unitsTotal)).toBeCloseTo(1, 12);
    expect(integerDistributionMass(outlook.unitsDifference)).toBeCloseTo(1, 12);
    const points = lineHandicapProbabilities(outlook.unitsDifference, -4.5);
    expect(points.home + points.away).toBeCloseTo(1, 12);
    expect(lineHandicapProbabilities(outlook.segmentsDifference, -0.5).home).toBeCloseTo(outlook.winHome, 12);
  });
});
