import { describe, expect, it } from 'vitest';
import { fairFloatStream } from './fair.ts';
import { ROULETTE_POCKETS } from './games/roulette.ts';
import { CHI_SQUARE_99, chiSquareUniform, runsTestZ, serialCorrelation, Z_99 } from './stats.ts';

/**
 * The provably-fair stream at 99 % (25 CFR 547.14): chi-square of the floats (100 bins), of the bytes' top
 * 8 bits (256 bins) and of roulette pockets (37), the runs test, serial correlation at lags 1–3, on 10⁶
 * floats of the real HMAC-SHA256 scheme, through the same pure-JS HMAC the browser uses.
 *
 * Rerun rule: the battery has 7 checks at α = 0.01, so an honest RNG fails at least one about 7 % of the
 * time. If the first stream fails any check, the whole battery runs on a second, independent stream
 * (another server seed) and every check must pass there; the chance of a false alarm is then about 0.5 %.
 * Both streams are fixed, so the verdict is the same on every run.
 */
const FLOATS = 1_000_000;

function floatsOf(serverSeed: string): Float64Array {
  const values = new Float64Array(FLOATS);
  // One bet of the scheme per 100 floats, as games draw them: nonce after nonce, rounds within a nonce.
  for (let nonce = 0; nonce < FLOATS / 100; nonce += 1) {
    const next = fairFloatStream(serverSeed, 'rng-battery', nonce);
    for (let i = 0; i < 100; i += 1) values[nonce * 100 + i] = next();
  }
  return values;
}

function battery(values: Float64Array): { name: string; statistic: number; limit: number }[] {
  const bins = (count: number) => {
    const counts = new Array<number>(count).fill(0);
    for (const value of values) counts[Math.floor(value * count)]! += 1;
    return counts;
  };
  const list = Array.from(values);
  return [
    { name: 'chi-square 100 bins', statistic: chiSquareUniform(bins(100)), limit: CHI_SQUARE_99[99]! },
    { name: 'chi-square 256 bins', statistic: chiSquareUniform(bins(256)), limit: CHI_SQUARE_99[255]! },
    { name: 'chi-square roulette pockets', statistic: chiSquareUniform(bins(ROULETTE_POCKETS)), limit: CHI_SQUARE_99[36]! },
    { name: '|runs z|', statistic: Math.abs(runsTestZ(list)), limit: Z_99 },
    ...[1, 2, 3].map((lag) => ({
      name: `|serial correlation lag ${lag}| · √n`,
      statistic: Math.abs(serialCorrelation(list, lag)) * Math.sqrt(FLOATS - lag),
      limit: Z_99,
    })),
  ];
}

describe('RNG: the HMAC-SHA256 float stream passes chi-square, runs and serial correlation at 99 %', () => {
  it('passes the battery (rerun rule: one more independent stream if the first fails anything)', () => {
    const first = battery(floatsOf('rng-battery-server-seed-1'));
    const failed = first.filter((check) => check.statistic > check.limit);
    if (failed.length === 0) return;
    const second = battery(floatsOf('rng-battery-server-seed-2'));
    for (const check of second)
      expect(check.statistic, `${check.name} after a rerun (first failed: ${failed.map((f) => f.name).join(', ')})`).toBeLessThanOrEqual(check.limit);
    // 10⁶ floats through the pure-JS HMAC take seconds, more on a busy shared machine.
  }, 120_000);

  it('would catch a biased or correlated stream (the battery can fail)', () => {
    const biased = Float64Array.from({ length: 100_000 }, (_, i) => ((i * 0.6180339887) % 1) ** 1.05);
    const sticky = Float64Array.from({ length: 100_000 }, (_, i) => (Math.floor(i / 2) * 0.7548776662) % 1);
    const scale = (checks: ReturnType<typeof battery>) => checks.filter((check) => check.statistic > check.limit).length;
    expect(scale(battery(biased))).toBeGreaterThan(0);
    expect(scale(battery(sticky))).toBeGreaterThan(0);
  });
});
