import { ERRORS } from '@piranha/contract';
import { EVENT_MESSAGE_BUTTON, EVENT_MESSAGE_LINKS, eventMessageTexts } from '@piranha/domain';
import { createECDH } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageInsert } from '../src/modules/messages/messages.repository.ts';
import { PUSH_LEASE_MS, pushBackoffMs, pushDeliverPass, type PushDeps } from '../src/modules/push/push.service.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { feedManualCreate } from './betting-fixtures.ts';
import { CLOCK_START, DAY_MS, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { aes128gcmDecrypt, aes128gcmEncrypt, pushStandInStart, vapidCheck, type PushStandIn } from './push-stand-in.ts';

/** Web push (issue 21, decision 035): register, report, operator sends, pruning, event pushes, safer play. */
let t: TestApp;
let standIn: PushStandIn;
let deps: PushDeps;
const OPS_TOKEN = 'push-ops-token-0123456789';

beforeAll(async () => {
  standIn = await pushStandInStart();
  t = await testAppCreate({
    feed: feedManualCreate(CLOCK_START.getTime()),
    env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000', OPS_TOKEN, PUSH_ENDPOINT_ORIGINS: standIn.origin },
  });
  deps = { db: t.db, now: t.clock.now, extraOrigins: [standIn.origin], vapidSubject: undefined };
  standIn.expectKey(envelopeOf(await t.get('/api/push/vapid_key')).data.public_key);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const b = (value: string) => Buffer.from(value, 'base64url');

describe('the stand-in push service itself (RFC vectors)', () => {
  it('decrypts and re-encrypts RFC 8291 Appendix A byte for byte, and refuses a flipped bit', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(b('q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94'));
    const ua = {
      ecdh,
      publicKey: b('BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4'),
      auth: b('BTBZMqHH6r4Tts7J_aSIgg'),
    };
    const body = b(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
    );
    expect(aes128gcmDecrypt(body, ua).toString()).toBe('When I grow up, I want to be a watermelon');
    const again = aes128gcmEncrypt(Buffer.from('When I grow up, I want to be a watermelon'), ua.publicKey, ua.auth, {
      salt: b('DGv6ra1nlYgDCS1FRnbzlw'),
      asPrivate: b('yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw'),
    });
    expect(again.equals(body)).toBe(true);
    const flipped = Buffer.from(body);
    flipped[flipped.length - 1]! ^= 1;
    expect(() => aes128gcmDecrypt(flipped, ua)).toThrow();
  });

  it('verifies the RFC 8292 §2.4 example JWT and refuses a wrong audience, key or expiry', () => {
    const t8292 =
      'eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9.eyJhdWQiOiJodHRwczovL3B1c2guZXhhbXBsZS5uZXQiLCJleHAiOjE0NTM1MjM3NjgsInN1YiI6Im1haWx0bzpwdXNoQGV4YW1wbGUuY29tIn0.i3CYb7t4xfxCDquptFOepC9GAu_HLGkMlMuCGSK2rpiUfnK9ojFwDXb1JrErtmysazNjjvW2L9OkSSHzvoD1oA';
    const k = 'BA1Hxzyi1RUM1b5wjxsn7nGxAszw2u61m164i3MrAIxHF6YK5h4SDYic-dRuU_RCPCfA5aq9ojSwk5Y2EmClBPs';
    const header = `vapid t=${t8292}, k=${k}`;
    const nowS = 1453523768 - 3600;
    expect(vapidCheck(header, { audience: 'https://push.example.net', publicKey: k, nowS })).toMatchObject({
      ok: true,
      claims: { sub: 'mailto:push@example.com' },
    });
    expect(vapidCheck(header, { audience: 'https://other.example', publicKey: k, nowS }).ok).toBe(false);
    expect(vapidCheck(header, { audience: 'https://push.example.net', publicKey: k, nowS: 1453523768 + 1 }).ok).toBe(false);
    expect(vapidCheck(header, { audience: 'https://push.example.net', publicKey: 'BOther', nowS }).ok).toBe(false);
    expect(vapidCheck(`vapid t=${t8292.slice(0, -2)}AA, k=${k}`, { audience: 'https://push.example.net', publicKey: k, nowS }).ok).toBe(false);
  });
});

let device = 0;
/** Subscribes a new stand-in "browser" for the player; answers the stand-in id. */
async function subscribed(player: IssuedSession, extra: Record<string, string> = {}): Promise<string> {
  const subscription = standIn.subscribe();
  const answer = envelopeOf(
    await t.post('/api/push/register', {
      query: signedIn(player, extra),
      body: { platform: 'web', device_id: `device-${(device += 1)}`, meta: [{ token: JSON.stringify(subscription.json), push_type: 'webpush' }] },
    }),
  );
  expect(answer.dm_error).toBe(0);
  return subscription.id;
}

const opsSend = (body: Record<string, unknown>, token = OPS_TOKEN) => t.post('/api/ops/push/send', { headers: { authorization: `Bearer ${token}` }, body });
const sendBody = (extra: Record<string, unknown> = {}) => ({
  app_key: 'piranha',
  audience: { kind: 'brand' },
  texts: { 'en-US': { title: 'Goal!', body: '2-1' }, 'pt-BR': { title: 'Gol!', body: '2 a 1' } },
  link: '/deposit',
  ...extra,
});

/**
 * Runs delivery passes until no row is due or leased (the leader job, which an operator send triggers, may hold some
 * for a moment; claims never overlap). Rows waiting for a retry (backoff longer than a lease) are left.
 */
async function delivered(): Promise<void> {
  for (let pass = 0; pass < 200; pass += 1) {
    await pushDeliverPass(deps);
    const horizon = new Date(t.clock.now().getTime() + PUSH_LEASE_MS);
    const [busy] = await t.rows<{ n: string | number }>(sql`select count(*) as n from push_outbox where status = 'pending' and next_at <= ${horizon}`);
    if (Number(busy!.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('push rows still pending after 200 passes');
}
const payloads = (id: string) =>
  standIn.messages(id).map((text) => JSON.parse(text) as { id: string; title: string; body: string; link: string; lang: string });

describe('VAPID keys', () => {
  it('are made once per deployment, stored in the database, and every answer gives the same public key', async () => {
    const first = envelopeOf(await t.get('/api/push/vapid_key')).data.public_key as string;
    expect(b(first)).toHaveLength(65);
    expect(envelopeOf(await t.get('/api/push/vapid_key')).data.public_key).toBe(first);
    const rows = await t.rows<{ public_key: string; private_key: string }>(sql`select public_key, private_key from push_vapid_keys`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.public_key).toBe(first);
    expect(b(rows[0]!.private_key)).toHaveLength(32);
  });
});

describe('POST /api/push/register and GET /api/user/info/push/report', () => {
  it('refuse bad input by field, with the push error texts', async () => {
    const player = await t.session('piranha');
    const good = standIn.subscribe().json;
    const register = (body: unknown, query: Record<string, string> = signedIn(player)) => t.post('/api/push/register', { query, body });
    const base = { platform: 'web', device_id: 'dev-1', meta: [{ token: JSON.stringify(good), push_type: 'webpush' }] };
    expect(envelopeOf(await register(base, {})).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    const empty = envelopeOf(await register({ ...base, meta: [{ token: ' ', push_type: 'webpush' }] }, signedIn(player, { lca_lang: 'en-US' })));
    expect(empty).toMatchObject({ dm_error: ERRORS.PUSH_TOKEN_EMPTY.code, error_msg: 'Empty token!', data: { field: 'meta.0.token' } });
    expect(envelopeOf(await register({ ...base, meta: [{ token: '{not json', push_type: 'webpush' }] })).dm_error).toBe(ERRORS.PUSH_SUBSCRIPTION_INVALID.code);
    const shortKey = { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } };
    expect(envelopeOf(await register({ ...base, meta: [{ token: JSON.stringify(shortKey), push_type: 'webpush' }] })).dm_error).toBe(
      ERRORS.PUSH_SUBSCRIPTION_INVALID.code,
    );
    const noAuth = { endpoint: good.endpoint, keys: { p256dh: good.keys.p256dh } };
    expect(envelopeOf(await register({ ...base, meta: [{ token: JSON.stringify(noAuth), push_type: 'webpush' }] })).dm_error).toBe(
      ERRORS.PUSH_SUBSCRIPTION_INVALID.code,
    );
    // The server POSTs to the endpoint: only the browsers' push services (and configured origins) are accepted.
    for (const endpoint of ['http://169.254.169.254/latest', 'https://evil.example/push', 'https://fcm.googleapis.com.evil.example/x', 'file:///etc/passwd'])
      expect(envelopeOf(await register({ ...base, meta: [{ token: JSON.stringify({ ...good, endpoint }), push_type: 'webpush' }] })).dm_error).toBe(
        ERRORS.PUSH_SERVICE_UNSUPPORTED.code,
      );
    expect(envelopeOf(await register({ ...base, device_id: '' })).data).toMatchObject({ field: 'device_id' });
    expect(envelopeOf(await register({ ...base, platform: 'fax' })).data).toMatchObject({ field: 'platform' });
    expect(envelopeOf(await register({ ...base, meta: [] })).data).toMatchObject({ field: 'meta' });
    expect(envelopeOf(await register({ ...base, meta: [{ token: 'x', push_type: 'mpns' }] })).data).toMatchObject({ field: 'meta.0.push_type' });
    // A native shell's type from a browser (decision 073): refused before its token is even read.
    expect(envelopeOf(await register({ ...base, meta: [{ token: 'x', push_type: 'apns' }] })).dm_error).toBe(ERRORS.PUSH_TYPE_PLATFORM_MISMATCH.code);
    expect(envelopeOf(await register({ ...base, extra: 1 })).dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    expect(await t.rows(sql`select 1 from push_subscriptions where user_id = ${player.uid}`)).toHaveLength(0);

    const report = (query: Record<string, string>) => t.get('/api/user/info/push/report', { query: signedIn(player, query) });
    expect(envelopeOf(await report({ permission: 'maybe', device_id: 'dev-1' })).data).toMatchObject({ field: 'permission' });
    expect(envelopeOf(await report({ permission: 'granted' })).data).toMatchObject({ field: 'device_id' });
    expect(envelopeOf(await t.get('/api/user/info/push/report', { query: { permission: 'granted', device_id: 'dev-1' } })).dm_error).toBe(
      ERRORS.SESSION_EXPIRED.code,
    );
    // The six texts of spec §8 in another language, as the server answers them.
    const pt = envelopeOf(
      await t.post('/api/push/register', { query: signedIn(player, { lca_lang: 'pt-BR' }), body: { ...base, meta: [{ token: '', push_type: 'webpush' }] } }),
    );
    expect(pt.error_msg).toBe('Token vazio!');
  });

  it('stores a subscription; the report says it is on, and a denied permission drops the device', async () => {
    const player = await t.session('piranha');
    const subscription = standIn.subscribe().json;
    const body = {
      platform: 'pwa',
      app: 'piranha',
      id: 'r1',
      version: '1.0',
      device_id: 'dev-x',
      model: 'Pixel',
      rom: 'Android 15',
      meta: [{ token: JSON.stringify(subscription), push_type: 'webpush' }],
    };
    const answer = envelopeOf(await t.post('/api/push/register', { query: signedIn(player), body }));
    expect(answer).toMatchObject({ dm_error: 0, data: { push_enabled: 1 } });
    // Registering again (the browser re-sent it) keeps one row.
    expect(envelopeOf(await t.post('/api/push/register', { query: signedIn(player), body })).data.subscription_id).toBe(answer.data.subscription_id);
    expect(envelopeOf(await t.get('/api/user/info/push/report', { query: signedIn(player, { permission: 'granted', device_id: 'dev-x' }) })).data).toEqual({
      permission: 'granted',
      push_enabled: 1,
      subscriptions: 1,
    });
    // The same browser signed in as another player moves the subscription to them.
    const other = await t.session('piranha');
    envelopeOf(await t.post('/api/push/register', { query: signedIn(other), body }));
    expect(await t.rows(sql`select 1 from push_subscriptions where user_id = ${player.uid}`)).toHaveLength(0);
    expect(envelopeOf(await t.get('/api/user/info/push/report', { query: signedIn(other, { permission: 'denied', device_id: 'dev-x' }) })).data).toEqual({
      permission: 'denied',
      push_enabled: 0,
      subscriptions: 0,
    });
  });
});

describe('operator sends', () => {
  it('refuse without the token and bad bodies by field', async () => {
    expect(envelopeOf(await opsSend(sendBody(), 'wrong')).dm_error).toBe(ERRORS.UNAUTHORISED.code);
    expect(envelopeOf(await opsSend(sendBody({ app_key: 'nobrand' }))).data).toMatchObject({ field: 'app_key' });
    expect(envelopeOf(await opsSend(sendBody({ link: 'javascript:alert(1)' }))).data).toMatchObject({ field: 'link' });
    expect(envelopeOf(await opsSend(sendBody({ link: 'https://evil.example' }))).data).toMatchObject({ field: 'link' });
    expect(envelopeOf(await opsSend(sendBody({ texts: { 'pt-BR': { title: 'x', body: 'y' } } }))).dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    expect(envelopeOf(await opsSend(sendBody({ texts: { 'en-US': { title: 'x'.repeat(81), body: 'y' } } }))).dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    expect(envelopeOf(await opsSend(sendBody({ ttl_s: -1 }))).data).toMatchObject({ field: 'ttl_s' });
    expect(envelopeOf(await opsSend(sendBody({ urgency: 'now' }))).data).toMatchObject({ field: 'urgency' });
    expect(envelopeOf(await opsSend(sendBody({ audience: { kind: 'everyone' } }))).dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    const stranger = await t.session('aguila');
    expect(envelopeOf(await opsSend(sendBody({ audience: { kind: 'player', uid: stranger.uid } }))).data).toMatchObject({ field: 'audience.uid' });
    expect(envelopeOf(await opsSend({ ...sendBody(), extra: 1 })).dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
  });

  it('reach a player in their language, signed and encrypted as the stand-in checks, and a brand-A send never reaches brand B', async () => {
    const portuguese = await t.session('piranha');
    const english = await t.session('piranha');
    const brandB = await t.session('aguila');
    const pt = await subscribed(portuguese, { lca_lang: 'pt-BR' });
    const en = await subscribed(english, { lca_lang: 'en-US' });
    const other = await subscribed(brandB, { lca_lang: 'en-US' });
    const refusedBefore = standIn.log.filter((entry) => entry.status !== 201).length;

    const toOne = envelopeOf(await opsSend(sendBody({ audience: { kind: 'player', uid: portuguese.uid }, urgency: 'high', ttl_s: 600 })));
    expect(toOne).toMatchObject({ dm_error: 0, data: { subscriptions: 1, players: 1 } });
    await delivered();
    expect(payloads(pt)).toEqual([
      { id: `ops:${toOne.data.push_id}:${portuguese.uid}`, title: 'Gol!', body: '2 a 1', link: '#/deposit', lang: 'pt-BR', source: 'operator' },
    ]);
    expect(standIn.log.find((entry) => entry.client === pt && entry.status === 201)).toMatchObject({ ttl: '600', urgency: 'high' });
    expect(payloads(en)).toEqual([]);

    const toBrand = envelopeOf(await opsSend(sendBody()));
    await delivered();
    expect(payloads(en).map((p) => p.title)).toEqual(['Goal!']);
    expect(payloads(pt).map((p) => p.title)).toEqual(['Gol!', 'Gol!']);
    expect(payloads(other)).toEqual([]);
    expect(toBrand.data.subscriptions).toBeGreaterThanOrEqual(2);
    // A send to brand B reaches brand B only.
    envelopeOf(await opsSend(sendBody({ app_key: 'aguila' })));
    await delivered();
    expect(payloads(other).map((p) => p.title)).toEqual(['Goal!']);
    expect(payloads(en)).toHaveLength(1);
    expect(standIn.log.filter((entry) => entry.status !== 201)).toHaveLength(refusedBefore);
  });

  it('reach a segment: language and country listed must both match', async () => {
    const inSegment = await t.session('piranha');
    const wrongCountry = await t.session('piranha');
    const a = await subscribed(inSegment, { lca_lang: 'es-MX', lca_coun: 'mx' });
    const c = await subscribed(wrongCountry, { lca_lang: 'es-MX', lca_coun: 'BR' });
    const answer = envelopeOf(
      await opsSend(
        sendBody({
          audience: { kind: 'segment', langs: ['es-MX'], countries: ['MX'] },
          texts: { 'en-US': { title: 'Hi', body: '.' }, 'es-MX': { title: 'Hola', body: '.' } },
        }),
      ),
    );
    expect(answer.data).toMatchObject({ subscriptions: 1, players: 1 });
    await delivered();
    expect(payloads(a).map((p) => p.title)).toEqual(['Hola']);
    expect(payloads(c)).toEqual([]);
  });
});

describe('delivery outcomes', () => {
  it.each([404, 410])('a subscription answering %i is pruned, and nothing more is queued for it', async (status) => {
    const player = await t.session('piranha');
    const id = await subscribed(player);
    standIn.answerWith(id, status);
    const send = envelopeOf(await opsSend(sendBody({ audience: { kind: 'player', uid: player.uid } })));
    expect(send.data.subscriptions).toBe(1);
    await delivered();
    expect(await t.rows(sql`select 1 from push_subscriptions where user_id = ${player.uid}`)).toHaveLength(0);
    const rows = await t.rows<{ status: string; last_status: number }>(
      sql`select status, last_status from push_outbox where ref = ${`ops:${send.data.push_id}`}`,
    );
    expect(rows.map((row) => [row.status, Number(row.last_status)])).toEqual([['gone', status]]);
    expect(envelopeOf(await opsSend(sendBody({ audience: { kind: 'player', uid: player.uid } }))).data.subscriptions).toBe(0);
  });

  it('a 500 or 429 is tried again later, a 403 is given up, and the subscription is kept', async () => {
    const player = await t.session('piranha');
    const id = await subscribed(player);
    standIn.answerWith(id, 500);
    const send = envelopeOf(await opsSend(sendBody({ audience: { kind: 'player', uid: player.uid } })));
    await delivered();
    const [row] = await t.rows<{ status: string; attempts: number; next_at: Date | string }>(
      sql`select status, attempts, next_at from push_outbox where ref = ${`ops:${send.data.push_id}`}`,
    );
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(new Date(row!.next_at).getTime()).toBeGreaterThan(t.clock.now().getTime());
    // Later it goes through.
    standIn.answerWith(id, 201);
    t.clock.advance(pushBackoffMs(1));
    await delivered();
    expect(payloads(id)).toHaveLength(1);
    expect(await t.rows(sql`select status from push_outbox where ref = ${`ops:${send.data.push_id}`}`)).toEqual([{ status: 'sent' }]);
    standIn.answerWith(id, 403);
    const refused = envelopeOf(await opsSend(sendBody({ audience: { kind: 'player', uid: player.uid } })));
    await delivered();
    expect(await t.rows(sql`select status from push_outbox where ref = ${`ops:${refused.data.push_id}`}`)).toEqual([{ status: 'failed' }]);
    expect(await t.rows(sql`select 1 from push_subscriptions where user_id = ${player.uid}`)).toHaveLength(1);
  });
});

describe('pushes for the message centre’s events, and safer play', () => {
  let written = 0;
  async function eventMessage(uid: number, kind: 'deposit_credited' | 'bonus_granted'): Promise<number> {
    const id = await messageInsert(t.db, {
      appKey: 'piranha',
      audience: 'player',
      segment: null,
      userId: uid,
      messageType: 1,
      contentType: 1,
      texts: eventMessageTexts(kind, () => '₹100.00'),
      buttons: [{ text: { ...EVENT_MESSAGE_BUTTON }, link: EVENT_MESSAGE_LINKS[kind] }],
      icons: [],
      btnBkImage: '',
      turnTime: 5,
      allowClose: true,
      isH5: false,
      sourceRef: `${kind === 'bonus_granted' ? 'bonus' : 'payin'}:push-test-${(written += 1)}`,
      createdAt: t.clock.now(),
      expiresAt: null,
    });
    return id!;
  }

  it('an event message reaches each subscription of its player once, in their language, linking where the message does', async () => {
    const player = await t.session('piranha');
    const phone = await subscribed(player, { lca_lang: 'pt-BR' });
    const laptop = await subscribed(player, { lca_lang: 'pt-BR' });
    const unsubscribed = await t.session('piranha');
    const id = await eventMessage(player.uid, 'deposit_credited');
    await eventMessage(unsubscribed.uid, 'deposit_credited');
    await delivered();
    await delivered();
    const texts = eventMessageTexts('deposit_credited', () => '₹100.00')['pt-BR'];
    for (const device of [phone, laptop])
      expect(payloads(device)).toEqual([
        { id: `msg:${id}`, title: texts.title, body: texts.content, link: `#${EVENT_MESSAGE_LINKS.deposit_credited}`, lang: 'pt-BR', source: 'payin' },
      ]);
    expect(await t.rows(sql`select 1 from push_outbox where user_id = ${unsubscribed.uid}`)).toHaveLength(0);
  });

  it('a timed-out or self-excluded player gets no marketing push, but still their own money’s', async () => {
    const player = await t.session('piranha');
    const device = await subscribed(player);
    await t.rows(
      sql`insert into player_blocks (user_id, kind, starts_at, ends_at) values (${player.uid}, 'time_out', ${t.clock.now()}, ${new Date(t.clock.now().getTime() + DAY_MS)})`,
    );
    expect(envelopeOf(await opsSend(sendBody({ audience: { kind: 'player', uid: player.uid } }))).data.subscriptions).toBe(0);
    expect(envelopeOf(await opsSend(sendBody())).data.subscriptions).toBeGreaterThan(0);
    const bonus = await eventMessage(player.uid, 'bonus_granted');
    const deposit = await eventMessage(player.uid, 'deposit_credited');
    await delivered();
    expect(payloads(device).map((p) => p.id)).toEqual([`msg:${deposit}`]);
    expect(await t.rows(sql`select status from push_outbox where ref = ${`msg:${bonus}`}`)).toEqual([{ status: 'suppressed' }]);

    // Self-excluded (no end) after an operator send was queued: its next try is held back.
    const later = await t.session('piranha');
    const laterDevice = await subscribed(later);
    standIn.answerWith(laterDevice, 503);
    const queued = envelopeOf(await opsSend(sendBody({ audience: { kind: 'player', uid: later.uid } })));
    await delivered();
    standIn.answerWith(laterDevice, 201);
    await t.rows(sql`insert into player_blocks (user_id, kind, starts_at, ends_at) values (${later.uid}, 'self_exclusion', ${t.clock.now()}, null)`);
    t.clock.advance(pushBackoffMs(1));
    await delivered();
    expect(payloads(laterDevice)).toEqual([]);
    expect(await t.rows(sql`select status from push_outbox where ref = ${`ops:${queued.data.push_id}`}`)).toEqual([{ status: 'suppressed' }]);
  });
});
