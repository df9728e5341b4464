import { describe, expect, it } from 'vitest';
import { fairFloatStream } from './fair.ts';
import { casinoOutcomeFinished, casinoParamsParse, casinoPlay, casinoVerify, casinoWinMinor } from './games.ts';
import { choose } from './games/common.ts';
import {
  BINGO_CENTRE,
  BINGO_DRAWN,
  BINGO_LINES,
  BINGO_PAYS_BP,
  BINGO_SUBSET_COUNTS,
  bingoCard,
  bingoFigures,
  bingoPatternOf,
  bingoTierOf,
  bingoPlay,
} from './games/bingo.ts';
import { FISHING_MULTIPLIERS, fishingCatchCount, fishingPlay, fishingRtpExact } from './games/fishing.ts';
import {
  TOWER_FLOORS,
  TOWER_SETUPS,
  towerMultiplierBp,
  towerPayFraction,
  towerRtpExact,
  towerState,
  towerSurvival,
  towerTraps,
  towerWinMinor,
} from './games/tower.ts';
import { WHEEL_TABLES, wheelFigures, wheelPlay, wheelRtpExact, wheelRtpLattice } from './games/wheel.ts';
import { BINGO_PATTERNS, FISHING_FISH, TOWER_DIFFICULTIES, WHEEL_RISKS, WHEEL_SEGMENTS } from './types.ts';

const SEED = { server: 'b1f0a7c2e9d84c6f', client: 'player-seed' };

describe('wheel', () => {
  const settings = WHEEL_SEGMENTS.flatMap((segments) => WHEEL_RISKS.map((risk) => ({ segments, risk })));

  it.each(settings)('$segments segments, $risk: the table has one entry per segment and returns exactly 99 %', (params) => {
    const table = WHEEL_TABLES[params.segments][params.risk];
    expect(table).toHaveLength(params.segments);
    // Exact in integers: the hundredths add up to 99 × segments.
    expect(table.reduce((sum, hundredths) => sum + hundredths, 0)).toBe(99 * params.segments);
    expect(wheelRtpExact(params)).toBeCloseTo(0.99, 12);
    // Over the 2³² floats the bytes can make, the figure moves by less than 10⁻⁸.
    expect(Math.abs(wheelRtpLattice(params) - 0.99)).toBeLessThan(1e-8);
  });

  it('publishes the figures of each risk: low hits 80 %, medium 50 %, high one segment (0.99 × segments)', () => {
    expect(wheelFigures({ segments: 10, risk: 'low' }).hit).toBe(0.8);
    expect(wheelFigures({ segments: 40, risk: 'medium' }).hit).toBe(0.5);
    expect(WHEEL_TABLES[50].high[0]).toBe(4950);
    expect(WHEEL_TABLES[50].high.filter((hundredths) => hundredths > 0)).toHaveLength(1);
  });

  it('stops on floor(f × segments) and pays that segment', () => {
    expect(wheelPlay({ segments: 10, risk: 'high' }, () => 0.05)).toEqual({ kind: 'wheel', segments: 10, risk: 'high', segment: 0, multiplierBp: 99_000 });
    expect(wheelPlay({ segments: 20, risk: 'medium' }, () => 0.999999)).toMatchObject({ segment: 19, multiplierBp: 30_000 });
    expect(
      casinoWinMinor(
        wheelPlay({ segments: 10, risk: 'low' }, () => 0),
        1000,
      ),
    ).toBe(1500);
    expect(
      casinoWinMinor(
        wheelPlay({ segments: 10, risk: 'low' }, () => 0.45),
        1000,
      ),
    ).toBe(0);
  });

  it('refuses other segment counts and risks', () => {
    expect(casinoParamsParse('wheel', { segments: 30, risk: 'medium' })).toEqual({ segments: 30, risk: 'medium' });
    for (const raw of [{ segments: 25, risk: 'low' }, { segments: 10, risk: 'wild' }, { segments: 10 }, { segments: 10, risk: 'low', extra: 1 }])
      expect(casinoParamsParse('wheel', raw)).toBeUndefined();
  });
});

describe('tower', () => {
  it.each(TOWER_DIFFICULTIES)('%s: cashing out after any floor returns exactly 99 %', (difficulty) => {
    const { doors, traps } = TOWER_SETUPS[difficulty];
    for (let floors = 1; floors <= TOWER_FLOORS; floors += 1) {
      // In integers: P(survive) × pay = (safe/doors)^k × 99·doors^k / (100·safe^k) = 99/100.
      const { numerator, denominator } = towerPayFraction(difficulty, floors);
      expect(numerator * 100 * (doors - traps) ** floors).toBe(99 * denominator * doors ** floors);
      expect(towerRtpExact(difficulty, floors)).toBeCloseTo(0.99, 12);
      // The multiplier shown is the pay floored to 4 decimals.
      expect(towerMultiplierBp(difficulty, floors)).toBe(Math.floor((numerator * 10_000) / denominator));
    }
  });

  it('publishes 0.99 / P(survive): medium 1.485×, 2.2275×; hard 1.98× doubling; expert 2.97× tripling; easy 8 floors 9.8888×', () => {
    expect([1, 2].map((floors) => towerMultiplierBp('medium', floors))).toEqual([14_850, 22_275]);
    expect([1, 2, 8].map((floors) => towerMultiplierBp('hard', floors))).toEqual([19_800, 39_600, 2_534_400]);
    expect([1, 2].map((floors) => towerMultiplierBp('expert', floors))).toEqual([29_700, 89_100]);
    expect(towerMultiplierBp('easy', 8)).toBe(98_888);
    expect(towerSurvival('expert', 2)).toBeCloseTo(1 / 9, 15);
    // The pay is the exact fraction floored to a minor unit: 1000 × 0.99 × (4/3)³ = 2346.66… → 2346.
    expect(towerWinMinor('easy', 3, 1000)).toBe(2346);
  });

  it('draws the traps floor by floor with Fisher–Yates, one float per trap', () => {
    const floats = [0.1, 0.9, 0.5, 0.2, 0.7, 0.0, 0.99, 0.4];
    let i = 0;
    expect(towerTraps('medium', () => floats[i++]!)).toEqual([[0], [2], [1], [0], [2], [0], [2], [1]]);
    let j = 0;
    // Expert: two traps of three doors per floor; [0.1, 0.9] → door 0, then door 2 of the remaining [1, 2].
    const expert = towerTraps('expert', () => [0.1, 0.9][j++ % 2]!);
    expect(expert[0]).toEqual([0, 2]);
    expect(expert).toHaveLength(TOWER_FLOORS);
    for (const difficulty of TOWER_DIFFICULTIES) {
      const traps = towerTraps(difficulty, fairFloatStream(SEED.server, SEED.client, 3));
      for (const floor of traps) {
        expect(floor).toHaveLength(TOWER_SETUPS[difficulty].traps);
        expect(new Set(floor).size).toBe(floor.length);
        expect(floor.every((door) => door >= 0 && door < TOWER_SETUPS[difficulty].doors)).toBe(true);
      }
    }
  });

  it('stays open while climbing, busts on a trap, cashes out, and finishes on the 8th floor', () => {
    const traps = Array.from({ length: TOWER_FLOORS }, () => [0]);
    const open = towerState('hard', traps, [1, 1], false);
    expect(open).toEqual({ kind: 'tower', difficulty: 'hard', picks: [1, 1], status: 'open', multiplierBp: 39_600, traps: [] });
    expect(casinoOutcomeFinished(open)).toBe(false);
    expect(casinoWinMinor(open, 1000)).toBe(0);
    const busted = towerState('hard', traps, [1, 0], false);
    expect(busted).toMatchObject({ status: 'busted', multiplierBp: 0, traps });
    expect(casinoWinMinor(busted, 1000)).toBe(0);
    const cashed = towerState('hard', traps, [1, 1], true);
    expect(cashed.status).toBe('cashed');
    expect(casinoWinMinor(cashed, 1000)).toBe(3960);
    const top = towerState(
      'hard',
      traps,
      Array.from({ length: 8 }, () => 1),
      false,
    );
    expect(top).toMatchObject({ status: 'cashed', multiplierBp: 2_534_400 });
  });

  it('verifies a round from its seeds and the picks, traps shown', () => {
    const played = casinoPlay('tower', { difficulty: 'easy' }, fairFloatStream(SEED.server, SEED.client, 7));
    expect(played.outcome).toMatchObject({ kind: 'tower', status: 'open', traps: [] });
    const traps = played.towerTraps!;
    const safe = [0, 1, 2, 3].find((door) => !traps[0]!.includes(door))!;
    const verified = casinoVerify({
      serverSeed: SEED.server,
      clientSeed: SEED.client,
      nonce: 7,
      gameId: 'tower',
      params: { difficulty: 'easy' },
      tower: { picks: [safe], cashedOut: true },
    });
    expect(verified).toEqual({ ok: true, outcome: { kind: 'tower', difficulty: 'easy', picks: [safe], status: 'cashed', multiplierBp: 13_200, traps } });
  });

  it('refuses unknown difficulties', () => {
    expect(casinoParamsParse('tower', { difficulty: 'expert' })).toEqual({ difficulty: 'expert' });
    for (const raw of [{ difficulty: 'insane' }, {}, { difficulty: 'easy', floors: 3 }]) expect(casinoParamsParse('tower', raw)).toBeUndefined();
  });
});

describe('bingo', () => {
  it('tallies every one of the 2²⁴ marked subsets (re-enumerated here)', () => {
    // Subset bit b is cell b below the centre and cell b + 1 above it.
    const counts = Array.from({ length: 25 }, () => new Array<number>(BINGO_PATTERNS.length + 1).fill(0));
    for (let subset = 0; subset < 1 << 24; subset += 1) {
      const marked = (subset & 0xfff) | ((subset >>> 12) << 13) | (1 << BINGO_CENTRE);
      let size = subset - ((subset >>> 1) & 0x55555555);
      size = (size & 0x33333333) + ((size >>> 2) & 0x33333333);
      size = (((size + (size >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
      counts[size]![bingoTierOf(marked)]! += 1;
    }
    expect(counts).toEqual(BINGO_SUBSET_COUNTS);
    BINGO_SUBSET_COUNTS.forEach((row, size) => expect(row.reduce((sum, count) => sum + count, 0)).toBe(choose(24, size)));
  }, 120_000);

  it('returns 96.7003 % with 30 balls; the chances add up to 1', () => {
    const { chances, rtp, hit } = bingoFigures();
    expect(Object.values(chances).reduce((sum, chance) => sum + chance, 0)).toBeCloseTo(1, 12);
    expect(rtp * 100).toBeCloseTo(96.7003, 4);
    expect(hit * 100).toBeCloseTo(15.6915, 4);
    // The published chances (info sheet): one line 13.17 %, two lines 1.08 %, corners 1.34 %.
    expect(chances.line).toBeCloseTo(0.131658, 6);
    expect(chances['two-lines']).toBeCloseTo(0.010844, 6);
    expect(chances.corners).toBeCloseTo(0.013376, 6);
    expect(BINGO_DRAWN).toBe(30);
  });

  it('ranks the patterns: full house, three lines, X, two lines, a line, the four corners', () => {
    const mask = (cells: readonly number[]) => cells.reduce((m, cell) => m | (1 << cell), 1 << BINGO_CENTRE);
    expect(bingoPatternOf(mask([0, 4, 20, 24])).pattern).toBe('corners');
    expect(bingoPatternOf(mask(BINGO_LINES[0]!))).toEqual({ pattern: 'line', lines: [0] });
    expect(bingoPatternOf(mask([...BINGO_LINES[10]!, ...BINGO_LINES[11]!])).pattern).toBe('x');
    expect(bingoPatternOf(mask([...BINGO_LINES[0]!, ...BINGO_LINES[4]!])).pattern).toBe('two-lines');
    expect(bingoPatternOf(mask([...BINGO_LINES[0]!, ...BINGO_LINES[4]!, ...BINGO_LINES[5]!])).pattern).toBe('three-lines');
    expect(bingoPatternOf((1 << 25) - 1).pattern).toBe('full-house');
    expect(bingoPatternOf(mask([0, 1, 2, 3])).pattern).toBeNull();
  });

  it('draws a card with 5 distinct numbers per column from its range and a free centre, then 30 distinct balls', () => {
    const card = bingoCard(fairFloatStream(SEED.server, SEED.client, 1));
    expect(card[BINGO_CENTRE]).toBe(0);
    for (let col = 0; col < 5; col += 1) {
      const column = [0, 1, 2, 3, 4].map((row) => card[row * 5 + col]!).filter((n) => n !== 0);
      expect(column).toHaveLength(col === 2 ? 4 : 5);
      expect(new Set(column).size).toBe(column.length);
      expect(column.every((n) => n >= col * 15 + 1 && n <= col * 15 + 15)).toBe(true);
    }
    // With zeros everywhere, each column takes the lowest numbers left in order.
    expect(bingoCard(() => 0).slice(0, 5)).toEqual([1, 16, 31, 46, 61]);
    const outcome = bingoPlay(fairFloatStream(SEED.server, SEED.client, 1));
    expect(outcome.card).toEqual(card);
    expect(new Set(outcome.drawn).size).toBe(30);
    expect(outcome.marked).toContain(BINGO_CENTRE);
    expect(outcome.marked.filter((cell) => cell !== BINGO_CENTRE).every((cell) => outcome.drawn.includes(outcome.card[cell]!))).toBe(true);
    expect(outcome.multiplierBp).toBe(outcome.pattern ? BINGO_PAYS_BP[outcome.pattern] : 0);
  });

  it('pays a card full of the first numbers: every ball low, so the B column … wins', () => {
    // Floats 0 for the card (1–5, 16–20, 31–34, 46–50, 61–65), then 0 for the balls (1–30): B and I columns full.
    const outcome = bingoPlay(() => 0);
    expect(outcome.lines).toEqual([5, 6]);
    expect(outcome.pattern).toBe('two-lines');
    expect(casinoWinMinor(outcome, 100)).toBe(1800);
    expect(casinoParamsParse('bingo', {})).toEqual({});
    expect(casinoParamsParse('bingo', { picks: [1] })).toBeUndefined();
  });
});

describe('fishing', () => {
  it.each(FISHING_FISH)('%s: catches with chance 0.97 / multiplier on the 2³² lattice, so RTP is 97 %', (fish) => {
    const multiplier = FISHING_MULTIPLIERS[fish];
    expect(fishingCatchCount(fish)).toBe(Math.floor((0.97 / multiplier) * 2 ** 32));
    expect(fishingRtpExact({ fish })).toBeLessThanOrEqual(0.97);
    expect(0.97 - fishingRtpExact({ fish })).toBeLessThan(1e-8);
  });

  it('publishes 2×, 5×, 10×, 20×, 50×', () => {
    expect(FISHING_FISH.map((fish) => FISHING_MULTIPLIERS[fish])).toEqual([2, 5, 10, 20, 50]);
  });

  it('catches exactly below the threshold, whatever else happens', () => {
    const edge = fishingCatchCount('shark') / 2 ** 32;
    expect(fishingPlay({ fish: 'shark' }, () => edge - 2 ** -32)).toEqual({ kind: 'fishing', fish: 'shark', multiplierBp: 200_000, caught: true });
    expect(fishingPlay({ fish: 'shark' }, () => edge).caught).toBe(false);
    expect(
      casinoWinMinor(
        fishingPlay({ fish: 'whale' }, () => 0),
        100,
      ),
    ).toBe(5000);
    expect(
      casinoWinMinor(
        fishingPlay({ fish: 'whale' }, () => 0.5),
        100,
      ),
    ).toBe(0);
    expect(casinoParamsParse('fishing', { fish: 'kraken' })).toBeUndefined();
  });
});

describe('verification vectors (fixed seeds)', () => {
  it('replays the same outcome for each game', () => {
    for (const [gameId, params] of [
      ['wheel', { segments: 20, risk: 'high' }],
      ['bingo', {}],
      ['fishing', { fish: 'minnow' }],
    ] as const) {
      const played = casinoPlay(gameId, params, fairFloatStream(SEED.server, SEED.client, 0)).outcome;
      expect(casinoVerify({ serverSeed: SEED.server, clientSeed: SEED.client, nonce: 0, gameId, params })).toEqual({ ok: true, outcome: played });
    }
    const stream = () => fairFloatStream(SEED.server, SEED.client, 0);
    expect(casinoPlay('wheel', { segments: 20, risk: 'high' }, stream()).outcome).toEqual({
      kind: 'wheel',
      segments: 20,
      risk: 'high',
      segment: 13,
      multiplierBp: 0,
    });
    expect(casinoPlay('fishing', { fish: 'minnow' }, stream()).outcome).toEqual({ kind: 'fishing', fish: 'minnow', multiplierBp: 20_000, caught: false });
    expect(casinoPlay('bingo', {}, stream()).outcome).toEqual({
      kind: 'bingo',
      card: [10, 27, 43, 52, 73, 4, 19, 31, 49, 64, 1, 26, 0, 54, 63, 7, 21, 41, 55, 69, 5, 17, 40, 50, 72],
      drawn: [48, 19, 27, 47, 53, 28, 29, 33, 42, 20, 56, 39, 25, 32, 2, 50, 17, 45, 74, 62, 70, 59, 49, 3, 69, 37, 66, 15, 4, 9],
      marked: [1, 5, 6, 8, 12, 19, 21, 23],
      lines: [],
      pattern: null,
      multiplierBp: 0,
    });
    expect(casinoPlay('tower', { difficulty: 'medium' }, stream()).towerTraps).toEqual([[1], [0], [0], [1], [0], [2], [0], [2]]);
  });
});
