import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { integerDistributionMass, integerDistributionMean } from './integer-distribution.ts';
import { lineHandicapProbabilities } from './line-outcomes.ts';
import { sideOther, type Side } from './point-markov.ts';
import { tableTennisGameWinProbability, tableTennisMatchOutlook, tableTennisScoreStart, type TableTennisScore } from './table-tennis-points.ts';

const strength = fc.double({ min: 0.4, max: 0.7, noNaN: true });
const strengths = fc.record({ home: strength, away: strength });
const gamesToWin = fc.constantFrom<3 | 4>(3, 4);

function matchOver(score: TableTennisScore, toWin: number): boolean {
  const home = score.gamesCompleted.filter((game) => game.home > game.away).length;
  return Math.max(home, score.gamesCompleted.length - home) === toWin;
}

/**
 * The score after one more point, from the rules: serve changes every two points and every point from 10-10; a
 * game ends at 11 by two; whoever served first in a game receives first in the next. `opener` is who served
 * first in the game in play, which the score alone does not say, so the oracle carries it.
 */
function tableTennisScoreAfterPoint(score: TableTennisScore, opener: Side, winner: Side): { score: TableTennisScore; opener: Side } {
  const pointsHome = score.pointsHome + (winner === 'home' ? 1 : 0);
  const pointsAway = score.pointsAway + (winner === 'away' ? 1 : 0);
  if (Math.max(pointsHome, pointsAway) >= 11 && Math.abs(pointsHome - pointsAway) >= 2) {
    const next = sideOther(opener);
    return {
      score: { gamesCompleted: [...score.gamesCompleted, { home: pointsHome, away: pointsAway }], pointsHome: 0, pointsAway: 0, server: next },
      opener: next,
    };
  }
  const played = pointsHome + pointsAway;
  const openerServes = played >= 20 ? played % 2 === 0 : Math.floor(played / 2) % 2 === 0;
  return { score: { ...score, pointsHome, pointsAway, server: openerServes ? opener : sideOther(opener) }, opener };
}

describe('table tennis', () => {
  it('gives equal players even games from 0-0 and at 10-10, whoever serves', () => {
    fc.assert(
      fc.property(strength, fc.constantFrom<Side>('home', 'away'), (p, server) => {
        const equal = { home: p, away: p };
        expect(tableTennisGameWinProbability(equal, { pointsHome: 0, pointsAway: 0, server })).toBeCloseTo(0.5, 12);
        expect(tableTennisGameWinProbability(equal, { pointsHome: 10, pointsAway: 10, server })).toBeCloseTo(0.5, 12);
      }),
      { numRuns: 50 },
    );
  });

  it('is certain from a won game or match', () => {
    expect(tableTennisGameWinProbability({ home: 0.5, away: 0.6 }, { pointsHome: 11, pointsAway: 9, server: 'away' })).toBe(1);
    const won = { home: 11, away: 5 };
    expect(tableTennisMatchOutlook({ home: 0.5, away: 0.6 }, { ...tableTennisScoreStart, gamesCompleted: [won, won, won] }, 3).winHome).toBe(1);
  });

  it('gives equal players 0.5, and favours the better server more over best of 7 than best of 5', () => {
    fc.assert(
      fc.property(strength, fc.double({ min: 0.005, max: 0.03, noNaN: true }), (p, edge) => {
        expect(tableTennisMatchOutlook({ home: p, away: p }, tableTennisScoreStart, 3).winHome).toBeCloseTo(0.5, 10);
        const better = { home: p + edge, away: p };
        const bestOf5 = tableTennisMatchOutlook(better, tableTennisScoreStart, 3).winHome;
        expect(bestOf5).toBeGreaterThan(0.5);
        expect(tableTennisMatchOutlook(better, tableTennisScoreStart, 4).winHome).toBeGreaterThan(bestOf5);
      }),
      { numRuns: 10 },
    );
  });

  it('prices every reachable score as the average of the scores one point later, for the winner and total points', () => {
    fc.assert(
      fc.property(strengths, fc.constantFrom<Side>('home', 'away'), fc.array(fc.boolean(), { maxLength: 150 }), gamesToWin, (serve, first, winners, toWin) => {
        let score: TableTennisScore = { ...tableTennisScoreStart, server: first };
        let opener: Side = first;
        for (const home of winners) {
          if (matchOver(score, toWin)) break;
          ({ score, opener } = tableTennisScoreAfterPoint(score, opener, home ? 'home' : 'away'));
        }
        const outlook = tableTennisMatchOutlook(serve, score, toWin);
        if (matchOver(score, toWin)) return;
        const pointHome = score.server === 'home' ? serve.home : 1 - serve.away;
        const afterHome = tableTennisMatchOutlook(serve, tableTennisScoreAfterPoint(score, opener, 'home').score, toWin);
        const afterAway = tableTennisMatchOutlook(serve, tableTennisScoreAfterPoint(score, opener, 'away').score, toWin);
        expect(outlook.winHome).toBeCloseTo(pointHome * afterHome.winHome + (1 - pointHome) * afterAway.winHome, 9);
        const meanPoints = (next: typeof outlook) => integerDistributionMean(next.unitsTotal);
        expect(meanPoints(outlook)).toBeCloseTo(pointHome * meanPoints(afterHome) + (1 - pointHome) * meanPoints(afterAway), 6);
      }),
      { numRuns: 25 },
    );
  });

  it('gives game scores, game and point handicaps and total points that each sum to 1', () => {
    const outlook = tableTennisMatchOutlook({ home: 0.56, away: 0.53 }, tableTennisScoreStart, 4);
    expect(outlook.segmentScores).toHaveLength(8);
    expect(outlook.segmentScores.reduce((sum, score) => sum + score.probability, 0)).toBeCloseTo(1, 12);
    expect(integerDistributionMass(outlook.unitsTotal)).toBeCloseTo(1, 12);
    const games = lineHandicapProbabilities(outlook.segmentsDifference, -1.5);
    expect(games.home + games.away).toBeCloseTo(1, 12);
    expect(lineHandicapProbabilities(outlook.segmentsDifference, -0.5).home).toBeCloseTo(outlook.winHome, 12);
  });
});
