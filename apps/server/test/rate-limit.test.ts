import { createHmac } from 'node:crypto';
import { ERROR_MESSAGES, ERRORS, HEADER_WALLET_PARTNER, HEADER_WALLET_SIGNATURE, SEAMLESS_WALLET_PATHS, type PayinOrder } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSE_SECRET } from './casino-fixtures.ts';
import { envelopeOf, signedIn, testAppCreate, testDatabaseCreate, type TestApp, type TestDatabase } from './harness.ts';
import { checkoutOf, idempotencyKey, webhookPost } from './payments-fixtures.ts';

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

  it('counts /healthz, the sandbox pages and the mailbox, which read the database, and answers them 429 with Retry-After', async () => {
    const t = await appWith({ RATE_LIMIT_PER_IP: '3' });
    for (const path of ['/healthz', '/sandbox/pix', '/dev/mailbox']) expect((await t.get(path)).status, path).toBe(200);
    for (const path of ['/healthz', '/sandbox/pix/checkout/no-such-ref', '/dev/smsbox', '/sandbox/pix']) {
      const throttled = await t.get(path);
      expect(throttled.status, path).toBe(429);
      expect(throttled.headers['retry-after']).toBe('60');
      expect(envelopeOf(throttled)).toMatchObject({ dm_error: ERRORS.RATE_LIMITED.code, data: { field: 'ip' } });
    }
    // One budget per address: the API is spent too, and another address is not.
    expect(envelopeOf(await t.get('/api/v1/conf/global')).dm_error).toBe(ERRORS.RATE_LIMITED.code);
    expect((await t.get('/healthz', { remoteAddress: '203.0.113.3' })).status).toBe(200);
  });

  it('does not count pages that read no database (the app shell, brand icons)', async () => {
    const t = await appWith({ RATE_LIMIT_PER_IP: '2' });
    for (let index = 0; index < 5; index += 1) {
      expect((await t.get('/')).status).toBe(200);
      expect((await t.get('/brand/piranha.svg')).status).toBe(200);
    }
    expect(envelopeOf(await t.get('/api/v1/conf/global')).dm_error).toBe(0);
    expect(envelopeOf(await t.get('/api/v1/conf/global')).dm_error).toBe(0);
    expect(envelopeOf(await t.get('/api/v1/conf/global')).dm_error).toBe(ERRORS.RATE_LIMITED.code);
    expect((await t.get('/')).status).toBe(200);
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

describe('calls from payment providers and game studios', () => {
  /** Players and their orders come from their own addresses, so the provider's address starts with a clean count. */
  const PLAYER_ADDRESS = '203.0.113.50';

  async function pixOrderFrom(t: TestApp): Promise<{ order: PayinOrder; ref: string; uid: number; sid: string }> {
    const session = await t.session();
    const created = envelopeOf(
      await t.post('/api/piranha/finance/payin/order/create', {
        query: signedIn(session),
        headers: { 'idempotency-key': idempotencyKey() },
        body: { channel: 'PIX', amount: 5000, currency: 'BRL' },
        remoteAddress: PLAYER_ADDRESS,
      }),
    );
    expect(created.dm_error).toBe(0);
    const order = created.data as PayinOrder;
    return { order, ref: checkoutOf(order).ref, uid: session.uid, sid: session.sid };
  }

  function paidNotice(t: TestApp, order: PayinOrder, ref: string) {
    return {
      event_id: `evt_${order.order_id}`,
      type: 'payin.paid',
      provider_ref: ref,
      order_id: order.order_id,
      amount: order.amount,
      currency: order.currency,
      occurred_at: t.clock.now().toISOString(),
    };
  }

  async function creditedMinor(t: TestApp, orderId: string): Promise<number> {
    const rows = await t.rows<{ n: number }>(sql`select count(*)::int as n from transfers where kind = 'payin' and external_ref = ${orderId}`);
    return rows[0]!.n;
  }

  it('applies a signed deposit notice from an address the players have used up (not 200 with dm_error 1029)', async () => {
    const t = await appWith({ RATE_LIMIT_PER_IP: '3' });
    const { order, ref } = await pixOrderFrom(t);
    // The PSP (here the in-process sandbox, 127.0.0.1) shares its address with clients that exhausted its budget.
    for (let index = 0; index < 4; index += 1) await t.get('/api/v1/conf/global');
    expect(envelopeOf(await t.get('/api/v1/conf/global')).dm_error).toBe(ERRORS.RATE_LIMITED.code);
    const notice = await webhookPost(t, 'pix', paidNotice(t, order, ref));
    expect(notice.status).toBe(200);
    expect(notice.json).toStrictEqual({ received: true, outcome: 'applied' });
    expect(await creditedMinor(t, order.order_id)).toBe(1);
  });

  it('throttles signed notices per provider with 429 and Retry-After, so the provider sends them again', async () => {
    const t = await appWith({ RATE_LIMIT_PER_PROVIDER: '2' });
    const orders = [await pixOrderFrom(t), await pixOrderFrom(t), await pixOrderFrom(t)];
    for (const { order, ref } of orders.slice(0, 2)) expect((await webhookPost(t, 'pix', paidNotice(t, order, ref))).json.outcome).toBe('applied');
    const { order, ref } = orders[2]!;
    const throttled = await webhookPost(t, 'pix', paidNotice(t, order, ref));
    expect(throttled.status).toBe(429);
    expect(throttled.headers['retry-after']).toBe('60');
    expect(throttled.json).toStrictEqual({ received: false, outcome: 'rate_limited' });
    expect(await creditedMinor(t, order.order_id)).toBe(0);
    // Another provider has a budget of its own: its signed notice is read (and refused on its merits).
    const otherProvider = await webhookPost(t, 'spei', paidNotice(t, order, ref));
    expect(otherProvider.status).toBe(404);
    expect(otherProvider.json).toStrictEqual({ received: false, outcome: 'unknown_order' });
  });

  it('counts forged notices against their address, never the provider’s budget, and stops logging them past the limit', async () => {
    const t = await appWith({ RATE_LIMIT_PER_PROVIDER: '1', RATE_LIMIT_PER_IP: '3', TRUSTED_PROXIES: '127.0.0.1' });
    const { order, ref } = await pixOrderFrom(t);
    const forger = '198.51.100.66';
    const statuses = [];
    for (let index = 0; index < 5; index += 1) {
      const forged = await t.request('POST', '/api/piranha/finance/webhook/pix', {
        payload: JSON.stringify(paidNotice(t, order, ref)),
        headers: { 'content-type': 'application/json', 'x-piranha-signature': `t=1,v1=${'0'.repeat(64)}`, 'x-forwarded-for': forger },
      });
      statuses.push(forged.status);
    }
    expect(statuses).toStrictEqual([401, 401, 401, 429, 429]);
    const logged = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from payment_webhook_events where outcome like 'forged%' and remote_address = ${forger}`,
    );
    expect(logged[0]!.n).toBe(3);
    expect((await webhookPost(t, 'pix', paidNotice(t, order, ref))).json).toStrictEqual({ received: true, outcome: 'applied' });
  });

  async function walletBalanceCall(t: TestApp, input: { secret?: string; headers?: Record<string, string> } = {}) {
    const raw = JSON.stringify({ request_uuid: 'rate-limit-req', user: '1', token: 'no-such-token', game_code: 'dice' });
    const signature = createHmac('sha256', input.secret ?? HOUSE_SECRET)
      .update(raw)
      .digest('hex');
    return t.post(SEAMLESS_WALLET_PATHS.balance, {
      payload: raw,
      headers: { [HEADER_WALLET_PARTNER]: 'house', [HEADER_WALLET_SIGNATURE]: signature, ...input.headers },
    });
  }

  it('answers a signed wallet call from an address the players have used up', async () => {
    const t = await appWith({ RATE_LIMIT_PER_IP: '2', CASINO_HOUSE_SECRET: HOUSE_SECRET });
    for (let index = 0; index < 3; index += 1) await t.get('/api/v1/conf/global');
    const answer = await walletBalanceCall(t);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ status: 'RS_ERROR_INVALID_TOKEN', request_uuid: 'rate-limit-req' });
  });

  it('throttles signed wallet calls per partner with 429 and Retry-After, and unsigned ones by their address', async () => {
    const t = await appWith({ RATE_LIMIT_PER_PROVIDER: '2', RATE_LIMIT_PER_IP: '2', CASINO_HOUSE_SECRET: HOUSE_SECRET, TRUSTED_PROXIES: '127.0.0.1' });
    const signed = [await walletBalanceCall(t), await walletBalanceCall(t), await walletBalanceCall(t)];
    expect(signed.map((answer) => answer.status)).toStrictEqual([200, 200, 429]);
    expect(signed[2]!.headers['retry-after']).toBe('60');
    expect(signed[2]!.json).toMatchObject({ status: 'RS_ERROR_UNKNOWN' });
    const forged = [];
    for (let index = 0; index < 3; index += 1)
      forged.push(await walletBalanceCall(t, { secret: 'not-the-secret', headers: { 'x-forwarded-for': '198.51.100.77' } }));
    expect(forged.map((answer) => [answer.status, answer.json.status])).toStrictEqual([
      [200, 'RS_ERROR_INVALID_SIGNATURE'],
      [200, 'RS_ERROR_INVALID_SIGNATURE'],
      [429, 'RS_ERROR_UNKNOWN'],
    ]);
  });
});
