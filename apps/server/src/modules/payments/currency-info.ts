import type { CurrencyInfo } from '@piranha/contract';
import { CURRENCIES, isCurrencyCode, type VariantProfile } from '@piranha/domain';
import { cryptoAllowed } from '@piranha/domain/payments';

/**
 * Spec §3 "Currency info": every code the selector knows, with ids (default 22, USDT, the crypto default), network
 * and neighbours. The brand's own currencies come first and are the enabled ones.
 */
const CURRENCY_IDS: readonly { currency: string; id: number; crypto: boolean; network: string }[] = [
  { currency: 'BRL', id: 1, crypto: false, network: '' },
  { currency: 'MXN', id: 2, crypto: false, network: '' },
  { currency: 'INR', id: 3, crypto: false, network: '' },
  { currency: 'PHP', id: 4, crypto: false, network: '' },
  { currency: 'KES', id: 5, crypto: false, network: '' },
  { currency: 'COP', id: 6, crypto: false, network: '' },
  { currency: 'RUB', id: 7, crypto: false, network: '' },
  { currency: 'VND', id: 8, crypto: false, network: '' },
  { currency: 'PEN', id: 9, crypto: false, network: '' },
  { currency: 'ARS', id: 10, crypto: false, network: '' },
  { currency: 'THB', id: 11, crypto: false, network: '' },
  { currency: 'MYR', id: 12, crypto: false, network: '' },
  { currency: 'USD', id: 21, crypto: false, network: '' },
  { currency: 'USDT', id: 22, crypto: true, network: 'TRC20' },
  { currency: 'BTC', id: 23, crypto: true, network: 'BTC' },
  { currency: 'ETH', id: 24, crypto: true, network: 'ERC20' },
  { currency: 'USDC', id: 25, crypto: true, network: 'ERC20' },
  { currency: 'BUSD', id: 26, crypto: true, network: 'BEP20' },
  { currency: 'BNB', id: 27, crypto: true, network: 'BEP20' },
  { currency: 'XRP', id: 28, crypto: true, network: 'XRP' },
  { currency: 'ADA', id: 29, crypto: true, network: 'ADA' },
  { currency: 'DOT', id: 30, crypto: true, network: 'DOT' },
  { currency: 'LTC', id: 31, crypto: true, network: 'LTC' },
  { currency: 'LINK', id: 32, crypto: true, network: 'ERC20' },
];

export const DEFAULT_CURRENCY_ID = 22;

export function currencyListOf(brand: VariantProfile): CurrencyInfo[] {
  const held = (code: string) => (brand.currencies as readonly string[]).includes(code);
  const ordered = [...CURRENCY_IDS].sort((a, b) => Number(held(b.currency)) - Number(held(a.currency)) || a.id - b.id);
  return ordered.map((entry, index) => ({
    id: entry.id,
    currency: entry.currency,
    symbol: isCurrencyCode(entry.currency) ? CURRENCIES[entry.currency].symbol : entry.currency,
    currency_type: entry.crypto ? 2 : 1,
    network: entry.network,
    preCurrency: ordered[index - 1]?.currency ?? '',
    nextCurrency: ordered[index + 1]?.currency ?? '',
    enabled: held(entry.currency) ? 1 : 0,
  }));
}

export function currencyInfoOf(brand: VariantProfile, displayCurrency: string | undefined) {
  const current = displayCurrency && (brand.currencies as readonly string[]).includes(displayCurrency) ? displayCurrency : brand.currency;
  return {
    default_currency_id: DEFAULT_CURRENCY_ID,
    current,
    crypto_default: cryptoAllowed(brand.currencies) ? 'USDT' : '',
    list: currencyListOf(brand),
  };
}
