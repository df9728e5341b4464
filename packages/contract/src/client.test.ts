import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type ApiClientOptions, type FailedCallReport } from './client.ts';
import type { CommonParams } from './common-params.ts';
import { bannerList, dynconfigGet, globalConfigGet } from './config.ts';
import { emailLogin } from './account.ts';
import { errorReport } from './report.ts';
import { matchListGetNew, matchOddsLatest } from './sports.ts';

const STARTED_MS = 1_750_000_000_000;
const TICK_MS = 25;
const API = 'https://api.piranha.example';

interface FetchCall {
  url: string;
  init: RequestInit;
}

type Responder = (attempt: number, call: FetchCall) => Response | Promise<Response>;

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function ok(data: unknown, headers: Record<string, string> = {}): Response {
  return json({ dm_error: 0, error_msg: '', data }, 200, headers);
}

function networkError(): never {
  throw new TypeError('fetch failed');
}

/** A client whose edges (network, timers, clock) are fakes that record what the client did with them. */
function harness(responder: Responder, options: Partial<ApiClientOptions> = {}) {
  const calls: FetchCall[] = [];
  const delays: number[] = [];
  const reports: FailedCallReport[] = [];
  let sessionExpired = 0;
  let clock = STARTED_MS;
  const fetchFake = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    return responder(calls.length, call);
  }) as typeof fetch;
  const client = createApiClient({
    hosts: () => ({ main: API }),
    headers: () => ({ 'app-key': 'piranha', 'app-name': 'Piranha' }),
    params: () => ({ ik_appid: 'piranha', lca_lang: 'PT', currency: 'BRL' }),
    onFailedCall: (report) => reports.push(report),
    onSessionExpired: () => {
      sessionExpired += 1;
    },
    fetch: fetchFake,
    sleep: async (ms) => {
      delays.push(ms);
    },
    // Every reading of the clock moves it on, so a report's cost is a known number of ticks.
    now: () => {
      const time = clock;
      clock += TICK_MS;
      return time;
    },
    ...options,
  });
  return {
    client,
    calls,
    delays,
    reports,
    get sessionExpired() {
      return sessionExpired;
    },
  };
}

function headersOf(call: FetchCall): Record<string, string> {
  return call.init.headers as Record<string, string>;
}

async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client: retries', () => {
  it('retries a GET that fails on the network 3 times, 1 s, 2 s then 4 s apart, then throws dm_error 500 and reports once', async () => {
    const h = harness(networkError);
    const error = await apiErrorOf(h.client.call(globalConfigGet));
    expect(error.dmError).toBe(500);
    expect(error.httpStatus).toBe(0);
    expect(h.calls).toHaveLength(4);
    expect(h.delays).toEqual([1000, 2000, 4000]);
    expect(h.reports).toHaveLength(1);
    expect(h.reports[0]).toMatchObject({ method: 'GET', uri: '/api/v1/conf/global', dm_error: 500, http_status: 0, host: API });
  });

  it.each([500, 502, 503, 429])('retries a GET answered with HTTP %i and returns the data of the retry that succeeds', async (status) => {
    const h = harness((attempt) => (attempt === 1 ? json({}, status) : ok({ global_stats: 0 })));
    await expect(h.client.call(globalConfigGet)).resolves.toEqual({ global_stats: 0 });
    expect(h.calls).toHaveLength(2);
    expect(h.delays).toEqual([1000]);
    expect(h.reports).toEqual([]);
  });

  it('reports the HTTP status of the last attempt when every retry answered 503', async () => {
    const h = harness(() => json({}, 503));
    const error = await apiErrorOf(h.client.call(globalConfigGet));
    expect(error.dmError).toBe(500);
    expect(error.httpStatus).toBe(503);
    expect(h.reports.map((report) => report.http_status)).toEqual([503]);
  });

  it('does not retry a GET the server answered with an error envelope', async () => {
    const h = harness(() => json({ dm_error: 1001, error_msg: 'invalid', data: { field: 'x' } }, 400));
    const error = await apiErrorOf(h.client.call(globalConfigGet));
    expect(error.dmError).toBe(1001);
    expect(error.httpStatus).toBe(400);
    expect(error.data).toEqual({ field: 'x' });
    expect(h.calls).toHaveLength(1);
    expect(h.delays).toEqual([]);
  });

  it('never repeats a POST sent without an idempotency key', async () => {
    const h = harness(networkError);
    const error = await apiErrorOf(h.client.call(dynconfigGet, { body: { keys: ['sms_switch'] } }));
    expect(error.dmError).toBe(500);
    expect(h.calls).toHaveLength(1);
    expect(h.delays).toEqual([]);
    expect(h.reports).toHaveLength(1);
    expect(headersOf(h.calls[0]!)).not.toHaveProperty('idempotency-key');
  });

  it('never repeats a POST without a key even when the server answers 503', async () => {
    const h = harness(() => json({}, 503));
    await apiErrorOf(h.client.call(dynconfigGet, { body: { keys: ['sms_switch'] } }));
    expect(h.calls).toHaveLength(1);
  });

  it('retries a POST with an idempotency key, sending the same key and body on every attempt', async () => {
    const h = harness(networkError);
    await apiErrorOf(h.client.call(dynconfigGet, { body: { keys: ['sms_switch'] }, idempotencyKey: 'action-7f3a9c' }));
    expect(h.calls).toHaveLength(4);
    expect(h.delays).toEqual([1000, 2000, 4000]);
    for (const call of h.calls) {
      expect(call.init.method).toBe('POST');
      expect(headersOf(call)['idempotency-key']).toBe('action-7f3a9c');
      expect(headersOf(call)['content-type']).toBe('application/json');
      expect(call.init.body).toBe('{"keys":["sms_switch"]}');
    }
  });

  it('returns the answer of a keyed POST once a retry gets through', async () => {
    const configs = [{ key: 'sms_switch', result: 'on', switch: 1, configs: { api_host: '', maidian_host: '' } }];
    const h = harness((attempt) => (attempt < 3 ? networkError() : ok({ configs })));
    await expect(h.client.call(dynconfigGet, { body: { keys: ['sms_switch'] }, idempotencyKey: 'action-1' })).resolves.toEqual({ configs });
    expect(h.delays).toEqual([1000, 2000]);
    expect(h.reports).toEqual([]);
  });
});

describe('api client: failures', () => {
  it('calls onSessionExpired and throws ApiError 604 when the session has expired', async () => {
    const h = harness(() => json({ dm_error: 604, error_msg: 'Your session has expired.', data: {} }));
    const error = await apiErrorOf(h.client.call(globalConfigGet));
    expect(error.dmError).toBe(604);
    expect(error.message).toBe('Your session has expired.');
    expect(h.sessionExpired).toBe(1);
    expect(h.calls).toHaveLength(1);
    expect(h.reports.map((report) => report.dm_error)).toEqual([604]);
  });

  it('hands onSessionExpired the session the call started under, not the one current when the 604 arrives', async () => {
    let current = 'tourist-session';
    const handed: unknown[] = [];
    let answer: () => void = () => undefined;
    const h = harness(
      () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(json({ dm_error: 604, error_msg: 'Your session has expired.', data: {} }));
        }),
      { session: () => current, onSessionExpired: (callSession) => handed.push(callSession) },
    );
    const pending = apiErrorOf(h.client.call(globalConfigGet));
    await Promise.resolve();
    // A sign-in replaces the session while the call is in flight; the 604 is about the old one.
    current = 'registered-session';
    answer();
    expect((await pending).dmError).toBe(604);
    expect(handed).toEqual(['tourist-session']);
  });

  it('does not call onSessionExpired for other errors', async () => {
    const h = harness(() => json({ dm_error: 403, error_msg: 'forbidden', data: {} }));
    expect((await apiErrorOf(h.client.call(globalConfigGet))).dmError).toBe(403);
    expect(h.sessionExpired).toBe(0);
  });

  it('reports a non-zero dm_error with the fields of spec §7', async () => {
    const h = harness(() => json({ dm_error: 1001, error_msg: 'keys is invalid', data: { field: 'keys' } }, 200, { 'x-trace-id': 'trace-42' }));
    await apiErrorOf(h.client.call(dynconfigGet, { body: { keys: ['sms_switch'] } }));
    expect(h.reports).toHaveLength(1);
    const report = h.reports[0]!;
    const sent = new URL(h.calls[0]!.url);
    expect(report).toEqual({
      host: API,
      method: 'POST',
      uri: '/api/v1/base/dynconfig/cfg/get',
      query: sent.search.slice(1),
      body: '{"keys":["sms_switch"]}',
      http_status: 200,
      dm_error: 1001,
      error_msg: 'keys is invalid',
      event_time: STARTED_MS,
      cost: TICK_MS,
      trace_id: 'trace-42',
    });
    // The report is sent to the error-report endpoint: it must be a body that endpoint accepts.
    expect(errorReport.body.safeParse(report).success).toBe(true);
  });

  it('reports a failed sign-in without the password or the device id it sent', async () => {
    const h = harness(() => json({ dm_error: 4001, error_msg: 'wrong', data: { field: 'password' } }), {
      params: () => ({ ik_appid: 'piranha', smid: 'device-0123456789' }),
    });
    await apiErrorOf(h.client.call(emailLogin, { body: { email: 'ana@example.com', password: 'Correct-horse-9' } }));
    const report = h.reports[0]!;
    expect(report.body).toBe('{"email":"ana@example.com","password":"[redacted]"}');
    expect(report.query).toContain('smid=[redacted]');
    expect(JSON.stringify(report)).not.toMatch(/Correct-horse-9|device-0123456789/);
  });

  it('names its own origin "self" in a report when the service has no host', async () => {
    const h = harness(() => json({ dm_error: 1004, error_msg: '', data: {} }), { hosts: () => ({}) });
    await apiErrorOf(h.client.call(globalConfigGet));
    expect(h.calls[0]!.url.startsWith('/api/v1/conf/global?')).toBe(true);
    expect(h.reports[0]!.host).toBe('self');
  });

  it.each([
    ['data that breaks the schema', { dm_error: 0, error_msg: '', data: { global_stats: 7 } }],
    ['no data at all', { dm_error: 0, error_msg: '' }],
    ['no dm_error', { data: { global_stats: 0 } }],
    ['a dm_error that is not a number', { dm_error: '0', error_msg: '', data: { global_stats: 0 } }],
  ])('throws dm_error 500 on a response with %s', async (_name, body) => {
    const h = harness(() => json(body));
    const error = await apiErrorOf(h.client.call(globalConfigGet));
    expect(error.dmError).toBe(500);
    expect(h.reports).toHaveLength(1);
    expect(h.calls).toHaveLength(1);
  });

  it('throws dm_error 500 on a body that is not JSON', async () => {
    const h = harness(() => new Response('<html>bad gateway</html>', { status: 200 }));
    expect((await apiErrorOf(h.client.call(globalConfigGet))).dmError).toBe(500);
  });

  it('keeps the report of a call with every common parameter at its longest within the error-report limits', async () => {
    const longest: CommonParams = {
      ik_appid: 'a'.repeat(256),
      app_group: 'g'.repeat(256),
      cv: 'c'.repeat(256),
      uuid: 'u'.repeat(256),
      afid: 'f'.repeat(256),
      from_email: 'e'.repeat(256),
      osversion: 'o'.repeat(256),
      sid: 's'.repeat(128),
      smid: 'm'.repeat(128),
    };
    const h = harness(() => json({ dm_error: 1001, error_msg: 'x'.repeat(3000), data: {} }, 200, { 'x-trace-id': 't'.repeat(200) }), { params: () => longest });
    await apiErrorOf(h.client.call(globalConfigGet));
    expect(h.calls[0]!.url.length).toBeGreaterThan(2048);
    const parsed = errorReport.body.safeParse(h.reports[0]);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('keeps every report within what the error-report endpoint accepts, whatever the call', async () => {
    const text = (max: number) => fc.string({ maxLength: max, size: 'max' });
    const params = fc.record(
      {
        ik_appid: text(256),
        lca_coun: text(8),
        app_group: text(256),
        cv: text(256),
        currency: text(8),
        lca_lang: text(16),
        uid: text(32),
        sid: text(128),
        smid: text(128),
        uuid: text(256),
        afid: text(256),
        from_email: text(256),
        osversion: text(256),
        p: text(100),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(params, text(300), text(2000), fc.integer({ min: -5_000, max: 5_000 }), async (commonParams, traceId, errorMsg, clockStepMs) => {
        let clock = STARTED_MS;
        const h = harness(() => json({ dm_error: 1001, error_msg: errorMsg, data: {} }, 200, { 'x-trace-id': traceId.replace(/[^\x21-\x7e]/g, '') }), {
          params: () => commonParams as CommonParams,
          // A clock that may step backwards, as Date.now does when the device corrects its time.
          now: () => {
            const time = clock;
            clock += clockStepMs;
            return time;
          },
        });
        await apiErrorOf(h.client.call(globalConfigGet));
        const parsed = errorReport.body.safeParse(h.reports[0]);
        expect(parsed.error?.issues ?? []).toEqual([]);
      }),
      // Shrinking fourteen long strings takes minutes; the first counterexample says enough.
      { numRuns: 200, endOnFailure: true },
    );
  });
});

describe('api client: what it sends', () => {
  it('puts the common parameters, the endpoint query and _t into the query string, skipping unset ones', async () => {
    const h = harness(() => ok({ list: [] }), { params: () => ({ ik_appid: 'piranha', lca_lang: 'PT', uid: undefined, sid: 'sess-1' }) });
    await h.client.call(bannerList, { query: { source: 'sport', from: 'home' } });
    const url = new URL(h.calls[0]!.url);
    expect(url.origin + url.pathname).toBe(`${API}/api/v1/conf/banner`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      ik_appid: 'piranha',
      lca_lang: 'PT',
      sid: 'sess-1',
      source: 'sport',
      from: 'home',
      _t: String(STARTED_MS),
    });
    expect(h.calls[0]!.init.method).toBe('GET');
    expect(h.calls[0]!.init.body).toBeUndefined();
  });

  it.each([
    [100, true],
    [101, false],
  ])('sends a p of %i characters: %s (spec §5)', async (length, sent) => {
    const p = 'x'.repeat(length);
    const h = harness(() => ok({ global_stats: 0 }), { params: () => ({ ik_appid: 'piranha', p }) });
    await h.client.call(globalConfigGet);
    const search = new URL(h.calls[0]!.url).searchParams;
    expect(search.get('p')).toBe(sent ? p : null);
    expect(search.get('ik_appid')).toBe('piranha');
  });

  it('sends the headers from headers() and asks for cookies on every attempt', async () => {
    const h = harness((attempt) => (attempt === 1 ? networkError() : ok({ global_stats: 0 })));
    await h.client.call(globalConfigGet);
    expect(h.calls).toHaveLength(2);
    for (const call of h.calls) {
      expect(headersOf(call)).toMatchObject({ 'app-key': 'piranha', 'app-name': 'Piranha' });
      expect(call.init.credentials).toBe('include');
    }
  });

  it('reads headers() and params() afresh for every call', async () => {
    let sid = 'first';
    const h = harness(() => ok({ global_stats: 0 }), { params: () => ({ sid }), headers: () => ({ 'app-key': sid }) });
    await h.client.call(globalConfigGet);
    sid = 'second';
    await h.client.call(globalConfigGet);
    expect(h.calls.map((call) => new URL(call.url).searchParams.get('sid'))).toEqual(['first', 'second']);
    expect(h.calls.map((call) => headersOf(call)['app-key'])).toEqual(['first', 'second']);
  });
});

describe('api client: timeout and cancellation', () => {
  /** A fetch that never answers on its own: it only ends when its signal aborts. */
  const hanging: Responder = (_attempt, call) =>
    new Promise<Response>((_resolve, reject) => {
      const signal = call.init.signal!;
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });

  it('aborts an attempt that outlives the timeout, retries it, then throws dm_error 500', async () => {
    const h = harness(hanging, { timeoutMs: 5 });
    const error = await apiErrorOf(h.client.call(globalConfigGet));
    expect(error.dmError).toBe(500);
    expect(h.calls).toHaveLength(4);
    for (const call of h.calls) {
      expect(call.init.signal?.aborted).toBe(true);
      expect((call.init.signal?.reason as Error).name).toBe('TimeoutError');
    }
    expect(h.reports).toHaveLength(1);
  });

  it('neither retries nor reports a call the caller cancels', async () => {
    const controller = new AbortController();
    const h = harness((attempt, call) => {
      queueMicrotask(() => controller.abort());
      return hanging(attempt, call);
    });
    await expect(h.client.call(globalConfigGet, { signal: controller.signal })).rejects.not.toBeInstanceOf(ApiError);
    expect(h.calls).toHaveLength(1);
    expect(h.delays).toEqual([]);
    expect(h.reports).toEqual([]);
  });

  it('neither reports nor toasts a call cancelled while its body is read', async () => {
    const controller = new AbortController();
    const h = harness(() => {
      // Headers arrived; the body stream fails the way fetch fails it when the caller aborts mid-read.
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          stream.enqueue(new TextEncoder().encode('{"dm_error":0,"da'));
          queueMicrotask(() => {
            controller.abort();
            stream.error(new DOMException('The operation was aborted.', 'AbortError'));
          });
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await expect(h.client.call(globalConfigGet, { signal: controller.signal })).rejects.not.toBeInstanceOf(ApiError);
    expect(h.calls).toHaveLength(1);
    expect(h.reports).toEqual([]);
  });
});

describe('api client: its turn', () => {
  /** A turn the test hands out itself: each call waits until the test lets the next one go. */
  function turns() {
    const waiting: (() => void)[] = [];
    return {
      turn: () => new Promise<void>((resolve) => waiting.push(resolve)),
      next: () => waiting.shift()?.(),
      get waiting() {
        return waiting.length;
      },
    };
  }
  const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

  it('builds and sends nothing before its turn, then one request per turn, in the order the calls were made', async () => {
    const gate = turns();
    const h = harness((_attempt, call) => (call.url.includes(bannerList.path) ? ok({ list: [] }) : ok({ global_stats: 0 })), { turn: gate.turn });
    const first = h.client.call(globalConfigGet);
    const second = h.client.call(bannerList, { query: { source: 'game' } });
    await settled();
    expect(h.calls).toHaveLength(0);
    expect(gate.waiting).toBe(2);
    gate.next();
    await settled();
    expect(h.calls.map((call) => new URL(call.url).pathname)).toEqual([globalConfigGet.path]);
    gate.next();
    await expect(Promise.all([first, second])).resolves.toEqual([{ global_stats: 0 }, { list: [] }]);
    expect(h.calls.map((call) => new URL(call.url).pathname)).toEqual([globalConfigGet.path, bannerList.path]);
  });

  it('never sends a call cancelled while it waited, and neither retries nor reports it', async () => {
    const gate = turns();
    const controller = new AbortController();
    const h = harness(() => ok({ global_stats: 0 }), { turn: gate.turn });
    const call = h.client.call(globalConfigGet, { signal: controller.signal });
    controller.abort();
    gate.next();
    const error = await call.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect((error as Error).name).toBe('AbortError');
    expect(h.calls).toEqual([]);
    expect(h.reports).toEqual([]);
  });
});

describe('api client: revalidating polls', () => {
  const odds = { records: [{ id: 7, ms: 5, mc: { s: 600, r: true, tp: 1, pe: 1001, itd: 0 }, nsg: [], tms: 0, mg: [], incr_cursor: 3 }] };
  const notModified = (etag: string) => new Response(null, { status: 304, headers: { etag } });
  const ifNoneMatchOf = (call: FetchCall) => headersOf(call)['if-none-match'];

  it('sends the last ETag back as If-None-Match and answers a 304 with the data it kept', async () => {
    const h = harness((attempt) => (attempt === 1 ? ok(odds, { etag: '"v1-gz"' }) : notModified('"v1-gz"')));
    const first = await h.client.call(matchOddsLatest, { query: { match_ids: '7' } });
    const second = await h.client.call(matchOddsLatest, { query: { match_ids: '7' } });
    expect(second).toEqual(first);
    expect(second.records[0]!.id).toBe(7);
    expect(h.calls.map(ifNoneMatchOf)).toEqual([undefined, '"v1-gz"']);
    // The cache buster still changes, so nothing between the app and the server answers from its own cache.
    const busters = h.calls.map((call) => new URL(call.url).searchParams.get('_t'));
    expect(busters[0]).toBe(String(STARTED_MS));
    expect(busters[1]).not.toBe(busters[0]);
    expect(h.reports).toEqual([]);
  });

  it('keeps the newest answer: a changed poll replaces the ETag sent next', async () => {
    const moved = { records: [{ ...odds.records[0]!, mc: { ...odds.records[0]!.mc, s: 602 } }] };
    const answers = [ok(odds, { etag: '"v1"' }), ok(moved, { etag: '"v2"' }), notModified('"v2"')];
    const h = harness((attempt) => answers[attempt - 1]!);
    await h.client.call(matchOddsLatest, { query: { match_ids: '7' } });
    await h.client.call(matchOddsLatest, { query: { match_ids: '7' } });
    const third = await h.client.call(matchOddsLatest, { query: { match_ids: '7' } });
    expect(third.records[0]!.mc.s).toBe(602);
    expect(h.calls.map(ifNoneMatchOf)).toEqual([undefined, '"v1"', '"v2"']);
  });

  it('keeps answers apart by query: another set of matches or another language asks without an ETag', async () => {
    let language = 'PT';
    const h = harness(() => ok(odds, { etag: '"v1"' }), { params: () => ({ ik_appid: 'piranha', lca_lang: language }) });
    await h.client.call(matchOddsLatest, { query: { match_ids: '7' } });
    await h.client.call(matchOddsLatest, { query: { match_ids: '7,8' } });
    language = 'ES';
    await h.client.call(matchOddsLatest, { query: { match_ids: '7' } });
    expect(h.calls.map(ifNoneMatchOf)).toEqual([undefined, undefined, undefined]);
  });

  it('never keeps an error answer, nor one without an ETag', async () => {
    const answers = [json({ dm_error: 1001, error_msg: 'match_ids is invalid', data: { field: 'match_ids' } }, 200, { etag: '"e"' }), ok(odds), ok(odds)];
    const h = harness((attempt) => answers[attempt - 1]!);
    await apiErrorOf(h.client.call(matchOddsLatest, { query: { match_ids: '7' } }));
    await h.client.call(matchOddsLatest, { query: { match_ids: '7' } });
    await h.client.call(matchOddsLatest, { query: { match_ids: '7' } });
    expect(h.calls.map(ifNoneMatchOf)).toEqual([undefined, undefined, undefined]);
  });

  it('treats a 304 it did not ask for as a malformed answer (dm_error 500), reported once', async () => {
    const h = harness(() => notModified('"v1"'));
    const error = await apiErrorOf(h.client.call(matchListGetNew, { query: { cursor: 3 } }));
    expect(error.dmError).toBe(500);
    expect(error.httpStatus).toBe(304);
    expect(h.reports).toHaveLength(1);
  });

  it('only revalidates the endpoints that say so: other GETs never send If-None-Match', async () => {
    const h = harness(() => ok({ global_stats: 0 }, { etag: '"c1"' }));
    await h.client.call(globalConfigGet);
    await h.client.call(globalConfigGet);
    expect(h.calls.map(ifNoneMatchOf)).toEqual([undefined, undefined]);
  });

  it('remembers a bounded number of polls: the oldest is asked again without an ETag', async () => {
    const h = harness(() => ok(odds, { etag: '"v"' }));
    for (let id = 1; id <= 17; id += 1) await h.client.call(matchOddsLatest, { query: { match_ids: String(id) } });
    await h.client.call(matchOddsLatest, { query: { match_ids: '17' } });
    await h.client.call(matchOddsLatest, { query: { match_ids: '1' } });
    expect(h.calls.slice(-2).map(ifNoneMatchOf)).toEqual(['"v"', undefined]);
  });
});
