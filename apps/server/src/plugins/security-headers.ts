import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HEADER_TRACE_ID } from '@piranha/contract';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Response headers by kind of answer (docs/decisions/006-api-response-headers.md). Documents (the HTML shell, static
 * assets, brand icons, /healthz) get helmet's full set with the app's CSP; API answers (`/api/…`, JSON only) get a
 * short fixed set, assigned from one precomputed object: a page's CSP, COOP or DNS-prefetch rules mean nothing on
 * JSON, and writing ~1.5 KB of them on every 2-second poll cost more than the answer itself. Both get HSTS when the
 * request came over HTTPS (docs/decisions/020-security-edges.md).
 */

/**
 * What an API answer carries: nosniff (JSON is never run as a script or styled), a CSP that forbids everything
 * should a browser ever render the body, no framing (CSP and the older header), not readable by other sites'
 * no-cors requests, no referrer, and not stored by caches unless a route says otherwise (sports polls send
 * `no-cache` with an ETag, public config `public, max-age=300`).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
});

/**
 * HSTS, on every answer to a request that came over HTTPS — directly or, as the trusted proxy's X-Forwarded-Proto says,
 * at the operator's TLS edge — and never over plain HTTP (where a browser ignores it anyway, and the app is opened on
 * a local port). A year, the minimum the preload list and ASVS 14.4.5 accept, for every subdomain: each brand's
 * `m.` and `www.` hosts are served by this same app. Not `preload`: that is the operator's decision for a domain.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** True for the JSON API's paths (`/api`, `/api/…`, `/api?…`), whatever follows. */
export function isApiUrl(url: string): boolean {
  return url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');
}

const requestIdBytes = 8;
/** Random bytes drawn 512 ids at a time: one system call per 512 requests instead of one per request. */
const requestIdPool = Buffer.allocUnsafe(requestIdBytes * 512);
let requestIdOffset = requestIdPool.length;

/** A request (trace) id: 16 hex characters from the CSPRNG, so ids stay unguessable and say nothing of traffic. */
export function requestIdNext(): string {
  if (requestIdOffset + requestIdBytes > requestIdPool.length) {
    randomFillSync(requestIdPool);
    requestIdOffset = 0;
  }
  const id = requestIdPool.toString('hex', requestIdOffset, requestIdOffset + requestIdBytes);
  requestIdOffset += requestIdBytes;
  return id;
}

/**
 * One `onRequest` hook, first of all: the trace id header, then the API set or helmet's document set. The helmet
 * middleware is built once here (the Fastify plugin rebuilt it on every request). Headers set this early survive an
 * error answer: Fastify's error path only drops content-type and content-length.
 */
export function securityHeadersRegister(
  app: FastifyInstance,
  httpsOf: (request: IncomingMessage) => boolean,
  documentPolicy: HelmetOptions,
  /** Documents another site may frame (their CSP frame-ancestors names it): X-Frame-Options is left off them. */
  framedByOthers: (request: IncomingMessage) => boolean = () => false,
): void {
  const documentHeaders = helmet(documentPolicy);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(HEADER_TRACE_ID, request.id);
    // X-Forwarded-Proto is believed only from the trusted proxies (TRUSTED_PROXIES); the poll lane uses the same test.
    if (httpsOf(request.raw)) reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    if (isApiUrl(request.url)) {
      reply.headers(API_SECURITY_HEADERS);
      done();
      return;
    }
    documentHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (!error && framedByOthers(request.raw)) reply.raw.removeHeader('x-frame-options');
      done(error as Error | undefined);
    });
  });
}
