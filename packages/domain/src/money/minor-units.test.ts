import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnits, minorUnitsSum, type MinorUnits } from './minor-units.ts';

describe('minorUnits', () => {
  it.each([0.5, -1.25, 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])('rejects %d', (value) => {
    expect(() => minorUnits(value)).toThrow(RangeError);
  });

  it.each([0, 1, -1, 1999, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER])('accepts the safe integer %d unchanged', (value) => {
    expect(minorUnits(value)).toBe(value);
  });
});

describe('minorUnitsSum', () => {
  it('is 0 for no amounts', () => {
    expect(minorUnitsSum([])).toBe(0);
  });

  it('equals the arithmetic sum of the amounts', () => {
    const amount = fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }).map((value) => minorUnits(value));
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 200 }), (values) => {
        let expected = 0n;
        for (const value of values) expected += BigInt(value);
        expect(BigInt(minorUnitsSum(values))).toBe(expected);
      }),
    );
  });

  it('refuses a total that is no longer a safe integer rather than lose cents', () => {
    const values = [Number.MAX_SAFE_INTEGER, 1].map((value) => value as MinorUnits);
    expect(() => minorUnitsSum(values)).toThrow(RangeError);
  });
});
