import { dicePlay, diceParamsValid, diceMultiplierBp, diceRtpExact } from './games/dice.ts';
import { crashMultiplierBp, crashParamsValid, crashPlay, crashRtpExact } from './games/crash.ts';
import { choose } from './games/common.ts';
import { minesMultiplierBp, minesParamsValid, minesPositions, minesRtpExact, minesState } from './games/mines.ts';
import { plinkoParamsValid, plinkoPlay, plinkoRtpExact, plinkoSigmaExact } from './games/plinko.ts';
import { rouletteParamsValid, roulettePlay, rouletteRtpExact, rouletteStake } from './games/roulette.ts';
import { slotPlay, slotRtpExact, type SlotDefinition } from './games/slot-engine.ts';
import { LUCKY_SEVENS, NEON_KOI, REEF_RICHES } from './games/slots.ts';
import { limboParamsValid, limboPlay, limboRtpExact, limboMultiplierBp } from './games/limbo.ts';
import { kenoFigures, kenoParamsValid, kenoPlay } from './games/keno.ts';
import { baccaratChances, baccaratParamsValid, baccaratPlay, baccaratRtpExact } from './games/baccarat.ts';
import {
  BLACKJACK_RTP_MEASURED,
  blackjackDeal,
  blackjackReplay,
  blackjackShoe,
  blackjackView,
  blackjackWinMinor,
  type BlackjackState,
} from './games/blackjack.ts';
import { wheelFigures, wheelParamsValid, wheelPlay } from './games/wheel.ts';
import { towerParamsValid, towerRtpExact, towerState, towerSurvival, towerTraps, towerMultiplierBp, towerWinMinor } from './games/tower.ts';
import { bingoFigures, bingoPlay } from './games/bingo.ts';
import { fishingFigures, fishingParamsValid, fishingPlay } from './games/fishing.ts';
import { videoPokerDeal, videoPokerState, VIDEO_POKER_FIGURES } from './games/video-poker.ts';
import { hiloCards, hiloRtpExact, hiloState } from './games/hilo.ts';
import { fairFloatStream, fairSeedHash, type FloatSource } from './fair.ts';
import {
  BP,
  HOUSE_GAME_IDS,
  type CasinoGameInfo,
  type CasinoGameKind,
  type CasinoOutcome,
  type CasinoParams,
  type CasinoParamsByGame,
  type HiloGuess,
  type HouseGameId,
  type BlackjackAction,
  type MinesOutcome,
  type TowerOutcome,
} from './types.ts';

export const SLOT_DEFINITIONS: Readonly<Record<'reef-riches' | 'neon-koi' | 'lucky-sevens', SlotDefinition>> = {
  'reef-riches': REEF_RICHES,
  'neon-koi': NEON_KOI,
  'lucky-sevens': LUCKY_SEVENS,
};

export function isHouseGameId(value: string): value is HouseGameId {
  return (HOUSE_GAME_IDS as readonly string[]).includes(value);
}

export function isSlotGame(id: HouseGameId): id is keyof typeof SLOT_DEFINITIONS {
  return id in SLOT_DEFINITIONS;
}

function band(sigma: number): CasinoGameInfo['volatility']['band'] {
  if (sigma < 2) return 'low';
  if (sigma < 6) return 'medium';
  if (sigma < 15) return 'high';
  return 'very high';
}

function round4(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}

const KINDS: Record<HouseGameId, CasinoGameKind> = {
  'reef-riches': 'slot',
  'neon-koi': 'slot',
  'lucky-sevens': 'slot',
  crash: 'crash',
  mines: 'mines',
  dice: 'dice',
  plinko: 'plinko',
  roulette: 'roulette',
  limbo: 'limbo',
  keno: 'keno',
  baccarat: 'baccarat',
  wheel: 'wheel',
  tower: 'tower',
  bingo: 'bingo',
  fishing: 'fishing',
  'video-poker': 'video-poker',
  hilo: 'hilo',
  blackjack: 'blackjack',
};

const NAMES: Record<HouseGameId, string> = {
  'reef-riches': 'Reef Riches',
  'neon-koi': 'Neon Koi',
  'lucky-sevens': 'Lucky Sevens',
  crash: 'Rocket Crash',
  mines: 'Mines',
  dice: 'Dice',
  plinko: 'Plinko',
  roulette: 'European Roulette',
  limbo: 'Limbo',
  keno: 'Keno',
  baccarat: 'Baccarat',
  wheel: 'Wheel',
  tower: 'Tower',
  bingo: 'Bingo 75',
  fishing: 'Reef Fishing',
  'video-poker': 'Jacks or Better',
  hilo: 'Hilo',
  blackjack: 'Blackjack',
};

/**
 * Slot hit frequency and σ: measured, not derived — a win needs the joint of 20 lines (or 243 ways) and the
 * free-spin chain, so they come from 10⁶ rounds of the seeded simulation in casino-sim.test.ts (stream
 * `casino-stats`), which prints them; their sampling error is about ±0.1 percentage points and ±2 % of σ.
 */
export const SLOT_MEASURED: Readonly<Record<keyof typeof SLOT_DEFINITIONS, { hitFrequencyPercent: number; sigma: number }>> = {
  'reef-riches': { hitFrequencyPercent: 43.22, sigma: 4.42 },
  'neon-koi': { hitFrequencyPercent: 50.41, sigma: 2.64 },
  'lucky-sevens': { hitFrequencyPercent: 29.68, sigma: 4.35 },
};

/** The choices the info panel quotes figures for. */
export const CASINO_DEFAULT_PARAMS: CasinoParamsByGame = {
  'reef-riches': {},
  'neon-koi': {},
  'lucky-sevens': {},
  crash: { cashout: 200 },
  mines: { mines: 3 },
  dice: { target: 5000, direction: 'under' },
  plinko: { rows: 12, risk: 'medium' },
  roulette: { bets: [{ kind: 'red', amount: 100 }] },
  limbo: { target: 200 },
  keno: { picks: [3, 7, 12, 18, 21, 26, 30, 33, 37, 40] },
  baccarat: { side: 'banker' },
  wheel: { segments: 30, risk: 'medium' },
  tower: { difficulty: 'medium' },
  bingo: {},
  fishing: { fish: 'turtle' },
  'video-poker': {},
  hilo: {},
  blackjack: {},
};

const LIMITS: Record<CasinoGameKind, { min: number; max: number }> = {
  slot: { min: 20, max: 50_000 },
  crash: { min: 10, max: 100_000 },
  mines: { min: 10, max: 100_000 },
  dice: { min: 10, max: 100_000 },
  plinko: { min: 10, max: 100_000 },
  roulette: { min: 10, max: 100_000 },
  limbo: { min: 10, max: 100_000 },
  keno: { min: 10, max: 100_000 },
  baccarat: { min: 10, max: 100_000 },
  wheel: { min: 10, max: 100_000 },
  tower: { min: 10, max: 100_000 },
  bingo: { min: 10, max: 100_000 },
  fishing: { min: 10, max: 100_000 },
  'video-poker': { min: 10, max: 100_000 },
  hilo: { min: 10, max: 100_000 },
  blackjack: { min: 10, max: 100_000 },
};

/** A game's published figures: RTP and hit frequency in percent and σ with its band, each rounded to 4 decimals. */
function infoOf(
  base: Pick<CasinoGameInfo, 'id' | 'kind' | 'name' | 'betMinMinor' | 'betMaxMinor'>,
  figures: { rtp: number; hit: number; sigma: number },
  method: CasinoGameInfo['method'],
): CasinoGameInfo {
  return {
    ...base,
    rtpPercent: round4(figures.rtp * 100),
    hitFrequencyPercent: round4(figures.hit * 100),
    volatility: { sigma: round4(figures.sigma), band: band(figures.sigma) },
    method,
  };
}

function infoBuild(id: HouseGameId): CasinoGameInfo {
  const kind = KINDS[id];
  const limits = LIMITS[kind];
  const base = { id, kind, name: NAMES[id], betMinMinor: limits.min, betMaxMinor: limits.max };
  if (isSlotGame(id)) {
    const exact = slotRtpExact(SLOT_DEFINITIONS[id]);
    const measured = SLOT_MEASURED[id];
    return {
      ...base,
      rtpPercent: round4(exact.rtp * 100),
      hitFrequencyPercent: measured.hitFrequencyPercent,
      volatility: { sigma: measured.sigma, band: band(measured.sigma) },
      method: { key: 'slot', featureEveryRounds: Math.round(1 / exact.featureFrequency) },
    };
  }
  switch (id) {
    case 'dice': {
      const params = CASINO_DEFAULT_PARAMS.dice;
      const rtp = diceRtpExact(params);
      const multiplier = diceMultiplierBp(params) / BP;
      const hit = rtp / multiplier;
      return {
        ...base,
        rtpPercent: round4(rtp * 100),
        hitFrequencyPercent: round4(hit * 100),
        volatility: { sigma: round4(Math.sqrt(hit * multiplier ** 2 - rtp ** 2)), band: 'low' },
        method: { key: 'dice' },
      };
    }
    case 'crash': {
      const params = CASINO_DEFAULT_PARAMS.crash;
      const rtp = crashRtpExact(params);
      const multiplier = params.cashout / 100;
      const hit = rtp / multiplier;
      const sigma = Math.sqrt(hit * multiplier ** 2 - rtp ** 2);
      return infoOf(base, { rtp: rtp, hit: hit, sigma: sigma }, { key: 'crash' });
    }
    case 'mines': {
      // Figures for 3 mines, cashing out after 3 safe tiles.
      const survive = choose(22, 3) / choose(25, 3);
      const multiplier = minesMultiplierBp(3, 3) / BP;
      const rtp = minesRtpExact(3, 3);
      const sigma = Math.sqrt(survive * multiplier ** 2 - rtp ** 2);
      return infoOf(base, { rtp: rtp, hit: survive, sigma: sigma }, { key: 'mines' });
    }
    case 'plinko': {
      const params = CASINO_DEFAULT_PARAMS.plinko;
      const sigma = plinkoSigmaExact(params);
      return {
        ...base,
        rtpPercent: round4(plinkoRtpExact(params) * 100),
        hitFrequencyPercent: 100,
        volatility: { sigma: round4(sigma), band: band(sigma) },
        method: { key: 'plinko' },
      };
    }
    case 'roulette': {
      const hit = 18 / 37;
      const rtp = rouletteRtpExact({ kind: 'red', amount: 1 });
      return {
        ...base,
        rtpPercent: round4(rtp * 100),
        hitFrequencyPercent: round4(hit * 100),
        volatility: { sigma: round4(Math.sqrt(hit * 4 - rtp ** 2)), band: 'low' },
        method: { key: 'roulette' },
      };
    }
    case 'limbo': {
      const params = CASINO_DEFAULT_PARAMS.limbo;
      const rtp = limboRtpExact(params);
      const multiplier = limboMultiplierBp(params) / BP;
      const hit = rtp / multiplier;
      const sigma = Math.sqrt(hit * multiplier ** 2 - rtp ** 2);
      return infoOf(base, { rtp: rtp, hit: hit, sigma: sigma }, { key: 'limbo' });
    }
    case 'keno': {
      // Figures for 10 picks (every table from 1 to 10 picks is published in the info sheet and the README).
      const { rtp, hit, sigma } = kenoFigures(CASINO_DEFAULT_PARAMS.keno.picks.length);
      return infoOf(base, { rtp: rtp, hit: hit, sigma: sigma }, { key: 'keno' });
    }
    case 'baccarat': {
      // Figures for the banker bet; a tie returns the stake and counts as no win.
      const chances = baccaratChances();
      const rtp = baccaratRtpExact('banker');
      const sigma = Math.sqrt(chances.banker * 1.95 ** 2 + chances.tie - rtp ** 2);
      return infoOf(base, { rtp: rtp, hit: chances.banker, sigma: sigma }, { key: 'baccarat' });
    }
    case 'wheel':
    case 'bingo':
    case 'fishing': {
      // Wheel: 30 segments, medium; fishing: the turtle (10×); every setting and fish is published in the info sheet.
      const { rtp, hit, sigma } =
        id === 'wheel' ? wheelFigures(CASINO_DEFAULT_PARAMS.wheel) : id === 'bingo' ? bingoFigures() : fishingFigures(CASINO_DEFAULT_PARAMS.fishing);
      return infoOf(base, { rtp: rtp, hit: hit, sigma: sigma }, { key: KINDS[id] as 'wheel' });
    }
    case 'tower': {
      // Figures for medium, cashing out after 3 floors.
      const { difficulty } = CASINO_DEFAULT_PARAMS.tower;
      const survive = towerSurvival(difficulty, 3);
      const multiplier = towerMultiplierBp(difficulty, 3) / BP;
      const rtp = towerRtpExact(difficulty, 3);
      const sigma = Math.sqrt(survive * multiplier ** 2 - rtp ** 2);
      return infoOf(base, { rtp: rtp, hit: survive, sigma: sigma }, { key: 'tower' });
    }
    case 'video-poker': {
      // Optimal holds on every deal; the figures are the full enumeration's (casino-cards.test.ts recomputes them).
      const { rtp, hit, sigma } = VIDEO_POKER_FIGURES;
      return infoOf(base, { rtp: rtp, hit: hit, sigma: sigma }, { key: 'video-poker' });
    }
    case 'hilo': {
      // One guess on the likelier side, then cash out (every way of playing returns 99 % less the flooring).
      const { rtp, hit, sigma } = hiloRtpExact(1);
      return infoOf(base, { rtp: rtp, hit: hit, sigma: sigma }, { key: 'hilo' });
    }
    case 'blackjack': {
      // Basic strategy, measured (no closed form): return per initial stake, 99 % interval in the README.
      const measured = BLACKJACK_RTP_MEASURED;
      return {
        ...base,
        rtpPercent: round4(measured.rtp * 100),
        hitFrequencyPercent: round4(measured.hitFrequency * 100),
        volatility: { sigma: measured.sigma, band: band(measured.sigma) },
        method: { key: 'blackjack' },
      };
    }
    default:
      throw new Error(`no info for ${id}`);
  }
}

let infoCache: Map<HouseGameId, CasinoGameInfo> | undefined;

/** A game's published figures and limits. */
export function casinoGameInfo(id: HouseGameId): CasinoGameInfo {
  infoCache ??= new Map(HOUSE_GAME_IDS.map((game) => [game, infoBuild(game)]));
  return infoCache.get(id)!;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The player's choices for a game when they are valid for it, else undefined. */
export function casinoParamsParse<G extends HouseGameId>(id: G, raw: unknown): CasinoParamsByGame[G] | undefined {
  if (!isRecord(raw)) return undefined;
  const keys = Object.keys(raw).sort().join(',');
  let params: CasinoParams | undefined;
  switch (KINDS[id]) {
    case 'slot':
    case 'blackjack':
      params = keys === '' ? {} : undefined;
      break;
    case 'dice':
      params =
        keys === 'direction,target' && diceParamsValid(raw as never)
          ? { target: raw.target as number, direction: raw.direction as 'under' | 'over' }
          : undefined;
      break;
    case 'crash':
      params = keys === 'cashout' && crashParamsValid(raw as never) ? { cashout: raw.cashout as number } : undefined;
      break;
    case 'mines':
      params = keys === 'mines' && minesParamsValid(raw as never) ? { mines: raw.mines as number } : undefined;
      break;
    case 'plinko':
      params = keys === 'risk,rows' && plinkoParamsValid(raw as never) ? { rows: raw.rows as 8, risk: raw.risk as 'low' } : undefined;
      break;
    case 'roulette':
      params =
        keys === 'bets' && Array.isArray(raw.bets) && raw.bets.every(isRecord) && rouletteParamsValid(raw as never)
          ? {
              bets: (raw.bets as Record<string, unknown>[]).map((bet) => ({
                kind: bet.kind as never,
                amount: bet.amount as number,
                ...(bet.number === undefined ? {} : { number: bet.number as number }),
              })),
            }
          : undefined;
      break;
    case 'limbo':
      params = keys === 'target' && limboParamsValid(raw as never) ? { target: raw.target as number } : undefined;
      break;
    case 'keno':
      params = keys === 'picks' && kenoParamsValid(raw as never) ? { picks: [...(raw.picks as number[])] } : undefined;
      break;
    case 'baccarat':
      params = keys === 'side' && baccaratParamsValid(raw as never) ? { side: raw.side as 'player' } : undefined;
      break;
    case 'wheel':
      params = keys === 'risk,segments' && wheelParamsValid(raw as never) ? { segments: raw.segments as 10, risk: raw.risk as 'low' } : undefined;
      break;
    case 'tower':
      params = keys === 'difficulty' && towerParamsValid(raw as never) ? { difficulty: raw.difficulty as 'easy' } : undefined;
      break;
    case 'bingo':
      params = keys === '' ? {} : undefined;
      break;
    case 'fishing':
      params = keys === 'fish' && fishingParamsValid(raw as never) ? { fish: raw.fish as 'minnow' } : undefined;
      break;
    case 'video-poker':
    case 'hilo':
      params = keys === '' ? {} : undefined;
      break;
  }
  return params as CasinoParamsByGame[G] | undefined;
}

/** The stake a round takes: roulette's chips must add up to it. */
export function casinoStakeValid(id: HouseGameId, params: CasinoParams, stakeMinor: number): boolean {
  if (!Number.isSafeInteger(stakeMinor)) return false;
  const info = casinoGameInfo(id);
  if (stakeMinor < info.betMinMinor || stakeMinor > info.betMaxMinor) return false;
  if (KINDS[id] === 'roulette') {
    const bets = (params as CasinoParamsByGame['roulette']).bets;
    return rouletteStake(params as CasinoParamsByGame['roulette']) === stakeMinor && bets.every((bet) => bet.amount >= info.betMinMinor);
  }
  return true;
}

/** A round's start: the outcome of a one-step game, or the opening state of a multi-step game with its hidden part. */
export interface CasinoPlayResult {
  outcome: CasinoOutcome;
  /** Mines only: where the mines are (kept secret while the round is open). */
  minePositions?: number[];
  /** Tower only: the trap doors of every floor (kept secret while the round is open). */
  towerTraps?: number[][];
  /** Video poker: the five cards waiting for the draw; Hilo: the round's fixed cards (secret while open). */
  cards?: number[];
  /** Blackjack only: the shoe's cards in dealing order (kept secret while the round is open). */
  shoe?: number[];
}

export function casinoPlay(id: HouseGameId, params: CasinoParams, next: FloatSource): CasinoPlayResult {
  if (isSlotGame(id)) return { outcome: slotPlay(SLOT_DEFINITIONS[id], next) };
  switch (id) {
    case 'dice':
      return { outcome: dicePlay(params as CasinoParamsByGame['dice'], next) };
    case 'crash':
      return { outcome: crashPlay(params as CasinoParamsByGame['crash'], next) };
    case 'plinko':
      return { outcome: plinkoPlay(params as CasinoParamsByGame['plinko'], next) };
    case 'roulette':
      return { outcome: roulettePlay(params as CasinoParamsByGame['roulette'], next) };
    case 'limbo':
      return { outcome: limboPlay(params as CasinoParamsByGame['limbo'], next) };
    case 'keno':
      return { outcome: kenoPlay(params as CasinoParamsByGame['keno'], next) };
    case 'baccarat':
      return { outcome: baccaratPlay(params as CasinoParamsByGame['baccarat'], next) };
    case 'mines': {
      const { mines } = params as CasinoParamsByGame['mines'];
      const positions = minesPositions(mines, next);
      return { outcome: minesState(mines, positions, [], false), minePositions: positions };
    }
    case 'wheel':
      return { outcome: wheelPlay(params as CasinoParamsByGame['wheel'], next) };
    case 'tower': {
      const { difficulty } = params as CasinoParamsByGame['tower'];
      const traps = towerTraps(difficulty, next);
      return { outcome: towerState(difficulty, traps, [], false), towerTraps: traps };
    }
    case 'bingo':
      return { outcome: bingoPlay(next) };
    case 'fishing':
      return { outcome: fishingPlay(params as CasinoParamsByGame['fishing'], next) };
    case 'video-poker': {
      const { dealt, waiting } = videoPokerDeal(next);
      return { outcome: videoPokerState(dealt, waiting, undefined), cards: waiting };
    }
    case 'hilo': {
      const cards = hiloCards(next);
      return { outcome: hiloState(cards, [], false), cards };
    }
    case 'blackjack': {
      const shoe = blackjackShoe(next);
      return { outcome: blackjackView(blackjackDeal(shoe)), shoe };
    }
  }
}

/** A blackjack round's full state (hidden cards included) from its shoe and the player's steps so far. */
export function casinoBlackjackState(shoe: readonly number[], actions: readonly BlackjackAction[]): BlackjackState {
  return blackjackReplay(shoe, actions);
}

/** What a finished outcome pays for `stakeMinor`, in minor units (rounded down). 0 while Mines is open. */
export function casinoWinMinor(outcome: CasinoOutcome, stakeMinor: number): number {
  const ofBp = (bp: number) => Math.floor((stakeMinor * bp) / BP);
  switch (outcome.kind) {
    case 'slot':
      return ofBp(outcome.payBp);
    case 'dice':
      return outcome.won ? ofBp(outcome.multiplierBp) : 0;
    case 'crash':
      return outcome.won ? ofBp(crashMultiplierBp(outcome)) : 0;
    case 'plinko':
      return ofBp(outcome.multiplierBp);
    case 'roulette':
      return outcome.bets.reduce((sum, bet) => sum + bet.win, 0);
    case 'mines':
      return outcome.status === 'cashed' ? ofBp(outcome.multiplierBp) : 0;
    case 'limbo':
      return outcome.won ? ofBp(outcome.target * (BP / 100)) : 0;
    case 'keno':
    case 'baccarat':
    case 'wheel':
    case 'bingo':
      return ofBp(outcome.multiplierBp);
    case 'tower':
      return outcome.status === 'cashed' ? towerWinMinor(outcome.difficulty, outcome.picks.length, stakeMinor) : 0;
    case 'fishing':
      return outcome.caught ? ofBp(outcome.multiplierBp) : 0;
    case 'video-poker':
      return outcome.status === 'done' ? ofBp(outcome.multiplierBp) : 0;
    case 'hilo':
      return outcome.status === 'cashed' ? ofBp(outcome.multiplierBp) : 0;
    case 'blackjack':
      return blackjackWinMinor(outcome, stakeMinor);
  }
}

/** The games whose round stays open for the player's next move. */
export const CASINO_MULTI_STEP_GAMES: readonly HouseGameId[] = ['mines', 'tower', 'video-poker', 'hilo', 'blackjack'];

/** True when the outcome needs no more input from the player. */
export function casinoOutcomeFinished(outcome: CasinoOutcome): boolean {
  if (outcome.kind === 'mines' || outcome.kind === 'tower' || outcome.kind === 'video-poker' || outcome.kind === 'hilo' || outcome.kind === 'blackjack')
    return outcome.status !== 'open';
  return true;
}

export interface CasinoVerifyInput {
  serverSeed: string;
  /** When given, the server seed must hash to it. */
  serverSeedHash?: string;
  clientSeed: string;
  nonce: number;
  gameId: HouseGameId;
  params: CasinoParams;
  /** Mines: the tiles the player opened, in order, and whether they cashed out. */
  mines?: { revealed: number[]; cashedOut: boolean };
  /** Tower: the door opened on each floor, in order, and whether they cashed out. */
  tower?: { picks: number[]; cashedOut: boolean };
  /** Video poker: the hold mask of the draw (absent for a round still open). */
  videoPoker?: { holds: number };
  /** Hilo: the player's guesses in order and whether they cashed out. */
  hilo?: { guesses: HiloGuess[]; cashedOut: boolean };
  /** Blackjack: the player's steps, in order. */
  blackjack?: { actions: BlackjackAction[] };
}

export type CasinoVerifyResult = { ok: true; outcome: CasinoOutcome } | { ok: false; reason: 'seed_hash_mismatch' | 'params_invalid' };

/**
 * Recomputes a round from its revealed seeds (the verify page runs this in the browser): the outcome must
 * equal the stored one. For Mines the player's reveals are replayed on the recomputed board.
 */
export function casinoVerify(input: CasinoVerifyInput): CasinoVerifyResult {
  if (input.serverSeedHash !== undefined && fairSeedHash(input.serverSeed) !== input.serverSeedHash.toLowerCase())
    return { ok: false, reason: 'seed_hash_mismatch' };
  const params = casinoParamsParse(input.gameId, input.params);
  if (!params) return { ok: false, reason: 'params_invalid' };
  const result = casinoPlay(input.gameId, params, fairFloatStream(input.serverSeed, input.clientSeed, input.nonce));
  if (input.gameId === 'mines') {
    const { mines } = params as CasinoParamsByGame['mines'];
    const outcome: MinesOutcome = minesState(mines, result.minePositions!, input.mines?.revealed ?? [], input.mines?.cashedOut ?? false);
    // A verified board always shows its mines, even for a round the player left open.
    return { ok: true, outcome: { ...outcome, minePositions: [...result.minePositions!].sort((a, b) => a - b) } };
  }
  if (input.gameId === 'tower') {
    const { difficulty } = params as CasinoParamsByGame['tower'];
    const outcome: TowerOutcome = towerState(difficulty, result.towerTraps!, input.tower?.picks ?? [], input.tower?.cashedOut ?? false);
    // A verified tower always shows its traps, even for a round the player left open.
    return { ok: true, outcome: { ...outcome, traps: result.towerTraps!.map((floor) => [...floor]) } };
  }
  if (input.gameId === 'video-poker' && result.outcome.kind === 'video-poker')
    return { ok: true, outcome: videoPokerState(result.outcome.dealt, result.cards!, input.videoPoker?.holds) };
  if (input.gameId === 'hilo') return { ok: true, outcome: hiloState(result.cards!, input.hilo?.guesses ?? [], input.hilo?.cashedOut ?? false) };
  if (input.gameId === 'blackjack') {
    // Replays the player's steps on the recomputed shoe; a step that was not legal makes the round unverifiable.
    try {
      return { ok: true, outcome: blackjackView(blackjackReplay(result.shoe!, input.blackjack?.actions ?? [])) };
    } catch {
      return { ok: false, reason: 'params_invalid' };
    }
  }
  return { ok: true, outcome: result.outcome };
}
