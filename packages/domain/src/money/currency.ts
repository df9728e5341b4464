/**
 * Currency metadata. Symbols are spec §9's.
 *
 * `scale` is the number of minor-unit digits the product *stores*: the spec divides every balance by 100, so
 * every currency, the USDT label included, is stored in hundredths. It never changes for a currency that holds
 * money, or stored amounts would silently change value.
 *
 * `fractionDigits` is what players *see and type*, from CLDR as Intl ships it (CLDR 48 in Node 20's ICU 78):
 * none for the Vietnamese dong (ISO 4217 agrees: exponent 0) and none for the Colombian peso (ISO 4217 still
 * lists 2, but centavos left circulation and CLDR, banks and PSE show whole pesos). A dong balance is therefore
 * still stored in hundredths of a dong: deposits, withdrawals and limits of these currencies are whole units
 * (multiples of `currencyStepMinor`), and amounts computed in hundredths (winnings, floor(stake × odds)) are
 * shown truncated, never rounded up past what the player has.
 */
export const CURRENCIES = {
  BRL: { code: 'BRL', symbol: 'R$', scale: 2, fractionDigits: 2, locale: 'pt-BR' },
  MXN: { code: 'MXN', symbol: '$', scale: 2, fractionDigits: 2, locale: 'es-MX' },
  INR: { code: 'INR', symbol: '₹', scale: 2, fractionDigits: 2, locale: 'en-IN' },
  PHP: { code: 'PHP', symbol: '₱', scale: 2, fractionDigits: 2, locale: 'en-PH' },
  KES: { code: 'KES', symbol: 'KSh', scale: 2, fractionDigits: 2, locale: 'en-KE' },
  COP: { code: 'COP', symbol: 'COP $', scale: 2, fractionDigits: 0, locale: 'es-CO' },
  USDT: { code: 'USDT', symbol: 'USDT', scale: 2, fractionDigits: 2, locale: 'en-US' },
  RUB: { code: 'RUB', symbol: '₽', scale: 2, fractionDigits: 2, locale: 'ru-RU' },
  VND: { code: 'VND', symbol: '₫', scale: 2, fractionDigits: 0, locale: 'vi-VN' },
  PEN: { code: 'PEN', symbol: 'S/', scale: 2, fractionDigits: 2, locale: 'es-PE' },
  ARS: { code: 'ARS', symbol: 'ARS$', scale: 2, fractionDigits: 2, locale: 'es-AR' },
  THB: { code: 'THB', symbol: '฿', scale: 2, fractionDigits: 2, locale: 'th-TH' },
  MYR: { code: 'MYR', symbol: 'RM', scale: 2, fractionDigits: 2, locale: 'ms-MY' },
  USD: { code: 'USD', symbol: '$', scale: 2, fractionDigits: 2, locale: 'en-US' },
} as const;

export type CurrencyCode = keyof typeof CURRENCIES;
export type Currency = (typeof CURRENCIES)[CurrencyCode];

export const CURRENCY_CODES = Object.keys(CURRENCIES) as CurrencyCode[];

export function isCurrencyCode(value: string): value is CurrencyCode {
  return Object.hasOwn(CURRENCIES, value);
}

export function currencyGet(code: CurrencyCode): Currency {
  return CURRENCIES[code];
}

/**
 * The smallest amount a player can type or be asked for, in stored minor units: 1 where the currency shows
 * hundredths, 100 for VND and COP (one whole dong or peso stored as 100 hundredths).
 */
export function currencyStepMinor(code: CurrencyCode): number {
  const currency = CURRENCIES[code];
  return 10 ** (currency.scale - currency.fractionDigits);
}
