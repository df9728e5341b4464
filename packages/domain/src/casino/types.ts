/**
 * The games of the in-house studio (provider key `house`): their ids, the choices a player makes, and the
 * outcomes the server stores and the web app renders and re-computes on the verify page.
 *
 * Money inside the maths is in the stake's minor units; multipliers are integers in basis points of the
 * stake (1 × = 10,000 bp) so no game ever rounds a float into money.
 */

export const HOUSE_GAME_IDS = [
  'reef-riches',
  'neon-koi',
  'lucky-sevens',
  'crash',
  'mines',
  'dice',
  'plinko',
  'roulette',
  'limbo',
  'keno',
  'baccarat',
  'wheel',
  'tower',
  'bingo',
  'fishing',
  'video-poker',
  'hilo',
  'blackjack',
] as const;
export type HouseGameId = (typeof HOUSE_GAME_IDS)[number];

export type CasinoGameKind =
  | 'slot'
  | 'crash'
  | 'mines'
  | 'dice'
  | 'plinko'
  | 'roulette'
  | 'limbo'
  | 'keno'
  | 'baccarat'
  | 'wheel'
  | 'tower'
  | 'bingo'
  | 'fishing'
  | 'video-poker'
  | 'hilo'
  | 'blackjack';

export const BP = 10_000;

// --- The player's choices per game ---------------------------------------------------------------------

export type DiceDirection = 'under' | 'over';
/** Dice: win when the roll (0.00–100.00, in hundredths 0–10000) is under / over `target` (hundredths). */
export interface DiceParams {
  target: number;
  direction: DiceDirection;
}

/** Crash: the automatic cash-out multiplier in hundredths (2.50× = 250). */
export interface CrashParams {
  cashout: number;
}

/** Mines: how many of the 25 tiles hide a mine. */
export interface MinesParams {
  mines: number;
}

export const PLINKO_ROWS = [8, 12, 16] as const;
export type PlinkoRows = (typeof PLINKO_ROWS)[number];
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];
export interface PlinkoParams {
  rows: PlinkoRows;
  risk: PlinkoRisk;
}

export const ROULETTE_BET_KINDS = ['straight', 'red', 'black', 'odd', 'even', 'low', 'high', 'dozen', 'column'] as const;
export type RouletteBetKind = (typeof ROULETTE_BET_KINDS)[number];
/** One chip: `number` is the pocket (straight, 0–36), the dozen (1–3) or the column (1–3); unused otherwise. */
export interface RouletteBet {
  kind: RouletteBetKind;
  number?: number;
  amount: number;
}
export interface RouletteParams {
  bets: RouletteBet[];
}

/** Limbo: the target multiplier in hundredths (2.50× = 250), 1.01×–10,000×. */
export interface LimboParams {
  target: number;
}

/** Keno: 1–10 distinct numbers from 1–40. */
export interface KenoParams {
  picks: number[];
}

export type BaccaratSide = 'player' | 'banker' | 'tie';
/** Baccarat (punto banco): the side the whole stake is on. */
export interface BaccaratParams {
  side: BaccaratSide;
}

export const WHEEL_SEGMENTS = [10, 20, 30, 40, 50] as const;
export type WheelSegments = (typeof WHEEL_SEGMENTS)[number];
export const WHEEL_RISKS = ['low', 'medium', 'high'] as const;
export type WheelRisk = (typeof WHEEL_RISKS)[number];
/** Wheel: how many segments and which published table. */
export interface WheelParams {
  segments: WheelSegments;
  risk: WheelRisk;
}

export const TOWER_DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const;
export type TowerDifficulty = (typeof TOWER_DIFFICULTIES)[number];
/** Tower: easy 4 doors 1 trap, medium 3/1, hard 2/1, expert 3/2 per floor. */
export interface TowerParams {
  difficulty: TowerDifficulty;
}

/** Bingo takes no choice: the card comes from the seed. */
export type BingoParams = Record<string, never>;

export const FISHING_FISH = ['minnow', 'puffer', 'turtle', 'shark', 'whale'] as const;
export type FishingFish = (typeof FISHING_FISH)[number];
/** Fishing: the fish type the shot is fired at. */
export interface FishingParams {
  fish: FishingFish;
}

/** Blackjack takes no choice before the deal: the steps come during the round. */
export type BlackjackParams = Record<string, never>;

/** Slots take no choice beyond the stake. */
export type SlotParams = Record<string, never>;

export interface CasinoParamsByGame {
  'reef-riches': SlotParams;
  'neon-koi': SlotParams;
  'lucky-sevens': SlotParams;
  crash: CrashParams;
  mines: MinesParams;
  dice: DiceParams;
  plinko: PlinkoParams;
  roulette: RouletteParams;
  limbo: LimboParams;
  keno: KenoParams;
  baccarat: BaccaratParams;
  wheel: WheelParams;
  tower: TowerParams;
  bingo: BingoParams;
  fishing: FishingParams;
  'video-poker': SlotParams;
  hilo: SlotParams;
  blackjack: BlackjackParams;
}
export type CasinoParams = CasinoParamsByGame[HouseGameId];

// --- Outcomes ----------------------------------------------------------------------------------------------

/** One win inside a slot spin: a payline (index into the game's lines), a ways win, or scatters. */
export interface SlotWin {
  type: 'line' | 'ways' | 'scatter';
  /** Payline index for 'line'; -1 otherwise. */
  line: number;
  symbol: string;
  /** How many reels (or scatters) from the left made the win. */
  count: number;
  /** Number of ways for 'ways' (product of matching symbols per reel), 1 otherwise. */
  ways: number;
  /** Cell indices (reel * rows + row) that took part, for the renderer to highlight. */
  cells: number[];
  /** The win in basis points of the total stake, before the feature multiplier. */
  payBp: number;
}

export interface SlotSpin {
  /** Stop index per reel on the reel strip used. */
  stops: number[];
  /** Visible symbols, reel by reel, top to bottom: window[reel][row]. */
  window: string[][];
  wins: SlotWin[];
  /** Free spins this spin awarded (0 when none). */
  freeSpinsWon: number;
  /** Multiplier applied to this spin's wins (1 in the base game). */
  multiplier: number;
  /** This spin's win in basis points of the stake, after the multiplier. */
  payBp: number;
  free: boolean;
}

export interface SlotOutcome {
  kind: 'slot';
  /** The base spin first, then every free spin in order. */
  spins: SlotSpin[];
  payBp: number;
}

export interface CrashOutcome {
  kind: 'crash';
  /** Where the multiplier stopped, in hundredths (1.00× = 100). */
  crashPoint: number;
  cashout: number;
  won: boolean;
}

export interface DiceOutcome {
  kind: 'dice';
  /** 0–10000 = 0.00–100.00. */
  roll: number;
  target: number;
  direction: DiceDirection;
  /** Payout multiplier of a win in basis points. */
  multiplierBp: number;
  won: boolean;
}

export type MinesStatus = 'open' | 'busted' | 'cashed';
export interface MinesOutcome {
  kind: 'mines';
  mines: number;
  /** Tiles (0–24, row-major on the 5×5 board) the player opened, in order. */
  revealed: number[];
  status: MinesStatus;
  /** Current cash-out multiplier in basis points (0 after a mine). */
  multiplierBp: number;
  /** Where the mines are; only once the round is over (never while it is open). */
  minePositions: number[];
}

export interface PlinkoOutcome {
  kind: 'plinko';
  rows: PlinkoRows;
  risk: PlinkoRisk;
  /** 0 = left, 1 = right at each row of pegs. */
  path: number[];
  /** The slot the ball lands in: the number of rights (0–rows). */
  bin: number;
  multiplierBp: number;
}

export interface RouletteOutcome {
  kind: 'roulette';
  /** The pocket, 0–36. */
  number: number;
  bets: (RouletteBet & { win: number })[];
}

export interface LimboOutcome {
  kind: 'limbo';
  /** The result multiplier in hundredths (1.00× = 100). */
  result: number;
  target: number;
  won: boolean;
}

export interface KenoOutcome {
  kind: 'keno';
  picks: number[];
  /** The 10 numbers drawn, in draw order. */
  drawn: number[];
  hits: number;
  /** The pay of `hits` on the table for this many picks, in basis points. */
  multiplierBp: number;
}

export interface BaccaratOutcome {
  kind: 'baccarat';
  side: BaccaratSide;
  /** Cards 0–51 (rank = card % 13 + 1, suit = floor(card / 13)) in the order each hand received them. */
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
  result: BaccaratSide;
  /** What the bet returns, stake included, in basis points (a push on a tie is 10,000). */
  multiplierBp: number;
}

export interface WheelOutcome {
  kind: 'wheel';
  segments: WheelSegments;
  risk: WheelRisk;
  /** The segment under the pointer, 0 = the top one, clockwise. */
  segment: number;
  multiplierBp: number;
}

export type TowerStatus = MinesStatus;
export interface TowerOutcome {
  kind: 'tower';
  difficulty: TowerDifficulty;
  /** The door (0-based, left to right) opened on each floor, bottom floor first. */
  picks: number[];
  status: TowerStatus;
  /** Current cash-out multiplier in basis points, floored (0 after a trap); the pay is the exact fraction. */
  multiplierBp: number;
  /** The trap doors of every floor; only once the round is over (never while it is open). */
  traps: number[][];
}

export const BINGO_PATTERNS = ['corners', 'line', 'two-lines', 'x', 'three-lines', 'full-house'] as const;
export type BingoPattern = (typeof BINGO_PATTERNS)[number];
export interface BingoOutcome {
  kind: 'bingo';
  /** 25 numbers row-major (columns B I N G O), 0 in the free centre. */
  card: number[];
  /** The 30 balls, in draw order. */
  drawn: number[];
  /** Cells (0–24) marked, the centre included. */
  marked: number[];
  /** Complete lines: 0–4 rows, 5–9 columns, 10 and 11 the diagonals. */
  lines: number[];
  /** The best pattern (the one paid), or null. */
  pattern: BingoPattern | null;
  multiplierBp: number;
}

export interface FishingOutcome {
  kind: 'fishing';
  fish: FishingFish;
  /** The fish's multiplier in basis points (paid when caught). */
  multiplierBp: number;
  caught: boolean;
}

export type VideoPokerHand =
  'royal-flush' | 'straight-flush' | 'four-of-a-kind' | 'full-house' | 'flush' | 'straight' | 'three-of-a-kind' | 'two-pair' | 'jacks-or-better';

/** Video poker (Jacks or Better 9/6): the deal, then the draw. Cards 0–51 as Baccarat's. */
export interface VideoPokerOutcome {
  kind: 'video-poker';
  /** open: dealt, waiting for the holds; done: drawn and settled. */
  status: 'open' | 'done';
  dealt: number[];
  /** Bit i keeps dealt card i (0 while open). */
  holds: number;
  /** The five cards after the draw ([] while open). */
  final: number[];
  /** What the dealt cards already make (a hint for the player), or null. */
  dealtHand: VideoPokerHand | null;
  /** The final hand, or null (nothing, or still open). */
  hand: VideoPokerHand | null;
  /** What the final hand returns, stake included, in basis points (0 while open). */
  multiplierBp: number;
}

export type HiloGuess = 'higher' | 'lower' | 'skip';
/** Hilo: cards from an infinite deck; guess higher-or-same or lower-or-same than the card shown, or skip it. */
export interface HiloOutcome {
  kind: 'hilo';
  status: 'open' | 'busted' | 'cashed';
  /** Cards 0–51 shown so far: cards[0] the first, cards[i + 1] the answer to guesses[i]. */
  cards: number[];
  guesses: HiloGuess[];
  /** Cash-out multiplier in basis points (0 before the first correct guess and after a wrong one). */
  multiplierBp: number;
}

/** A blackjack step: the action names of the round/action endpoint. */
export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split' | 'insurance' | 'no_insurance';
export interface BlackjackStep {
  action: BlackjackAction;
  /** The hand it was taken on (0, or 1 after a split). */
  hand: number;
}
export interface BlackjackHand {
  /** Cards 0–51 in the order the hand received them. */
  cards: number[];
  /** Stake units of the base stake: 1, or 2 once doubled. */
  bet: number;
  doubled: boolean;
  fromSplit: boolean;
  status: 'playing' | 'stood' | 'bust' | 'blackjack';
  total: number;
  soft: boolean;
  result: 'pending' | 'win' | 'lose' | 'push' | 'blackjack';
  /** What the hand returns, stake included, in basis points of the base stake (blackjack 25,000). */
  returnBp: number;
}
export interface BlackjackOutcome {
  kind: 'blackjack';
  status: 'open' | 'done';
  phase: 'insurance' | 'player' | 'done';
  /** The dealer's cards: the up card only while the round is open. */
  dealer: number[];
  dealerTotal: number;
  dealerSoft: boolean;
  hands: BlackjackHand[];
  /** The hand being played. */
  active: number;
  insurance: 'none' | 'offered' | 'taken' | 'declined';
  /** Insurance's return in basis points of the base stake (15,000 when taken and the dealer has blackjack). */
  insuranceReturnBp: number;
  steps: BlackjackStep[];
  /** The steps the player may take now. */
  legal: BlackjackAction[];
}

export type CasinoOutcome =
  | SlotOutcome
  | CrashOutcome
  | DiceOutcome
  | MinesOutcome
  | PlinkoOutcome
  | RouletteOutcome
  | LimboOutcome
  | KenoOutcome
  | BaccaratOutcome
  | WheelOutcome
  | TowerOutcome
  | BingoOutcome
  | FishingOutcome
  | VideoPokerOutcome
  | HiloOutcome
  | BlackjackOutcome;

export type CasinoInfoMethod = { key: 'slot'; featureEveryRounds: number } | { key: Exclude<CasinoGameKind, 'slot'> };

/** A game's published figures (shown to the player in the game's info). */
export interface CasinoGameInfo {
  id: HouseGameId;
  kind: CasinoGameKind;
  name: string;
  /** Return to player in percent, exact to 4 decimals (from the paytable and reels, or from the rules). */
  rtpPercent: number;
  /** Share of rounds that win anything, in percent (for table and instant games: at the usual choice). */
  hitFrequencyPercent: number;
  /** Standard deviation of one round's return in stakes, and its plain-words band. */
  volatility: { sigma: number; band: 'low' | 'medium' | 'high' | 'very high' };
  /**
   * How the figures were obtained, for the info panel: a message per game kind that the apps word in the
   * player's language (web: `casino.method.<key>`), with the one number it quotes for slots.
   */
  method: CasinoInfoMethod;
  betMinMinor: number;
  betMaxMinor: number;
}
