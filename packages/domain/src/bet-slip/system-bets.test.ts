import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnits } from '../money/minor-units.ts';
import { oddsThousandths } from '../odds/odds-format.ts';
import {
  legTeamSharedIndex,
  systemBetAccumulator,
  systemBetCheck,
  systemBetCode,
  systemBetFromCode,
  systemBetFullCover,
  systemBetKindsAvailable,
  systemBetLineCount,
  systemBetLines,
  systemBetName,
  systemBetQuote,
  type SystemBetFullCoverName,
  type SystemBetKind,
  type SystemLeg,
} from './system-bets.ts';

function legsAt(...odds: number[]): SystemLeg[] {
  return odds.map((value, index) => ({ matchId: 100 + index, oddsThousandths: oddsThousandths(value), multipleAllowed: true }));
}

function foldSizes(kind: SystemBetKind, legCount: number): number[] {
  const counts = new Map<number, number>();
  for (const line of systemBetLines(kind, legCount)) counts.set(line.length, (counts.get(line.length) ?? 0) + 1);
  return [...counts.entries()].sort(([a], [b]) => a - b).map(([, count]) => count);
}

describe('named full covers (betting.md §2)', () => {
  it.each<[SystemBetFullCoverName, number, number, number[], number]>([
    ['trixie', 3, 4, [3, 1], 3004],
    ['patent', 3, 7, [3, 3, 1], 3007],
    ['yankee', 4, 11, [6, 4, 1], 4011],
    ['lucky15', 4, 15, [4, 6, 4, 1], 4015],
    ['canadian', 5, 26, [10, 10, 5, 1], 5026],
    ['lucky31', 5, 31, [5, 10, 10, 5, 1], 5031],
    ['heinz', 6, 57, [15, 20, 15, 6, 1], 6057],
    ['lucky63', 6, 63, [6, 15, 20, 15, 6, 1], 6063],
    ['superHeinz', 7, 120, [21, 35, 35, 21, 7, 1], 7120],
    ['goliath', 8, 247, [28, 56, 70, 56, 28, 8, 1], 8247],
  ])('%s covers %i legs with %i lines made of %j, code %i', (name, legCount, lineCount, composition, code) => {
    const kind = systemBetFullCover(name);
    expect(kind).toEqual({ type: 'fullCover', legCount, singles: composition.length === legCount });
    expect(systemBetName(kind)).toBe(name);
    expect(systemBetLineCount(kind, legCount)).toBe(lineCount);
    expect(systemBetLines(kind, legCount)).toHaveLength(lineCount);
    expect(foldSizes(kind, legCount)).toEqual(composition);
    expect(systemBetCode(kind, legCount)).toBe(code);
    expect(systemBetFromCode(code, legCount)).toEqual(kind);
  });

  it('follows M = 2^N − N − 1 without singles and 2^N − 1 with them', () => {
    for (let legCount = 3; legCount <= 8; legCount += 1) {
      expect(systemBetLineCount({ type: 'fullCover', legCount, singles: false }, legCount)).toBe(2 ** legCount - legCount - 1);
      expect(systemBetLineCount({ type: 'fullCover', legCount, singles: true }, legCount)).toBe(2 ** legCount - 1);
    }
  });
});

describe('X-folds of n legs', () => {
  // C(n, X) for 2..8 legs: the line counts a slip shows for each "X/n system".
  it.each([
    [2, 2, 1],
    [3, 2, 3],
    [3, 3, 1],
    [4, 2, 6],
    [4, 3, 4],
    [4, 4, 1],
    [5, 2, 10],
    [5, 3, 10],
    [5, 4, 5],
    [6, 2, 15],
    [6, 3, 20],
    [6, 4, 15],
    [7, 3, 35],
    [7, 4, 35],
    [8, 2, 28],
    [8, 4, 70],
    [8, 8, 1],
  ])('%i legs as %i-folds make %i lines, code X001', (legCount, foldSize, lineCount) => {
    const kind: SystemBetKind = { type: 'fold', foldSize };
    expect(systemBetLineCount(kind, legCount)).toBe(lineCount);
    expect(systemBetLines(kind, legCount)).toHaveLength(lineCount);
    expect(systemBetCode(kind, legCount)).toBe(foldSize * 1000 + 1);
    expect(systemBetFromCode(foldSize * 1000 + 1, legCount)).toEqual(kind);
  });

  it('makes the accumulator one line of every leg', () => {
    expect(systemBetLines(systemBetAccumulator(4), 4)).toEqual([[0, 1, 2, 3]]);
  });
});

describe('systemBetFromCode', () => {
  it.each([
    ['a fold larger than the legs', 4001, 3],
    ['a cover of another leg count', 4011, 3],
    ['a line count no cover has', 3005, 3],
    ['singles (1001) — placed as singles, not a system', 1001, 3],
    ['a cover with singles that has no name', 7127, 7],
    ['not a code', 42, 3],
  ])('reads nothing from %s', (_name, code, legCount) => {
    expect(systemBetFromCode(code, legCount)).toBeUndefined();
  });
});

describe('systemBetKindsAvailable', () => {
  it('offers three legs the double, the treble, Trixie and Patent', () => {
    expect(systemBetKindsAvailable(3).map((kind) => systemBetCode(kind, 3))).toEqual([2001, 3001, 3004, 3007]);
  });

  it('offers seven legs the folds and Super Heinz only', () => {
    expect(systemBetKindsAvailable(7).map((kind) => systemBetCode(kind, 7))).toEqual([2001, 3001, 4001, 5001, 6001, 7001, 7120]);
  });

  it('offers nothing to one leg or to more than the slip holds', () => {
    expect(systemBetKindsAvailable(1)).toEqual([]);
    expect(systemBetKindsAvailable(11)).toEqual([]);
  });

  it('offers only kinds that pass the check for legs of distinct matches', () => {
    for (let legCount = 2; legCount <= 10; legCount += 1) {
      const legs = legsAt(...Array.from({ length: legCount }, () => 2000));
      for (const kind of systemBetKindsAvailable(legCount)) expect(systemBetCheck(kind, legs)).toBeNull();
    }
  });
});

describe('systemBetCheck', () => {
  const three = legsAt(2000, 2000, 2000);
  it.each<[string, SystemBetKind, SystemLeg[], string]>([
    ['one leg', systemBetAccumulator(1), legsAt(2000), 'TOO_FEW_LEGS'],
    ['eleven legs', systemBetAccumulator(11), legsAt(...Array.from({ length: 11 }, () => 2000)), 'TOO_MANY_LEGS'],
    ['a fourfold of three legs', { type: 'fold', foldSize: 4 }, three, 'FOLD_SIZE_INVALID'],
    ['a fold of singles', { type: 'fold', foldSize: 1 }, three, 'FOLD_SIZE_INVALID'],
    ['a Yankee of three legs', systemBetFullCover('yankee'), three, 'LEG_COUNT_MISMATCH'],
    ['a full cover of nine legs', { type: 'fullCover', legCount: 9, singles: false }, legsAt(...Array.from({ length: 9 }, () => 2000)), 'SYSTEM_UNSUPPORTED'],
    ['a double of two legs of one match', systemBetAccumulator(2), [three[0]!, { ...three[1]!, matchId: three[0]!.matchId }], 'SAME_MATCH_LEGS'],
    [
      'a treble holding two matches of one team',
      systemBetAccumulator(3),
      [
        { ...three[0]!, teamIds: [11, 12] },
        { ...three[1]!, teamIds: [13, 14] },
        { ...three[2]!, teamIds: [15, 12] },
      ],
      'SAME_TEAM_LEGS',
    ],
    [
      'a Trixie holding a single-only market',
      systemBetFullCover('trixie'),
      [three[0]!, three[1]!, { ...three[2]!, multipleAllowed: false }],
      'LEG_NOT_ALLOWED_IN_MULTIPLE',
    ],
  ])('refuses %s', (_name, kind, legs, code) => {
    expect(systemBetCheck(kind, legs)).toBe(code);
  });
});

describe('legTeamSharedIndex', () => {
  it('names the first leg whose match shares a team with an earlier one, home or away', () => {
    expect(
      legTeamSharedIndex([
        { matchId: 1, teamIds: [1, 2] },
        { matchId: 2, teamIds: [3, 4] },
        { matchId: 3, teamIds: [2, 5] },
      ]),
    ).toBe(2);
    expect(
      legTeamSharedIndex([
        { matchId: 1, teamIds: [1, 2] },
        { matchId: 2, teamIds: [1, 3] },
      ]),
    ).toBe(1);
  });

  it('finds none among distinct teams, in legs that do not say their teams, or twice in the same match', () => {
    expect(
      legTeamSharedIndex([
        { matchId: 1, teamIds: [1, 2] },
        { matchId: 2, teamIds: [3, 4] },
      ]),
    ).toBeUndefined();
    expect(legTeamSharedIndex([{ matchId: 1 }, { matchId: 2 }, { matchId: 3, teamIds: [1, 2] }])).toBeUndefined();
    expect(
      legTeamSharedIndex([
        { matchId: 1, teamIds: [1, 2] },
        { matchId: 1, teamIds: [1, 2] },
      ]),
    ).toBeUndefined();
  });
});

describe('systemBetQuote', () => {
  it('prices a Trixie of three 6.0 winners at 10.00 a line: stake 40.00, return 3,240.00', () => {
    const quote = systemBetQuote(systemBetFullCover('trixie'), legsAt(6000, 6000, 6000), minorUnits(1000));
    expect(quote).toMatchObject({ ok: true, code: 3004, lineCount: 4, totalStakeMinor: 4000, payoutMinorMax: 324_000 });
  });

  it('floors each line before summing', () => {
    // Each double at 1.333 × 1.333 on 0.10 is 0.177689 → 17; three of them plus the treble 0.2368… → 23.
    const quote = systemBetQuote(systemBetFullCover('trixie'), legsAt(1333, 1333, 1333), minorUnits(10));
    expect(quote.ok && quote.lines.map((line) => line.payoutMinorMax)).toEqual([17, 17, 17, 23]);
    expect(quote.ok && quote.payoutMinorMax).toBe(74);
  });

  it('refuses a zero unit stake', () => {
    expect(systemBetQuote(systemBetAccumulator(2), legsAt(2000, 2000), minorUnits(0))).toEqual({ ok: false, code: 'STAKE_INVALID' });
  });

  it('refuses a multiple of two legs of one match with a code', () => {
    const legs = legsAt(2000, 3000).map((leg) => ({ ...leg, matchId: 7 }));
    expect(systemBetQuote(systemBetAccumulator(2), legs, minorUnits(100))).toEqual({ ok: false, code: 'SAME_MATCH_LEGS' });
  });

  it('costs unit stake × lines and returns, for a Lucky cover, unit × (Π(1 + d) − 1) less at most a cent a line', () => {
    const kindsFor = (legCount: number): SystemBetKind[] => systemBetKindsAvailable(legCount);
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 6 }).chain((legCount) => fc.array(fc.integer({ min: 1001, max: 9000 }), { minLength: legCount, maxLength: legCount })),
        fc.integer({ min: 1, max: 100_000 }),
        (odds, unit) => {
          const legs = legsAt(...odds);
          for (const kind of kindsFor(odds.length)) {
            const quote = systemBetQuote(kind, legs, minorUnits(unit));
            if (!quote.ok) throw new Error(quote.code);
            expect(quote.totalStakeMinor).toBe(unit * quote.lineCount);
          }
          const lucky = systemBetQuote({ type: 'fullCover', legCount: odds.length, singles: true }, legs, minorUnits(unit));
          if (!lucky.ok) throw new Error(lucky.code);
          const scale = 1000n ** BigInt(odds.length);
          const exact = BigInt(unit) * (odds.reduce((product, value) => product * (1000n + BigInt(value)), 1n) - scale);
          const paid = BigInt(lucky.payoutMinorMax) * scale;
          expect(paid <= exact).toBe(true);
          expect(paid > exact - BigInt(lucky.lineCount) * scale).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});
