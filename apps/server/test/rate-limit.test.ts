import { ERROR_MESSAGES, ERRORS } from '@piranha/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, signedIn, testAppCreate, testDatabaseCreate, type TestApp, type TestDatabase } from './harness.ts';

// Each app has its own in-memory counters; they share this file's database.
let database: TestDatabase;
const apps: TestApp[] = [];

async function appWith(env: Record<string, string>): Promise<TestApp> {
  const app = await testAppCreate({ database, env });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await testDatabaseCreate();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

describe('per client IP', () => {
  it('answers the 6th /api request in the window with 1029 when the limit is 5', async () => {
    const t = await appWith({ RATE_LIMIT_PER_IP: '5' });
    for (let index = 0; index < 5; index += 1) expect(envelopeOf(await t.get('/api/v1/conf/global')).dm_error).toBe(0);
    const sixth = await t.get('/api/v1/conf/global', { query: { lca_lang: 'ENG' } });
    expect(sixth.status).toBe(200);
    expect(envelopeOf(sixth)).toStrictEqual({ dm_error: ERRORS.RATE_LIMITED.code, error_msg: ERROR_MESSAGES['en-US'].rateLimited, data: { field: 'ip' } });
    // Any /api path counts, even one that does not exist.
    expect(envelopeOf(await t.get('/api/nope')).dm_error).toBe(ERRORS.RATE_LIMITED.code);
  });

  it('counts malformed requests too, so a flood of bad parameters cannot slip past the limit', async () => {
    const t = await appWith({ RATE_LIMIT_PER_IP: '3' });
    const malformed = { query: { lca_lang: 'x'.repeat(1000) } };
    for (let index = 0; index < 3; index += 1) expect(envelopeOf(await t.get('/api/v1/conf/global', malformed)).dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    expect(envelopeOf(await t.get('/api/v1/conf/global', malformed)).dm_error).toBe(ERRORS.RATE_LIMITED.code);
  });

  it('does not count or limit pages outside /api', async () => {
    const t = await appWith({ RATE_LIMIT_PER_IP: '2' });
    for (let index = 0; index < 5; index += 1) expect((await t.get('/healthz')).status).toBe(200);
    expect(envelopeOf(await t.get('/api/v1/conf/global')).dm_error).toBe(0);
    expect(envelopeOf(await t.get('/api/v1/conf/global')).dm_error).toBe(0);
    expect(envelopeOf(await t.get('/api/v1/conf/global')).dm_error).toBe(ERRORS.RATE_LIMITED.code);
    expect((await t.get('/healthz')).status).toBe(200);
  });

  it('counts each client address separately', async () => {
    const t = await appWith({ RATE_LIMIT_PER_IP: '2' });
    for (const remoteAddress of ['203.0.113.1', '203.0.113.1']) expect(envelopeOf(await t.get('/api/v1/conf/global', { remoteAddress })).dm_error).toBe(0);
    expect(envelopeOf(await t.get('/api/v1/conf/global', { remoteAddress: '203.0.113.1' })).dm_error).toBe(ERRORS.RATE_LIMITED.code);
    expect(envelopeOf(await t.get('/api/v1/conf/global', { remoteAddress: '203.0.113.2' })).dm_error).toBe(0);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy, so a client cannot dodge the limit', async () => {
    const t = await appWith({ RATE_LIMIT_PER_IP: '3' });
    const answers = [];
    for (let index = 1; index <= 4; index += 1)
      answers.push(envelopeOf(await t.get('/api/v1/conf/global', { headers: { 'x-forwarded-for': `198.51.100.${index}` } })).dm_error);
    expect(answers).toEqual([0, 0, 0, ERRORS.RATE_LIMITED.code]);
  });

  it('counts the forwarded client address when the peer is a trusted proxy', async () => {
    const t = await appWith({ RATE_LIMIT_PER_IP: '3', TRUSTED_PROXIES: '127.0.0.1' });
    const answers = [];
    for (let index = 1; index <= 6; index += 1)
      answers.push(envelopeOf(await t.get('/api/v1/conf/global', { headers: { 'x-forwarded-for': `198.51.100.${index}` } })).dm_error);
    expect(answers).toEqual([0, 0, 0, 0, 0, 0]);
    for (let index = 0; index < 3; index += 1) await t.get('/api/v1/conf/global', { headers: { 'x-forwarded-for': '198.51.100.200' } });
    expect(envelopeOf(await t.get('/api/v1/conf/global', { headers: { 'x-forwarded-for': '198.51.100.200' } })).dm_error).toBe(ERRORS.RATE_LIMITED.code);
  });
});

describe('per signed-in user', () => {
  it('limits a user by uid even when every request comes from another IP', async () => {
    const t = await appWith({ RATE_LIMIT_PER_USER: '3', TRUSTED_PROXIES: '127.0.0.1' });
    const session = await t.session();
    const answers = [];
    for (let index = 1; index <= 4; index += 1) {
      const response = await t.get('/api/piranha/finance/user/balance/get', { query: signedIn(session), headers: { 'x-forwarded-for': `192.0.2.${index}` } });
      answers.push(envelopeOf(response));
    }
    expect(answers.map((answer) => answer.dm_error)).toEqual([0, 0, 0, ERRORS.RATE_LIMITED.code]);
    expect(answers[3]!.data).toStrictEqual({ field: 'uid' });
  });

  it('counts every route a user calls with a session, and leaves other users and anonymous calls alone', async () => {
    const t = await appWith({ RATE_LIMIT_PER_USER: '2', TRUSTED_PROXIES: '127.0.0.1' });
    const busy = await t.session();
    const other = await t.session();
    expect(
      envelopeOf(await t.get('/api/piranha/finance/user/balance/get', { query: signedIn(busy), headers: { 'x-forwarded-for': '192.0.2.10' } })).dm_error,
    ).toBe(0);
    // The banner list reads an optional session: the same user's counter moves.
    expect(envelopeOf(await t.get('/api/v1/conf/banner', { query: signedIn(busy), headers: { 'x-forwarded-for': '192.0.2.11' } })).dm_error).toBe(0);
    expect(envelopeOf(await t.get('/api/v1/conf/banner', { query: signedIn(busy), headers: { 'x-forwarded-for': '192.0.2.12' } })).dm_error).toBe(
      ERRORS.RATE_LIMITED.code,
    );
    expect(
      envelopeOf(await t.get('/api/piranha/finance/user/balance/get', { query: signedIn(other), headers: { 'x-forwarded-for': '192.0.2.10' } })).dm_error,
    ).toBe(0);
    for (let index = 0; index < 4; index += 1) {
      expect(envelopeOf(await t.get('/api/v1/conf/banner', { headers: { 'x-forwarded-for': '192.0.2.10' } })).dm_error).toBe(0);
    }
  });

  it('checks the session before the user limit: a stranger cannot exhaust a user’s budget with a bad sid', async () => {
    const t = await appWith({ RATE_LIMIT_PER_USER: '2', TRUSTED_PROXIES: '127.0.0.1' });
    const victim = await t.session();
    for (let index = 0; index < 5; index += 1) {
      const envelope = envelopeOf(
        await t.get('/api/piranha/finance/user/balance/get', {
          query: { uid: String(victim.uid), sid: 'guessed-sid' },
          headers: { 'x-forwarded-for': `192.0.2.${50 + index}` },
        }),
      );
      expect(envelope.dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    }
    expect(envelopeOf(await t.get('/api/piranha/finance/user/balance/get', { query: signedIn(victim) })).dm_error).toBe(0);
  });
});
