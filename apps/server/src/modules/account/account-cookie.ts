import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_LIFETIME_MS } from '../session/session.service.ts';

/**
 * Session cookies (ASVS V3.4). The rule: over HTTPS every sign-in also sets `__Host-uid` and `__Host-sid` (Secure,
 * HttpOnly, SameSite=Lax, Path=/, no Domain), so the browser sends the session without script ever reading it and
 * no sibling subdomain can plant one. Over plain HTTP (`npm start` on a local port) no cookie is set — browsers
 * refuse Secure cookies there — and the session travels only as the spec's uid/sid parameters. The server reads
 * the `__Host-` cookies when the parameters are absent and never reads unprefixed uid/sid cookies.
 */
export const SID_COOKIE = '__Host-sid';
export const UID_COOKIE = '__Host-uid';

const cookieOptions = { path: '/', secure: true, httpOnly: true, sameSite: 'lax' as const };

/** Fastify reads the scheme from the socket, or from X-Forwarded-Proto of a trusted proxy (TRUSTED_PROXIES). */
function overHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
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
