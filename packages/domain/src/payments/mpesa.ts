/**
 * M-Pesa Express (Daraja STK push) formats (reference integrations.md §1.10): the password is
 * base64(shortcode + passkey + timestamp) with the timestamp `yyyyMMddHHmmss` in Africa/Nairobi (UTC+3, no DST).
 */
const NAIROBI_OFFSET_MS = 3 * 3600 * 1000;

export function mpesaTimestamp(at: Date): string {
  return new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

export function mpesaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return btoa(`${shortcode}${passkey}${timestamp}`);
}

/** Daraja's MSISDN: 2547XXXXXXXX or 2541XXXXXXXX, from 07…/01…, 7…/1…, 254… or +254…; undefined otherwise. */
export function mpesaMsisdn(raw: string): string | undefined {
  const digits = raw.replace(/[\s-]/g, '').replace(/^\+/, '');
  const national = digits.startsWith('254') ? digits.slice(3) : digits.startsWith('0') ? digits.slice(1) : digits;
  return /^[17]\d{8}$/.test(national) ? `254${national}` : undefined;
}

/** Result codes a Daraja callback carries. */
export const MPESA_RESULT = { success: 0, insufficientBalance: 1, cancelledByUser: 1032, timeout: 1037 } as const;
