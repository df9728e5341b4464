import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oddsFormat, oddsFromDecimal, oddsThousandths, oddsToAmerican, oddsToDecimal } from './odds-format.ts';

/** reference/betting.md §4, the decimal and American columns. */
const BETTING_MD_TABLE: readonly [decimal: number, american: number, americanText: string][] = [
  [1.8, -125, '-125'],
  [2.5, 150, '+150'],
  [1.2, -500, '-500'],
  [6.0, 500, '+500'],
];

describe('odds formats (reference/betting.md §4)', () => {
  it.each(BETTING_MD_TABLE)('decimal %d is American %d', (decimal, american) => {
    expect(oddsToAmerican(oddsFromDecimal(decimal))).toBe(american);
  });

  it.each(BETTING_MD_TABLE)('decimal %d displays as "%s" in American format', (decimal, _american, americanText) => {
    expect(oddsFormat(oddsFromDecimal(decimal), 'american')).toBe(americanText);
  });

  it.each([
    [1800, '1.80'],
    [2500, '2.50'],
    [1200, '1.20'],
    [6000, '6.00'],
    [1001, '1.00'],
    [12340, '12.34'],
  ])('%i thousandths display as "%s" in decimal format', (thousandths, text) => {
    expect(oddsFormat(oddsThousandths(thousandths), 'decimal')).toBe(text);
  });

  it('answers +100 at exactly even money', () => {
    expect(oddsFormat(oddsThousandths(2000), 'american')).toBe('+100');
  });
});

describe('oddsThousandths', () => {
  it.each([1000, 999, 0, -1850, 1850.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %d', (value) => {
    expect(() => oddsThousandths(value)).toThrow(RangeError);
  });

  it.each([1001, 1850, 2000, 1_000_000])('accepts %i', (value) => {
    expect(oddsThousandths(value)).toBe(value);
  });

  it('round-trips decimals with up to three places', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1001, max: 1_000_000 }), (thousandths) => {
        expect(oddsFromDecimal(oddsToDecimal(oddsThousandths(thousandths)))).toBe(thousandths);
      }),
    );
  });

  it('rejects decimal odds of 1.000 or less', () => {
    expect(() => oddsFromDecimal(1)).toThrow(RangeError);
    expect(() => oddsFromDecimal(0.5)).toThrow(RangeError);
  });
});

describe('American odds sign', () => {
  it('is negative below 2 and positive from 2, with a magnitude of at least 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1001, max: 1_000_000 }), (thousandths) => {
        const american = oddsToAmerican(oddsThousandths(thousandths));
        if (thousandths < 2000) expect(american).toBeLessThan(0);
        else expect(american).toBeGreaterThan(0);
        expect(Math.abs(american)).toBeGreaterThanOrEqual(100);
        expect(oddsFormat(oddsThousandths(thousandths), 'american').startsWith(thousandths < 2000 ? '-' : '+')).toBe(true);
      }),
    );
  });
});
