import { CURRENCIES, currencyGet, formatMoney, intlLocaleOf, isCurrencyCode, minorUnits, type MinorUnits } from '@piranha/domain';

/*
 * The web app's one home for money: every amount shown goes through moneyText / moneyChipText (so an unknown
 * currency still reads as digits and a code, never raw minor units) and every amount typed through
 * amountMinorParse (so "1.000" means the same thing in every form).
 */

const NBSP = '\u00a0';

/**
 * An amount from the server (minor units and a currency code) as the player reads it. A currency the domain
 * does not list (a crypto coin other than USDT) still shows its digits and its code rather than nothing.
 */
export function moneyText(amountMinor: number, currency: string, locale?: string, abbreviateThousands = false): string {
  // No-break spaces keep "R$" (and "COP $") with its digits on one line inside a sentence.
  if (isCurrencyCode(currency)) return formatMoney(minorUnits(amountMinor), currency, { locale, abbreviateThousands }).replaceAll(' ', NBSP);
  const number = new Intl.NumberFormat(locale && intlLocaleOf(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amountMinor / 100);
  return `${number}${NBSP}${currency}`;
}

/**
 * A quick-amount chip: whole amounts without decimals ("R$ 50"). Long symbols (KSh, USDT) are left off so four
 * chips fit a phone's width; the amount box beside them already names the currency.
 */
export function moneyChipText(amountMinor: number, currency: string, locale?: string): string {
  const withSymbol = isCurrencyCode(currency) && currencyGet(currency).symbol.length <= 2;
  const fractionDigits = amountMinor % 100 === 0 ? 0 : 2;
  if (isCurrencyCode(currency)) return formatMoney(minorUnits(amountMinor), currency, { locale, fractionDigits, withSymbol }).replaceAll(' ', NBSP);
  return new Intl.NumberFormat(locale && intlLocaleOf(locale), { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(
    amountMinor / 100,
  );
}

/** Decimals a player may type in a currency: none for VND and COP (CLDR), 2 elsewhere and for unknown codes. */
export function amountFractionDigitsOf(currency: string): number {
  return isCurrencyCode(currency) ? CURRENCIES[currency].fractionDigits : 2;
}

/**
 * What the player typed in the amount box, as minor units (`scale` stored digits). Both "10.50" and "10,50" are
 * read (half the markets write a decimal comma); thousands separators are refused rather than guessed, so
 * "1.000" never becomes 1. More than `fractionDigits` decimals is refused: the amount must be exactly what is
 * charged. In a currency without decimals (VND, COP) a separator cannot be a decimal one, so "30.000" and
 * "1,250,000" are read as grouped thousands — the way Vietnamese and Colombian players write them.
 */
export function amountMinorParse(text: string, scale = 2, fractionDigits = scale): MinorUnits | undefined {
  const trimmed = text.trim().replace(/\s/g, '');
  if (fractionDigits === 0 && /^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*$/.test(trimmed)) return amountMinorParse(trimmed.replace(/[.,]/g, ''), scale, 0);
  const match = /^(\d{1,12})(?:[.,](\d*))?$/.exec(trimmed);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > fractionDigits) return undefined;
  return minorUnits(Number(match[1]) * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0'));
}

/** The major-unit text an amount is typed as (no grouping, dot decimals, trailing zero decimals dropped). */
export function amountMinorText(amountMinor: MinorUnits, scale = 2): string {
  const major = Math.trunc(amountMinor / 10 ** scale);
  const fraction = String(amountMinor % 10 ** scale)
    .padStart(scale, '0')
    .replace(/0+$/, '');
  return fraction ? `${major}.${fraction}` : String(major);
}
