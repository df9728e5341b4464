import { currencyGet, type CurrencyCode } from './currency.ts';
import type { MinorUnits } from './minor-units.ts';

export interface FormatMoneyOptions {
  /** The reader's locale; defaults to the currency's home locale. */
  locale?: string;
  /** Digits after the separator; spec §9 defaults to 2. */
  fractionDigits?: number;
  /** Some builds abbreviate thousands as "K" (spec §9). */
  abbreviateThousands?: boolean;
  /** Leave the symbol off, e.g. in an input beside a currency label. */
  withSymbol?: boolean;
}

/** Formats an amount stored in minor units, always through Intl so separators follow the locale. */
export function formatMoney(amountMinor: MinorUnits, currencyCode: CurrencyCode, options: FormatMoneyOptions = {}): string {
  const currency = currencyGet(currencyCode);
  const locale = options.locale ?? currency.locale;
  const fractionDigits = options.fractionDigits ?? 2;
  const major = amountMinor / 10 ** currency.scale;
  const number = formatNumber(major, locale, fractionDigits, options.abbreviateThousands ?? false);
  if (options.withSymbol === false) return number;
  // Read the sign from the digits shown, not from the amount: −0.40 shown with no decimals is "0", not "-0".
  return /^[-−]/.test(number) ? `-${currency.symbol} ${number.replace(/^[-−]/, '')}` : `${currency.symbol} ${number}`;
}

/** Formats a plain number: fixed digits, or "12.5K" style when asked to abbreviate thousands. */
export function formatNumber(value: number, locale: string, fractionDigits = 2, abbreviateThousands = false): string {
  if (abbreviateThousands && Math.abs(value) >= 1000) {
    // Truncate toward zero so an abbreviated balance never shows more than the player has. Intl truncates the
    // decimal digits; scaling by 10^digits in binary first would turn 4.35 into 434.999… and show 4.34K.
    // toPrecision(15) drops the binary noise of the division so a whole cent is never lost.
    const thousands = new Intl.NumberFormat(locale, {
      maximumFractionDigits: fractionDigits,
      minimumFractionDigits: 0,
      roundingMode: 'trunc',
      signDisplay: 'negative',
    });
    return `${thousands.format(Number((value / 1000).toPrecision(15)))}K`;
  }
  return new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits, signDisplay: 'negative' }).format(value);
}
