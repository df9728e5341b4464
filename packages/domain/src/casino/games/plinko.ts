import { BP, type PlinkoOutcome, type PlinkoParams, type PlinkoRisk, type PlinkoRows, PLINKO_RISKS, PLINKO_ROWS } from '../types.ts';
import { choose, type FloatSourceLike } from './common.ts';

/**
 * Plinko: at each row of pegs the ball goes right when floor(f × 2) = 1 (integrations.md §7.2); the bin is
 * the number of rights, so bin b has probability C(rows, b) / 2^rows. Multipliers per bin in hundredths.
 */
export const PLINKO_TABLES: Readonly<Record<PlinkoRows, Readonly<Record<PlinkoRisk, readonly number[]>>>> = {
  8: {
    low: [560, 210, 110, 100, 50, 100, 110, 210, 560],
    medium: [1300, 300, 130, 70, 40, 70, 130, 300, 1300],
    high: [2900, 400, 150, 30, 20, 30, 150, 400, 2900],
  },
  12: {
    low: [1000, 300, 160, 140, 110, 100, 50, 100, 110, 140, 160, 300, 1000],
    medium: [3300, 1100, 400, 200, 110, 60, 30, 60, 110, 200, 400, 1100, 3300],
    high: [17000, 2400, 810, 200, 70, 20, 20, 20, 70, 200, 810, 2400, 17000],
  },
  16: {
    low: [1600, 900, 200, 140, 140, 120, 110, 100, 50, 100, 110, 120, 140, 140, 200, 900, 1600],
    medium: [11000, 4100, 1000, 500, 300, 150, 100, 50, 30, 50, 100, 150, 300, 500, 1000, 4100, 11000],
    high: [100000, 13000, 2600, 900, 400, 200, 20, 20, 20, 20, 20, 200, 400, 900, 2600, 13000, 100000],
  },
};

export function plinkoParamsValid(params: PlinkoParams): boolean {
  return (PLINKO_ROWS as readonly number[]).includes(params.rows) && (PLINKO_RISKS as readonly string[]).includes(params.risk);
}

export function plinkoMultiplierBp(params: PlinkoParams, bin: number): number {
  return PLINKO_TABLES[params.rows][params.risk][bin]! * (BP / 100);
}

export function plinkoPlay(params: PlinkoParams, next: FloatSourceLike): PlinkoOutcome {
  const path = Array.from({ length: params.rows }, () => Math.floor(next() * 2));
  const bin = path.reduce((sum, step) => sum + step, 0);
  return { kind: 'plinko', rows: params.rows, risk: params.risk, path, bin, multiplierBp: plinkoMultiplierBp(params, bin) };
}

/** Exact RTP: Σ C(rows, b) / 2^rows × multiplier(b). floor(f × 2) is exactly fair on the 2³² lattice. */
export function plinkoRtpExact(params: PlinkoParams): number {
  let total = 0;
  for (let bin = 0; bin <= params.rows; bin += 1) total += choose(params.rows, bin) * plinkoMultiplierBp(params, bin);
  return total / 2 ** params.rows / BP;
}

/** Exact standard deviation of one round's return, in stakes. */
export function plinkoSigmaExact(params: PlinkoParams): number {
  const mean = plinkoRtpExact(params);
  let square = 0;
  for (let bin = 0; bin <= params.rows; bin += 1) square += (choose(params.rows, bin) / 2 ** params.rows) * (plinkoMultiplierBp(params, bin) / BP) ** 2;
  return Math.sqrt(square - mean * mean);
}
