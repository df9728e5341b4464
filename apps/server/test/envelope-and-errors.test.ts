import { endpoint, ERROR_MESSAGES, ERRORS, HEADER_TRACE_ID } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { routeRegister } from '../src/plugins/route.ts';
import { envelopeOf, testAppCreate, type TestApp } from './harness.ts';

const SECRET = 'db password is hunter2';

const boomEndpoint = endpoint({
  method: 'GET',
  path: '/api/test/boom',
  host: 'main',
  auth: 'none',
  query: z.object({}),
  body: z.undefined(),
  data: z.object({}),
});

let t: TestApp;

beforeAll(async () => {
  t = await testAppCreate();
  // A handler that fails the way a bug does: a plain Error carrying something that must never leak.
  routeRegister(t.app, t.deps, boomEndpoint, async () => {
    throw new Error(SECRET);
  });
});
afterAll(() => t?.close());

describe('every /api answer is the envelope', () => {
  it('answers a success as { dm_error: 0, error_msg: "", data } with HTTP 200', async () => {
    const response = await t.get('/api/v1/conf/global');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json).toStrictEqual({ dm_error: 0, error_msg: '', data: { global_stats: 0 } });
  });

  it('gives every response its own x-trace-id', async () => {
    const first = await t.get('/api/v1/conf/global');
    const second = await t.get('/api/v1/conf/global');
    expect(first.headers[HEADER_TRACE_ID]).toMatch(/^[0-9a-f]{16}$/);
    expect(second.headers[HEADER_TRACE_ID]).toMatch(/^[0-9a-f]{16}$/);
    expect(first.headers[HEADER_TRACE_ID]).not.toBe(second.headers[HEADER_TRACE_ID]);
  });

  it('checks the cache buster _t on every request, even when the other common parameters were seen before', async () => {
    const ok = await t.get('/api/v1/conf/global?cv=PIRANHA_BR_1.0.0&lca_lang=EN&_t=1');
    expect(envelopeOf(ok).dm_error).toBe(0);
    const again = await t.get('/api/v1/conf/global?cv=PIRANHA_BR_1.0.0&lca_lang=EN&_t=2');
    expect(envelopeOf(again).dm_error).toBe(0);
    const tooLong = await t.get(`/api/v1/conf/global?cv=PIRANHA_BR_1.0.0&lca_lang=EN&_t=${'9'.repeat(33)}`);
    expect(envelopeOf(tooLong).dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    expect(envelopeOf(tooLong).data.field).toBe('_t');
    // And a bad value among the others is still refused by name after the good set was remembered.
    const badCurrency = await t.get(`/api/v1/conf/global?cv=PIRANHA_BR_1.0.0&lca_lang=EN&currency=${'X'.repeat(9)}&_t=3`);
    expect(envelopeOf(badCurrency).dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    expect(envelopeOf(badCurrency).data.field).toBe('currency');
  });

  it('answers an unknown /api path with dm_error 1004 naming the path, still HTTP 200', async () => {
    for (const [method, path] of [
      ['GET', '/api/does/not/exist'],
      ['POST', '/api/v1/conf/global'],
      ['GET', '/api/v1/conf/global/extra'],
    ] as const) {
      const response = await t.request(method, path);
      expect(response.status).toBe(200);
      expect(envelopeOf(response)).toMatchObject({ dm_error: ERRORS.NOT_FOUND.code, data: { field: 'path' } });
    }
  });
});

describe('an unexpected failure', () => {
  it('answers dm_error 500 whose data.trace_id is the x-trace-id header, without the message or a stack', async () => {
    const response = await t.get('/api/test/boom');
    expect(response.status).toBe(200);
    const envelope = envelopeOf(response);
    expect(envelope.dm_error).toBe(ERRORS.INTERNAL.code);
    expect(envelope.data).toStrictEqual({ trace_id: response.headers[HEADER_TRACE_ID] });
    expect(envelope.error_msg).toBe(ERROR_MESSAGES['pt-BR'].internal);
    expect(response.text).not.toContain(SECRET);
    expect(response.text).not.toMatch(/\bat .*\.ts:\d+|stack|Error:/);
  });

  it('answers dm_error 500 when a real route loses its table, and the app keeps serving', async () => {
    // A separate app and database, so breaking the schema cannot disturb the other tests of this file.
    const broken = await testAppCreate();
    try {
      await broken.db.execute(sql`alter table error_reports rename to error_reports_gone`);
      const response = await broken.post('/api/v1/component/app/error/report', {
        body: { host: 'self', method: 'GET', uri: '/api/x', http_status: 200, dm_error: 1, event_time: 1, cost: 1 },
      });
      const envelope = envelopeOf(response);
      expect(envelope.dm_error).toBe(ERRORS.INTERNAL.code);
      expect(envelope.data.trace_id).toBe(response.headers[HEADER_TRACE_ID]);
      expect(response.text).not.toMatch(/error_reports|relation|select|insert/i);
      expect(envelopeOf(await broken.get('/api/v1/conf/global')).dm_error).toBe(0);
    } finally {
      await broken.close();
    }
  });
});

describe('error_msg speaks the request language', () => {
  const notFound = (locale: keyof typeof ERROR_MESSAGES) => ERROR_MESSAGES[locale].notFound;

  it('follows lca_lang, as a short code or a locale', async () => {
    const cases = [
      ['PT', 'pt-BR'],
      ['ES', 'es-MX'],
      ['ENG', 'en-US'],
      ['es-MX', 'es-MX'],
      ['ru-RU', 'ru-RU'],
      ['ZH', 'zh-CN'],
    ] as const;
    for (const [lcaLang, locale] of cases) {
      const envelope = envelopeOf(await t.get('/api/nope', { query: { lca_lang: lcaLang } }));
      expect(envelope.error_msg, lcaLang).toBe(notFound(locale));
    }
    // The texts really differ, so the assertions above could not pass by accident.
    expect(new Set(cases.map(([, locale]) => notFound(locale))).size).toBe(5);
  });

  it("falls back to the brand's language when lca_lang is absent or unknown", async () => {
    expect(envelopeOf(await t.get('/api/nope', { headers: { host: 'piranha.com.br' } })).error_msg).toBe(notFound('pt-BR'));
    expect(envelopeOf(await t.get('/api/nope', { headers: { host: 'aguila.mx' } })).error_msg).toBe(notFound('es-MX'));
    expect(envelopeOf(await t.get('/api/nope', { headers: { host: 'www.eaglebet.com' } })).error_msg).toBe(notFound('en-US'));
    expect(envelopeOf(await t.get('/api/nope', { headers: { host: 'aguila.mx' }, query: { lca_lang: 'xx' } })).error_msg).toBe(notFound('es-MX'));
    // An unknown host is the default brand (Piranha, Brazil).
    expect(envelopeOf(await t.get('/api/nope', { headers: { host: 'unknown.example' } })).error_msg).toBe(notFound('pt-BR'));
  });

  it('lets the app-key header pick the brand over the Host', async () => {
    const envelope = envelopeOf(await t.get('/api/nope', { headers: { host: 'piranha.com.br', 'app-key': 'aguila' } }));
    expect(envelope.error_msg).toBe(notFound('es-MX'));
  });

  it('reads lca_lang from the cookie when the query has none, and prefers the query', async () => {
    expect(envelopeOf(await t.get('/api/nope', { headers: { cookie: 'lca_lang=ES' } })).error_msg).toBe(notFound('es-MX'));
    expect(envelopeOf(await t.get('/api/nope', { headers: { cookie: 'lca_lang=ES' }, query: { lca_lang: 'ENG' } })).error_msg).toBe(notFound('en-US'));
  });

  it('translates validation and internal errors too', async () => {
    const validation = envelopeOf(await t.get('/api/v1/conf/global', { query: { junk: '1', lca_lang: 'ES' } }));
    expect(validation).toMatchObject({ dm_error: ERRORS.VALIDATION_FAILED.code, error_msg: ERROR_MESSAGES['es-MX'].validationFailed, data: { field: 'junk' } });
    const internal = envelopeOf(await t.get('/api/test/boom', { query: { lca_lang: 'ENG' } }));
    expect(internal).toMatchObject({ dm_error: ERRORS.INTERNAL.code, error_msg: ERROR_MESSAGES['en-US'].internal });
  });
});
