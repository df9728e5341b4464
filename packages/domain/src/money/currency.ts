/**
 * Currency metadata. Symbols are spec §9's; `scale` is the number of minor-unit digits
 * the product stores (the spec divides every balance by 100, so fiat and the USDT label use 2).
 */
export const CURRENCIES = {
  BRL: { code: 'BRL', symbol: 'R$', scale: 2, locale: 'pt-BR' },
  MXN: { code: 'MXN', symbol: '$', scale: 2, locale: 'es-MX' },
  INR: { code: 'INR', symbol: '₹', scale: 2, locale: 'en-IN' },
  PHP: { code: 'PHP', symbol: '₱', scale: 2, locale: 'en-PH' },
  KES: { code: 'KES', symbol: 'KSh', scale: 2, locale: 'en-KE' },
  COP: { code: 'COP', symbol: 'COP $', scale: 2, locale: 'es-CO' },
  USDT: { code: 'USDT', symbol: 'USDT', scale: 2, locale: 'en-US' },
  RUB: { code: 'RUB', symbol: '₽', scale: 2, locale: 'ru-RU' },
  VND: { code: 'VND', symbol: '₫', scale: 2, locale: 'vi-VN' },
  PEN: { code: 'PEN', symbol: 'S/', scale: 2, locale: 'es-PE' },
  ARS: { code: 'ARS', symbol: 'ARS$', scale: 2, locale: 'es-AR' },
  THB: { code: 'THB', symbol: '฿', scale: 2, locale: 'th-TH' },
  MYR: { code: 'MYR', symbol: 'RM', scale: 2, locale: 'ms-MY' },
  USD: { code: 'USD', symbol: '$', scale: 2, locale: 'en-US' },
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
