import { documentCheck } from './documents.ts';
import { phoneParse } from './phone.ts';

/** The five kinds of Pix key in the DICT directory (reference integrations.md §1.1). */
export const PIX_KEY_TYPES = ['CPF', 'CNPJ', 'PHONE', 'EMAIL', 'EVP'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export function isPixKeyType(value: string): value is PixKeyType {
  return (PIX_KEY_TYPES as readonly string[]).includes(value);
}

export type PixKeyCheck = { ok: true; value: string } | { ok: false; issue: 'format' | 'checksum' | 'policy' | 'not_mobile' };

const EVP_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A Brazilian mobile as DICT stores it, `+55` + area code + number (E.164). The player may type it with or without
 * `+55` and with the usual separators; a landline is refused, since a phone key is a mobile number.
 */
function pixPhoneCheck(raw: string): PixKeyCheck {
  const compact = raw.replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return { ok: false, issue: 'format' };
  const digits = compact.replace(/^\+/, '');
  // Written without +55, a national number is 10 or 11 digits (area code + number); with it, 12 or 13.
  const international = compact.startsWith('+') || digits.length > 11 ? `+${digits}` : `+55${digits}`;
  if (!/^\+55\d{10,11}$/.test(international)) return { ok: false, issue: 'format' };
  const parsed = phoneParse(international);
  if (!parsed?.isValid() || parsed.country !== 'BR') return { ok: false, issue: 'format' };
  return parsed.getType() === 'MOBILE' ? { ok: true, value: parsed.number } : { ok: false, issue: 'not_mobile' };
}

/**
 * A Pix key validated by its type, as DICT defines them: CPF and CNPJ (numeric or the alphanumeric CNPJ of July
 * 2026) with their check digits, a Brazilian mobile in E.164, an e-mail of at most 77 characters in lower case,
 * or a random key (EVP), a UUID in lower case. Any UUID version is accepted: DICT's pattern does not pin one
 * (validation-br's v4-only rule would refuse the BCB manual's own example key). Answers the normalised key.
 */
export function pixKeyCheck(type: PixKeyType, raw: string): PixKeyCheck {
  const key = raw.trim();
  switch (type) {
    case 'CPF':
    case 'CNPJ': {
      const result = documentCheck(type, key);
      return result.ok ? { ok: true, value: result.value } : result;
    }
    case 'PHONE':
      return pixPhoneCheck(key);
    case 'EMAIL': {
      const lower = key.toLowerCase();
      return lower.length <= 77 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(lower) ? { ok: true, value: lower } : { ok: false, issue: 'format' };
    }
    case 'EVP': {
      const lower = key.toLowerCase();
      return EVP_PATTERN.test(lower) ? { ok: true, value: lower } : { ok: false, issue: 'format' };
    }
  }
}
