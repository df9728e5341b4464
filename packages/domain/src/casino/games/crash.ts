import { BP, type CrashOutcome, type CrashParams } from '../types.ts';
import type { FloatSourceLike } from './common.ts';

/**
 * Crash with automatic cash-out: the multiplier climbs from 1.00× and stops at the crash point; the player
 * set a cash-out target before the round and wins target × stake when the crash point reaches it.
 * Crash point (integrations.md §7.2, limbo/crash): floor((1e8 / (f·1e8)) · 0.99 · 100) / 100, at least 1.00×,
 * capped at 1,000,000×. P(crash ≥ x) ≈ 0.99 / x, so every target returns 99 %.
 */
export const CRASH_CASHOUT_MIN = 101;
export const CRASH_CASHOUT_MAX = 100_000;
export const CRASH_POINT_MAX = 100_000_000;

/** The crash point in hundredths for a float. */
export function crashPoint(f: number): number {
  if (f === 0) return CRASH_POINT_MAX;
  const point = Math.floor((1e8 / (f * 1e8)) * 0.99 * 100);
  return Math.min(CRASH_POINT_MAX, Math.max(100, point));
}

export function crashParamsValid(params: CrashParams): boolean {
  return Number.isInteger(params.cashout) && params.cashout >= CRASH_CASHOUT_MIN && params.cashout <= CRASH_CASHOUT_MAX;
}

export function crashPlay(params: CrashParams, next: FloatSourceLike): CrashOutcome {
  const point = crashPoint(next());
  return { kind: 'crash', crashPoint: point, cashout: params.cashout, won: point >= params.cashout };
}

export function crashMultiplierBp(params: CrashParams): number {
  return params.cashout * (BP / 100);
}

/**
 * Exact RTP over the 2³² floats: the crash point falls as k grows, so the winning floats are k = 0…K for the
 * largest K whose crash point still reaches the target (found by bisection on the real formula).
 */
export function crashRtpExact(params: CrashParams): number {
  const lattice = 2 ** 32;
  let low = 0;
  let high = lattice - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (crashPoint(middle / lattice) >= params.cashout) low = middle;
    else high = middle - 1;
  }
  return ((low + 1) / lattice) * (params.cashout / 100);
}
