export type {
  DiceOutcome,
  DiceParams,
  CrashOutcome,
  CrashParams,
  MinesOutcome,
  MinesParams,
  PlinkoOutcome,
  PlinkoParams,
  RouletteOutcome,
  RouletteParams,
} from '../types.ts';
/** Draws the next float in [0, 1). */
export type FloatSourceLike = () => number;

/** Binomial coefficient for small n (exact in doubles up to n = 60). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i += 1) result = (result * (n - k + i)) / i;
  return Math.round(result);
}
