import { BP, type KenoOutcome, type KenoParams } from '../types.ts';
import { choose, type FloatSourceLike } from './common.ts';

/**
 * Keno: 40 numbers, 10 drawn by Fisher–Yates (one float each, as Mines draws its mines); the player picks
 * 1–10 numbers and is paid by the published table for how many of them were drawn. The chance of h hits with
 * n picks is hypergeometric, C(n, h)·C(40 − n, 10 − h) / C(40, 10), so every table's RTP is exact: 98.65–99.00 %.
 */
export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;
export const KENO_PICKS_MAX = 10;

/** Pay per number of hits (index), in basis points of the stake, for 1–10 picks. */
export const KENO_PAYS_BP: Readonly<Record<number, readonly number[]>> = {
  1: [0, 39_600],
  2: [0, 18_900, 45_000],
  3: [0, 10_000, 31_000, 103_500],
  4: [0, 8_000, 18_000, 50_000, 225_000],
  5: [0, 2_500, 14_000, 41_000, 165_000, 360_000],
  6: [0, 0, 10_000, 36_800, 70_000, 165_000, 400_000],
  7: [0, 0, 4_700, 30_000, 45_000, 140_000, 310_000, 600_000],
  8: [0, 0, 0, 21_900, 40_000, 130_000, 220_000, 550_000, 700_000],
  9: [0, 0, 0, 15_500, 30_000, 80_000, 150_000, 440_000, 600_000, 850_000],
  10: [0, 0, 0, 13_900, 22_500, 45_000, 80_000, 170_000, 500_000, 800_000, 1_000_000],
};

export function kenoParamsValid(params: KenoParams): boolean {
  const picks = params.picks;
  if (!Array.isArray(picks) || picks.length < 1 || picks.length > KENO_PICKS_MAX) return false;
  if (!picks.every((pick) => Number.isInteger(pick) && pick >= 1 && pick <= KENO_NUMBERS)) return false;
  return new Set(picks).size === picks.length;
}

/** The 10 numbers drawn (1–40), in draw order. */
export function kenoDraw(next: FloatSourceLike): number[] {
  const remaining = Array.from({ length: KENO_NUMBERS }, (_, index) => index + 1);
  const drawn: number[] = [];
  for (let i = 0; i < KENO_DRAWN; i += 1) drawn.push(remaining.splice(Math.floor(next() * remaining.length), 1)[0]!);
  return drawn;
}

export function kenoPlay(params: KenoParams, next: FloatSourceLike): KenoOutcome {
  const drawn = kenoDraw(next);
  const hits = params.picks.filter((pick) => drawn.includes(pick)).length;
  return { kind: 'keno', picks: [...params.picks], drawn, hits, multiplierBp: KENO_PAYS_BP[params.picks.length]![hits]! };
}

/** Chance of exactly `hits` hits with `picks` picks. */
export function kenoHitChance(picks: number, hits: number): number {
  return (choose(picks, hits) * choose(KENO_NUMBERS - picks, KENO_DRAWN - hits)) / choose(KENO_NUMBERS, KENO_DRAWN);
}

/** Exact RTP, hit frequency and σ of one table (`picks` numbers). */
export function kenoFigures(picks: number): { rtp: number; hit: number; sigma: number } {
  let rtp = 0;
  let square = 0;
  let hit = 0;
  KENO_PAYS_BP[picks]!.forEach((payBp, hits) => {
    const chance = kenoHitChance(picks, hits);
    const pay = payBp / BP;
    rtp += chance * pay;
    square += chance * pay * pay;
    if (pay > 0) hit += chance;
  });
  return { rtp, hit, sigma: Math.sqrt(square - rtp * rtp) };
}
