import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_LIFETIME_MS } from '../session/session.service.ts';

/**
 * Session cookies (ASVS V3.4; docs/decisions/019). Over HTTPS every sign-in sets `__Host-uid` and `__Host-sid`
 * (Secure, HttpOnly, SameSite=Lax, Path=/, no Domain) and they are the session: the server reads nothing else there,
 * and answers carry an empty sid, so script never holds it and no sibling subdomain can plant one. Over plain HTTP
 * (`npm start` on a local port) no cookie is set — browsers refuse Secure cookies there — and the session travels
 * as the session-uid/session-sid headers (or, from clients of the spec's kind, the uid/sid parameters). Unprefixed
 * uid/sid cookies are never read.
 */
export const SID_COOKIE = '__Host-sid';
export const UID_COOKIE = '__Host-uid';

const cookieOptions = { path: '/', secure: true, httpOnly: true, sameSite: 'lax' as const };

/** Fastify reads the scheme from the socket, or from X-Forwarded-Proto of a trusted proxy (TRUSTED_PROXIES). */
export function overHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** An answer that names the session, as the client may see it: over HTTPS without the sid, which only the cookie holds. */
export function sessionSecretHidden<T extends { sid: string }>(request: FastifyRequest, answer: T): T {
  return overHttps(request) ? { ...answer, sid: '' } : answer;
}

export function sessionCookiesSet(request: FastifyRequest, reply: FastifyReply, login: { uid: number; sid: string }): void {
  if (!overHttps(request) || !login.sid) return;
  const maxAge = Math.floor(SESSION_LIFETIME_MS / 1000);
  reply.setCookie(UID_COOKIE, String(login.uid), { ...cookieOptions, maxAge });
  reply.setCookie(SID_COOKIE, login.sid, { ...cookieOptions, maxAge });
}

export function sessionCookiesClear(request: FastifyRequest, reply: FastifyReply): void {
  if (!overHttps(request)) return;
  reply.clearCookie(UID_COOKIE, cookieOptions);
  reply.clearCookie(SID_COOKIE, cookieOptions);
}
