import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberCalc } from './calc.ts';

describe('numberCalc', () => {
  it.each([
    [0.1, '+', 0.2, 0.3],
    [0.3, '-', 0.1, 0.2],
    [1.1, '*', 3, 3.3],
    [0.3, '/', 0.1, 3],
    [1.005, '*', 1000, 1005],
    [19.99, '+', 0.01, 20],
    [-0.1, '-', 0.2, -0.3],
    [2, '/', 4, 0.5],
    [1.5e-7, '+', 1e-7, 2.5e-7],
  ])('%d %s %d is exactly %d', (left, operator, right, expected) => {
    expect(numberCalc(left, operator, right)).toBe(expected);
  });

  it.each([
    [1, 0],
    [0.5, 0],
    [0, 0],
  ])('throws on %d / %d (spec §8: division by zero throws)', (left, right) => {
    expect(() => numberCalc(left, '/', right)).toThrow(RangeError);
  });

  it.each(['%', '^', '', 'plus', '**'])('throws on the unknown operator "%s" (spec §8)', (operator) => {
    expect(() => numberCalc(1, operator, 2)).toThrow(TypeError);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('throws on the non-finite operand %d', (value) => {
    expect(() => numberCalc(value, '+', 1)).toThrow(RangeError);
    expect(() => numberCalc(1, '+', value)).toThrow(RangeError);
  });

  /** Two display numbers with up to six decimals, built from exact integers. */
  const decimals = fc.integer({ min: 0, max: 6 });
  const integer = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });

  it('adds decimals exactly as integer arithmetic does', () => {
    fc.assert(
      fc.property(integer, integer, decimals, (a, b, digits) => {
        const scale = 10 ** digits;
        expect(numberCalc(a / scale, '+', b / scale)).toBe((a + b) / scale);
      }),
    );
  });

  it('subtracts decimals exactly as integer arithmetic does', () => {
    fc.assert(
      fc.property(integer, integer, decimals, (a, b, digits) => {
        const scale = 10 ** digits;
        expect(numberCalc(a / scale, '-', b / scale)).toBe((a - b) / scale);
      }),
    );
  });
});
