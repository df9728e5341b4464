import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { integerDistributionMass, integerDistributionMean, integerDistributionProbabilityAbove } from './integer-distribution.ts';
import { integerDistributionFromNormal, normalCdf } from './normal-distribution.ts';

describe('normalCdf', () => {
  // Values of Φ from standard tables (to 16 digits, as printed by R's pnorm).
  it.each([
    [0, 0.5],
    [1, 0.8413447460685429],
    [-1, 0.15865525393145707],
    [1.96, 0.9750021048517795],
    [-2.5, 0.006209665325776132],
    [3, 0.9986501019683699],
    [-5, 2.866515718791939e-7],
  ])('Φ(%d) is %d within 1e-7', (z, probability) => {
    expect(Math.abs(normalCdf(z) - probability)).toBeLessThan(1e-7);
    expect(Math.abs(normalCdf(z) - probability)).toBeLessThanOrEqual(2.4e-7 * Math.min(probability, 1 - probability) + 1e-15);
  });

  it('is symmetric, Φ(−z) = 1 − Φ(z), and never decreases', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (z, step) => {
        expect(normalCdf(-z)).toBeCloseTo(1 - normalCdf(z), 15);
        expect(normalCdf(z + step)).toBeGreaterThanOrEqual(normalCdf(z));
      }),
      { numRuns: 200 },
    );
  });
});

describe('integerDistributionFromNormal', () => {
  it('keeps the mean and unit mass, and reads half-point lines straight off the normal', () => {
    fc.assert(
      fc.property(fc.double({ min: -30, max: 230, noNaN: true }), fc.double({ min: 1, max: 25, noNaN: true }), (mean, sd) => {
        const distribution = integerDistributionFromNormal(mean, sd);
        expect(integerDistributionMass(distribution)).toBeCloseTo(1, 12);
        expect(integerDistributionMean(distribution)).toBeCloseTo(mean, 4);
        const line = Math.round(mean) + 0.5;
        expect(integerDistributionProbabilityAbove(distribution, line)).toBeCloseTo(1 - normalCdf((line - mean) / sd), 6);
      }),
      { numRuns: 100 },
    );
  });

  it('is certain of the rounded mean when sd is 0', () => {
    expect(integerDistributionFromNormal(7.4, 0)).toEqual({ valueMin: 7, probabilities: [1] });
  });

  it.each([
    [Number.NaN, 1],
    [0, -1],
    [0, Number.POSITIVE_INFINITY],
  ])('rejects mean %d with sd %d', (mean, sd) => {
    expect(() => integerDistributionFromNormal(mean, sd)).toThrow(RangeError);
  });
});
