import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ODDS_DISPLAY_FORMATS,
  oddsFormat,
  oddsFromDecimal,
  oddsThousandths,
  oddsToAmerican,
  oddsToDecimal,
  oddsToHongKong,
  oddsToIndonesian,
  oddsToMalay,
} from './odds-format.ts';

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
    [1855, '1.85'],
    [12345, '12.34'],
  ])('%i thousandths display as "%s" in decimal format', (thousandths, text) => {
    expect(oddsFormat(oddsThousandths(thousandths), 'decimal')).toBe(text);
  });

  it('answers +100 at exactly even money', () => {
    expect(oddsFormat(oddsThousandths(2000), 'american')).toBe('+100');
  });
});

/** reference/betting.md §4, every column: decimal, American, Hong Kong, Malay, Indonesian. */
const FORMATS_TABLE: readonly [decimal: number, american: number, hongKong: number, malay: number, indonesian: number][] = [
  [1.8, -125, 0.8, 0.8, -1.25],
  [2.5, 150, 1.5, -0.667, 1.5],
  [1.2, -500, 0.2, 0.2, -5.0],
  [6.0, 500, 5.0, -0.2, 5.0],
];

describe('Hong Kong, Malay and Indonesian odds (reference/betting.md §4)', () => {
  it.each(FORMATS_TABLE)('decimal %d is American %d, Hong Kong %d, Malay %d, Indonesian %d', (decimal, american, hongKong, malay, indonesian) => {
    const odds = oddsFromDecimal(decimal);
    expect(oddsToAmerican(odds)).toBe(american);
    // The reference prints three places (−0.667); the conversion itself is exact.
    expect(oddsToHongKong(odds)).toBeCloseTo(hongKong, 3);
    expect(oddsToMalay(odds)).toBeCloseTo(malay, 3);
    expect(oddsToIndonesian(odds)).toBeCloseTo(indonesian, 3);
  });

  it.each([
    [1.8, '0.80', '0.80', '-1.25'],
    [2.5, '1.50', '-0.67', '+1.50'],
    [1.2, '0.20', '0.20', '-5.00'],
    [6.0, '5.00', '-0.20', '+5.00'],
  ])('decimal %d displays as Hong Kong "%s", Malay "%s", Indonesian "%s"', (decimal, hongKong, malay, indonesian) => {
    const odds = oddsFromDecimal(decimal);
    expect(oddsFormat(odds, 'hongKong')).toBe(hongKong);
    expect(oddsFormat(odds, 'malay')).toBe(malay);
    expect(oddsFormat(odds, 'indonesian')).toBe(indonesian);
  });

  it('treats even money as 1.00 in every format that has a sign switch there', () => {
    const evens = oddsThousandths(2000);
    expect([oddsFormat(evens, 'hongKong'), oddsFormat(evens, 'malay'), oddsFormat(evens, 'indonesian')]).toEqual(['1.00', '1.00', '+1.00']);
    expect(oddsToMalay(evens)).toBe(1);
    expect(oddsToIndonesian(evens)).toBe(1);
  });

  it('never shows a price better for the player than the real one (rounded towards minus infinity)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1001, max: 1_000_000 }), (thousandths) => {
        const odds = oddsThousandths(thousandths);
        expect(Number(oddsFormat(odds, 'decimal'))).toBeLessThanOrEqual(oddsToDecimal(odds) + 1e-9);
        expect(Number(oddsFormat(odds, 'hongKong'))).toBeLessThanOrEqual(oddsToHongKong(odds) + 1e-9);
        expect(Number(oddsFormat(odds, 'malay'))).toBeLessThanOrEqual(oddsToMalay(odds) + 1e-9);
        expect(Number(oddsFormat(odds, 'indonesian'))).toBeLessThanOrEqual(oddsToIndonesian(odds) + 1e-9);
        // …and by less than a hundredth.
        expect(Number(oddsFormat(odds, 'malay'))).toBeGreaterThan(oddsToMalay(odds) - 0.01);
        expect(Number(oddsFormat(odds, 'indonesian'))).toBeGreaterThan(oddsToIndonesian(odds) - 0.01);
      }),
    );
  });

  it('keeps Malay odds within −1 and 1, and Indonesian odds at magnitude 1 or more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1001, max: 1_000_000 }), (thousandths) => {
        const odds = oddsThousandths(thousandths);
        expect(Math.abs(oddsToMalay(odds))).toBeLessThanOrEqual(1);
        if (thousandths < 2000) expect(oddsToIndonesian(odds)).toBeLessThanOrEqual(-1);
        else expect(oddsToIndonesian(odds)).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('names five formats, each giving a text for any price', () => {
    expect(ODDS_DISPLAY_FORMATS).toEqual(['decimal', 'american', 'hongKong', 'malay', 'indonesian']);
    for (const format of ODDS_DISPLAY_FORMATS) expect(oddsFormat(oddsThousandths(1855), format)).toMatch(/^[+-]?\d+(\.\d\d)?$/);
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

/**
 * Prices that are not whole in American terms, as published conversion tables print them (a favourite's stake
 * to win 100 rounded up, an underdog's win on 100 rounded down). Issue 15: 1.91, 1.667 and 1.658 printed
 * −109, −149 and −151, each a better price than the one the bet was struck at.
 */
const AMERICAN_ROUNDING_TABLE: readonly [thousandths: number, text: string][] = [
  [1910, '-110'],
  [1667, '-150'],
  [1658, '-152'],
  [1500, '-200'],
  [1333, '-301'],
  [1952, '-106'],
  [1001, '-100000'],
  [1999, '-101'],
  [2505, '+150'],
  [2999, '+199'],
  [2000, '+100'],
  [3750, '+275'],
];

describe('American odds rounding (spec §9 "rounded up", read as the magnitude of negative prices)', () => {
  it.each(AMERICAN_ROUNDING_TABLE)('%i thousandths print as %s', (thousandths, text) => {
    expect(oddsFormat(oddsThousandths(thousandths), 'american')).toBe(text);
  });

  it('never prints a price better for the player than the decimal struck, and misses it by less than one unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1001, max: 1_000_000 }), (thousandths) => {
        const american = oddsToAmerican(oddsThousandths(thousandths));
        // Compared as exact fractions of the decimal price the printed one stands for, never above the struck d.
        if (american < 0) {
          // A stake of |A| to win 100 returns (|A| + 100) / |A| per unit.
          expect(1000 * (-american + 100)).toBeLessThanOrEqual(thousandths * -american);
          expect(-american - 100_000 / (thousandths - 1000)).toBeLessThan(1);
        } else {
          // A stake of 100 winning A returns 1 + A / 100 per unit.
          expect(10 * american + 1000).toBeLessThanOrEqual(thousandths);
          expect((thousandths - 1000) / 10 - american).toBeLessThan(1);
        }
      }),
    );
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
