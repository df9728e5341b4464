import type { RoundView, StudioAction } from '@piranha/contract';
import type { CasinoGameInfo, CasinoParams, HouseGameId } from '@piranha/domain';

/** What the studio shell gives each game's panel: the stake, the calls, and how to finish a round. */
export interface PanelProps {
  gameId: HouseGameId;
  /** The launch token (games whose rounds are shared, like Crash live, call their own endpoints with it). */
  token: string;
  /** The wallet balance a game learnt from the server; with a round id (a shared round's bet or cash-out) the room is told too. */
  balanceSet: (minor: number, roundId?: string) => void;
  /** Shows (or clears) a refusal under the game, as the shell does for its own calls. */
  errorShow: (cause: unknown) => void;
  info: CasinoGameInfo;
  stakeMinor: number;
  /** A round waiting for the player (Mines, Tower) from an earlier visit. */
  openRound: RoundView | null;
  /** Places a bet; resolves undefined when it was refused (the shell shows why). */
  play: (params: CasinoParams, stakeMinor?: number, freeRound?: boolean) => Promise<RoundView | undefined>;
  /** Free rounds granted for this game (slots), and their fixed stake. */
  freeRounds: { remaining: number; bet: number };
  /**
   * A move in an open round (Mines, Tower, video poker, Hilo, Blackjack): `tile` for a Mines reveal, `door` for a Tower
   * pick, `holds` (5-bit mask) for a video poker draw, `hand` (the hand in play) for a Blackjack step.
   */
  action: (roundId: string, action: StudioAction, extra?: { tile?: number; door?: number; holds?: number; hand?: number }) => Promise<RoundView | undefined>;
  /** Call once the animation has shown the outcome: updates the balance and tells the game room. */
  settle: (round: RoundView) => void;
  /** The player is mid-round: the shell locks the stake. */
  setBusy: (busy: boolean) => void;
  busy: boolean;
  sound: boolean;
  /** Skip animations (reduced motion). */
  instant: boolean;
  formatMoney: (minor: number) => string;
}
