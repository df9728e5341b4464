import type { CurrencyCode } from '../money/currency.ts';
import type { PayChannelKey } from './channels.ts';
import { phoneParse, type PHONE_REGIONS } from './phone.ts';

/** Spec §5 withdrawal phone lengths (digits the player types, without the country code). */
export const PAYOUT_PHONE_LENGTHS: Partial<Record<PayChannelKey, { min: number; max: number }>> = {
  GCASH: { min: 11, max: 11 },
  PAYMAYA: { min: 10, max: 10 },
  MPESA: { min: 10, max: 11 },
  CASH: { min: 5, max: 30 },
  TPAGA: { min: 11, max: 14 },
  NEQUI: { min: 10, max: 10 },
  DAVIPLATA: { min: 10, max: 10 },
  MOVII: { min: 10, max: 10 },
  TRANSFIYA: { min: 10, max: 10 },
};

/** Spec §5 phone country codes: PIX 55, SPEI 52, IMPS 91, wallets 63, MPESA 254, Colombia 57, Vietnam 84, USD 1, others by currency. */
const CALLING_CODE_BY_CHANNEL: Partial<Record<PayChannelKey, string>> = { PIX: '55', SPEI: '52', IMPS: '91', GCASH: '63', PAYMAYA: '63', MPESA: '254' };
const CALLING_CODE_BY_CURRENCY: Partial<Record<CurrencyCode, string>> = {
  BRL: '55',
  MXN: '52',
  INR: '91',
  PHP: '63',
  KES: '254',
  COP: '57',
  VND: '84',
  USD: '1',
  PEN: '51',
  ARS: '54',
  THB: '66',
  MYR: '60',
  RUB: '7',
};
const REGION_BY_CALLING_CODE: Record<string, (typeof PHONE_REGIONS)[number]> = {
  '55': 'BR',
  '52': 'MX',
  '91': 'IN',
  '63': 'PH',
  '254': 'KE',
  '57': 'CO',
  '84': 'VN',
  '1': 'US',
  '51': 'PE',
  '54': 'AR',
  '66': 'TH',
  '60': 'MY',
  '7': 'RU',
};

export function phoneCallingCode(channel: PayChannelKey, currency: CurrencyCode): string {
  return CALLING_CODE_BY_CHANNEL[channel] ?? CALLING_CODE_BY_CURRENCY[currency] ?? '';
}

export type PhoneCheck = { ok: true; value: string } | { ok: false; issue: 'format' | 'length' | 'not_mobile' };

/**
 * A payout phone: digits only (spaces, dashes and brackets dropped), the spec's length for the method, and —
 * where the method's national format is the one the length describes — a mobile number by libphonenumber.
 * The spec's lengths win where they and the numbering plan disagree (M-Pesa's 11, TPAGA's 14, cash's 30).
 */
export function payoutPhoneCheck(channel: PayChannelKey, currency: CurrencyCode, raw: string): PhoneCheck {
  const value = raw.replace(/[\s()-]/g, '');
  if (!/^\d+$/.test(value)) return { ok: false, issue: 'format' };
  const rule = PAYOUT_PHONE_LENGTHS[channel] ?? { min: 6, max: 15 };
  if (value.length < rule.min || value.length > rule.max) return { ok: false, issue: 'length' };
  if (channel === 'MPESA') return /^[17]\d{8}$/.test(value.slice(-9)) ? { ok: true, value } : { ok: false, issue: 'not_mobile' };
  if (channel === 'CASH' || channel === 'TPAGA') return { ok: true, value };
  const region = REGION_BY_CALLING_CODE[phoneCallingCode(channel, currency)];
  if (!region) return { ok: true, value };
  // PayMaya's 10 digits are the national number without its trunk 0 (9XXXXXXXXX).
  const national = channel === 'PAYMAYA' ? `0${value}` : value;
  const parsed = phoneParse(national, region);
  if (!parsed?.isValid()) return { ok: false, issue: 'format' };
  const type = parsed.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? { ok: true, value } : { ok: false, issue: 'not_mobile' };
}
