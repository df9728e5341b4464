import { BP, WHEEL_RISKS, WHEEL_SEGMENTS, type WheelOutcome, type WheelParams, type WheelRisk, type WheelSegments } from '../types.ts';
import type { FloatSourceLike } from './common.ts';

/**
 * Wheel: 10–50 equal segments, the pointer stops on segment floor(f × segments). Each table is built from blocks
 * whose multipliers add up to 0.99 × the block's size, so every setting returns exactly 99 % of the stake on a
 * uniform wheel (the 2³² float lattice moves it by less than 10⁻⁸; `wheelRtpLattice` gives that figure).
 */
const LOW_BLOCK = [150, 120, 120, 120, 0, 120, 120, 120, 120, 0];
const MEDIUM_BLOCK = [0, 190, 0, 150, 0, 200, 0, 150, 0, 300];

function tableBuild(segments: WheelSegments, risk: WheelRisk): number[] {
  if (risk === 'high') return Array.from({ length: segments }, (_, index) => (index === 0 ? 99 * segments : 0));
  const block = risk === 'low' ? LOW_BLOCK : MEDIUM_BLOCK;
  return Array.from({ length: segments }, (_, index) => block[index % block.length]!);
}

/** Multiplier per segment (clockwise from the top) in hundredths, for every setting. */
export const WHEEL_TABLES: Readonly<Record<WheelSegments, Readonly<Record<WheelRisk, readonly number[]>>>> = Object.fromEntries(
  WHEEL_SEGMENTS.map((segments) => [segments, Object.fromEntries(WHEEL_RISKS.map((risk) => [risk, tableBuild(segments, risk)]))]),
) as never;

export function wheelParamsValid(params: WheelParams): boolean {
  return (WHEEL_SEGMENTS as readonly number[]).includes(params.segments) && (WHEEL_RISKS as readonly string[]).includes(params.risk);
}

export function wheelMultiplierBp(params: WheelParams, segment: number): number {
  return WHEEL_TABLES[params.segments][params.risk][segment]! * (BP / 100);
}

export function wheelPlay(params: WheelParams, next: FloatSourceLike): WheelOutcome {
  const segment = Math.floor(next() * params.segments);
  return { kind: 'wheel', segments: params.segments, risk: params.risk, segment, multiplierBp: wheelMultiplierBp(params, segment) };
}

/** Exact RTP of a uniform wheel: the mean of the table (0.99 for every setting, by construction). */
export function wheelRtpExact(params: WheelParams): number {
  const table = WHEEL_TABLES[params.segments][params.risk];
  return table.reduce((sum, hundredths) => sum + hundredths, 0) / 100 / table.length;
}

/**
 * RTP over the 2³² floats the bytes make: segment s takes the floats k / 2³² with s ≤ k·segments / 2³² < s + 1,
 * i.e. ceil((s + 1)·2³² / segments) − ceil(s·2³² / segments) of them.
 */
export function wheelRtpLattice(params: WheelParams): number {
  const table = WHEEL_TABLES[params.segments][params.risk];
  const lattice = 2 ** 32;
  let total = 0;
  table.forEach((hundredths, segment) => {
    const count = Math.ceil(((segment + 1) * lattice) / table.length) - Math.ceil((segment * lattice) / table.length);
    total += count * hundredths;
  });
  return total / 100 / lattice;
}

/** Share of spins that pay anything and σ of one spin's return, in stakes. */
export function wheelFigures(params: WheelParams): { rtp: number; hit: number; sigma: number } {
  const table = WHEEL_TABLES[params.segments][params.risk];
  const rtp = wheelRtpExact(params);
  const square = table.reduce((sum, hundredths) => sum + (hundredths / 100) ** 2, 0) / table.length;
  return { rtp, hit: table.filter((hundredths) => hundredths > 0).length / table.length, sigma: Math.sqrt(square - rtp * rtp) };
}
