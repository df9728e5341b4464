import {
  COMMON_PARAM_NAMES,
  commonParamsSchema,
  commonTimestampSchema,
  HEADER_APP_KEY,
  HEADER_SESSION_SID,
  HEADER_SESSION_UID,
  textIsStorable,
  type CommonParams,
} from '@piranha/contract';
import {
  DEFAULT_VARIANT,
  LIMITS,
  localeFromCode,
  variantFindByCvPrefix,
  variantFindByDomain,
  variantFindByKey,
  type Locale,
  type VariantProfile,
} from '@piranha/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
// request.cookies is typed by the cookie plugin's augmentation: named here so every project that compiles this file sees it.
import type {} from '@fastify/cookie';
import { AppError } from '../app-error.ts';

export interface SessionUser {
  uid: number;
  sessionId: number;
  /** The player's brand and last presence, as read when the session was checked in this request (saves re-reading). */
  appKey?: string;
  activeAt?: Date;
  /**
   * Taken from a read up to SESSION_RECENT_MS old (session.service `sessionAuthenticateRecent`): money may move for
   * this user only in a statement or transaction that checks the session again.
   */
  recheck?: boolean;
}

export interface RequestContext {
  params: CommonParams;
  variant: VariantProfile;
  locale: Locale;
  user: SessionUser | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** Host → brand (or null for none), so the host is not re-parsed on every request; bounded, as the Host is the client's. */
const variantByHost = new Map<string, VariantProfile | null>();
const variantByHostMax = 256;

function variantOfHost(host: string): VariantProfile | undefined {
  let found = variantByHost.get(host);
  if (found === undefined) {
    found = variantFindByDomain(host) ?? null;
    if (variantByHost.size >= variantByHostMax) variantByHost.clear();
    variantByHost.set(host, found);
  }
  return found ?? undefined;
}

/**
 * The brand a request speaks for: the app-key header when it names a profile, else the client-version prefix
 * (native shells send one), else the Host, else the default.
 */
export function variantOfRequest(request: FastifyRequest): VariantProfile {
  const appKey = request.headers[HEADER_APP_KEY];
  const cv = (request.query as Record<string, unknown> | undefined)?.cv;
  return (
    (typeof appKey === 'string' ? variantFindByKey(appKey) : undefined) ??
    (typeof cv === 'string' ? variantFindByCvPrefix(cv) : undefined) ??
    variantOfHost(request.hostname) ??
    DEFAULT_VARIANT
  );
}

/**
 * Where the session (uid, sid) is read (docs/decisions/019): over HTTPS only from the `__Host-` cookies — a uid or sid
 * in the URL or in headers is ignored there, so a secret sent where it can leak never works; over plain HTTP from the
 * session-uid/session-sid headers, else the spec's uid/sid parameters, else those cookies (browsers set none over
 * HTTP, other clients may send them). Unprefixed uid/sid cookies are never read: any subdomain could have planted
 * them (session fixation). The other common parameters come from the query, else a cookie of their own name.
 */
const SESSION_PARAMS: Readonly<Record<string, { cookie: string; header: string }>> = {
  uid: { cookie: '__Host-uid', header: HEADER_SESSION_UID },
  sid: { cookie: '__Host-sid', header: HEADER_SESSION_SID },
};

function rawParamOf(request: FastifyRequest, name: string, overHttps: boolean): unknown {
  const session = SESSION_PARAMS[name];
  if (session === undefined) return (request.query as Record<string, unknown> | undefined)?.[name] ?? request.cookies?.[name];
  if (overHttps) return request.cookies?.[session.cookie];
  return request.headers[session.header] ?? (request.query as Record<string, unknown> | undefined)?.[name] ?? request.cookies?.[session.cookie];
}

/**
 * Common parameters already validated, by their raw values without `_t` (the client's cache buster, different on
 * every request and checked on its own): a client repeats the same ones on every poll. Bounded; cleared when full.
 */
const commonParamsMemo = new Map<string, CommonParams>();
const commonParamsMemoMax = 1_000;

function validationFailed(error: { issues: readonly { path: readonly PropertyKey[]; code?: string }[] }): AppError {
  const issue = error.issues[0];
  return new AppError('VALIDATION_FAILED', { field: String(issue?.path[0] ?? 'query'), issue: issue?.code ?? 'invalid' });
}

const noParams: CommonParams = Object.freeze({});

function commonParamsOf(request: FastifyRequest): CommonParams {
  // Fastify reads the scheme from the socket, or from X-Forwarded-Proto of a trusted proxy (TRUSTED_PROXIES).
  const overHttps = request.protocol === 'https';
  const raw: Record<string, unknown> = {};
  let count = 0;
  for (const name of COMMON_PARAM_NAMES) {
    const value = rawParamOf(request, name, overHttps);
    if (value !== undefined) {
      raw[name] = Array.isArray(value) ? value[0] : value;
      count += 1;
    }
  }
  // Every common parameter is optional: none at all is always valid.
  if (count === 0) return noParams;
  // Spec §5: p is dropped, not refused, when it is too long.
  if (typeof raw.p === 'string' && raw.p.length > LIMITS.requestParamPMaxLength) delete raw.p;
  // The contract's input rules (no NUL, no lone surrogate), as plugins/input-guard.ts applies them to everything else:
  // sid and smid are looked up in the database, and a cookie never passes through a route's own checks.
  for (const name in raw) {
    const value = raw[name];
    if (typeof value === 'string' && !textIsStorable(value)) throw new AppError('VALIDATION_FAILED', { field: name, issue: 'invalid_characters' });
  }
  const { _t: timestamp, ...rest } = raw;
  const key = JSON.stringify(rest);
  const known = commonParamsMemo.get(key);
  if (known) {
    if (timestamp === undefined) return known;
    const checked = commonTimestampSchema.safeParse(timestamp);
    if (!checked.success) throw new AppError('VALIDATION_FAILED', { field: '_t', issue: checked.error.issues[0]?.code ?? 'invalid' });
    return { ...known, _t: checked.data };
  }
  const parsed = commonParamsSchema.safeParse(raw);
  if (!parsed.success) throw validationFailed(parsed.error);
  const { _t: _parsedTimestamp, ...valid } = parsed.data;
  if (commonParamsMemo.size >= commonParamsMemoMax) commonParamsMemo.clear();
  commonParamsMemo.set(key, Object.freeze(valid));
  return parsed.data;
}

/** Parses the common parameters (query, then cookies) once per request and picks brand and language. */
/**
 * `beforeParams` runs between the brand fallback and the parameter check: the per-IP rate limit goes there,
 * so a flood of malformed requests is counted like any other and is still answered in the brand's language.
 */
export function requestContextRegister(app: FastifyInstance, beforeParams: (request: FastifyRequest) => Promise<void>): void {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request) => {
    const variant = variantOfRequest(request);
    // Before validation, only a language code we know is taken from the raw query; anything else gets the brand's.
    const rawLanguage = (request.query as Record<string, unknown> | undefined)?.lca_lang;
    const fallbackLocale = (typeof rawLanguage === 'string' ? localeFromCode(rawLanguage) : undefined) ?? variant.defaultLang;
    request.ctx = { params: {}, variant, locale: fallbackLocale, user: undefined };
    await beforeParams(request);
    const params = commonParamsOf(request);
    request.ctx = { params, variant, locale: localeFromCode(params.lca_lang) ?? variant.defaultLang, user: undefined };
  });
}
