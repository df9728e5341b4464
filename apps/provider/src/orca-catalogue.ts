import {
  baccaratRtpExact,
  casinoGameInfo,
  casinoParamsParse,
  diceRtpExact,
  kenoFigures,
  limboRtpExact,
  plinkoRtpExact,
  rouletteRtpExact,
  type CasinoParams,
  type HouseGameId,
  type RouletteBetKind,
} from '@piranha/domain';

/**
 * Orca Games' lobby: its own names and themes over the domain's engines (packages/domain/src/casino). Each entry
 * fixes the engine's choices (a dice target, a Plinko board, a Keno ticket, a roulette bet), so the page only asks
 * for a stake; Crash and Mines are not offered because they need more than one step.
 */
export type OrcaCategory = 'slots' | 'mini' | 'table';

export interface OrcaGame {
  gameId: string;
  name: string;
  category: OrcaCategory;
  engine: HouseGameId;
  /** The engine's choices for a stake (roulette's chip is the whole stake). */
  paramsFor: (stakeMinor: number) => CasinoParams;
  /** Return to player in percent for these choices, from the engine's exact figures. */
  rtpPercent: number;
  isHot: boolean;
  isNew: boolean;
  /** Page colours: background and accent. */
  theme: { background: string; accent: string };
}

interface Entry {
  gameId: string;
  name: string;
  category: OrcaCategory;
  engine: HouseGameId;
  params: CasinoParams | ((stakeMinor: number) => CasinoParams);
  rtp: number;
  hot?: boolean;
  isNew?: boolean;
  theme: [string, string];
}

const round4 = (value: number) => Math.round(value * 1_000_000) / 10_000;
const slotRtp = (engine: HouseGameId) => casinoGameInfo(engine).rtpPercent / 100;
const keno = (count: number) => Array.from({ length: count }, (_, index) => 4 * index + 3);
const roulette = (kind: RouletteBetKind) => (stakeMinor: number) => ({ bets: [{ kind, amount: stakeMinor }] });

const DEEP: [string, string] = ['#06223a', '#4fd1c5'];
const ICE: [string, string] = ['#0b2a4a', '#9fd8ff'];
const KELP: [string, string] = ['#0d2b1e', '#7ee081'];
const DUSK: [string, string] = ['#24123a', '#f6a6ff'];
const CORAL: [string, string] = ['#3a1420', '#ff9f80'];

const ENTRIES: Entry[] = [
  { gameId: 'tide-reels', name: 'Tide Reels', category: 'slots', engine: 'reef-riches', params: {}, rtp: slotRtp('reef-riches'), hot: true, theme: DEEP },
  { gameId: 'pod-fortune', name: 'Pod Fortune', category: 'slots', engine: 'reef-riches', params: {}, rtp: slotRtp('reef-riches'), theme: ICE },
  { gameId: 'deep-current', name: 'Deep Current', category: 'slots', engine: 'reef-riches', params: {}, rtp: slotRtp('reef-riches'), isNew: true, theme: DUSK },
  { gameId: 'kelp-kingdom', name: 'Kelp Kingdom', category: 'slots', engine: 'neon-koi', params: {}, rtp: slotRtp('neon-koi'), hot: true, theme: KELP },
  { gameId: 'polar-glow', name: 'Polar Glow', category: 'slots', engine: 'neon-koi', params: {}, rtp: slotRtp('neon-koi'), isNew: true, theme: ICE },
  { gameId: 'aurora-waves', name: 'Aurora Waves', category: 'slots', engine: 'neon-koi', params: {}, rtp: slotRtp('neon-koi'), theme: DUSK },
  { gameId: 'lucky-fin', name: 'Lucky Fin', category: 'slots', engine: 'lucky-sevens', params: {}, rtp: slotRtp('lucky-sevens'), theme: CORAL },
  { gameId: 'iceberg-sevens', name: 'Iceberg Sevens', category: 'slots', engine: 'lucky-sevens', params: {}, rtp: slotRtp('lucky-sevens'), theme: ICE },
  ...(
    [
      [2500, 'under', 'Splash Dice 25'],
      [5000, 'under', 'Splash Dice 50'],
      [7499, 'over', 'Breach Dice 25'],
    ] as const
  ).map(([target, direction, name]): Entry => ({
    gameId: name.toLowerCase().replaceAll(' ', '-'),
    name,
    category: 'mini',
    engine: 'dice',
    params: { target, direction },
    rtp: diceRtpExact({ target, direction }),
    hot: target === 5000,
    theme: DEEP,
  })),
  ...([200, 500, 1000] as const).map((target): Entry => ({
    gameId: `sonar-limbo-${target / 100}x`,
    name: `Sonar Limbo ${target / 100}×`,
    category: 'mini',
    engine: 'limbo',
    params: { target },
    rtp: limboRtpExact({ target }),
    isNew: target === 1000,
    theme: DUSK,
  })),
  ...(
    [
      [8, 'low', 'Pebble Drop'],
      [12, 'low', 'Krill Drop'],
      [12, 'medium', 'Krill Drop Plus'],
      [16, 'high', 'Abyss Drop'],
    ] as const
  ).map(([rows, risk, name]): Entry => ({
    gameId: name.toLowerCase().replaceAll(' ', '-'),
    name,
    category: 'mini',
    engine: 'plinko',
    params: { rows, risk },
    rtp: plinkoRtpExact({ rows, risk }),
    hot: risk === 'high',
    theme: KELP,
  })),
  ...([3, 5, 8, 10] as const).map((count): Entry => ({
    gameId: `pod-keno-${count}`,
    name: `Pod Keno ${count}`,
    category: 'mini',
    engine: 'keno',
    params: { picks: keno(count) },
    rtp: kenoFigures(count).rtp,
    isNew: count === 8,
    theme: CORAL,
  })),
  ...(
    [
      ['red', 'Glacier Roulette Red'],
      ['black', 'Glacier Roulette Black'],
      ['odd', 'Glacier Roulette Odd'],
      ['high', 'Glacier Roulette High'],
    ] as const
  ).map(([kind, name]): Entry => ({
    gameId: name.toLowerCase().replaceAll(' ', '-'),
    name,
    category: 'table',
    engine: 'roulette',
    params: roulette(kind),
    rtp: rouletteRtpExact({ kind, amount: 1 }),
    theme: ICE,
  })),
  ...(
    [
      ['banker', 'Floe Baccarat Banker'],
      ['player', 'Floe Baccarat Player'],
    ] as const
  ).map(([side, name]): Entry => ({
    gameId: name.toLowerCase().replaceAll(' ', '-'),
    name,
    category: 'table',
    engine: 'baccarat',
    params: { side },
    rtp: baccaratRtpExact(side),
    hot: side === 'banker',
    theme: DEEP,
  })),
];

function gameOf(entry: Entry): OrcaGame {
  const paramsFor = typeof entry.params === 'function' ? entry.params : () => entry.params as CasinoParams;
  // Every entry's choices must be valid for its engine: a typo fails the start, never a player's round.
  if (!casinoParamsParse(entry.engine, paramsFor(casinoGameInfo(entry.engine).betMinMinor))) throw new Error(`orca: bad params for ${entry.gameId}`);
  return {
    gameId: entry.gameId,
    name: entry.name,
    category: entry.category,
    engine: entry.engine,
    paramsFor,
    rtpPercent: round4(entry.rtp),
    isHot: entry.hot === true,
    isNew: entry.isNew === true,
    theme: { background: entry.theme[0], accent: entry.theme[1] },
  };
}

export const ORCA_GAMES: readonly OrcaGame[] = ENTRIES.map(gameOf);
const BY_ID = new Map(ORCA_GAMES.map((game) => [game.gameId, game]));

export function orcaGameFind(gameId: string): OrcaGame | undefined {
  return BY_ID.get(gameId);
}

/** The platform key our catalogue knows Orca Games by (contract GAME_PLATFORMS). */
export const ORCA_PLATFORM = 'orca';

/** The entries the operator's CASINO_PROVIDERS_FILE lists (catalogue format of apps/server casino-catalogue.ts). */
export function orcaCatalogueEntries() {
  return ORCA_GAMES.map((game) => ({
    game_id: game.gameId,
    name: game.name,
    category: game.category,
    rtp: game.rtpPercent,
    is_hot: game.isHot,
    is_new: game.isNew,
  }));
}
