import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { integerDistributionMass, integerDistributionMean } from './integer-distribution.ts';
import {
  raceOutcomes,
  raceWinProbability,
  seriesOutlook,
  seriesWinnerProbabilities,
  sideOther,
  type RaceRules,
  type SegmentOutcome,
  type ServeStrengths,
  type Side,
} from './point-markov.ts';

const strength = fc.double({ min: 0.2, max: 0.8, noNaN: true });
const strengths = fc.record({ home: strength, away: strength });
const side = fc.constantFrom<Side>('home', 'away');

/** Three serving patterns the sports use: one server throughout, serve alternating, and the rally winner serving. */
const patterns: Record<string, RaceRules['serverNext']> = {
  fixed: (_home, _away, server) => server,
  alternating: (_home, _away, server) => sideOther(server),
  rally: (_home, _away, _server, winner) => winner,
};
const pattern = fc.constantFrom(...Object.keys(patterns));

const rules = (target: number, serve: ServeStrengths, name: string): RaceRules => ({ pointsTarget: target, strengths: serve, serverNext: patterns[name]! });

/** The win probability one point later, averaged over who wins that point. */
function oneStepLater(race: RaceRules, serve: ServeStrengths, state: { pointsHome: number; pointsAway: number; server: Side }): number {
  const { pointsHome, pointsAway, server } = state;
  const home = server === 'home' ? serve.home : 1 - serve.away;
  const afterHome = raceWinProbability(race, { pointsHome: pointsHome + 1, pointsAway, server: race.serverNext(pointsHome + 1, pointsAway, server, 'home') });
  const afterAway = raceWinProbability(race, { pointsHome, pointsAway: pointsAway + 1, server: race.serverNext(pointsHome, pointsAway + 1, server, 'away') });
  return home * afterHome + (1 - home) * afterAway;
}

describe('raceWinProbability', () => {
  it('is the deuce formula p² / (p² + q²) of a tennis game at 40-40', () => {
    fc.assert(
      fc.property(strength, (p) => {
        const q = 1 - p;
        expect(raceWinProbability(rules(4, { home: p, away: 0.5 }, 'fixed'), { pointsHome: 3, pointsAway: 3, server: 'home' })).toBeCloseTo(
          (p * p) / (p * p + q * q),
          12,
        );
      }),
      { numRuns: 50 },
    );
  });

  it('is a probability, 1 or 0 at a won score, and the average of its two next scores anywhere else', () => {
    fc.assert(
      fc.property(strengths, pattern, side, fc.nat(30), fc.nat(30), (serve, name, server, pointsHome, pointsAway) => {
        const race = rules(11, serve, name);
        const probability = raceWinProbability(race, { pointsHome, pointsAway, server });
        expect(probability).toBeGreaterThanOrEqual(0);
        expect(probability).toBeLessThanOrEqual(1 + 1e-12);
        if (pointsHome >= 11 && pointsHome - pointsAway >= 2) expect(probability).toBe(1);
        else if (pointsAway >= 11 && pointsAway - pointsHome >= 2) expect(probability).toBe(0);
        else expect(probability).toBeCloseTo(oneStepLater(race, serve, { pointsHome, pointsAway, server }), 10);
      }),
      { numRuns: 200 },
    );
  });

  it('gives the better server more chances', () => {
    fc.assert(
      fc.property(strengths, pattern, fc.double({ min: 0.001, max: 0.04, noNaN: true }), (serve, name, edge) => {
        // Home serves first, so that it serves at all when one player serves throughout.
        const start = { pointsHome: 0, pointsAway: 0, server: 'home' as const };
        expect(raceWinProbability(rules(11, { ...serve, home: serve.home + edge }, name), start)).toBeGreaterThan(
          raceWinProbability(rules(11, serve, name), start),
        );
      }),
      { numRuns: 100 },
    );
  });

  it.each([
    [{ home: 0, away: 0.5 }, 'a strength of 0'],
    [{ home: 0.5, away: 1 }, 'a strength of 1'],
  ])('rejects %j, %s', (serve) => {
    expect(() => raceWinProbability(rules(11, serve, 'fixed'), { pointsHome: 0, pointsAway: 0, server: 'home' })).toThrow(RangeError);
  });

  it('rejects negative or fractional points', () => {
    expect(() => raceWinProbability(rules(11, { home: 0.5, away: 0.5 }, 'fixed'), { pointsHome: -1, pointsAway: 0, server: 'home' })).toThrow(RangeError);
    expect(() => raceOutcomes(rules(11, { home: 0.5, away: 0.5 }, 'fixed'), { pointsHome: 1.5, pointsAway: 0, server: 'home' })).toThrow(RangeError);
  });
});

describe('raceOutcomes', () => {
  it('ends only at won scores, sums to 1, and agrees with raceWinProbability', () => {
    fc.assert(
      fc.property(strengths, pattern, side, fc.nat(12), fc.nat(12), (serve, name, server, pointsHome, pointsAway) => {
        const race = rules(11, serve, name);
        const outcomes = raceOutcomes(race, { pointsHome, pointsAway, server });
        let home = 0;
        let total = 0;
        for (const outcome of outcomes) {
          const winner = outcome.pointsHome > outcome.pointsAway ? outcome.pointsHome : outcome.pointsAway;
          expect(winner).toBeGreaterThanOrEqual(11);
          expect(Math.abs(outcome.pointsHome - outcome.pointsAway)).toBeGreaterThanOrEqual(2);
          if (outcome.pointsHome > outcome.pointsAway) home += outcome.probability;
          total += outcome.probability;
        }
        expect(total).toBeCloseTo(1, 12);
        expect(home).toBeCloseTo(raceWinProbability(race, { pointsHome, pointsAway, server }), 9);
      }),
      { numRuns: 100 },
    );
  });

  it('lists a race to 2 from 0-0 with a fair coin: 2-0 and 0-2 a quarter each, deuce split evenly', () => {
    const outcomes = raceOutcomes(rules(2, { home: 0.5, away: 0.5 }, 'fixed'), { pointsHome: 0, pointsAway: 0, server: 'home' });
    const at = (home: number, away: number) => outcomes.find((outcome) => outcome.pointsHome === home && outcome.pointsAway === away)?.probability;
    expect(at(2, 0)).toBeCloseTo(0.25, 12);
    expect(at(0, 2)).toBeCloseTo(0.25, 12);
    expect(at(3, 1)).toBeCloseTo(0.125, 12);
    expect(at(4, 2)).toBeCloseTo(0.0625, 12);
  });
});

describe('seriesOutlook', () => {
  /** A coin-flip segment worth 1-0 in units: the series is then a best-of of fair coins. */
  const coin = (probabilityHome: number): SegmentOutcome[] => [
    { unitsHome: 1, unitsAway: 0, probability: probabilityHome, serverNext: 'home' },
    { unitsHome: 0, unitsAway: 1, probability: 1 - probabilityHome, serverNext: 'home' },
  ];

  it('plays a best of 3 of segments won with probability p: p²(3 − 2p)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (p) => {
        const outlook = seriesOutlook({ segmentsToWin: 2, segmentFromStart: () => coin(p) }, [], coin(p));
        expect(outlook.winHome).toBeCloseTo(p * p * (3 - 2 * p), 12);
        const scores = Object.fromEntries(outlook.segmentScores.map(({ home, away, probability }) => [`${home}-${away}`, probability]));
        expect(scores['2-0']).toBeCloseTo(p * p, 12);
        expect(scores['2-1']).toBeCloseTo(2 * p * p * (1 - p), 12);
        expect(integerDistributionMass(outlook.unitsTotal)).toBeCloseTo(1, 12);
        expect(integerDistributionMean(outlook.unitsTotal)).toBeCloseTo(2 + 2 * p * (1 - p), 12);
        const { home, away } = seriesWinnerProbabilities(outlook);
        expect(home + away).toBe(1);
      }),
      { numRuns: 50 },
    );
  });

  it('counts completed segments, and is certain once they decide the series', () => {
    const decided = seriesOutlook(
      { segmentsToWin: 2, segmentFromStart: () => coin(0.5) },
      [
        { home: 6, away: 3 },
        { home: 7, away: 6 },
      ],
      [],
    );
    expect(decided.winHome).toBe(1);
    expect(decided.segmentScores).toEqual([{ home: 2, away: 0, probability: 1 }]);
    expect(decided.unitsTotal).toEqual({ valueMin: 22, probabilities: [1] });
    expect(decided.unitsDifference).toEqual({ valueMin: 4, probabilities: [1] });
    expect(decided.segmentsDifference).toEqual({ valueMin: 2, probabilities: [1] });
  });

  it('rejects more completed segments than the series allows', () => {
    const won = { home: 1, away: 0 };
    expect(() => seriesOutlook({ segmentsToWin: 2, segmentFromStart: () => coin(0.5) }, [won, won, won], [])).toThrow(RangeError);
  });
});
