import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LegOutcome } from './leg-outcome.ts';
import { legSettle, type Score } from './leg-settle.ts';
import { lineQuarters } from './line-quarters.ts';

function score(text: string): Score {
  const [home, away] = text.split('-').map(Number);
  return { home: home!, away: away! };
}

function handicap(pick: 'home' | 'away', line: number, scoreAtBet: Score | null = null) {
  return { type: 'asianHandicap' as const, pick, lineQuarters: lineQuarters(line * 4), scoreAtBet };
}

function total(pick: 'over' | 'under', line: number) {
  return { type: 'total' as const, pick, lineQuarters: lineQuarters(line * 4) };
}

describe('1X2', () => {
  it.each<['home' | 'draw' | 'away', string, LegOutcome]>([
    ['home', '2-1', 'won'],
    ['home', '1-1', 'lost'],
    ['draw', '1-1', 'won'],
    ['draw', '0-1', 'lost'],
    ['away', '0-1', 'won'],
    ['away', '3-0', 'lost'],
  ])('%s with %s is %s', (pick, final, outcome) => {
    expect(legSettle({ type: 'matchResult', pick }, score(final))).toBe(outcome);
  });
});

describe('Asian handicap, home side (betting.md §3)', () => {
  it.each<[number, string, LegOutcome]>([
    [0.25, '0-0', 'halfWon'],
    [0.25, '1-1', 'halfWon'],
    [0.25, '1-0', 'won'],
    [0.25, '0-1', 'lost'],
    [0.75, '0-1', 'halfLost'],
    [0.75, '1-2', 'halfLost'],
    [0.75, '0-2', 'lost'],
    [0.75, '1-1', 'won'],
    [-0.75, '1-0', 'halfWon'],
    [-0.75, '2-1', 'halfWon'],
    [-0.75, '2-0', 'won'],
    [-0.75, '1-1', 'lost'],
    [-1.75, '2-0', 'halfWon'],
    [-1.75, '3-1', 'halfWon'],
    [-1.75, '4-2', 'halfWon'],
    [-1.75, '3-0', 'won'],
    [-1.75, '4-3', 'lost'],
    [1.75, '0-2', 'halfLost'],
    [1.75, '1-3', 'halfLost'],
    [1.75, '0-3', 'lost'],
  ])('line %d with %s is %s', (line, final, outcome) => {
    expect(legSettle(handicap('home', line), score(final))).toBe(outcome);
  });

  it.each<[number, string, LegOutcome]>([
    [0, '1-1', 'push'],
    [0, '1-0', 'won'],
    [-1, '2-1', 'push'],
    [-1, '3-1', 'won'],
    [1, '0-1', 'push'],
    [-0.5, '1-1', 'lost'],
    [-0.5, '1-0', 'won'],
    [1.5, '0-1', 'won'],
  ])('whole and half lines: line %d with %s is %s', (line, final, outcome) => {
    expect(legSettle(handicap('home', line), score(final))).toBe(outcome);
  });

  it('settles the away side on its own line: away +0.75 at 1-0 is half lost', () => {
    expect(legSettle(handicap('away', 0.75), score('1-0'))).toBe('halfLost');
    expect(legSettle(handicap('away', 0.75), score('1-1'))).toBe('won');
    expect(legSettle(handicap('away', -0.25), score('0-0'))).toBe('halfLost');
  });
});

describe('totals (betting.md §3)', () => {
  it.each<['over' | 'under', number, number, LegOutcome]>([
    ['over', 2.25, 2, 'halfLost'],
    ['over', 2.75, 3, 'halfWon'],
    ['under', 2.75, 3, 'halfLost'],
    ['under', 5.25, 5, 'halfWon'],
    ['over', 2.5, 3, 'won'],
    ['over', 2.5, 2, 'lost'],
    ['under', 3, 3, 'push'],
    ['over', 2.25, 3, 'won'],
    ['under', 2.25, 1, 'won'],
  ])('%s %d with %i goals is %s', (pick, line, goals, outcome) => {
    expect(legSettle(total(pick, line), { home: goals, away: 0 })).toBe(outcome);
    expect(legSettle(total(pick, line), { home: 0, away: goals })).toBe(outcome);
  });
});

describe('live Asian handicap', () => {
  it('counts only the goals after the bet: home −0.5 taken at 1-0 loses at 2-1', () => {
    expect(legSettle(handicap('home', -0.5, score('1-0')), score('2-1'))).toBe('lost');
    expect(legSettle(handicap('home', -0.5, null), score('2-1'))).toBe('won');
  });

  it('counts goals after the bet on both sides: away +0.25 taken at 0-2 half wins at 1-3', () => {
    expect(legSettle(handicap('away', 0.25, score('0-2')), score('1-3'))).toBe('halfWon');
  });

  it('refuses a final score below the score at bet time as a broken invariant', () => {
    expect(() => legSettle(handicap('home', 0, score('2-0')), score('1-0'))).toThrow(RangeError);
  });
});

describe('the two sides of a line mirror each other', () => {
  const mirror: Record<LegOutcome, LegOutcome> = { won: 'lost', lost: 'won', halfWon: 'halfLost', halfLost: 'halfWon', push: 'push', void: 'void' };
  const goals = fc.integer({ min: 0, max: 9 });
  const quarters = fc.integer({ min: -20, max: 20 });

  it('home at line q and away at −q settle opposite', () => {
    fc.assert(
      fc.property(goals, goals, quarters, (home, away, line) => {
        const final = { home, away };
        const homeOutcome = legSettle({ type: 'asianHandicap', pick: 'home', lineQuarters: lineQuarters(line), scoreAtBet: null }, final);
        const awayOutcome = legSettle({ type: 'asianHandicap', pick: 'away', lineQuarters: lineQuarters(-line), scoreAtBet: null }, final);
        expect(awayOutcome).toBe(mirror[homeOutcome]);
      }),
      { numRuns: 200 },
    );
  });

  it('over and under of one line settle opposite', () => {
    fc.assert(
      fc.property(goals, goals, fc.integer({ min: 0, max: 40 }), (home, away, line) => {
        const final = { home, away };
        const over = legSettle({ type: 'total', pick: 'over', lineQuarters: lineQuarters(line) }, final);
        const under = legSettle({ type: 'total', pick: 'under', lineQuarters: lineQuarters(line) }, final);
        expect(under).toBe(mirror[over]);
      }),
      { numRuns: 200 },
    );
  });

  it('a quarter line never pushes and a half line never half-settles', () => {
    fc.assert(
      fc.property(goals, goals, quarters, (home, away, line) => {
        const outcome = legSettle({ type: 'asianHandicap', pick: 'home', lineQuarters: lineQuarters(line), scoreAtBet: null }, { home, away });
        if (Math.abs(line) % 2 === 1) expect(outcome).not.toBe('push');
        else expect(['won', 'lost', 'push']).toContain(outcome);
        if (Math.abs(line) % 4 === 2) expect(outcome).not.toBe('push');
      }),
      { numRuns: 200 },
    );
  });
});
