import type { FloatSource } from './fair.ts';

/**
 * Statistics for checking the studio's RNG and RTP (25 CFR 547.14: chi-square, runs and serial correlation
 * at 99 %; GLI-19 §4.7 / App. A §6.2: theoretical against actual RTP). Pure, so tests and operators' jobs
 * use the same code.
 */

/** z of the two-sided 99 % level. */
export const Z_99 = 2.576;

/** Upper 1 % points of the chi-square distribution (standard tables). */
export const CHI_SQUARE_99: Readonly<Record<number, number>> = { 1: 6.635, 2: 9.21, 8: 20.09, 12: 26.217, 16: 32.0, 36: 58.619, 99: 134.642, 255: 310.457 };

/** Pearson's statistic of observed counts against equal expected counts. */
export function chiSquareUniform(counts: readonly number[]): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

/** Pearson's statistic of observed counts against given probabilities. */
export function chiSquareAgainst(counts: readonly number[], probabilities: readonly number[]): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  return counts.reduce((sum, count, index) => sum + (count - total * probabilities[index]!) ** 2 / (total * probabilities[index]!), 0);
}

/**
 * Wald–Wolfowitz runs test above/below 0.5: z of the number of runs against its expectation under
 * independence. |z| ≤ 2.576 passes at 99 %.
 */
export function runsTestZ(values: readonly number[]): number {
  let above = 0;
  let runs = 0;
  let previous: boolean | undefined;
  for (const value of values) {
    const high = value >= 0.5;
    if (high) above += 1;
    if (high !== previous) runs += 1;
    previous = high;
  }
  const below = values.length - above;
  const n = values.length;
  const mean = (2 * above * below) / n + 1;
  const variance = ((mean - 1) * (mean - 2)) / (n - 1);
  return (runs - mean) / Math.sqrt(variance);
}

/** Lag-k serial correlation coefficient; under independence r·√n is about standard normal. */
export function serialCorrelation(values: readonly number[], lag = 1): number {
  const n = values.length - lag;
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < n; i += 1) {
    meanA += values[i]!;
    meanB += values[i + lag]!;
  }
  meanA /= n;
  meanB /= n;
  let covariance = 0;
  let varianceA = 0;
  let varianceB = 0;
  for (let i = 0; i < n; i += 1) {
    const a = values[i]! - meanA;
    const b = values[i + lag]! - meanB;
    covariance += a * b;
    varianceA += a * a;
    varianceB += b * b;
  }
  return covariance / Math.sqrt(varianceA * varianceB);
}

/** Running mean and standard deviation (Welford). */
export class RunningStats {
  count = 0;
  mean = 0;
  private m2 = 0;
  hits = 0;
  add(value: number): void {
    this.count += 1;
    if (value > 0) this.hits += 1;
    const delta = value - this.mean;
    this.mean += delta / this.count;
    this.m2 += delta * (value - this.mean);
  }
  get sigma(): number {
    return this.count > 1 ? Math.sqrt(this.m2 / (this.count - 1)) : 0;
  }
  /** Half-width of the 99 % interval of the mean. */
  get halfWidth99(): number {
    return (Z_99 * this.sigma) / Math.sqrt(this.count);
  }
}

/**
 * A fast deterministic float stream (sfc32) seeded from 16 bytes, e.g. one HMAC of the provably-fair
 * scheme: long simulations use it where 10⁶ HMACs per game would dominate the run. Not for play.
 */
export function sfc32FloatStream(seed: Uint8Array): FloatSource {
  const word = (offset: number) => ((seed[offset]! << 24) | (seed[offset + 1]! << 16) | (seed[offset + 2]! << 8) | seed[offset + 3]!) >>> 0;
  let a = word(0);
  let b = word(4);
  let c = word(8);
  let d = word(12);
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i += 1) next();
  return next;
}
