import { FISHING_FISH, type FishingFish, type FishingOutcome, type FishingParams } from '../types.ts';
import type { FloatSourceLike } from './common.ts';

/**
 * Fishing arcade: the player fires one shot at a fish type; the shot catches when the round's first float is below
 * 0.97 / multiplier — exactly, on the 2³² lattice the bytes make: catch iff f·2³² < floor(97·2³² / (100·multiplier)).
 * Aim, timing and where the fish swims play no part: the seed alone decides, so every fish returns 97 % (less than
 * 10⁻⁸ below, from the floor).
 */
export const FISHING_MULTIPLIERS: Readonly<Record<FishingFish, number>> = { minnow: 2, puffer: 5, turtle: 10, shark: 20, whale: 50 };

const LATTICE = 2 ** 32;

/** How many of the 2³² floats catch `fish`. */
export function fishingCatchCount(fish: FishingFish): number {
  return Math.floor((97 * LATTICE) / (100 * FISHING_MULTIPLIERS[fish]));
}

export function fishingParamsValid(params: FishingParams): boolean {
  return (FISHING_FISH as readonly string[]).includes(params.fish);
}

export function fishingPlay(params: FishingParams, next: FloatSourceLike): FishingOutcome {
  const multiplier = FISHING_MULTIPLIERS[params.fish];
  // f is a multiple of 2⁻³², so f·2³² is an exact integer.
  const caught = next() * LATTICE < fishingCatchCount(params.fish);
  return { kind: 'fishing', fish: params.fish, multiplierBp: multiplier * 10_000, caught };
}

/** Exact RTP over the 2³² floats: catches × multiplier / 2³² (0.97 less under 10⁻⁸). */
export function fishingRtpExact(params: FishingParams): number {
  return (fishingCatchCount(params.fish) * FISHING_MULTIPLIERS[params.fish]) / LATTICE;
}

/** Chance to catch, RTP and σ of one shot, in stakes. */
export function fishingFigures(params: FishingParams): { rtp: number; hit: number; sigma: number } {
  const multiplier = FISHING_MULTIPLIERS[params.fish];
  const hit = fishingCatchCount(params.fish) / LATTICE;
  const rtp = hit * multiplier;
  return { rtp, hit, sigma: Math.sqrt(hit * multiplier ** 2 - rtp ** 2) };
}
