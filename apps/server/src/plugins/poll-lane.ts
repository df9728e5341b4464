import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { HEADER_APP_KEY, HEADER_SESSION_SID, HEADER_SESSION_UID, HEADER_TRACE_ID } from '@piranha/contract';
import { API_SECURITY_HEADERS, requestIdNext, STRICT_TRANSPORT_SECURITY } from './security-headers.ts';

/**
 * The poll lane (docs/decisions/012-poll-lane.md): repeated polls of an unchanged answer, served by the Node request
 * listener ahead of Fastify. A request is answered here only when Fastify has already answered the same request —
 * same method, path, query (the `_t` cache buster aside), body, Host, app-key, cookies, session headers, forwarded
 * scheme and content type — from a route's serialised-once cache, and that cached answer is still current. Then
 * everything Fastify checked (common parameters, brand, the endpoint's own input) is known to pass again, and what is
 * left to do is what the plugins would do on any answer: count the client in the per-IP rate limit, set the trace id
 * and the API's security headers (HSTS too over HTTPS), and send the bytes or a 304. Anything else — a first request, a changed snapshot,
 * a malformed cache buster, an address over its limit, a closing server — goes to Fastify untouched (a POST with the
 * body the lane already read).
 */

/** An answer serialised once, with its ETag. */
export interface LaneAnswer {
  readonly bytes: Buffer;
  readonly etag: string;
  /**
   * A player's own answer (the message polls, decision 041): `Cache-Control: private, no-cache`, no Vary, never
   * compressed (as Fastify sends it), and counted against `rateKey` (the player's limit) beside the address.
   */
  readonly private?: { rateKey: string };
}

/** One way of sending an answer: as it is, or gzip-compressed with an ETag of its own (RFC 9110 §8.8.3). */
export interface Representation extends LaneAnswer {
  readonly gzip: boolean;
}

/** Below this an answer goes out as it is: compression would save less than a packet. */
const GZIP_MIN_BYTES = 1024;
const representations = new WeakMap<LaneAnswer, { identity: Representation; gzip: Representation }>();

/** Accept-Encoding values already read (a browser sends the same one on every poll); bounded, as clients choose them. */
const gzipAccepted = new Map<string, boolean>();

/** True when an Accept-Encoding header takes gzip (listed, or `*`, and not with q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  let accepted = gzipAccepted.get(acceptEncoding);
  if (accepted === undefined) {
    accepted = gzipAcceptedBy(acceptEncoding);
    if (gzipAccepted.size >= 256) gzipAccepted.clear();
    gzipAccepted.set(acceptEncoding, accepted);
  }
  return accepted;
}

function gzipAcceptedBy(acceptEncoding: string): boolean {
  for (const item of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = item.split(';');
    const coding = name.trim().toLowerCase();
    if (coding !== 'gzip' && coding !== '*') continue;
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0{0,3})?\s*$/i.test(parameter));
    if (!refused) return true;
  }
  return false;
}

/**
 * The representation to send for this Accept-Encoding. Browsers take gzip, which turns a 17 KB odds poll into about
 * 2 KB on a player's mobile data; it is compressed once per answer, the first time a client takes it.
 */
export function representationOf(answer: LaneAnswer, acceptEncoding: string | undefined): Representation {
  let both = representations.get(answer);
  if (!both) {
    const identity = { bytes: answer.bytes, etag: answer.etag, gzip: false, ...(answer.private ? { private: answer.private } : {}) };
    const compressible = answer.bytes.length >= GZIP_MIN_BYTES && !answer.private;
    const gzip = compressible ? { bytes: gzipSync(answer.bytes), etag: `${answer.etag.slice(0, -1)}-gz"`, gzip: true } : identity;
    both = { identity, gzip };
    representations.set(answer, both);
  }
  return acceptsGzip(acceptEncoding) ? both.gzip : both.identity;
}

export interface PollLaneOptions {
  /** The client's address as Fastify's `request.ip` gives it (trusted proxies applied). */
  ipOf: (request: IncomingMessage) => string | undefined;
  /** Counts one request of the address against its limit; true when the request is within it. */
  rateAllows: (ip: string) => boolean | Promise<boolean>;
  /** Counts one request of a player (`user:<uid>`) against their limit, for private answers; true when within it. */
  rateAllowsUser?: (key: string) => boolean | Promise<boolean>;
  /** True when the request came over HTTPS as Fastify's `request.protocol` says (trusted proxies applied): HSTS. */
  httpsOf?: (request: IncomingMessage) => boolean;
  /** How many distinct requests are remembered (their keys come from clients); oldest first out. */
  maxRemembered?: number;
}

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

export interface PollLane {
  /** Wraps Fastify's request listener: answers a remembered poll, hands everything else to `fallback`. */
  listener(fallback: Listener): Listener;
  /** A path the lane may answer; `lookup` gives a cache key's answer while it is current, else undefined. */
  route(method: 'GET' | 'POST', path: string, lookup: (cacheKey: string) => LaneAnswer | undefined): void;
  /** Fastify answered this request with the cached answer of `cacheKey`: its repeats may be answered by the lane. */
  remember(request: IncomingMessage, cacheKey: string): void;
  /** The body the lane read before handing a POST on (Fastify's preParsing hook reads from it). */
  bodyRead(request: IncomingMessage): Buffer | undefined;
  /** True when the lane counted this request and found its address over the limit. */
  rateLimited(request: IncomingMessage): boolean;
  /** From now on everything goes to Fastify (which answers 503 while it closes). */
  close(): void;
  /** Requests answered by the lane and handed to Fastify, since start. */
  readonly counts: { answered: number; handedOn: number };
}

/** True when an If-None-Match header names this ETag (or is `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** The only bodies the lane reads: small JSON ones, as every poll sends. */
const BODY_MAX_BYTES = 8 * 1024;
/** A cache buster the lane takes as valid without the schema: what the web client sends (Date.now()). */
const TIMESTAMP = /^\d{1,32}$/;

const laneKey = Symbol('pollLane.key');
const laneBody = Symbol('pollLane.body');
const laneRateLimited = Symbol('pollLane.rateLimited');

interface LaneRequest extends IncomingMessage {
  [laneKey]?: string;
  [laneBody]?: Buffer;
  [laneRateLimited]?: boolean;
}

type Lookup = (cacheKey: string) => LaneAnswer | undefined;

interface Remembered {
  lookup: Lookup;
  cacheKey: string;
}

/** The query without its `_t` parameter, or undefined when `_t` is repeated or not a plain timestamp. */
function queryWithoutTimestamp(query: string): string | undefined {
  if (!query.includes('_t')) return query;
  let rest = '';
  let seen = false;
  for (const part of query.split('&')) {
    if (part === '_t' || part.startsWith('_t=')) {
      if (seen || !TIMESTAMP.test(part.slice(3))) return undefined;
      seen = true;
      continue;
    }
    rest = rest === '' ? part : `${rest}&${part}`;
  }
  return rest;
}

/**
 * Everything of a request that Fastify's answer depends on, but the cache buster: the scheme a proxy reports and the
 * session headers too, as they decide where the session is read from and are validated (request-context.ts).
 */
function keyOf(request: IncomingMessage, path: string, query: string, body: string): string {
  const headers = request.headers;
  return `${request.method} ${path}?${query}\n${headers.host ?? ''}\n${headers['x-forwarded-host'] ?? ''}\n${headers['x-forwarded-proto'] ?? ''}\n${headers[HEADER_APP_KEY] ?? ''}\n${headers.cookie ?? ''}\n${headers[HEADER_SESSION_UID] ?? ''}\n${headers[HEADER_SESSION_SID] ?? ''}\n${headers['content-type'] ?? ''}\n${body}`;
}

/**
 * The headers of a poll answer beside the trace id, ETag and body ones: the API's fixed set with `no-cache`
 * (revalidate with the ETag) in place of `no-store`, and Vary, as the body depends on Accept-Encoding.
 */
export const POLL_ANSWER_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...API_SECURITY_HEADERS,
  'cache-control': 'no-cache',
  vary: 'accept-encoding',
});
const answerHeaders: readonly string[] = Object.entries(POLL_ANSWER_HEADERS).flat();

/** A player's own poll answer (decision 041): the API's fixed set with `private, no-cache`; not compressed, so no Vary. */
export const PRIVATE_POLL_CACHE_CONTROL = 'private, no-cache';
export const PRIVATE_POLL_ANSWER_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...API_SECURITY_HEADERS,
  'cache-control': PRIVATE_POLL_CACHE_CONTROL,
});
const privateAnswerHeaders: readonly string[] = Object.entries(PRIVATE_POLL_ANSWER_HEADERS).flat();
/** What a private poll's 304 repeats beside the trace id and ETag. */
export const PRIVATE_POLL_NOT_MODIFIED_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'cache-control': PRIVATE_POLL_CACHE_CONTROL });
const privateNotModifiedHeaders: readonly string[] = Object.entries(PRIVATE_POLL_NOT_MODIFIED_HEADERS).flat();

/**
 * What a 304 repeats of its 200 beside the trace id and ETag: the fields RFC 9110 §15.4.5 lists (Cache-Control,
 * Vary; Node writes Date), and nothing else — it has no body, so the headers that guard a body (CSP, nosniff, framing,
 * CORP, referrer) have nothing to guard; a cache keeps them from the 200 it holds.
 */
export const POLL_NOT_MODIFIED_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cache-control': POLL_ANSWER_HEADERS['cache-control']!,
  vary: POLL_ANSWER_HEADERS.vary!,
});
const notModifiedHeaders: readonly string[] = Object.entries(POLL_NOT_MODIFIED_HEADERS).flat();

/** The headers of a poll's 200 that a 304 leaves out (Fastify's security hook set them before the route ran). */
export const POLL_BODY_GUARD_HEADER_NAMES: readonly string[] = Object.keys(POLL_ANSWER_HEADERS).filter((name) => !(name in POLL_NOT_MODIFIED_HEADERS));

export function pollLaneCreate(options: PollLaneOptions): PollLane {
  const maxRemembered = options.maxRemembered ?? 10_000;
  const routes = { GET: new Map<string, Lookup>(), POST: new Map<string, Lookup>() };
  const remembered = new Map<string, Remembered>();
  const counts = { answered: 0, handedOn: 0 };
  let open = true;

  /**
   * Each answer's header lists, built once: only the trace id (index 1) changes per request, written in place just
   * before `writeHead`, which copies the list into the header block at once. Over HTTPS both also carry HSTS, as
   * Fastify's security hook sets it on every answer to such a request.
   */
  interface HeaderLists {
    ok: string[];
    notModified: string[];
  }
  const headerLists = new WeakMap<Representation, { plain: HeaderLists; https: HeaderLists }>();
  function headersOf(answer: Representation, https: boolean): HeaderLists {
    let lists = headerLists.get(answer);
    if (!lists) {
      const notModified = [HEADER_TRACE_ID, '', ...(answer.private ? privateNotModifiedHeaders : notModifiedHeaders), 'etag', answer.etag];
      const encoding = answer.gzip ? ['content-encoding', 'gzip'] : [];
      const ok = [
        HEADER_TRACE_ID,
        '',
        ...(answer.private ? privateAnswerHeaders : answerHeaders),
        'etag',
        answer.etag,
        ...encoding,
        'content-type',
        'application/json; charset=utf-8',
        'content-length',
        String(answer.bytes.length),
      ];
      const hsts = ['strict-transport-security', STRICT_TRANSPORT_SECURITY];
      lists = { plain: { ok, notModified }, https: { ok: [...ok, ...hsts], notModified: [...notModified, ...hsts] } };
      headerLists.set(answer, lists);
    }
    return https ? lists.https : lists.plain;
  }

  function send(request: IncomingMessage, response: ServerResponse, cached: LaneAnswer): void {
    counts.answered += 1;
    const answer = representationOf(cached, request.headers['accept-encoding']);
    const lists = headersOf(answer, options.httpsOf?.(request) ?? false);
    if (etagMatches(request.headers['if-none-match'], answer.etag)) {
      lists.notModified[1] = requestIdNext();
      response.writeHead(304, lists.notModified);
      response.end();
      return;
    }
    lists.ok[1] = requestIdNext();
    response.writeHead(200, lists.ok);
    response.end(answer.bytes);
  }

  function handOn(request: IncomingMessage, response: ServerResponse, fallback: Listener): void {
    counts.handedOn += 1;
    fallback(request, response);
  }

  function sendOrHandOn(request: LaneRequest, response: ServerResponse, answer: LaneAnswer, allowed: boolean, fallback: Listener): void {
    if (allowed) {
      send(request, response, answer);
      return;
    }
    request[laneRateLimited] = true;
    handOn(request, response, fallback);
  }

  /** Answers at once when the rate store counts in this process; after the count otherwise. */
  function answerOrHandOn(request: LaneRequest, response: ServerResponse, key: string, fallback: Listener): void {
    request[laneKey] = key;
    const found = remembered.get(key);
    const answer = found?.lookup(found.cacheKey);
    const ip = answer ? options.ipOf(request) : undefined;
    if (!answer || ip === undefined) {
      handOn(request, response, fallback);
      return;
    }
    let allowed: boolean | Promise<boolean>;
    try {
      allowed = options.rateAllows(ip);
      const rateKey = answer.private?.rateKey;
      if (rateKey !== undefined) {
        // A player's own answer counts against their limit too, as Fastify's route does; the address first.
        const userAllows = options.rateAllowsUser;
        if (!userAllows) {
          handOn(request, response, fallback);
          return;
        }
        if (typeof allowed === 'boolean') allowed = allowed && userAllows(rateKey);
        else allowed = allowed.then((ok) => ok && userAllows(rateKey));
      }
    } catch {
      handOn(request, response, fallback);
      return;
    }
    if (typeof allowed === 'boolean') {
      sendOrHandOn(request, response, answer, allowed, fallback);
      return;
    }
    // The counter store failing (Redis away): Fastify's own hook tries it again and answers the error.
    allowed.then(
      (ok) => sendOrHandOn(request, response, answer, ok, fallback),
      () => handOn(request, response, fallback),
    );
  }

  /**
   * Reads a body of `length` bytes and goes on as soon as the last byte is in: usually still inside the parser's pass
   * over the packet, a tick before 'end' (the HTTP parser enforces Content-Length, so no more can follow).
   */
  function bodyThen(request: LaneRequest, length: number, done: (body: Buffer) => void): void {
    const chunks: Buffer[] = [];
    let received = 0;
    // A client that goes away mid-body leaves nothing to answer (and IncomingMessage emits 'error' only to listeners).
    request.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (received !== length) return;
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      request[laneBody] = body;
      done(body);
    });
  }

  return {
    counts,
    listener(fallback) {
      return (request: LaneRequest, response) => {
        const url = request.url ?? '';
        const mark = url.indexOf('?');
        const path = mark < 0 ? url : url.slice(0, mark);
        const method = request.method;
        if (!open || (method !== 'GET' && method !== 'POST') || !routes[method].has(path)) {
          handOn(request, response, fallback);
          return;
        }
        const query = queryWithoutTimestamp(mark < 0 ? '' : url.slice(mark + 1));
        if (query === undefined) {
          handOn(request, response, fallback);
          return;
        }
        if (method === 'GET') {
          answerOrHandOn(request, response, keyOf(request, path, query, ''), fallback);
          return;
        }
        const headers = request.headers;
        const length = Number(headers['content-length']);
        if (!(length > 0 && length <= BODY_MAX_BYTES) || headers['transfer-encoding'] !== undefined || headers['content-encoding'] !== undefined) {
          handOn(request, response, fallback);
          return;
        }
        bodyThen(request, length, (body) => answerOrHandOn(request, response, keyOf(request, path, query, body.toString('latin1')), fallback));
      };
    },
    route(method, path, lookup) {
      routes[method].set(path, lookup);
    },
    remember(request: LaneRequest, cacheKey) {
      const key = request[laneKey];
      const url = request.url ?? '';
      const method = request.method;
      const lookup = method === 'GET' || method === 'POST' ? routes[method].get(url.split('?', 1)[0]!) : undefined;
      if (key === undefined || !lookup || remembered.has(key)) return;
      if (remembered.size >= maxRemembered) remembered.delete(remembered.keys().next().value as string);
      remembered.set(key, { lookup, cacheKey });
    },
    bodyRead: (request: LaneRequest) => request[laneBody],
    rateLimited: (request: LaneRequest) => request[laneRateLimited] === true,
    close() {
      open = false;
    },
  };
}

/** A replacement payload stream over a body the lane already read, for Fastify's preParsing hook. */
export function payloadOf(body: Buffer): Readable & { receivedEncodedLength: number } {
  return Object.assign(Readable.from([body]), { receivedEncodedLength: body.length });
}
