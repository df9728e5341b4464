import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The socket's signed ticket (decision 036): base64url JSON of the player, their brand, the expiry (Unix seconds) and
 * a nonce, then an HMAC-SHA256 of it under the servers' REALTIME_SECRET. No session id travels in the URL, and the
 * ticket is worth nothing after its short life: a leaked URL (a proxy log, the history) opens no account.
 */
export interface RealtimeTicket {
  uid: number;
  appKey: string;
  /** Unix seconds. */
  expiresAt: number;
  /**
   * The session it was asked in (its row id, not the secret sid): the connect checks it is still live, and a sign-out
   * closes that session's sockets (decision 041).
   */
  sessionId: number;
}

/** A checked ticket with its nonce: connecting uses the nonce up (decision 041). */
export interface CheckedTicket extends RealtimeTicket {
  nonce: string;
  /** A visitor's ticket (decision 075): the brand's public odds only; `uid` and `sessionId` are 0. */
  visitor: boolean;
}

export type TicketCheck = { ok: true; ticket: CheckedTicket } | { ok: false; reason: 'invalid' | 'expired' };

const PREFIX = 'rt1.';
/** The longest ticket we read: a forged megabyte is refused before any HMAC. */
const TICKET_MAX_CHARS = 512;

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(PREFIX).update(payload).digest();
}

export function realtimeTicketSign(secret: string, ticket: RealtimeTicket): string {
  const payload = Buffer.from(
    JSON.stringify({ u: ticket.uid, a: ticket.appKey, e: ticket.expiresAt, s: ticket.sessionId, n: randomBytes(9).toString('base64url') }),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** A visitor's ticket (decision 075): the brand and the expiry only, marked so no player's check ever accepts it. */
export function realtimeVisitorTicketSign(secret: string, appKey: string, expiresAt: number): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, a: appKey, e: expiresAt, n: randomBytes(9).toString('base64url') })).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** Checks the signature first (nothing unsigned is parsed), then the shape, then the expiry against `nowS`. */
export function realtimeTicketCheck(secret: string, token: string | undefined, nowS: number): TicketCheck {
  if (typeof token !== 'string' || token.length > TICKET_MAX_CHARS) return { ok: false, reason: 'invalid' };
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return { ok: false, reason: 'invalid' };
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const { u, a, e, s, n, v } = (raw ?? {}) as { u?: unknown; a?: unknown; e?: unknown; s?: unknown; n?: unknown; v?: unknown };
  if (v === 1) return visitorCheck(a, e, n, nowS);
  if (!Number.isSafeInteger(u) || (u as number) <= 0 || typeof a !== 'string' || a === '' || !Number.isSafeInteger(e)) return { ok: false, reason: 'invalid' };
  if (!Number.isSafeInteger(s) || (s as number) <= 0 || typeof n !== 'string' || n === '' || n.length > 32) return { ok: false, reason: 'invalid' };
  if ((e as number) <= nowS) return { ok: false, reason: 'expired' };
  return { ok: true, ticket: { uid: u as number, appKey: a, expiresAt: e as number, sessionId: s as number, nonce: n, visitor: false } };
}

function visitorCheck(a: unknown, e: unknown, n: unknown, nowS: number): TicketCheck {
  if (typeof a !== 'string' || a === '' || !Number.isSafeInteger(e) || typeof n !== 'string' || n === '' || n.length > 32)
    return { ok: false, reason: 'invalid' };
  if ((e as number) <= nowS) return { ok: false, reason: 'expired' };
  return { ok: true, ticket: { uid: 0, appKey: a, expiresAt: e as number, sessionId: 0, nonce: n, visitor: true } };
}
