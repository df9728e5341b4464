import { minorUnits } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import { amountProblem } from './amount-input.ts';

describe('amount input', () => {
  it('names the first problem against the limits', () => {
    const limits = { minMinor: 3000, maxMinor: 10000 };
    expect(amountProblem(undefined, limits)).toBe('invalid');
    expect(amountProblem(minorUnits(0), limits)).toBe('invalid');
    expect(amountProblem(minorUnits(2999), limits)).toBe('belowMin');
    expect(amountProblem(minorUnits(3000), limits)).toBeUndefined();
    expect(amountProblem(minorUnits(10000), limits)).toBeUndefined();
    expect(amountProblem(minorUnits(10001), limits)).toBe('aboveMax');
    expect(amountProblem(minorUnits(10001), { minMinor: 3000 })).toBeUndefined();
  });
});
