import { LIMITS, TIMERS } from '@piranha/domain';
import type * as z from 'zod/mini';
import type { CommonParams } from './common-params.ts';
import { HEADER_IDEMPOTENCY_KEY, HEADER_TRACE_ID } from './common-params.ts';
import type { Endpoint, EndpointBody, EndpointData, EndpointQuery, ServiceHost } from './endpoint.ts';
import { ERRORS } from './errors.ts';
import { textRedact } from './redact.ts';

/** A call that answered dm_error ≠ 0, or could not be completed at all (dm_error 500). */
export class ApiError extends Error {
  constructor(
    readonly dmError: number,
    readonly errorMsg: string,
    readonly data: unknown,
    readonly httpStatus: number,
  ) {
    super(errorMsg || `dm_error ${dmError}`);
    this.name = 'ApiError';
  }
}

/** What the client reports about a failed call (the body of the error report, spec §7). */
export interface FailedCallReport {
  host: string;
  method: string;
  uri: string;
  query: string;
  body: string;
  http_status: number;
  dm_error: number;
  error_msg: string;
  event_time: number;
  cost: number;
  trace_id: string;
}

export interface ApiClientOptions {
  /** Base URL per service; '' means the page's own origin. A stored api-host override replaces `main`. */
  hosts: () => Partial<Record<ServiceHost, string>>;
  headers: () => Record<string, string>;
  params: () => CommonParams;
  onFailedCall?: (report: FailedCallReport) => void;
  /**
   * The session a call is made under, read as the call starts and handed back to `onSessionExpired`: a 604 answered
   * to a call made under a session the app has since replaced (a sign-in that revoked the old one while a poll was in
   * flight) says nothing about the current one.
   */
  session?: () => unknown;
  onSessionExpired?: (callSession: unknown) => void;
  fetch?: typeof fetch;
  /**
   * Awaited before a call builds its request. A page passes one that resolves in a task of its own, so the calls a
   * render starts together (a first screen's queries, all started in one commit's effects) each build and send their
   * request in a short task instead of one long one (decision 094). Absent, a call starts at once.
   */
  turn?: () => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  timeoutMs?: number;
  retries?: number;
  retryBaseMs?: number;
}

export interface CallInput<E extends Endpoint> {
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  /** One key per user action, repeated on retries; required for the client to retry a POST. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Headers of this call only (e.g. the native shell's area-check proof, decision 062). */
  headers?: Record<string, string>;
}

const RETRYABLE = Symbol('retryable');
type Attempt = { ok: true; status: number; json: unknown; traceId: string; etag: string | null } | { ok: false; reason: typeof RETRYABLE; status: number };

/** An answer kept to revalidate: its ETag and the envelope it came with. */
interface Kept {
  etag: string;
  json: unknown;
}

/** How many polls' last answers a client keeps for revalidation (one per visible list and open match is plenty). */
const KEPT_MAX = 16;

function queryString(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (name === 'p' && String(value).length > LIMITS.requestParamPMaxLength) continue;
    search.set(name, String(value));
  }
  return search.toString();
}

export function createApiClient(options: ApiClientOptions) {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? TIMERS.httpTimeoutMs;
  const retries = options.retries ?? TIMERS.httpRetries;
  const retryBaseMs = options.retryBaseMs ?? TIMERS.httpRetryBaseMs;

  /** Last answers of `revalidate` endpoints by URL without its cache buster, oldest first out. */
  const kept = new Map<string, Kept>();
  function keep(key: string, answer: Kept): void {
    kept.delete(key);
    if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value as string);
    kept.set(key, answer);
  }

  async function attempt(url: string, init: RequestInit, signal?: AbortSignal, revalidating?: Kept): Promise<Attempt> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const response = await fetchImpl(url, { ...init, signal: combined, credentials: 'include' });
      const traceId = response.headers.get(HEADER_TRACE_ID) ?? '';
      if (response.status >= 500 || response.status === 429) return { ok: false, reason: RETRYABLE, status: response.status };
      // Not modified: the answer kept is still the answer (a 304 nobody asked for has no body, so it is malformed).
      if (response.status === 304) return { ok: true, status: 304, json: revalidating?.json, traceId, etag: revalidating?.etag ?? null };
      const json: unknown = await response.json().catch(() => undefined);
      // A caller that cancels while the body streams in gets its AbortError, not a report of a malformed answer.
      if (signal?.aborted) throw signal.reason;
      return { ok: true, status: response.status, json, traceId, etag: response.headers.get('etag') };
    } catch (error) {
      if (signal?.aborted) throw error;
      return { ok: false, reason: RETRYABLE, status: 0 };
    }
  }

  async function call<E extends Endpoint>(definition: E, input: CallInput<E> = {}): Promise<EndpointData<E>> {
    if (options.turn) {
      await options.turn();
      // Cancelled while it waited for its turn: never sent, and the caller gets its AbortError as from fetch.
      input.signal?.throwIfAborted();
    }
    const started = now();
    const base = options.hosts()[definition.host] ?? '';
    const ownQuery = queryString({ ...options.params(), ...(input.query as Record<string, unknown> | undefined) });
    const query = ownQuery === '' ? `_t=${started}` : `${ownQuery}&_t=${started}`;
    const url = `${base}${definition.path}?${query}`;
    const callSession = options.session?.();
    const headers: Record<string, string> = { ...options.headers(), ...input.headers };
    // Only a GET is revalidated: RFC 9110 keeps 304 for GET and HEAD.
    const keptKey = definition.revalidate && definition.method === 'GET' ? `${base}${definition.path}?${ownQuery}` : undefined;
    const revalidating = keptKey === undefined ? undefined : kept.get(keptKey);
    if (revalidating) headers['if-none-match'] = revalidating.etag;
    const bodyText = definition.method === 'POST' ? JSON.stringify(input.body ?? {}) : undefined;
    if (bodyText !== undefined) headers['content-type'] = 'application/json';
    if (input.idempotencyKey) headers[HEADER_IDEMPOTENCY_KEY] = input.idempotencyKey;
    // A POST is only safe to repeat when the server can recognise the repeat by its key.
    const mayRetry = definition.method === 'GET' || Boolean(input.idempotencyKey);

    const fail = (status: number, dmError: number, errorMsg: string, data: unknown, traceId: string): never => {
      if (dmError === ERRORS.SESSION_EXPIRED.code) options.onSessionExpired?.(callSession);
      // Cut to the limits of the error-report endpoint's body (report.ts): a report it refuses is a failure lost.
      options.onFailedCall?.({
        host: base || 'self',
        method: definition.method,
        uri: definition.path,
        // Redacted before cutting, so a cut can never leave half a password behind.
        query: textRedact(query).slice(0, 2048),
        body: textRedact(bodyText ?? '').slice(0, 4096),
        http_status: status,
        dm_error: dmError,
        error_msg: errorMsg.slice(0, 1024),
        event_time: started,
        // The device clock can step back mid-call; a cost is never negative.
        cost: Math.max(0, now() - started),
        trace_id: traceId.slice(0, 64),
      });
      throw new ApiError(dmError, errorMsg, data, status);
    };

    let result: Attempt = { ok: false, reason: RETRYABLE, status: 0 };
    for (let attemptIndex = 0; attemptIndex <= retries; attemptIndex += 1) {
      if (attemptIndex > 0) await sleep(retryBaseMs * 2 ** (attemptIndex - 1));
      result = await attempt(url, { method: definition.method, headers, body: bodyText }, input.signal, revalidating);
      if (result.ok || !mayRetry) break;
    }
    if (!result.ok) return fail(result.status, ERRORS.INTERNAL.code, '', undefined, '');

    const envelope = result.json as { dm_error?: unknown; error_msg?: unknown; data?: unknown } | undefined;
    if (!envelope || typeof envelope.dm_error !== 'number') return fail(result.status, ERRORS.INTERNAL.code, '', undefined, result.traceId);
    if (envelope.dm_error !== 0) return fail(result.status, envelope.dm_error, String(envelope.error_msg ?? ''), envelope.data, result.traceId);
    const parsed = (definition.data as z.ZodMiniType).safeParse(envelope.data);
    if (!parsed.success) return fail(result.status, ERRORS.INTERNAL.code, 'malformed response', undefined, result.traceId);
    if (keptKey !== undefined && result.etag) keep(keptKey, { etag: result.etag, json: envelope });
    return parsed.data as EndpointData<E>;
  }

  return { call };
}

export type ApiClient = ReturnType<typeof createApiClient>;
