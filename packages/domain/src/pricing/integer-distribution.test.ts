import { describe, expect, it } from 'vitest';
import {
  integerDistributionFromEntries,
  integerDistributionMass,
  integerDistributionMean,
  integerDistributionProbabilityAbove,
  integerDistributionProbabilityAt,
} from './integer-distribution.ts';

describe('integer distributions', () => {
  const dice = integerDistributionFromEntries([6, 1, 5, 2, 4, 3].map((face) => [face, 1 / 6] as const));

  it('lays values out from the smallest, whatever order they come in', () => {
    expect(dice.valueMin).toBe(1);
    expect(dice.probabilities).toHaveLength(6);
  });

  it('reads a fair die: mass 1, mean 3.5, P(X > 4.5) = 1/3, nothing at 7', () => {
    expect(integerDistributionMass(dice)).toBeCloseTo(1, 12);
    expect(integerDistributionMean(dice)).toBeCloseTo(3.5, 12);
    expect(integerDistributionProbabilityAbove(dice, 4.5)).toBeCloseTo(1 / 3, 12);
    expect(integerDistributionProbabilityAt(dice, 7)).toBe(0);
  });

  it('adds repeated values and fills gaps with zero', () => {
    const gaps = integerDistributionFromEntries([
      [-2, 0.25],
      [2, 0.5],
      [-2, 0.25],
    ]);
    expect(gaps).toEqual({ valueMin: -2, probabilities: [0.5, 0, 0, 0, 0.5] });
  });

  it.each([[[]], [[[1.5, 1]]]])('rejects entries %j', (entries) => {
    expect(() => integerDistributionFromEntries(entries as [number, number][])).toThrow(RangeError);
  });
});
