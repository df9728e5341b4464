import { fairFloats, fairSeedHash } from '../casino/fair.ts';
import type { VariantProfile } from '../variants/profile.ts';
import { vipConfigOf } from './vip.ts';

/**
 * The VIP wheel (vip-roulette, issue 18): a brand's prizes with integer weights, spun with tickets and provably fair
 * like the casino (packages/domain/src/casino/fair.ts): the server commits SHA-256(serverSeed) before the spin, the
 * spin's float is the first float of HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:0`), and the segment is the one
 * whose cumulative weight passes ⌊float × total weight⌋. Anyone holding the revealed seed recomputes it (the browser
 * included: the maths is pure JavaScript).
 */
export interface VipWheelSegment {
  /** Prize in the brand currency's minor units (0: "try again"). */
  amountMinor: number;
  /** Integer weight; 0 never lands. */
  weight: number;
}

/** Prizes in currency steps (see vip.ts: a step is R$1, MX$8.33, ₹8.33) and their weights: most spins pay a little. */
const SEGMENTS_DEFAULT: readonly { steps: number; weight: number }[] = [
  { steps: 0, weight: 3_000 },
  { steps: 1, weight: 3_000 },
  { steps: 2, weight: 2_000 },
  { steps: 5, weight: 1_200 },
  { steps: 10, weight: 600 },
  { steps: 25, weight: 150 },
  { steps: 50, weight: 45 },
  { steps: 200, weight: 5 },
];

export function vipWheelOf(profile: Pick<VariantProfile, 'currency' | 'market'>): VipWheelSegment[] {
  const step = vipConfigOf(profile).minorPerPoint;
  return SEGMENTS_DEFAULT.map((segment) => ({ amountMinor: segment.steps * step, weight: segment.weight }));
}

/** Total weight; a wheel is valid with 2–24 segments, integer weights ≥ 0 summing to 1 … 2²⁰ (so float × total is exact). */
export function vipWheelValid(segments: readonly VipWheelSegment[]): boolean {
  if (segments.length < 2 || segments.length > 24) return false;
  if (
    !segments.every(
      (segment) => Number.isSafeInteger(segment.weight) && segment.weight >= 0 && Number.isSafeInteger(segment.amountMinor) && segment.amountMinor >= 0,
    )
  )
    return false;
  const total = segments.reduce((sum, segment) => sum + segment.weight, 0);
  return total > 0 && total <= 2 ** 20;
}

/** The segment a float in [0, 1) lands on. */
export function vipWheelPick(float: number, segments: readonly VipWheelSegment[]): number {
  const total = segments.reduce((sum, segment) => sum + segment.weight, 0);
  const target = Math.floor(float * total);
  let passed = 0;
  for (let index = 0; index < segments.length; index += 1) {
    passed += segments[index]!.weight;
    if (target < passed) return index;
  }
  return segments.length - 1;
}

/** The spin of (serverSeed, clientSeed, nonce): its float and segment. */
export function vipWheelSpin(serverSeed: string, clientSeed: string, nonce: number, segments: readonly VipWheelSegment[]): { float: number; segment: number } {
  const [float] = fairFloats(serverSeed, clientSeed, nonce, 1);
  return { float: float!, segment: vipWheelPick(float!, segments) };
}

/** Checks a revealed spin: the seed matches the commitment shown before, and it lands where the server said. */
export function vipWheelVerify(
  spin: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number; segment: number },
  segments: readonly VipWheelSegment[],
): boolean {
  if (fairSeedHash(spin.serverSeed) !== spin.serverSeedHash.toLowerCase()) return false;
  return vipWheelSpin(spin.serverSeed, spin.clientSeed, spin.nonce, segments).segment === spin.segment;
}

/**
 * Each segment's share of the wheel, as the page draws it (decision 034): a slice's arc is its weight ÷ the total,
 * in the wheel's order from the top clockwise, so the slice a float lands in (float × 360° from the top) is exactly
 * the segment `vipWheelPick` names — the picture is the odds. `from`/`to` are fractions of the turn in [0, 1];
 * `chance` is weight ÷ total.
 */
export interface VipWheelArc {
  from: number;
  to: number;
  chance: number;
}

export function vipWheelArcs(segments: readonly VipWheelSegment[]): VipWheelArc[] {
  const total = segments.reduce((sum, segment) => sum + segment.weight, 0);
  if (total <= 0) return segments.map(() => ({ from: 0, to: 0, chance: 0 }));
  let passed = 0;
  return segments.map((segment) => {
    const from = passed / total;
    passed += segment.weight;
    return { from, to: passed / total, chance: segment.weight / total };
  });
}
