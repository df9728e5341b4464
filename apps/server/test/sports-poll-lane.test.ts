import { ERRORS, HEADER_TRACE_ID, matchGetList, matchListGet, matchOddsLatest, SPORT_IDS } from '@piranha/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_START, queryString, testAppCreate, testDatabaseCreate, type TestApp, type TestDatabase } from './harness.ts';

/**
 * The poll lane (plugins/poll-lane.ts) over real HTTP: it only exists in the Node request listener, which
 * `app.inject` does not go through. Each test reads the lane's counts to tell its answers from Fastify's.
 */

let database: TestDatabase;
const apps: TestApp[] = [];

async function listening(env: Record<string, string> = {}): Promise<{ t: TestApp; base: string }> {
  const t = await testAppCreate({ database, env: { FEED_SEED: '7', ...env } });
  apps.push(t);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, base: address };
}

beforeAll(async () => {
  database = await testDatabaseCreate();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

let stamp = CLOCK_START.getTime();

/** One request as the web client sends it: a fresh `_t` cache buster every time. */
async function call(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  input: { query?: Record<string, string>; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  stamp += 1;
  const url = `${base}${path}${queryString({ ...input.query, _t: String(stamp) })}`;
  const headers: Record<string, string> = { 'accept-encoding': 'identity', ...input.headers };
  if (input.body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(url, { method, headers, ...(input.body !== undefined ? { body: input.body } : {}) });
  return { status: response.status, headers: Object.fromEntries(response.headers), text: await response.text() };
}

/** The headers two answers must share: all but the trace id and the date. */
function comparable(headers: Record<string, string>): Record<string, string> {
  const { [HEADER_TRACE_ID]: _trace, date: _date, ...rest } = headers;
  return rest;
}

async function oddsQuery(base: string): Promise<Record<string, string>> {
  const listed = JSON.parse((await call(base, 'GET', matchListGet.path, { query: { page_limit: '20' } })).text);
  return { match_ids: listed.data.records.map((record: { id: number }) => record.id).join(',') };
}

describe('the poll lane', () => {
  it('answers a repeated poll itself, with the bytes and headers Fastify gave, and a fresh trace id', async () => {
    const { t, base } = await listening();
    const query = await oddsQuery(base);
    const before = { ...t.built.lane.counts };
    const first = await call(base, 'GET', matchOddsLatest.path, { query });
    expect(t.built.lane.counts.handedOn).toBe(before.handedOn + 1);
    const second = await call(base, 'GET', matchOddsLatest.path, { query });
    expect(t.built.lane.counts.answered).toBe(before.answered + 1);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text).dm_error).toBe(0);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(comparable(second.headers)).toStrictEqual(comparable(first.headers));
    expect(second.headers[HEADER_TRACE_ID]).toMatch(/^[0-9a-f]{16}$/);
    expect(second.headers[HEADER_TRACE_ID]).not.toBe(first.headers[HEADER_TRACE_ID]);
  });

  it('sends gzip to a client that takes it, compressed once, with its own ETag, from Fastify and the lane alike', async () => {
    const { t, base } = await listening();
    const query = await oddsQuery(base);
    const identity = await call(base, 'GET', matchOddsLatest.path, { query });
    // With lca_lang the request is new to the lane (Accept-Encoding is not part of what it remembers).
    const gzip = { query: { ...query, lca_lang: 'PT' }, headers: { 'accept-encoding': 'gzip, deflate, br' } };
    const answered = t.built.lane.counts.answered;
    const fromFastify = await call(base, 'GET', matchOddsLatest.path, gzip);
    const fromLane = await call(base, 'GET', matchOddsLatest.path, gzip);
    expect(t.built.lane.counts.answered).toBe(answered + 1);
    for (const answer of [fromFastify, fromLane]) {
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers.vary).toBe('accept-encoding');
      // fetch decompresses: the same JSON as the identity answer.
      expect(answer.text).toBe(identity.text);
      expect(answer.headers.etag).toBe(`${identity.headers.etag!.slice(0, -1)}-gz"`);
      expect(Number(answer.headers['content-length'])).toBeLessThan(identity.text.length / 4);
    }
    expect(comparable(fromLane.headers)).toStrictEqual(comparable(fromFastify.headers));
    const revalidated = await call(base, 'GET', matchOddsLatest.path, { ...gzip, headers: { ...gzip.headers, 'if-none-match': fromLane.headers.etag! } });
    expect(revalidated.status).toBe(304);
  });

  it('answers If-None-Match with the same 304 as Fastify', async () => {
    const { t, base } = await listening();
    const query = await oddsQuery(base);
    const etag = (await call(base, 'GET', matchOddsLatest.path, { query })).headers.etag!;
    // With lca_lang the request is new to the lane: Fastify answers it once, then the lane.
    const conditional = { query: { ...query, lca_lang: 'PT' }, headers: { 'if-none-match': etag } };
    const answered = t.built.lane.counts.answered;
    const fromFastify = await call(base, 'GET', matchOddsLatest.path, conditional);
    expect(t.built.lane.counts.answered).toBe(answered);
    const fromLane = await call(base, 'GET', matchOddsLatest.path, conditional);
    expect(t.built.lane.counts.answered).toBe(answered + 1);
    expect(fromFastify.status).toBe(304);
    expect(fromLane.status).toBe(304);
    expect(fromLane.text).toBe('');
    expect(comparable(fromLane.headers)).toStrictEqual(comparable(fromFastify.headers));
    // RFC 9110 §15.4.5: what the 200 would have said of caching, and nothing that guards a body it does not have.
    const { connection: _connection, 'keep-alive': _keepAlive, ...repeated } = comparable(fromLane.headers);
    expect(repeated).toStrictEqual({ 'cache-control': 'no-cache', vary: 'accept-encoding', etag });
    expect(fromLane.headers[HEADER_TRACE_ID]).toMatch(/^[0-9a-f]{16}$/);
    // A stale ETag gets the whole answer.
    const stale = await call(base, 'GET', matchOddsLatest.path, { query: conditional.query, headers: { 'if-none-match': '"stale"' } });
    expect(stale.status).toBe(200);
  });

  it('reads a POST body once: a repeat is answered from the lane, anything else reaches Fastify with its body intact', async () => {
    const { t, base } = await listening();
    const body = JSON.stringify({ tab_key: 'Soccer', page_limit: 10 });
    const first = await call(base, 'POST', matchGetList.path, { body });
    const answered = t.built.lane.counts.answered;
    const second = await call(base, 'POST', matchGetList.path, { body });
    expect(t.built.lane.counts.answered).toBe(answered + 1);
    expect(second.text).toBe(first.text);
    expect(JSON.parse(first.text).data.records).toHaveLength(10);

    const other = JSON.parse((await call(base, 'POST', matchGetList.path, { body: JSON.stringify({ tab_key: 'BasketBall', page_limit: 3 }) })).text);
    expect(other.dm_error).toBe(0);
    expect(other.data.records).toHaveLength(3);
    expect(other.data.records.every((record: { sid: number }) => record.sid === SPORT_IDS.basketball)).toBe(true);

    const malformed = JSON.parse((await call(base, 'POST', matchGetList.path, { body: '{"tab_key":' })).text);
    expect(malformed.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    const wrongType = JSON.parse((await call(base, 'POST', matchGetList.path, { body: JSON.stringify({ tab_key: 'Soccer', page_limit: 'ten' }) })).text);
    expect(wrongType.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    expect(wrongType.data.field).toBe('page_limit');
    expect(t.built.lane.counts.answered).toBe(answered + 1);
  });

  it('hands a poll back to Fastify once the snapshot moved on, then answers the new one', async () => {
    const { t, base } = await listening();
    const query = await oddsQuery(base);
    const first = await call(base, 'GET', matchOddsLatest.path, { query });
    await call(base, 'GET', matchOddsLatest.path, { query });
    const versionBefore = t.built.sports.state.version();
    let nowMs = CLOCK_START.getTime();
    while (t.built.sports.state.version() === versionBefore) {
      nowMs += 60_000;
      t.built.sports.feed.tick(nowMs);
    }
    const handedOn = t.built.lane.counts.handedOn;
    const moved = await call(base, 'GET', matchOddsLatest.path, { query });
    expect(t.built.lane.counts.handedOn).toBe(handedOn + 1);
    expect(moved.text).not.toBe(first.text);
    const answered = t.built.lane.counts.answered;
    expect((await call(base, 'GET', matchOddsLatest.path, { query })).text).toBe(moved.text);
    expect(t.built.lane.counts.answered).toBe(answered + 1);
  });

  it('never answers a request Fastify refused: bad common parameters and cache busters stay refused', async () => {
    const { t, base } = await listening();
    const query = await oddsQuery(base);
    const answered = t.built.lane.counts.answered;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const badLanguage = JSON.parse((await call(base, 'GET', matchOddsLatest.path, { query: { ...query, lca_lang: 'x'.repeat(40) } })).text);
      expect(badLanguage.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
      expect(badLanguage.data.field).toBe('lca_lang');
      const badIds = JSON.parse((await call(base, 'GET', matchOddsLatest.path, { query: { match_ids: 'one,two' } })).text);
      expect(badIds.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
      // A cache buster longer than the schema allows: the lane leaves it to Fastify, which names the field.
      const longStamp = await fetch(`${base}${matchOddsLatest.path}${queryString({ ...query, _t: '9'.repeat(40) })}`);
      const refused = (await longStamp.json()) as { dm_error: number; data: { field: string } };
      expect(refused.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
      expect(refused.data.field).toBe('_t');
    }
    expect(t.built.lane.counts.answered).toBe(answered);
  });

  it('never answers a NUL, a lone surrogate or deep JSON: Fastify refuses them each time, naming the field', async () => {
    const { t, base } = await listening();
    const deep = `{"tab_key":"Soccer","page_limit":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    const answered = t.built.lane.counts.answered;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refusals = [
        JSON.parse((await call(base, 'POST', matchGetList.path, { body: deep })).text),
        JSON.parse((await call(base, 'POST', matchGetList.path, { body: '{"tab_key":"Soccer\\u0000"}' })).text),
        JSON.parse((await call(base, 'POST', matchGetList.path, { body: '{"tab_key":"Soccer\\ud800"}' })).text),
        JSON.parse((await call(base, 'GET', matchListGet.path, { query: { page_limit: '20\u0000' } })).text),
      ];
      expect(refusals.map((refusal) => [refusal.dm_error, refusal.data.field, refusal.data.issue])).toStrictEqual([
        [ERRORS.VALIDATION_FAILED.code, 'page_limit', 'too_deep'],
        [ERRORS.VALIDATION_FAILED.code, 'tab_key', 'invalid_characters'],
        [ERRORS.VALIDATION_FAILED.code, 'tab_key', 'invalid_characters'],
        [ERRORS.VALIDATION_FAILED.code, 'page_limit', 'invalid_characters'],
      ]);
    }
    expect(t.built.lane.counts.answered).toBe(answered);
  });

  it('sends HSTS over HTTPS (as a trusted proxy reports it) from the lane as from Fastify, on 200 and 304, and none over HTTP', async () => {
    const { t, base } = await listening({ TRUSTED_PROXIES: '127.0.0.1' });
    const query = await oddsQuery(base);
    const https = { 'x-forwarded-proto': 'https' };
    const answered = t.built.lane.counts.answered;
    const fromFastify = await call(base, 'GET', matchOddsLatest.path, { query, headers: https });
    const fromLane = await call(base, 'GET', matchOddsLatest.path, { query, headers: https });
    expect(t.built.lane.counts.answered).toBe(answered + 1);
    expect(fromFastify.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(comparable(fromLane.headers)).toStrictEqual(comparable(fromFastify.headers));
    // A 304 is an answer over HTTPS too (the lane's list is compared with Fastify's on a request new to the lane).
    const conditional = { query: { ...query, lca_lang: 'PT' }, headers: { ...https, 'if-none-match': fromLane.headers.etag! } };
    const notModifiedFromFastify = await call(base, 'GET', matchOddsLatest.path, conditional);
    const notModifiedFromLane = await call(base, 'GET', matchOddsLatest.path, conditional);
    expect(t.built.lane.counts.answered).toBe(answered + 2);
    expect(notModifiedFromLane.status).toBe(304);
    expect(comparable(notModifiedFromLane.headers)).toStrictEqual(comparable(notModifiedFromFastify.headers));
    expect(notModifiedFromLane.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // The same poll over plain HTTP: the scheme is part of the lane's key (the session travels differently over
    // HTTPS, decision 019), so Fastify answers it first and the lane repeats it — neither with HSTS.
    const plainFromFastify = await call(base, 'GET', matchOddsLatest.path, { query });
    const plainFromLane = await call(base, 'GET', matchOddsLatest.path, { query });
    expect(t.built.lane.counts.answered).toBe(answered + 3);
    expect(plainFromFastify.headers['strict-transport-security']).toBeUndefined();
    expect(plainFromLane.headers['strict-transport-security']).toBeUndefined();
  });

  it('counts each poll once against the per-IP limit, and refuses over it with the usual envelope', async () => {
    const { t, base } = await listening({ RATE_LIMIT_PER_IP: '4' });
    const query = { match_ids: '1,2,3' };
    const answers = [];
    for (let index = 0; index < 6; index += 1) answers.push(JSON.parse((await call(base, 'GET', matchOddsLatest.path, { query })).text).dm_error);
    expect(answers).toStrictEqual([0, 0, 0, 0, ERRORS.RATE_LIMITED.code, ERRORS.RATE_LIMITED.code]);
    expect(t.built.lane.counts.answered).toBe(3);
  });

  it('counts the client a trusted proxy names, as Fastify does, and ignores the header from anyone else', async () => {
    const { t, base } = await listening({ RATE_LIMIT_PER_IP: '2', TRUSTED_PROXIES: '127.0.0.1' });
    const query = { match_ids: '1,2,3' };
    const from = async (client: string) =>
      JSON.parse((await call(base, 'GET', matchOddsLatest.path, { query, headers: { 'x-forwarded-for': client } })).text).dm_error;
    expect([await from('203.0.113.7'), await from('203.0.113.7'), await from('203.0.113.7')]).toStrictEqual([0, 0, ERRORS.RATE_LIMITED.code]);
    expect(await from('203.0.113.8')).toBe(0);
    expect(t.built.lane.counts.answered).toBeGreaterThan(0);
    const { base: direct } = await listening({ RATE_LIMIT_PER_IP: '2' });
    const spoofed = async (client: string) =>
      JSON.parse((await call(direct, 'GET', matchOddsLatest.path, { query, headers: { 'x-forwarded-for': client } })).text).dm_error;
    expect([await spoofed('198.51.100.1'), await spoofed('198.51.100.2'), await spoofed('198.51.100.3')]).toStrictEqual([0, 0, ERRORS.RATE_LIMITED.code]);
  });

  it('leaves everything to Fastify once the server is closing', async () => {
    const { t, base } = await listening();
    const query = { match_ids: '1,2,3' };
    const first = await call(base, 'GET', matchOddsLatest.path, { query });
    t.built.lane.close();
    const answered = t.built.lane.counts.answered;
    const after = await call(base, 'GET', matchOddsLatest.path, { query });
    expect(after.text).toBe(first.text);
    expect(t.built.lane.counts.answered).toBe(answered);
  });
});
