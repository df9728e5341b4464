import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Provider notifications are signed like Stripe's: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`. The
 * timestamp inside the MAC stops an old notification from being replayed as new; the raw body (not a re-encoded
 * parse) is what is signed, so no whitespace or key order can change it.
 */
export const SIGNATURE_HEADER = 'x-piranha-signature';
export const SIGNATURE_TOLERANCE_S = 300;

export function webhookSign(secret: string, rawBody: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex')}`;
}

export type SignatureCheck = { ok: true } | { ok: false; issue: 'missing' | 'malformed' | 'stale' | 'mismatch' };

export function webhookVerify(secret: string, header: string | undefined, rawBody: string, now: Date): SignatureCheck {
  if (!header) return { ok: false, issue: 'missing' };
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return { ok: false, issue: 'malformed' };
  const t = Number(match[1]);
  if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_S) return { ok: false, issue: 'stale' };
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(match[2]!, 'hex');
  return timingSafeEqual(expected, given) ? { ok: true } : { ok: false, issue: 'mismatch' };
}

/** M-Pesa callbacks carry no signature: each order's callback URL holds a token only we can compute. */
export function callbackToken(secret: string, providerRef: string): string {
  return createHmac('sha256', secret).update(`mpesa-callback:${providerRef}`).digest('base64url').slice(0, 32);
}

export function callbackTokenValid(secret: string, providerRef: string, token: string): boolean {
  const expected = Buffer.from(callbackToken(secret, providerRef));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
