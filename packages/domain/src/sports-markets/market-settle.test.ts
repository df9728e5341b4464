import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { marketIdOf, marketIdParse } from './market-id.ts';
import { marketTypes } from './market-codes.ts';
import { marketOptionSettle, type MatchFinalScores } from './market-settle.ts';

const soccerFinal = (home: number, away: number, firstHalf = { home: 0, away: 0 }): MatchFinalScores => ({
  score: { home, away },
  periodScores: [
    { periodCode: 1002, ...firstHalf },
    { periodCode: 1003, home: home - firstHalf.home, away: away - firstHalf.away },
  ],
});

describe('market settlement', () => {
  it.each([
    // betting.md §3, home side.
    [0.25, 0, 0, 'halfWon'],
    [0.25, 1, 0, 'won'],
    [0.25, 0, 1, 'lost'],
    [0.75, 0, 1, 'halfLost'],
    [0.75, 1, 1, 'won'],
    [-0.75, 1, 0, 'halfWon'],
    [-0.75, 2, 0, 'won'],
    [-1.75, 3, 1, 'halfWon'],
    [-1.75, 4, 3, 'lost'],
  ] as const)('Asian handicap home %d at %i-%i is %s', (line, home, away, outcome) => {
    expect(marketOptionSettle({ type: 1000, period: 1001, selection: 1, line }, soccerFinal(home, away))).toBe(outcome);
  });

  it('counts only goals after the bet on a live Asian handicap', () => {
    const option = { type: 1000, period: 1001, selection: 2, line: 0.5, scoreAtBet: { home: 1, away: 0 } } as const;
    expect(marketOptionSettle(option, soccerFinal(1, 0))).toBe('won');
    expect(marketOptionSettle({ ...option, scoreAtBet: undefined }, soccerFinal(1, 0))).toBe('lost');
  });

  it('settles totals on quarter lines, half-time 1X2, draw no bet, both teams to score, double chance and correct score', () => {
    expect(marketOptionSettle({ type: 1007, period: 1001, selection: 4, line: 2.25 }, soccerFinal(1, 1))).toBe('halfLost');
    expect(marketOptionSettle({ type: 1007, period: 1001, selection: 5, line: 2.75 }, soccerFinal(2, 1))).toBe('halfLost');
    expect(marketOptionSettle({ type: 1005, period: 1002, selection: 3, line: undefined }, soccerFinal(2, 1, { home: 0, away: 0 }))).toBe('won');
    expect(marketOptionSettle({ type: 1006, period: 1001, selection: 1, line: undefined }, soccerFinal(1, 1))).toBe('push');
    expect(marketOptionSettle({ type: 1027, period: 1001, selection: 8, line: undefined }, soccerFinal(1, 1))).toBe('won');
    expect(marketOptionSettle({ type: 1012, period: 1001, selection: 12, line: undefined }, soccerFinal(1, 1))).toBe('won');
    expect(marketOptionSettle({ type: 1012, period: 1001, selection: 10, line: undefined }, soccerFinal(0, 1))).toBe('lost');
    expect(marketOptionSettle({ type: 1099, period: 1001, selection: 121, line: undefined }, soccerFinal(2, 1))).toBe('won');
    expect(marketOptionSettle({ type: 1099, period: 1001, selection: 249, line: undefined }, soccerFinal(5, 1))).toBe('won');
    expect(marketOptionSettle({ type: 1099, period: 1001, selection: 249, line: undefined }, soccerFinal(4, 4))).toBe('lost');
  });

  it('settles tennis game handicap and total games on the games of every set, set handicap on sets', () => {
    const final: MatchFinalScores = {
      score: { home: 2, away: 1 },
      periodScores: [
        { periodCode: 5002, home: 6, away: 4 },
        { periodCode: 5003, home: 3, away: 6 },
        { periodCode: 5004, home: 7, away: 6 },
      ],
    };
    expect(marketOptionSettle({ type: 5003, period: 5001, selection: 4, line: 31.5 }, final)).toBe('won');
    expect(marketOptionSettle({ type: 5002, period: 5001, selection: 2, line: 1.5 }, final)).toBe('won');
    expect(marketOptionSettle({ type: 5004, period: 5001, selection: 1, line: -1.5 }, final)).toBe('lost');
    expect(marketOptionSettle({ type: 5001, period: 5001, selection: 1, line: undefined }, final)).toBe('won');
  });
});

describe('market ids', () => {
  const types = Object.values(marketTypes);
  it('read back the match, type, period and line they were made from', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 899_999 }),
        fc.constantFrom(...types),
        fc.option(fc.integer({ min: -2000, max: 2000 }).map((quarters) => quarters / 4)),
        (matchId, type, line) => {
          const period = Math.floor(type / 1000) * 1000 + 1;
          const key = { matchId, type, period, line: line ?? undefined };
          const id = marketIdOf(key);
          expect(Number.isSafeInteger(id)).toBe(true);
          expect(marketIdParse(id)).toEqual(key);
        },
      ),
    );
  });

  it('gives different lines and periods different ids, and refuses ids it could not have made', () => {
    const base = { matchId: 100_001, type: marketTypes.soccer1x2, period: 1001, line: undefined };
    expect(marketIdOf(base)).not.toBe(marketIdOf({ ...base, period: 1002 }));
    expect(marketIdOf({ ...base, type: 1000, line: -0.25 })).not.toBe(marketIdOf({ ...base, type: 1000, line: 0.25 }));
    expect(marketIdParse(12)).toBeUndefined();
    expect(marketIdParse(100_001 * 1e10 + 99 * 1e8)).toBeUndefined();
  });
});
