import type { CurrencyCode } from '../money/currency.ts';
import type { CryptoNetwork } from './crypto-address.ts';

/**
 * Payment methods (spec §9 "currency per method": PIX BRL; SPEI and card MXN; UPI and IMPS INR; GCash and
 * PayMaya PHP; M-Pesa KES; cash USD; PSE, Efecty, Transfiya, bank transfer, TPAGA COP). A brand offers every
 * channel of the currencies it holds, so multi-currency brands get several markets' methods.
 */
export const PAY_CHANNEL_KEYS = [
  'PIX',
  'SPEI',
  'UPI',
  'IMPS',
  'MPESA',
  'GCASH',
  'PAYMAYA',
  'PSE',
  'NEQUI',
  'EFECTY',
  'DAVIPLATA',
  'MOVII',
  'TRANSFIYA',
  'TPAGA',
  'BANK_TRANSFER',
  'CASH',
  'THAI_QR',
  'THAI_BANK',
  'USDT',
] as const;
export type PayChannelKey = (typeof PAY_CHANNEL_KEYS)[number];

export function isPayChannelKey(value: string): value is PayChannelKey {
  return (PAY_CHANNEL_KEYS as readonly string[]).includes(value);
}

/** What the player does to pay (the instruction's kind) — one sandbox provider per kind. */
export type PayinKind = 'pix' | 'spei' | 'upi' | 'stk_push' | 'redirect' | 'reference' | 'thai_qr' | 'bank_transfer' | 'crypto';

export interface PayinChannelDef {
  key: PayChannelKey;
  name: string;
  currency: CurrencyCode;
  kind: PayinKind;
  /** The rail's own per-payment ceiling in major units, when it publishes one (Xendit GCash: 100,000; UPI: 1,00,000). */
  providerMaxMajor?: number;
  networks?: readonly CryptoNetwork[];
  /** Inputs taken at order time. */
  fields?: readonly ('phone' | 'network')[];
}

export const PAYIN_CHANNELS: readonly PayinChannelDef[] = [
  { key: 'PIX', name: 'PIX', currency: 'BRL', kind: 'pix' },
  { key: 'SPEI', name: 'SPEI', currency: 'MXN', kind: 'spei' },
  // NPCI caps a UPI payment at ₹1,00,000.
  { key: 'UPI', name: 'UPI', currency: 'INR', kind: 'upi', providerMaxMajor: 100_000 },
  { key: 'GCASH', name: 'GCash', currency: 'PHP', kind: 'redirect', providerMaxMajor: 100_000 },
  { key: 'PAYMAYA', name: 'Maya', currency: 'PHP', kind: 'redirect', providerMaxMajor: 100_000 },
  { key: 'MPESA', name: 'M-Pesa', currency: 'KES', kind: 'stk_push', providerMaxMajor: 250_000, fields: ['phone'] },
  { key: 'PSE', name: 'PSE', currency: 'COP', kind: 'redirect' },
  { key: 'NEQUI', name: 'Nequi', currency: 'COP', kind: 'redirect' },
  { key: 'EFECTY', name: 'Efecty', currency: 'COP', kind: 'reference' },
  { key: 'BANK_TRANSFER', name: 'Transferencia bancaria', currency: 'PEN', kind: 'bank_transfer' },
  { key: 'BANK_TRANSFER', name: 'Transferencia bancaria', currency: 'ARS', kind: 'bank_transfer' },
  { key: 'BANK_TRANSFER', name: 'Chuyển khoản ngân hàng', currency: 'VND', kind: 'bank_transfer' },
  { key: 'BANK_TRANSFER', name: 'Pindahan bank', currency: 'MYR', kind: 'bank_transfer' },
  { key: 'BANK_TRANSFER', name: 'Банковский перевод', currency: 'RUB', kind: 'bank_transfer' },
  { key: 'BANK_TRANSFER', name: 'Bank transfer', currency: 'USD', kind: 'bank_transfer' },
  { key: 'THAI_QR', name: 'Thai QR (PromptPay)', currency: 'THB', kind: 'thai_qr' },
  { key: 'THAI_BANK', name: 'โอนผ่านธนาคาร', currency: 'THB', kind: 'bank_transfer' },
  { key: 'USDT', name: 'USDT', currency: 'USDT', kind: 'crypto', networks: ['TRC20', 'ERC20'], fields: ['network'] },
];

export interface PayoutChannelDef {
  key: PayChannelKey;
  name: string;
  currency: CurrencyCode;
}

export const PAYOUT_CHANNELS: readonly PayoutChannelDef[] = [
  { key: 'PIX', name: 'PIX', currency: 'BRL' },
  { key: 'SPEI', name: 'SPEI', currency: 'MXN' },
  { key: 'IMPS', name: 'IMPS', currency: 'INR' },
  { key: 'GCASH', name: 'GCash', currency: 'PHP' },
  { key: 'PAYMAYA', name: 'Maya', currency: 'PHP' },
  { key: 'MPESA', name: 'M-Pesa', currency: 'KES' },
  { key: 'NEQUI', name: 'Nequi', currency: 'COP' },
  { key: 'DAVIPLATA', name: 'Daviplata', currency: 'COP' },
  { key: 'MOVII', name: 'MOVii', currency: 'COP' },
  { key: 'TRANSFIYA', name: 'Transfiya', currency: 'COP' },
  { key: 'TPAGA', name: 'TPAGA', currency: 'COP' },
  { key: 'BANK_TRANSFER', name: 'Transferencia bancaria', currency: 'COP' },
  { key: 'BANK_TRANSFER', name: 'Transferencia bancaria', currency: 'PEN' },
  { key: 'BANK_TRANSFER', name: 'Transferencia bancaria', currency: 'ARS' },
  { key: 'BANK_TRANSFER', name: 'Chuyển khoản ngân hàng', currency: 'VND' },
  { key: 'BANK_TRANSFER', name: 'Pindahan bank', currency: 'MYR' },
  { key: 'BANK_TRANSFER', name: 'Банковский перевод', currency: 'RUB' },
  { key: 'CASH', name: 'Cash pickup', currency: 'USD' },
  { key: 'THAI_BANK', name: 'โอนผ่านธนาคาร', currency: 'THB' },
  { key: 'USDT', name: 'USDT', currency: 'USDT' },
];

export function payinChannelsOf(currencies: readonly CurrencyCode[]): PayinChannelDef[] {
  return PAYIN_CHANNELS.filter((channel) => currencies.includes(channel.currency));
}

export function payoutChannelsOf(currencies: readonly CurrencyCode[]): PayoutChannelDef[] {
  return PAYOUT_CHANNELS.filter((channel) => currencies.includes(channel.currency));
}

/** Crypto deposits are offered where the brand holds USDT; the fiat/crypto switch then opens on USDT. */
export function cryptoAllowed(currencies: readonly CurrencyCode[]): boolean {
  return currencies.includes('USDT');
}
