import { currencyGet, formatMoney, intlLocaleOf, isCurrencyCode, minorUnits } from '@piranha/domain';

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
