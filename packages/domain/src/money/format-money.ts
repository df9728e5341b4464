import { numberFormatOf } from '../i18n/intl-formats.ts';
import { intlLocaleOf } from '../i18n/locales.ts';
import { currencyGet, type CurrencyCode } from './currency.ts';
import type { MinorUnits } from './minor-units.ts';

export interface FormatMoneyOptions {
  /** The reader's locale (a product locale such as `vm-VI` is mapped to Intl's); defaults to the currency's home locale. */
  locale?: string;
  /** Digits after the separator; defaults to the currency's (spec §9's 2; none for VND and COP, per CLDR). */
  fractionDigits?: number;
  /** Some builds abbreviate thousands as "K" (spec §9). */
  abbreviateThousands?: boolean;
  /** Leave the symbol off, e.g. in an input beside a currency label. */
  withSymbol?: boolean;
}

/** Formats an amount stored in minor units, always through Intl so separators follow the locale. */
export function formatMoney(amountMinor: MinorUnits, currencyCode: CurrencyCode, options: FormatMoneyOptions = {}): string {
  const currency = currencyGet(currencyCode);
  const locale = intlLocaleOf(options.locale ?? currency.locale);
  const fractionDigits = options.fractionDigits ?? currency.fractionDigits;
  const major = amountMinor / 10 ** currency.scale;
  // A dong balance may hold hundredths (winnings are floored in minor units): shown without decimals, they are
  // cut, never rounded up to a dong the player does not have.
  const truncate = options.fractionDigits === undefined && fractionDigits < currency.scale;
  const number = formatNumber(major, locale, fractionDigits, options.abbreviateThousands ?? false, truncate);
  if (options.withSymbol === false) return number;
  // Read the sign from the digits shown, not from the amount: −0.40 shown with no decimals is "0", not "-0".
  return /^[-−]/.test(number) ? `-${currency.symbol} ${number.replace(/^[-−]/, '')}` : `${currency.symbol} ${number}`;
}

/** Formats a plain number: fixed digits, or "12.5K" style when asked to abbreviate thousands. */
export function formatNumber(value: number, locale: string, fractionDigits = 2, abbreviateThousands = false, truncate = false): string {
  const intlLocale = intlLocaleOf(locale);
  if (abbreviateThousands && Math.abs(value) >= 1000) {
    // Truncate toward zero so an abbreviated balance never shows more than the player has. Intl truncates the
    // decimal digits; scaling by 10^digits in binary first would turn 4.35 into 434.999… and show 4.34K.
    // toPrecision(15) drops the binary noise of the division so a whole cent is never lost.
    const thousands = numberFormatOf(intlLocale, {
      maximumFractionDigits: fractionDigits,
      minimumFractionDigits: 0,
      roundingMode: 'trunc',
      signDisplay: 'negative',
    });
    return `${thousands.format(Number((value / 1000).toPrecision(15)))}K`;
  }
  return numberFormatOf(intlLocale, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    signDisplay: 'negative',
    ...(truncate ? { roundingMode: 'trunc' as const } : {}),
  }).format(value);
}
