import { describe, expect, it } from 'vitest';
import { fairFloatStream, fairSeedHash } from './fair.ts';
import {
  casinoGameInfo,
  casinoOutcomeFinished,
  casinoParamsParse,
  casinoPlay,
  casinoStakeValid,
  casinoVerify,
  casinoWinMinor,
  CASINO_DEFAULT_PARAMS,
  CASINO_MULTI_STEP_GAMES,
  SLOT_DEFINITIONS,
} from './games.ts';
import { crashPoint, crashRtpExact } from './games/crash.ts';
import { diceMultiplierBp, diceParamsValid, diceRtpExact } from './games/dice.ts';
import { minesMultiplierBp, minesPositions, minesRtpExact, minesState } from './games/mines.ts';
import { plinkoRtpExact } from './games/plinko.ts';
import { rouletteReturnX, rouletteRtpExact } from './games/roulette.ts';
import { slotPlay, slotRtpExact, slotSpin, type SlotDefinition } from './games/slot-engine.ts';
import { HOUSE_GAME_IDS, PLINKO_RISKS, PLINKO_ROWS, ROULETTE_BET_KINDS, type SlotOutcome } from './types.ts';

/** The figures published in packages/domain/src/casino/README.md and shown in each game's info. */
const DOCUMENTED_RTP: Record<(typeof HOUSE_GAME_IDS)[number], number> = {
  'reef-riches': 95.9677,
  'neon-koi': 95.8311,
  'lucky-sevens': 96.3887,
  crash: 99.0,
  mines: 98.9952,
  dice: 98.9951,
  plinko: 98.9893,
  roulette: 97.2973,
  limbo: 99.0,
  keno: 98.7492,
  baccarat: 98.9421,
  wheel: 99.0,
  tower: 99.0,
  bingo: 96.7003,
  fishing: 97.0,
  'video-poker': 99.5439,
  hilo: 98.9992,
  // Measured (10⁷ hands of basic strategy, ± 0.093 at 99 %): see blackjack.ts.
  blackjack: 99.52,
};

const PLINKO_RTP: Record<string, number> = {
  '8 low': 98.984375,
  '8 medium': 98.90625,
  '8 high': 99.0625,
  '12 low': 98.979492,
  '12 medium': 98.989258,
  '12 high': 99.116211,
  '16 low': 98.998718,
  '16 medium': 98.988342,
  '16 high': 98.97644,
};

describe('exact RTP equals the documented figure', () => {
  it.each(HOUSE_GAME_IDS)('%s', (id) => {
    expect(casinoGameInfo(id).rtpPercent).toBe(DOCUMENTED_RTP[id]);
  });

  it('names how the figures were obtained by a message key per kind, with the slot feature frequency', () => {
    expect(casinoGameInfo('reef-riches').method).toStrictEqual({ key: 'slot', featureEveryRounds: 91 });
    for (const id of HOUSE_GAME_IDS) {
      const info = casinoGameInfo(id);
      expect(info.method.key).toBe(info.kind);
      if (info.method.key === 'slot')
        expect(info.method.featureEveryRounds).toBe(Math.round(1 / slotRtpExact(SLOT_DEFINITIONS[id as 'neon-koi']).featureFrequency));
    }
  });

  it('breaks the slots down into base game and free spins', () => {
    const reef = slotRtpExact(SLOT_DEFINITIONS['reef-riches']);
    expect(reef.baseLines + reef.baseScatter + reef.freeSpins).toBeCloseTo(reef.rtp, 12);
    expect(reef.freeSpins * 100).toBeCloseTo(25.9713, 4);
    expect(1 / reef.featureFrequency).toBeCloseTo(90.854, 3);
    expect(slotRtpExact(SLOT_DEFINITIONS['neon-koi']).freeSpins * 100).toBeCloseTo(9.7433, 4);
    expect(slotRtpExact(SLOT_DEFINITIONS['lucky-sevens']).freeSpins * 100).toBeCloseTo(21.3085, 4);
  });

  it.each(PLINKO_ROWS.flatMap((rows) => PLINKO_RISKS.map((risk) => [rows, risk] as const)))('plinko %i rows %s', (rows, risk) => {
    expect(plinkoRtpExact({ rows, risk }) * 100).toBeCloseTo(PLINKO_RTP[`${rows} ${risk}`]!, 5);
  });

  it('keeps every dice target, crash target and mines stopping point between 98.99 % and 99.00 % (lattice included)', () => {
    for (let target = 100; target <= 9800; target += 37) {
      for (const rtp of [diceRtpExact({ target, direction: 'under' }), diceRtpExact({ target: 10_000 - target, direction: 'over' })]) {
        expect(rtp).toBeGreaterThan(0.9898);
        expect(rtp).toBeLessThan(0.990002);
      }
    }
    for (const cashout of [101, 150, 200, 777, 1000, 10_000, 100_000]) expect(Math.abs(crashRtpExact({ cashout }) - 0.99)).toBeLessThan(1e-5);
    for (let mines = 1; mines <= 24; mines += 1)
      for (let safe = 1; safe <= 25 - mines; safe += 1) {
        expect(minesRtpExact(mines, safe)).toBeGreaterThanOrEqual(0.9899);
        expect(minesRtpExact(mines, safe)).toBeLessThanOrEqual(0.99 + 1e-12);
      }
  });

  it('pays 36/37 on every roulette bet', () => {
    for (const kind of ROULETTE_BET_KINDS) {
      const numbers = kind === 'straight' ? [0, 17, 36] : kind === 'dozen' || kind === 'column' ? [1, 2, 3] : [undefined];
      for (const number of numbers) expect(rouletteRtpExact({ kind, amount: 1, ...(number === undefined ? {} : { number }) })).toBeCloseTo(36 / 37, 12);
    }
  });
});

/** Every stop combination of a small slot, to check the combinatorial RTP against brute force. */
function bruteForceBase(definition: SlotDefinition): number {
  const lengths = definition.reels.map((strip) => strip.length);
  let total = 0;
  let combos = 0;
  const stops = lengths.map(() => 0);
  for (;;) {
    let i = 0;
    const floats = stops.map((stop, reel) => (stop + 0.5) / lengths[reel]!);
    const spin = slotSpin(definition, () => floats[i++]!, false);
    total += spin.payBp / 10_000;
    combos += 1;
    let reel = 0;
    while (reel < stops.length && ++stops[reel]! === lengths[reel]) stops[reel++] = 0;
    if (reel === stops.length) break;
  }
  return total / combos;
}

describe('slot engine', () => {
  const tinyLines: SlotDefinition = {
    rows: 3,
    mode: 'lines',
    lines: [
      [1, 1, 1, 1, 1],
      [0, 1, 2, 1, 0],
      [2, 2, 0, 0, 1],
    ],
    payUnitsPerStake: 3,
    reels: [
      ['A', 'B', 'S', 'C', 'A'],
      ['W', 'A', 'B', 'C'],
      ['A', 'W', 'S', 'B', 'C', 'A'],
      ['B', 'A', 'W', 'C'],
      ['A', 'S', 'B', 'W', 'C'],
    ],
    paytable: { A: [0, 0, 0, 5, 20, 100], B: [0, 0, 2, 4, 10, 50], C: [0, 0, 0, 3, 6, 12] },
    wild: 'W',
    wildMultiplier: 2,
    scatter: 'S',
    scatterPays: [0, 0, 1, 5, 10, 20],
    freeSpins: [0, 0, 0, 3, 3, 3],
    freeMultiplier: 2,
  };
  const tinyWays: SlotDefinition = { ...tinyLines, mode: 'ways', lines: undefined, payUnitsPerStake: 7, wildMultiplier: 1 };

  it.each([
    ['lines with multiplying wilds', tinyLines],
    ['ways', tinyWays],
    ['Lucky Sevens', SLOT_DEFINITIONS['lucky-sevens']],
  ])('matches brute-force enumeration of every stop for %s', (_label, definition) => {
    const exact = slotRtpExact(definition);
    expect(bruteForceBase(definition)).toBeCloseTo(exact.baseLines + exact.baseScatter, 12);
  });

  it('keeps wilds off reel 1 of the 5-reel games (the evaluation rules assume it)', () => {
    for (const id of ['reef-riches', 'neon-koi'] as const) {
      const definition = SLOT_DEFINITIONS[id];
      for (const strips of [definition.reels, definition.freeReels ?? definition.reels]) expect(strips[0]).not.toContain(definition.wild);
    }
  });

  it('pays a line of five top symbols and shows its cells', () => {
    const reef = SLOT_DEFINITIONS['reef-riches'];
    const stops = reef.reels.map((strip) => strip.indexOf('piranha') - 1 + strip.length);
    let i = 0;
    const spin = slotSpin(reef, () => (stops[i++]! % reef.reels[i - 1]!.length) / reef.reels[i - 1]!.length + 1e-9, false);
    const middle = spin.wins.find((win) => win.type === 'line' && win.line === 0)!;
    expect(middle).toMatchObject({ symbol: 'piranha', count: 5, cells: [1, 4, 7, 10, 13], payBp: (1250 * 10_000) / 20 });
  });

  it('plays free spins until none remain, with the feature multiplier', () => {
    let seen: SlotOutcome | undefined;
    for (let nonce = 0; nonce < 3000 && !seen; nonce += 1) {
      const outcome = slotPlay(SLOT_DEFINITIONS['reef-riches'], fairFloatStream('free-spins', 'c', nonce));
      if (outcome.spins.length > 1) seen = outcome;
    }
    expect(seen).toBeDefined();
    const awarded = seen!.spins.reduce((sum, spin) => sum + spin.freeSpinsWon, 0);
    expect(seen!.spins.length - 1).toBe(awarded);
    expect(seen!.spins.slice(1).every((spin) => spin.free && spin.multiplier === 3)).toBe(true);
    expect(seen!.payBp).toBe(seen!.spins.reduce((sum, spin) => sum + spin.payBp, 0));
  });
});

describe('game rules', () => {
  it('refuses choices that do not fit the game', () => {
    expect(casinoParamsParse('dice', { target: 5000, direction: 'under' })).toEqual({ target: 5000, direction: 'under' });
    expect(casinoParamsParse('dice', { target: 50, direction: 'under' })).toBeUndefined();
    expect(casinoParamsParse('dice', { target: 5000, direction: 'sideways' })).toBeUndefined();
    expect(casinoParamsParse('dice', { target: 5000, direction: 'under', extra: 1 })).toBeUndefined();
    expect(casinoParamsParse('crash', { cashout: 100 })).toBeUndefined();
    expect(casinoParamsParse('crash', { cashout: 100_001 })).toBeUndefined();
    expect(casinoParamsParse('crash', { cashout: 2.5 })).toBeUndefined();
    expect(casinoParamsParse('mines', { mines: 0 })).toBeUndefined();
    expect(casinoParamsParse('mines', { mines: 25 })).toBeUndefined();
    expect(casinoParamsParse('plinko', { rows: 10, risk: 'low' })).toBeUndefined();
    expect(casinoParamsParse('reef-riches', { lines: 5 })).toBeUndefined();
    expect(casinoParamsParse('reef-riches', {})).toEqual({});
    expect(casinoParamsParse('roulette', { bets: [{ kind: 'straight', number: 37, amount: 10 }] })).toBeUndefined();
    expect(casinoParamsParse('roulette', { bets: [{ kind: 'red', number: 1, amount: 10 }] })).toBeUndefined();
    expect(casinoParamsParse('roulette', { bets: [{ kind: 'dozen', number: 2, amount: 10 }] })).toEqual({ bets: [{ kind: 'dozen', number: 2, amount: 10 }] });
    expect(casinoParamsParse('roulette', { bets: [] })).toBeUndefined();
    expect(casinoParamsParse('dice', null)).toBeUndefined();
  });

  it('holds stakes to the game limits, and roulette stakes to the sum of the chips', () => {
    expect(casinoStakeValid('reef-riches', {}, 19)).toBe(false);
    expect(casinoStakeValid('reef-riches', {}, 20)).toBe(true);
    expect(casinoStakeValid('reef-riches', {}, 50_001)).toBe(false);
    expect(casinoStakeValid('dice', CASINO_DEFAULT_PARAMS.dice, 10.5)).toBe(false);
    const bets = {
      bets: [
        { kind: 'red' as const, amount: 100 },
        { kind: 'straight' as const, number: 7, amount: 50 },
      ],
    };
    expect(casinoStakeValid('roulette', bets, 150)).toBe(true);
    expect(casinoStakeValid('roulette', bets, 100)).toBe(false);
  });

  it('settles roulette chips by the table', () => {
    expect(rouletteReturnX({ kind: 'straight', number: 0, amount: 1 }, 0)).toBe(36);
    expect(rouletteReturnX({ kind: 'red', amount: 1 }, 0)).toBe(0);
    expect(rouletteReturnX({ kind: 'black', amount: 1 }, 0)).toBe(0);
    expect(rouletteReturnX({ kind: 'red', amount: 1 }, 32)).toBe(2);
    expect(rouletteReturnX({ kind: 'column', number: 3, amount: 1 }, 36)).toBe(3);
    expect(rouletteReturnX({ kind: 'dozen', number: 3, amount: 1 }, 25)).toBe(3);
    expect(rouletteReturnX({ kind: 'low', amount: 1 }, 18)).toBe(2);
    expect(rouletteReturnX({ kind: 'high', amount: 1 }, 18)).toBe(0);
  });

  it('pays dice at 0.99 × 10001 / winning rolls, floored to 4 decimals', () => {
    expect(diceMultiplierBp({ target: 5000, direction: 'under' })).toBe(19_801);
    expect(diceMultiplierBp({ target: 100, direction: 'under' })).toBe(990_099);
    expect(diceParamsValid({ target: 9900, direction: 'over' })).toBe(true);
    expect(diceParamsValid({ target: 9901, direction: 'over' })).toBe(false);
  });

  it('crashes at 1.00× at worst and caps the top', () => {
    expect(crashPoint(0.999999)).toBe(100);
    expect(crashPoint(0)).toBe(100_000_000);
    expect(crashPoint(0.5)).toBe(198);
  });

  it('plays Mines: multipliers, a bust, a cash-out, mines hidden while open', () => {
    expect(minesMultiplierBp(3, 1)).toBe(11_250);
    expect(minesMultiplierBp(24, 1)).toBe(247_500);
    const positions = minesPositions(5, fairFloatStream('mines', 'c', 1));
    expect(new Set(positions).size).toBe(5);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !positions.includes(tile));
    const open = minesState(5, positions, safe.slice(0, 2), false);
    expect(open).toMatchObject({ status: 'open', minePositions: [] });
    expect(casinoWinMinor(open, 1000)).toBe(0);
    const cashed = minesState(5, positions, safe.slice(0, 2), true);
    expect(cashed.status).toBe('cashed');
    expect(casinoWinMinor(cashed, 1000)).toBe(Math.floor((1000 * minesMultiplierBp(5, 2)) / 10_000));
    const busted = minesState(5, positions, [safe[0]!, positions[0]!], false);
    expect(busted).toMatchObject({ status: 'busted', multiplierBp: 0 });
    expect(busted.minePositions).toEqual([...positions].sort((a, b) => a - b));
    expect(minesState(5, positions, safe, false).status).toBe('cashed');
  });

  it('recomputes any round from its revealed seeds (the verify page)', () => {
    const serverSeed = 'a'.repeat(64);
    for (const id of HOUSE_GAME_IDS) {
      const params = CASINO_DEFAULT_PARAMS[id];
      const played = casinoPlay(id, params, fairFloatStream(serverSeed, 'player', 42));
      const verified = casinoVerify({ serverSeed, serverSeedHash: fairSeedHash(serverSeed), clientSeed: 'player', nonce: 42, gameId: id, params });
      expect(verified.ok).toBe(true);
      if (id === 'mines')
        expect(verified.ok && (verified.outcome as { minePositions: number[] }).minePositions).toEqual([...played.minePositions!].sort((a, b) => a - b));
      else if (id === 'tower') expect(verified.ok && (verified.outcome as { traps: number[][] }).traps).toEqual(played.towerTraps);
      else expect(verified.ok && verified.outcome).toEqual(played.outcome);
      // Blackjack at this seed deals a 12 against a 6: open, waiting for the player.
      expect(casinoOutcomeFinished(played.outcome)).toBe(!CASINO_MULTI_STEP_GAMES.includes(id));
    }
    expect(
      casinoVerify({ serverSeed, serverSeedHash: fairSeedHash('other'), clientSeed: 'player', nonce: 42, gameId: 'dice', params: CASINO_DEFAULT_PARAMS.dice }),
    ).toEqual({
      ok: false,
      reason: 'seed_hash_mismatch',
    });
  });
});
