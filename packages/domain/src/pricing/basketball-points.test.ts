import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basketballHandicapProbabilities,
  basketballLeagueFiba,
  basketballLeagueNba,
  basketballPointsFinal,
  basketballPointsModel,
  basketballTotalProbabilities,
  basketballWinnerProbabilities,
  type BasketballGameState,
  type BasketballTeamRating,
} from './basketball-points.ts';
import { integerDistributionMass, integerDistributionMean, integerDistributionProbabilityAt } from './integer-distribution.ts';
import { normalCdf } from './normal-distribution.ts';

const average: BasketballTeamRating = { offencePoints: 0, defencePoints: 0 };
const rating = fc.record({
  offencePoints: fc.double({ min: -10, max: 10, noNaN: true }),
  defencePoints: fc.double({ min: -10, max: 10, noNaN: true }),
});
const neutralNba = { ...basketballLeagueNba, homeAdvantagePoints: 0 };

const homeWins = (home: BasketballTeamRating, away: BasketballTeamRating, league = neutralNba) =>
  basketballWinnerProbabilities(basketballPointsFinal(basketballPointsModel(home, away, league))).home;

describe('basketball pre-match', () => {
  it('gives two average teams on neutral ground even chances and an NBA total a little over 228', () => {
    const final = basketballPointsFinal(basketballPointsModel(average, average, neutralNba));
    expect(basketballWinnerProbabilities(final).home).toBeCloseTo(0.5, 12);
    expect(integerDistributionMean(final.total)).toBeGreaterThan(228);
    expect(basketballTotalProbabilities(final, 228.5).over).toBeGreaterThan(0.5);
  });

  it('prices a home favourite of 6 points as Φ(5.5/12.5) plus the tie (±0.5) won in overtime', () => {
    const favourite: BasketballTeamRating = { offencePoints: 3, defencePoints: -1 };
    const home = homeWins(favourite, average, { ...basketballLeagueNba, homeAdvantagePoints: 2 });
    // Regulation margin N(6, 12.5²); one overtime N(6 × 5/48, 12.5² × 5/48), replayed while level.
    const winRegulation = 1 - normalCdf((0.5 - 6) / 12.5);
    const tie = normalCdf((0.5 - 6) / 12.5) - normalCdf((-0.5 - 6) / 12.5);
    const overtimeMean = (6 * 5) / 48;
    const overtimeSd = 12.5 * Math.sqrt(5 / 48);
    const overtimeWin = 1 - normalCdf((0.5 - overtimeMean) / overtimeSd);
    const overtimeLevel = normalCdf((0.5 - overtimeMean) / overtimeSd) - normalCdf((-0.5 - overtimeMean) / overtimeSd);
    expect(home).toBeCloseTo(winRegulation + (tie * overtimeWin) / (1 - overtimeLevel), 9);
    expect(home).toBeCloseTo(0.686, 3);
  });

  it('never ends level: the final margin has no mass at 0, and margin, total and winner each sum to 1', () => {
    fc.assert(
      fc.property(rating, rating, (home, away) => {
        const final = basketballPointsFinal(basketballPointsModel(home, away, basketballLeagueFiba));
        expect(integerDistributionProbabilityAt(final.margin, 0)).toBe(0);
        expect(integerDistributionMass(final.margin)).toBeCloseTo(1, 12);
        expect(integerDistributionMass(final.total)).toBeCloseTo(1, 12);
        const winner = basketballWinnerProbabilities(final);
        expect(winner.home + winner.away).toBeCloseTo(1, 12);
      }),
      { numRuns: 100 },
    );
  });

  it('prices handicap −0.5 exactly as the winner, and makes a bigger handicap harder to cover', () => {
    fc.assert(
      fc.property(rating, rating, fc.integer({ min: -20, max: 20 }), (home, away, points) => {
        const final = basketballPointsFinal(basketballPointsModel(home, away, basketballLeagueNba));
        expect(basketballHandicapProbabilities(final, -0.5).home).toBeCloseTo(basketballWinnerProbabilities(final).home, 12);
        const line = points + 0.5;
        const covers = basketballHandicapProbabilities(final, line);
        expect(covers.home + covers.away).toBeCloseTo(1, 12);
        expect(basketballHandicapProbabilities(final, line - 1).home).toBeLessThanOrEqual(covers.home + 1e-12);
      }),
      { numRuns: 100 },
    );
  });

  it('favours the better team, and swapping the teams on neutral ground swaps the prices', () => {
    fc.assert(
      fc.property(rating, rating, (first, second) => {
        const forward = homeWins(first, second);
        expect(forward + homeWins(second, first)).toBeCloseTo(1, 9);
        expect(homeWins({ ...first, offencePoints: first.offencePoints + 2 }, second)).toBeGreaterThan(forward);
      }),
      { numRuns: 100 },
    );
  });

  it('lifts the total a little for overtimes: the FIBA mean is just above 164 regulation points', () => {
    const mean = integerDistributionMean(basketballPointsFinal(basketballPointsModel(average, average, basketballLeagueFiba)).total);
    expect(mean).toBeGreaterThan(164);
    expect(mean).toBeLessThan(166);
  });

  it('rejects ratings that leave a team no points', () => {
    expect(() => basketballPointsModel({ offencePoints: -200, defencePoints: 0 }, average, basketballLeagueNba)).toThrow(RangeError);
  });
});

describe('basketball in play', () => {
  const model = basketballPointsModel(average, average, neutralNba);
  const at = (home: number, away: number, minutesPlayed: number): BasketballGameState => ({ score: { home, away }, minutesPlayed });
  const homeWinsFrom = (state: BasketballGameState) => basketballWinnerProbabilities(basketballPointsFinal(model, state)).home;

  it('makes a 10-point lead with a minute left nearly certain, and a 1-point lead at the buzzer certain', () => {
    expect(homeWinsFrom(at(100, 90, 47))).toBeGreaterThan(0.99);
    expect(homeWinsFrom(at(100, 99, 48))).toBe(1);
  });

  it('sends a tie at the buzzer to overtime at even chances, and adds an overtime of points to the total', () => {
    const final = basketballPointsFinal(model, at(100, 100, 48));
    expect(basketballWinnerProbabilities(final).home).toBeCloseTo(0.5, 12);
    expect(integerDistributionMean(final.total)).toBeGreaterThan(200 + (228 * 5) / 48);
  });

  it('settles the total on the full score once the game is over', () => {
    expect(basketballTotalProbabilities(basketballPointsFinal(model, at(110, 101, 48)), 210.5)).toEqual({ over: 1, under: 0 });
  });

  it('makes a lead count for more as the clock runs down', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 15 }), fc.double({ min: 0, max: 46, noNaN: true }), (lead, minute) => {
        expect(homeWinsFrom(at(50 + lead, 50, minute + 1))).toBeGreaterThan(homeWinsFrom(at(50 + lead, 50, minute)));
      }),
      { numRuns: 100 },
    );
  });

  it('reads the clock in a second overtime: 3 up with 2 of its minutes left is a strong favourite', () => {
    const home = homeWinsFrom(at(120, 117, 48 + 5 + 3));
    expect(home).toBeGreaterThan(0.8);
    expect(home).toBeLessThan(0.99);
  });
});
