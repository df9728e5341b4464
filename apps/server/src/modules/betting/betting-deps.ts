import type { RouteDeps } from '../../plugins/route.ts';
import type { SportsState } from '../sports/sports-state.ts';

export interface BettingDeps extends RouteDeps {
  sports: SportsState;
  /** How long an in-play bet waits, pending, before it is accepted (BET_LIVE_DELAY_MS). */
  liveDelayMs: number;
  /** The book's cash-out margin in basis points of the fair value (BET_CASH_OUT_MARGIN_BP). */
  cashOutMarginBasisPoints: number;
}
