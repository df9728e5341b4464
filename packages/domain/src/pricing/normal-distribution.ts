import type { IntegerDistribution } from './integer-distribution.ts';

/** The Chebyshev fit of Numerical Recipes (erfcc) for erfc(z), z ≥ 0: fractional error below 1.2e-7. */
function complementaryErrorFunctionFit(z: number): number {
  const t = 1 / (1 + 0.5 * z);
  const series =
    1.00002368 +
    t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))));
  return t * Math.exp(-z * z - 1.26551223 + t * series);
}

/** The fit gives 1.00000003 at 0; dividing by it makes erfc(0) exactly 1 and Φ continuous and symmetric at 0. */
const complementaryErrorFunctionFitAtZero = complementaryErrorFunctionFit(0);

/**
 * erfc(x), with erfc(−x) = 2 − erfc(x) so that the normal distribution is exactly symmetric. Its error, under
 * 2.4e-7 relative, is far finer than a price in thousandths, and it is cheap enough to call thousands of times
 * per feed tick.
 */
function complementaryErrorFunction(x: number): number {
  const tail = complementaryErrorFunctionFit(Math.abs(x)) / complementaryErrorFunctionFitAtZero;
  return x >= 0 ? tail : 2 - tail;
}

/** Φ(z): the probability that a standard normal variable is at most z. */
export function normalCdf(z: number): number {
  return 0.5 * complementaryErrorFunction(-z / Math.SQRT2);
}

/**
 * A normal N(mean, sd²) laid on the integers with the continuity correction, P(X = k) = Φ((k + ½ − mean)/sd) −
 * Φ((k − ½ − mean)/sd), over mean ± 8 sd and renormalised (the cut tails hold under 1e-15). This is how points
 * are modelled: a half-point line then reads the normal directly, and a whole line gets its push mass.
 * An sd of 0 is a certain value, the mean rounded.
 */
export function integerDistributionFromNormal(mean: number, sd: number): IntegerDistribution {
  if (!Number.isFinite(mean) || !(sd >= 0) || !Number.isFinite(sd)) throw new RangeError(`a normal needs a finite mean and sd ≥ 0, got ${mean}, ${sd}`);
  if (sd === 0) return { valueMin: Math.round(mean), probabilities: [1] };
  const valueMin = Math.floor(mean - 8 * sd);
  const valueMax = Math.ceil(mean + 8 * sd);
  const probabilities: number[] = [];
  let lower = normalCdf((valueMin - 0.5 - mean) / sd);
  let total = 0;
  for (let value = valueMin; value <= valueMax; value++) {
    const upper = normalCdf((value + 0.5 - mean) / sd);
    probabilities.push(upper - lower);
    total += upper - lower;
    lower = upper;
  }
  return { valueMin, probabilities: probabilities.map((probability) => probability / total) };
}
