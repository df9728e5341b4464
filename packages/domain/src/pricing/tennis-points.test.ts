import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { integerDistributionMass, integerDistributionMean } from './integer-distribution.ts';
import { lineHandicapProbabilities, lineTotalProbabilities } from './line-outcomes.ts';
import { sideOther, type Side } from './point-markov.ts';
import {
  tennisGameHoldProbability,
  tennisMatchOutlook,
  tennisMatchWinProbability,
  tennisScoreStart,
  tennisSetOutcomes,
  tennisSetWinProbability,
  tennisTiebreakWinProbability,
  type TennisRules,
  type TennisScore,
} from './tennis-points.ts';

const strength = fc.double({ min: 0.45, max: 0.8, noNaN: true });
const strengths = fc.record({ home: strength, away: strength });
const side = fc.constantFrom<Side>('home', 'away');
const rulesOf = fc.constantFrom<TennisRules>({ setsToWin: 2 }, { setsToWin: 3 }, { setsToWin: 2, finalSetTiebreakPoints: 10 });

/**
 * The score after one more point, written from the rules independently of the model: the test oracle for
 * in-play prices. Serve changes after each game; in a tiebreak after the first point and then every two; the
 * player who served first in a tiebreak receives first in the next set.
 */
function tennisScoreAfterPoint(score: TennisScore, winner: Side, rules: TennisRules): TennisScore {
  const setsCompleted = [...score.setsCompleted];
  let { gamesHome, gamesAway, pointsHome, pointsAway, server } = score;
  const inTiebreak = gamesHome === 6 && gamesAway === 6;
  const finalSet = setsCompleted.length === 2 * rules.setsToWin - 2;
  const target = inTiebreak ? (finalSet ? (rules.finalSetTiebreakPoints ?? 7) : 7) : 4;
  const played = pointsHome + pointsAway;
  const tiebreakOpener = Math.floor((played + 1) / 2) % 2 === 0 ? server : sideOther(server);
  if (winner === 'home') pointsHome++;
  else pointsAway++;
  if (Math.max(pointsHome, pointsAway) < target || Math.abs(pointsHome - pointsAway) < 2) {
    return { ...score, pointsHome, pointsAway, server: inTiebreak && (played + 1) % 2 === 1 ? sideOther(server) : server };
  }
  if (pointsHome > pointsAway) gamesHome++;
  else gamesAway++;
  server = inTiebreak ? sideOther(tiebreakOpener) : sideOther(server);
  const setOver = (Math.max(gamesHome, gamesAway) >= 6 && Math.abs(gamesHome - gamesAway) >= 2) || gamesHome === 7 || gamesAway === 7;
  if (setOver) {
    setsCompleted.push({ home: gamesHome, away: gamesAway });
    gamesHome = 0;
    gamesAway = 0;
  }
  return { setsCompleted, gamesHome, gamesAway, pointsHome: 0, pointsAway: 0, server };
}

function matchOver(score: TennisScore, rules: TennisRules): boolean {
  const home = score.setsCompleted.filter((set) => set.home > set.away).length;
  return Math.max(home, score.setsCompleted.length - home) === rules.setsToWin;
}

/** A reachable score: points from the start, won by whoever the booleans say, stopping at the end of the match. */
function scoreAfterPoints(first: Side, winners: readonly boolean[], rules: TennisRules): TennisScore {
  let score = tennisScoreStart(first);
  for (const homeWins of winners) {
    if (matchOver(score, rules)) break;
    score = tennisScoreAfterPoint(score, homeWins ? 'home' : 'away', rules);
  }
  return score;
}

describe('tennis games and tiebreaks', () => {
  it.each([
    [0.6, 0, 0, 0.7357],
    [0.6, 3, 3, 0.6923],
    [0.5, 0, 0, 0.5],
    [0.65, 0, 3, 0.2129], // p³ · deuce, deuce = p² / (p² + q²)
    [0.65, 5, 4, 0.9213], // advantage: p + q · deuce
  ])('holds with p %d from %i-%i (server first) at %d', (p, server, receiver, probability) => {
    expect(tennisGameHoldProbability(p, server, receiver)).toBeCloseTo(probability, 4);
  });

  it('is certain for the server from a won game', () => {
    expect(tennisGameHoldProbability(0.3, 4, 1)).toBe(1);
    expect(tennisGameHoldProbability(0.9, 3, 5)).toBe(0);
  });

  it('gives equal players even tiebreaks and sets, whoever serves first', () => {
    fc.assert(
      fc.property(strength, side, (p, server) => {
        const equal = { home: p, away: p };
        expect(tennisTiebreakWinProbability(equal, { pointsHome: 0, pointsAway: 0, server })).toBeCloseTo(0.5, 12);
        expect(tennisTiebreakWinProbability(equal, { pointsHome: 0, pointsAway: 0, server }, 10)).toBeCloseTo(0.5, 12);
        expect(tennisSetWinProbability(equal, { gamesHome: 0, gamesAway: 0, pointsHome: 0, pointsAway: 0, server })).toBeCloseTo(0.5, 12);
      }),
      { numRuns: 50 },
    );
  });

  it('ends sets only at 6-x by two, 7-5 or 7-6, and serves the next set by the parity of games', () => {
    const outcomes = tennisSetOutcomes({ home: 0.62, away: 0.6 }, { gamesHome: 0, gamesAway: 0, pointsHome: 0, pointsAway: 0, server: 'home' });
    const finals = outcomes.map(({ unitsHome, unitsAway }) => `${unitsHome}-${unitsAway}`).sort();
    expect(finals).toEqual(['0-6', '1-6', '2-6', '3-6', '4-6', '5-7', '6-0', '6-1', '6-2', '6-3', '6-4', '6-7', '7-5', '7-6'].sort());
    expect(outcomes.reduce((sum, outcome) => sum + outcome.probability, 0)).toBeCloseTo(1, 12);
    for (const outcome of outcomes) expect(outcome.serverNext).toBe((outcome.unitsHome + outcome.unitsAway) % 2 === 0 ? 'home' : 'away');
  });

  it.each<[string, Partial<TennisScore>]>([
    ['a finished set', { gamesHome: 6, gamesAway: 2 }],
    ['more than 6 games', { gamesHome: 7, gamesAway: 6 }],
    ['negative points', { pointsHome: -1 }],
  ])('rejects %s as the set in play', (_name, change) => {
    expect(() => tennisSetOutcomes({ home: 0.6, away: 0.6 }, { ...tennisScoreStart('home'), ...change })).toThrow(RangeError);
  });
});

describe('tennis matches', () => {
  it('gives equal players 0.5 over best of 3 and 5', () => {
    fc.assert(
      fc.property(strength, side, rulesOf, (p, server, rules) => {
        expect(tennisMatchWinProbability({ home: p, away: p }, tennisScoreStart(server), rules)).toBeCloseTo(0.5, 12);
      }),
      { numRuns: 30 },
    );
  });

  it('favours the better server, and more so over five sets than three', () => {
    fc.assert(
      fc.property(strengths, fc.double({ min: 0.005, max: 0.05, noNaN: true }), side, (serve, edge, server) => {
        const better = { ...serve, home: serve.home + edge };
        const bestOf3 = tennisMatchWinProbability(better, tennisScoreStart(server), { setsToWin: 2 });
        expect(bestOf3).toBeGreaterThan(tennisMatchWinProbability(serve, tennisScoreStart(server), { setsToWin: 2 }));
        const even = { home: 0.62, away: 0.62 - edge };
        expect(tennisMatchWinProbability(even, tennisScoreStart(server), { setsToWin: 3 })).toBeGreaterThan(
          tennisMatchWinProbability(even, tennisScoreStart(server), { setsToWin: 2 }),
        );
      }),
      { numRuns: 30 },
    );
  });

  it('is certain from a won match, with the games of its sets as the totals', () => {
    const score: TennisScore = {
      ...tennisScoreStart('home'),
      setsCompleted: [
        { home: 6, away: 4 },
        { home: 3, away: 6 },
        { home: 7, away: 6 },
      ],
    };
    const outlook = tennisMatchOutlook({ home: 0.6, away: 0.7 }, score, { setsToWin: 2 });
    expect(outlook.winHome).toBe(1);
    expect(outlook.unitsTotal).toEqual({ valueMin: 32, probabilities: [1] });
    expect(outlook.unitsDifference).toEqual({ valueMin: 0, probabilities: [1] });
  });

  it('prices every reachable score as the average of the scores one point later (winner and total games)', () => {
    fc.assert(
      fc.property(strengths, side, fc.array(fc.boolean(), { maxLength: 250 }), rulesOf, (serve, first, winners, rules) => {
        const score = scoreAfterPoints(first, winners, rules);
        const outlook = tennisMatchOutlook(serve, score, rules);
        expect(outlook.winHome).toBeGreaterThanOrEqual(0);
        expect(outlook.winHome).toBeLessThanOrEqual(1 + 1e-12);
        if (matchOver(score, rules)) return;
        const pointHome = score.server === 'home' ? serve.home : 1 - serve.away;
        const afterHome = tennisMatchOutlook(serve, tennisScoreAfterPoint(score, 'home', rules), rules);
        const afterAway = tennisMatchOutlook(serve, tennisScoreAfterPoint(score, 'away', rules), rules);
        expect(outlook.winHome).toBeCloseTo(pointHome * afterHome.winHome + (1 - pointHome) * afterAway.winHome, 10);
        const meanGames = (outlookNow: typeof outlook) => integerDistributionMean(outlookNow.unitsTotal);
        expect(meanGames(outlook)).toBeCloseTo(pointHome * meanGames(afterHome) + (1 - pointHome) * meanGames(afterAway), 8);
      }),
      { numRuns: 60 },
    );
  });

  it('gives set scores, set and game handicaps and total games that each sum to 1', () => {
    fc.assert(
      fc.property(strengths, side, rulesOf, (serve, server, rules) => {
        const outlook = tennisMatchOutlook(serve, tennisScoreStart(server), rules);
        expect(outlook.segmentScores.reduce((sum, score) => sum + score.probability, 0)).toBeCloseTo(1, 12);
        expect(integerDistributionMass(outlook.unitsTotal)).toBeCloseTo(1, 12);
        const sets = lineHandicapProbabilities(outlook.segmentsDifference, -1.5);
        expect(sets.home + sets.away).toBeCloseTo(1, 12);
        const games = lineHandicapProbabilities(outlook.unitsDifference, -2.5);
        expect(games.home + games.away).toBeCloseTo(1, 12);
        const total = lineTotalProbabilities(outlook.unitsTotal, 22.5);
        expect(total.over + total.under).toBeCloseTo(1, 12);
        expect(lineHandicapProbabilities(outlook.segmentsDifference, -0.5).home).toBeCloseTo(outlook.winHome, 12);
      }),
      { numRuns: 30 },
    );
  });
});
