import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_CODES, type CurrencyCode } from './currency.ts';
import { formatMoney, formatNumber } from './format-money.ts';
import { minorUnits } from './minor-units.ts';

/** Intl separates groups with NBSP or narrow NBSP in some locales (ru-RU); compare on plain spaces. */
function plain(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

/** Spec §9, "Symbols: R$, $, ₹, ₱, KSh, COP $, USDT, ₽, ₫, S/, ARS$, ฿, RM." (USD shares "$" with MXN.) */
const SPEC_SYMBOLS: Record<CurrencyCode, string> = {
  BRL: 'R$',
  MXN: '$',
  INR: '₹',
  PHP: '₱',
  KES: 'KSh',
  COP: 'COP $',
  USDT: 'USDT',
  RUB: '₽',
  VND: '₫',
  PEN: 'S/',
  ARS: 'ARS$',
  THB: '฿',
  MYR: 'RM',
  USD: '$',
};

describe('formatMoney', () => {
  it('knows a spec §9 symbol for every currency and no other currency', () => {
    expect(Object.keys(SPEC_SYMBOLS).sort()).toEqual([...CURRENCY_CODES].sort());
  });

  it.each(CURRENCY_CODES.filter((code) => CURRENCIES[code].fractionDigits === 2))(
    'prefixes %s amounts with the spec symbol and shows 2 decimals by default',
    (code) => {
      const text = plain(formatMoney(minorUnits(123456), code));
      expect(CURRENCIES[code].symbol).toBe(SPEC_SYMBOLS[code]);
      expect(text.startsWith(`${SPEC_SYMBOLS[code]} `)).toBe(true);
      // 1234.56 in the currency's home locale: whatever the separators, the last group is ",56" or ".56".
      expect(text).toMatch(/^.+ 1[., ]?234[.,]56$/);
    },
  );

  // Issue 15: "₫ 30.00" is no amount in Vietnam. CLDR shows dong and Colombian pesos without decimals.
  it.each<[number, CurrencyCode, string]>([
    [3_000_000, 'VND', '₫ 30.000'],
    [123_456_789, 'VND', '₫ 1.234.567'],
    [600_000, 'COP', 'COP $ 6.000'],
    [-5_000_000, 'COP', '-COP $ 50.000'],
  ])('shows %i minor units of %s as %s, without decimals', (amount, code, expected) => {
    expect(plain(formatMoney(minorUnits(amount), code))).toBe(expected);
  });

  it('cuts the hundredths of a dong a balance may hold rather than rounding them up', () => {
    expect(plain(formatMoney(minorUnits(1_234_599), 'VND'))).toBe('₫ 12.345');
    expect(plain(formatMoney(minorUnits(-1_234_599), 'VND'))).toBe('-₫ 12.345');
  });

  it('formats a Vietnamese reader’s amounts the Vietnamese way, not in the US style Intl falls back to for vm-VI', () => {
    expect(plain(formatMoney(minorUnits(123456), 'BRL', { locale: 'vm-VI' }))).toBe('R$ 1.234,56');
    expect(plain(formatNumber(1234.5, 'vm-VI', 2, true))).toBe('1,23K');
  });

  it.each(CURRENCY_CODES)('puts the minus sign before the %s symbol for a negative amount', (code) => {
    const positive = plain(formatMoney(minorUnits(123456), code));
    const negative = plain(formatMoney(minorUnits(-123456), code));
    expect(negative).toBe(`-${positive}`);
  });

  it.each([
    ['pt-BR', 'R$ 1.234,56'],
    ['en-US', 'R$ 1,234.56'],
    ['ru-RU', 'R$ 1 234,56'],
  ])('follows the %s separators', (locale, expected) => {
    expect(plain(formatMoney(minorUnits(123456), 'BRL', { locale }))).toBe(expected);
  });

  it.each<[number, CurrencyCode, string]>([
    [0, 'BRL', 'R$ 0,00'],
    [5, 'BRL', 'R$ 0,05'],
    [-1, 'USD', '-$ 0.01'],
    [100, 'KES', 'KSh 1.00'],
    [123456789, 'USD', '$ 1,234,567.89'],
  ])('formats %i minor units of %s as %s', (amount, code, expected) => {
    expect(plain(formatMoney(minorUnits(amount), code))).toBe(expected);
  });

  it('honours fractionDigits and withSymbol: false', () => {
    expect(plain(formatMoney(minorUnits(123456), 'USD', { fractionDigits: 0 }))).toBe('$ 1,235');
    expect(plain(formatMoney(minorUnits(123456), 'USD', { fractionDigits: 3 }))).toBe('$ 1,234.560');
    expect(plain(formatMoney(minorUnits(-123456), 'BRL', { withSymbol: false }))).toBe('-1.234,56');
  });

  it('does not show a minus sign on an amount that rounds to zero', () => {
    expect(plain(formatMoney(minorUnits(-40), 'USD', { fractionDigits: 0 }))).toBe('$ 0');
    expect(plain(formatMoney(minorUnits(-40), 'USD', { fractionDigits: 0, withSymbol: false }))).toBe('0');
  });
});

describe('formatMoney with the K abbreviation', () => {
  it.each<[number, CurrencyCode, string]>([
    [99999, 'USD', '$ 999.99'], // below 1000: not abbreviated
    [100000, 'USD', '$ 1K'],
    [123456, 'USD', '$ 1.23K'],
    [199999, 'USD', '$ 1.99K'], // truncates, never rounds up to 2K
    [-199999, 'USD', '-$ 1.99K'], // toward zero for debts too
    [435000, 'USD', '$ 4.35K'], // 4.35 × 100 is 434.999… in binary: must still read 4.35K
    [113000, 'USD', '$ 1.13K'],
    [123456789, 'USD', '$ 1,234.56K'],
    [123456, 'BRL', 'R$ 1,23K'],
  ])('shows %i minor units of %s as %s', (amount, code, expected) => {
    expect(plain(formatMoney(minorUnits(amount), code, { abbreviateThousands: true }))).toBe(expected);
  });

  it('shows any amount of thousands truncated toward zero, never rounded up', () => {
    // Whole thousands are where binary fractions bite (4.35 × 100 = 434.999…), so draw them often.
    const amounts = fc.oneof(
      fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
      fc.integer({ min: -1_000_000, max: 1_000_000 }).map((thousands) => thousands * 1000),
    );
    fc.assert(
      fc.property(amounts, (amountMinor) => {
        const major = amountMinor / 100;
        fc.pre(Math.abs(major) >= 1000);
        const text = formatNumber(major, 'en-US', 2, true);
        expect(text.endsWith('K')).toBe(true);
        const shownThousandths = Math.round(Number(text.slice(0, -1).replaceAll(',', '')) * 100);
        // Exact integer arithmetic: the shown figure in hundredths of a thousand is the amount's, truncated.
        expect(shownThousandths).toBe(Math.trunc(amountMinor / 1000));
      }),
    );
  });
});
