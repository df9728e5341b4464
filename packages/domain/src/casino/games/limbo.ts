import { BP, type LimboOutcome, type LimboParams } from '../types.ts';
import type { FloatSourceLike } from './common.ts';
import { crashPoint, crashRtpExact } from './crash.ts';

/**
 * Limbo: the player names a target multiplier, one float makes the result with the crash formula
 * (integrations.md §7.2, limbo/crash: floor(0.99 / f × 100) / 100, at least 1.00×); the round wins target ×
 * stake when the result reaches the target. P(result ≥ x) ≈ 0.99 / x, so every target returns 99 %.
 */
export const LIMBO_TARGET_MIN = 101;
/** 10,000.00×. */
export const LIMBO_TARGET_MAX = 1_000_000;

export function limboParamsValid(params: LimboParams): boolean {
  return Number.isInteger(params.target) && params.target >= LIMBO_TARGET_MIN && params.target <= LIMBO_TARGET_MAX;
}

export function limboPlay(params: LimboParams, next: FloatSourceLike): LimboOutcome {
  const result = crashPoint(next());
  return { kind: 'limbo', result, target: params.target, won: result >= params.target };
}

export function limboMultiplierBp(params: LimboParams): number {
  return params.target * (BP / 100);
}

/** Exact RTP over the 2³² floats (the same lattice count as Crash's auto cash-out). */
export function limboRtpExact(params: LimboParams): number {
  return crashRtpExact({ cashout: params.target });
}
