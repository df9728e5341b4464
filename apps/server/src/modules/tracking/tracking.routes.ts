import {
  FUNNEL_DAYS_MAX,
  HEADER_APP_KEY,
  HEADER_APP_NAME,
  HEADER_SESSION_SID,
  HEADER_SESSION_UID,
  mdUpload,
  OPS_TRACKING_EVENTS_MAX,
  opsTrackingEventsQuery,
  opsFunnelQuery,
  TRACKING_UPLOADS_PER_ADDRESS_PER_MINUTE,
  type FunnelArm,
  type FunnelDay,
  type OpsFunnelQuery,
} from '@piranha/contract';
import * as z from 'zod/mini';
import { registrableDomain, type VariantProfile } from '@piranha/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { variantOfRequest } from '../../plugins/request-context.ts';
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../app-error.ts';
import { envelopeOk } from '../../plugins/error-handler.ts';
import { rateLimitCheck } from '../../plugins/rate-limit.ts';
import type { RouteDeps } from '../../plugins/route.ts';
import { funnelArmsRead, funnelRead, trackingEventsOf } from './tracking.repository.ts';

export const OPS_FUNNEL_PATH = '/api/ops/tracking/funnel';
export const OPS_FUNNEL_PAGE_PATH = '/ops/funnel';
export const OPS_EVENTS_PATH = '/api/ops/tracking/events';

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The operator's token as a bearer token, or as the password of HTTP Basic (so a browser can open the page). */
function opsAuthorised(request: FastifyRequest, opsToken: string | undefined): boolean {
  if (!opsToken) return false;
  const header = request.headers.authorization ?? '';
  if (header.startsWith('Bearer ')) return sameText(header.slice(7), opsToken);
  if (header.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    return sameText(decoded.slice(decoded.indexOf(':') + 1), opsToken);
  }
  return false;
}

function funnelQueryOf(raw: unknown): OpsFunnelQuery {
  const parsed = z.safeParse(opsFunnelQuery, raw);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', { field: parsed.error.issues[0]?.path.join('.') || 'query' });
  const { from, to } = parsed.data;
  const fromAt = Date.parse(`${from}T00:00:00Z`);
  const toAt = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(fromAt) || dayText(fromAt) !== from) throw new AppError('VALIDATION_FAILED', { field: 'from' });
  if (Number.isNaN(toAt) || dayText(toAt) !== to || toAt < fromAt || (toAt - fromAt) / 86_400_000 >= FUNNEL_DAYS_MAX)
    throw new AppError('VALIDATION_FAILED', { field: 'to' });
  return parsed.data;
}

function dayText(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function htmlEscape(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

function moneyText(minor: number): string {
  return (minor / 100).toFixed(2);
}

/** A plain page of the same figures as the JSON: no script, every value escaped. */
export function funnelPage(query: OpsFunnelQuery, days: readonly FunnelDay[], arms: readonly FunnelArm[]): string {
  const rows = days
    .map((day) => {
      const ggr = day.ggr.length === 0 ? '0' : day.ggr.map((g) => `${htmlEscape(moneyText(g.ggr_minor))} ${htmlEscape(g.currency)}`).join('<br>');
      const stakes = day.ggr.map((g) => `${htmlEscape(moneyText(g.stakes_minor))} ${htmlEscape(g.currency)}`).join('<br>');
      return `<tr><td>${htmlEscape(day.day)}</td><td>${day.visits}</td><td>${day.sign_ups}</td><td>${day.first_deposits}</td><td>${day.depositors}</td><td>${day.bets}</td><td>${stakes}</td><td>${ggr}</td></tr>`;
    })
    .join('\n');
  const armRows = arms
    .map(
      (arm) =>
        `<tr><td>${htmlEscape(arm.key)}</td><td>${htmlEscape(arm.arm)}</td><td>${arm.visitors}</td><td>${arm.sign_ups}</td><td>${arm.first_deposits}</td><td>${arm.depositors}</td><td>${arm.bets}</td></tr>`,
    )
    .join('\n');
  const armsTable =
    arms.length === 0
      ? '<p>No experiment arms were recorded in this span.</p>'
      : `<div class="scroll" role="region" aria-label="Experiments" tabindex="0"><table><caption>Experiments (whole span)</caption>
<thead><tr><th>Experiment</th><th>Arm</th><th>Visitors</th><th>Sign-ups</th><th>First deposits</th><th>Depositors</th><th>Bets</th></tr></thead>
<tbody>
${armRows}
</tbody></table></div>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Funnel · ${htmlEscape(query.app_key)}</title>
<style>body{font:16px/1.4 system-ui,sans-serif;margin:16px;color:#111;background:#fff}table{border-collapse:collapse;width:100%}
th,td{border:1px solid #999;padding:6px;text-align:right;white-space:nowrap;font-size:14px}.scroll{overflow-x:auto}th:first-child,td:first-child{text-align:left}caption{text-align:left;font-weight:600;padding:8px 0}</style>
</head><body>
<h1>Funnel</h1>
<p>Brand <strong>${htmlEscape(query.app_key)}</strong>, ${htmlEscape(query.from)} to ${htmlEscape(query.to)} (UTC days). Visits from page views; sign-ups, deposits and bets from the accounts, payment orders and bets tables; GGR = stakes − returns of the bets placed that day.</p>
<div class="scroll" role="region" aria-label="Funnel per day" tabindex="0"><table><caption>Per day</caption>
<thead><tr><th>Day</th><th>Visits</th><th>Sign-ups</th><th>First deposits</th><th>Depositors</th><th>Bets</th><th>Stakes</th><th>GGR</th></tr></thead>
<tbody>
${rows}
</tbody></table></div>
${armsTable}
</body></html>`;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The headers the web tracker sends (tracker-runtime.ts): the only ones a preflight is granted. */
const TRACKING_HEADERS = ['content-type', HEADER_APP_KEY, HEADER_APP_NAME, HEADER_SESSION_UID, HEADER_SESSION_SID];
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * Whether a page at `origin` may send the brand's tracking to this host from another origin (a `maidian_host`,
 * decision 040) — the server's half of the web app's host allow-list (decision 033): HTTPS under the brand's
 * official domain, or, outside production, plain HTTP between loopback hosts (a local run). Anything else gets no
 * CORS headers, so the browser keeps the answer (and the player's cookies) from the page.
 */
export function trackingOriginAllowed(origin: string, variant: VariantProfile, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  if (url.protocol === 'http:') return !production && LOOPBACK.has(url.hostname);
  return url.protocol === 'https:' && registrableDomain(url.hostname) === variant.officialDomain;
}

/** The CORS answer headers for an allowed origin: that origin exactly (never `*`, as credentials are included). */
function corsAllow(reply: FastifyReply, origin: string): void {
  void reply.header('access-control-allow-origin', origin).header('access-control-allow-credentials', 'true');
}

/** Tracking upload limits and the operator's funnel (decision 030). */
export function trackingRoutes(app: FastifyInstance, deps: RouteDeps & { opsToken: string | undefined; production: boolean }): void {
  // Tracking from the brand's pages on another origin (decision 040): the upload answers CORS for allowed origins only.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.split('?')[0] !== mdUpload.path) return;
    void reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (typeof origin === 'string' && trackingOriginAllowed(origin, variantOfRequest(request), deps.production)) corsAllow(reply, origin);
  });
  app.options(mdUpload.path, async (request, reply) => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !trackingOriginAllowed(origin, variantOfRequest(request), deps.production)) return reply.code(403).send();
    const asked = String(request.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== '');
    if (request.headers['access-control-request-method'] !== 'POST' || asked.some((name) => !TRACKING_HEADERS.includes(name))) return reply.code(403).send();
    return reply
      .code(204)
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', TRACKING_HEADERS.join(', '))
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S))
      .send();
  });

  // Uploads have their own budget per client address (the player's own is counted by the upload route itself).
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url === mdUpload.path) await rateLimitCheck(deps.rateStore, `md:${request.ip}`, TRACKING_UPLOADS_PER_ADDRESS_PER_MINUTE);
  });

  app.get(OPS_FUNNEL_PATH, async (request) => {
    if (!opsAuthorised(request, deps.opsToken)) throw new AppError('UNAUTHORISED');
    const query = funnelQueryOf(request.query);
    const [days, arms] = await Promise.all([
      funnelRead(deps.db, query.app_key, query.from, query.to),
      funnelArmsRead(deps.db, query.app_key, query.from, query.to),
    ]);
    return envelopeOk({ app_key: query.app_key, days, arms });
  });

  app.get(OPS_EVENTS_PATH, async (request) => {
    if (!opsAuthorised(request, deps.opsToken)) throw new AppError('UNAUTHORISED');
    const parsed = z.safeParse(opsTrackingEventsQuery, request.query);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', { field: parsed.error.issues[0]?.path.join('.') || 'query' });
    const { app_key: appKey, visitor, uid } = parsed.data;
    if ((visitor === undefined) === (uid === undefined)) throw new AppError('VALIDATION_FAILED', { field: 'visitor' });
    const events = await trackingEventsOf(deps.db, appKey, { visitor, uid: uid === undefined ? undefined : Number(uid) }, OPS_TRACKING_EVENTS_MAX);
    return envelopeOk({ events });
  });

  app.get(OPS_FUNNEL_PAGE_PATH, { config: { rateLimit: 'ip' } }, async (request, reply) => {
    if (!opsAuthorised(request, deps.opsToken))
      return reply.status(401).header('www-authenticate', 'Basic realm="operator", charset="UTF-8"').type('text/plain').send('Operator token required');
    const parsed = z.safeParse(opsFunnelQuery, request.query);
    if (!parsed.success) return reply.status(400).type('text/plain').send('Give app_key, from and to (YYYY-MM-DD)');
    let query: OpsFunnelQuery;
    try {
      query = funnelQueryOf(request.query);
    } catch {
      return reply.status(400).type('text/plain').send(`Give a span of at most ${FUNNEL_DAYS_MAX} days`);
    }
    const [days, arms] = await Promise.all([
      funnelRead(deps.db, query.app_key, query.from, query.to),
      funnelArmsRead(deps.db, query.app_key, query.from, query.to),
    ]);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(funnelPage(query, days, arms));
  });
}
