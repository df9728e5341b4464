import type { RoundView, StudioRoundAction } from '@piranha/contract';
import type { CasinoGameInfo, CasinoParams, HouseGameId } from '@piranha/domain';

/** What the studio shell gives each game's panel: the stake, the calls, and how to finish a round. */
export interface PanelProps {
  gameId: HouseGameId;
  info: CasinoGameInfo;
  stakeMinor: number;
  /** A round waiting for the player (Mines) from an earlier visit. */
  openRound: RoundView | null;
  /** Places a bet; resolves undefined when it was refused (the shell shows why). */
  play: (params: CasinoParams, stakeMinor?: number, freeRound?: boolean) => Promise<RoundView | undefined>;
  /** Free rounds granted for this game (slots), and their fixed stake. */
  freeRounds: { remaining: number; bet: number };
  /** A step of an open round: Mines' reveal (with its tile) or cash-out; Blackjack's steps (with the hand in play). */
  action: (roundId: string, action: StudioRoundAction, tile?: number, hand?: number) => Promise<RoundView | undefined>;
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
