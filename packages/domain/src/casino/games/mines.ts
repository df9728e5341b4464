import { BP, type MinesOutcome, type MinesParams } from '../types.ts';
import { choose, type FloatSourceLike } from './common.ts';

/**
 * Mines on a 5×5 board: the mines are drawn by Fisher–Yates over the remaining tiles (one float each,
 * integrations.md §7.2); the player opens tiles and may cash out after any safe one. After k safe tiles
 * with m mines the multiplier is 0.99 × C(25, k) / C(25 − m, k), floored to 4 decimals: whatever the
 * stopping rule, every round returns at most 99 %.
 */
export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

export function minesParamsValid(params: MinesParams): boolean {
  return Number.isInteger(params.mines) && params.mines >= MINES_MIN && params.mines <= MINES_MAX;
}

/** Where the mines are, drawn from the bet's float stream. */
export function minesPositions(mines: number, next: FloatSourceLike): number[] {
  const remaining = Array.from({ length: MINES_TILES }, (_, tile) => tile);
  const positions: number[] = [];
  for (let i = 0; i < mines; i += 1) {
    const index = Math.floor(next() * remaining.length);
    positions.push(remaining.splice(index, 1)[0]!);
  }
  return positions;
}

/** Cash-out multiplier after `safe` safe tiles, in basis points. */
export function minesMultiplierBp(mines: number, safe: number): number {
  if (safe === 0) return 0;
  return Math.floor((99 * BP * choose(MINES_TILES, safe)) / 100 / choose(MINES_TILES - mines, safe));
}

/** The state of a round after the player's reveals (and cash-out, when `cashedOut`). */
export function minesState(mines: number, positions: readonly number[], revealed: readonly number[], cashedOut: boolean): MinesOutcome {
  const mineSet = new Set(positions);
  const busted = revealed.some((tile) => mineSet.has(tile));
  const safe = revealed.filter((tile) => !mineSet.has(tile)).length;
  const cleared = safe === MINES_TILES - mines;
  const status = busted ? 'busted' : cashedOut || cleared ? 'cashed' : 'open';
  return {
    kind: 'mines',
    mines,
    revealed: [...revealed],
    status,
    multiplierBp: busted ? 0 : minesMultiplierBp(mines, safe),
    minePositions: status === 'open' ? [] : [...positions].sort((a, b) => a - b),
  };
}

/** Exact RTP of "cash out after `safe` safe tiles" with `mines` mines. */
export function minesRtpExact(mines: number, safe: number): number {
  const survive = choose(MINES_TILES - mines, safe) / choose(MINES_TILES, safe);
  return survive * (minesMultiplierBp(mines, safe) / BP);
}
