import { ERRORS } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configLoad } from '../src/config.ts';
import { PUSH_DELIVER_JOB } from '../src/modules/push/push.job.ts';
import { PUSH_LEASE_MS, pushBackoffMs } from '../src/modules/push/push.service.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { feedManualCreate } from './betting-fixtures.ts';
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { apnsStandInStart, fcmStandInStart, FCM_SCOPE, type ApnsStandIn, type FcmStandIn } from './native-push-stand-in.ts';
import { pushStandInStart, type PushStandIn } from './push-stand-in.ts';

/**
 * Native shells' push (decision 073): the Android shell's FCM token and the iOS shell's APNs token are registered
 * like a browser's subscription and delivered from the same outbox, to local stand-ins of Google (OAuth2 + FCM HTTP
 * v1) and Apple (APNs over HTTP/2).
 */
let t: TestApp;
let web: PushStandIn;
let fcm: FcmStandIn;
let apns: ApnsStandIn;
const OPS_TOKEN = 'native-push-ops-token-0123456789';
const TOPIC = 'com.piranha.app';
const nowS = () => Math.floor((t?.clock.now() ?? CLOCK_START).getTime() / 1000);
let env: Record<string, string>;

beforeAll(async () => {
  [web, fcm, apns] = await Promise.all([pushStandInStart(), fcmStandInStart(nowS), apnsStandInStart(nowS)]);
  env = {
    RATE_LIMIT_PER_IP: '100000',
    RATE_LIMIT_PER_USER: '100000',
    OPS_TOKEN,
    PUSH_ENDPOINT_ORIGINS: [web.origin, fcm.origin, apns.origin].join(','),
    PUSH_FCM_SERVICE_ACCOUNT_FILE: fcm.accountFile,
    PUSH_FCM_BASE_URL: fcm.origin,
    PUSH_APNS_KEY_FILE: apns.keyFile,
    PUSH_APNS_KEY_ID: apns.keyId,
    PUSH_APNS_TEAM_ID: apns.teamId,
    // Only this brand has an iOS app.
    PUSH_APNS_TOPIC: `piranha=${TOPIC}`,
    PUSH_APNS_BASE_URL: apns.origin,
  };
  t = await testAppCreate({ feed: feedManualCreate(CLOCK_START.getTime()), env });
  web.expectKey(envelopeOf(await t.get('/api/push/vapid_key')).data.public_key);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([web?.close(), fcm?.close(), apns?.close()]);
});

let serial = 0;
const fcmToken = () => `fInst${String((serial += 1)).padStart(6, '0')}:APA91b${'x'.repeat(120)}${serial}`;
const apnsToken = () => (serial += 1).toString(16).padStart(64, 'a');

const register = (player: IssuedSession, body: Record<string, unknown>) => t.post('/api/push/register', { query: signedIn(player), body });
const native = (platform: 'android' | 'ios', meta: Record<string, unknown>) => ({
  platform,
  app: 'piranha-shell',
  device_id: `dev-${(serial += 1)}`,
  meta: [meta],
});

async function fcmRegistered(player: IssuedSession): Promise<string> {
  const token = fcmToken();
  expect(envelopeOf(await register(player, native('android', { token, push_type: 'fcm' }))).dm_error).toBe(0);
  return token;
}
async function apnsRegistered(player: IssuedSession): Promise<string> {
  const token = apnsToken();
  expect(envelopeOf(await register(player, native('ios', { token: token.toUpperCase(), push_type: 'apns', topic: TOPIC }))).dm_error).toBe(0);
  return token;
}
async function webRegistered(player: IssuedSession): Promise<string> {
  const subscription = web.subscribe();
  const body = { platform: 'web', device_id: `dev-${(serial += 1)}`, meta: [{ token: JSON.stringify(subscription.json), push_type: 'webpush' }] };
  expect(envelopeOf(await register(player, body)).dm_error).toBe(0);
  return subscription.id;
}

const opsSend = (body: Record<string, unknown>) => t.post('/api/ops/push/send', { headers: { authorization: `Bearer ${OPS_TOKEN}` }, body });
const toPlayer = (uid: number, extra: Record<string, unknown> = {}) => ({
  app_key: 'piranha',
  audience: { kind: 'player', uid },
  texts: { 'en-US': { title: 'Goal!', body: '2-1' } },
  link: '/deposit',
  ...extra,
});

/** Runs the app's own delivery job until nothing is due or leased (retries waiting for their backoff are left). */
async function delivered(): Promise<void> {
  for (let pass = 0; pass < 200; pass += 1) {
    await t.built.jobs.trigger(PUSH_DELIVER_JOB);
    const horizon = new Date(t.clock.now().getTime() + PUSH_LEASE_MS);
    const [busy] = await t.rows<{ n: string | number }>(sql`select count(*) as n from push_outbox where status = 'pending' and next_at <= ${horizon}`);
    if (Number(busy!.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('push rows still pending after 200 passes');
}
const outboxOf = (pushId: string) =>
  t.rows<{ status: string; last_status: number | null; attempts: number }>(
    sql`select status, last_status, attempts from push_outbox where ref = ${`ops:${pushId}`} order by id`,
  );

describe('settings', () => {
  it('refuse at boot a base URL that is neither the real service nor listed, and a half-configured APNs', () => {
    const base = { PUSH_ENDPOINT_ORIGINS: fcm.origin, PUSH_FCM_SERVICE_ACCOUNT_FILE: fcm.accountFile };
    expect(configLoad(base).push.fcm?.baseUrl).toBe('https://fcm.googleapis.com');
    expect(() => configLoad({ ...base, PUSH_FCM_BASE_URL: 'http://127.0.0.1:9' })).toThrow(/PUSH_ENDPOINT_ORIGINS/);
    expect(() => configLoad({ ...base, PUSH_FCM_BASE_URL: `${fcm.origin}/path` })).toThrow(/origin/);
    // The account's token_uri is where the signed assertion goes: a stand-in must be listed too.
    expect(() => configLoad({ PUSH_FCM_SERVICE_ACCOUNT_FILE: fcm.accountFile })).toThrow(/token_uri/);
    expect(() => configLoad({ PUSH_FCM_SERVICE_ACCOUNT_FILE: apns.keyFile })).toThrow(/not JSON/);
    expect(() => configLoad({ PUSH_APNS_KEY_FILE: apns.keyFile, PUSH_APNS_KEY_ID: apns.keyId })).toThrow(/missing PUSH_APNS_TEAM_ID, PUSH_APNS_TOPIC/);
    const apnsEnv = { PUSH_APNS_KEY_FILE: apns.keyFile, PUSH_APNS_KEY_ID: apns.keyId, PUSH_APNS_TEAM_ID: apns.teamId, PUSH_APNS_TOPIC: TOPIC };
    expect(configLoad(apnsEnv).push.apns).toMatchObject({ baseUrl: 'https://api.push.apple.com', topics: { '*': TOPIC } });
    expect(() => configLoad({ ...apnsEnv, PUSH_APNS_KEY_FILE: fcm.accountFile })).toThrow(/PEM/);
    expect(() => configLoad({ ...apnsEnv, PUSH_APNS_TOPIC: 'nobrand=com.x.y' })).toThrow(/PUSH_APNS_TOPIC/);
    expect(() => configLoad({ ...apnsEnv, PUSH_APNS_KEY_ID: 'short' })).toThrow(/PUSH_APNS_KEY_ID/);
    // The secrets never show in an error.
    try {
      configLoad({ ...apnsEnv, PUSH_APNS_KEY_ID: 'short' });
    } catch (error) {
      expect(String(error)).not.toContain('PRIVATE KEY');
    }
  });
});

describe('POST /api/push/register with a native token', () => {
  it('stores an FCM and an APNs token (hex kept lower-case, with its topic) and moves a token registered again', async () => {
    const player = await t.session('piranha');
    const token = await fcmRegistered(player);
    const device = await apnsRegistered(player);
    const rows = await t.rows<{ kind: string; token: string; topic: string | null; endpoint: string | null; platform: string }>(
      sql`select kind, token, topic, endpoint, platform from push_subscriptions where user_id = ${player.uid} order by id`,
    );
    expect(rows).toEqual([
      { kind: 'fcm', token, topic: null, endpoint: null, platform: 'android' },
      { kind: 'apns', token: device, topic: TOPIC, endpoint: null, platform: 'ios' },
    ]);
    // The same phone signed in as someone else: the token is theirs now, once.
    const other = await t.session('piranha');
    expect(envelopeOf(await register(other, native('android', { token, push_type: 'fcm' }))).dm_error).toBe(0);
    expect(await t.rows(sql`select user_id::int as user_id from push_subscriptions where token = ${token}`)).toEqual([{ user_id: other.uid }]);
  });

  it('refuses a malformed token, a wrong topic, a type from the wrong platform and an unconfigured platform, storing nothing', async () => {
    const player = await t.session('piranha');
    const code = async (body: Record<string, unknown>, lang = 'en-US') =>
      envelopeOf(await t.post('/api/push/register', { query: signedIn(player, { lca_lang: lang }), body }));
    const good = { token: apnsToken(), push_type: 'apns', topic: TOPIC };
    expect(await code(native('android', { token: 'not a token', push_type: 'fcm' }), 'pt-BR')).toMatchObject({
      dm_error: ERRORS.PUSH_FCM_TOKEN_INVALID.code,
      error_msg: 'Não foi possível ler o token de notificações deste app. Abra o app novamente.',
      data: { field: 'meta.0.token' },
    });
    expect((await code(native('android', { token: JSON.stringify(web.subscribe().json), push_type: 'fcm' }))).dm_error).toBe(
      ERRORS.PUSH_FCM_TOKEN_INVALID.code,
    );
    expect((await code(native('android', { token: `${fcmToken()} `, push_type: 'fcm' }))).dm_error).toBe(ERRORS.PUSH_FCM_TOKEN_INVALID.code);
    expect((await code(native('ios', { ...good, token: 'zz'.repeat(32) }))).dm_error).toBe(ERRORS.PUSH_APNS_TOKEN_INVALID.code);
    expect((await code(native('ios', { ...good, token: 'ab'.repeat(16) }))).dm_error).toBe(ERRORS.PUSH_APNS_TOKEN_INVALID.code);
    expect((await code(native('ios', { ...good, token: `${'a'.repeat(63)}` }))).dm_error).toBe(ERRORS.PUSH_APNS_TOKEN_INVALID.code);
    expect(await code(native('ios', { ...good, topic: 'com.other.app' }))).toMatchObject({
      dm_error: ERRORS.PUSH_APNS_TOPIC_INVALID.code,
      data: { field: 'meta.0.topic' },
    });
    expect((await code(native('ios', { token: good.token, push_type: 'apns' }))).dm_error).toBe(ERRORS.PUSH_APNS_TOPIC_INVALID.code);
    expect((await code(native('android', { token: fcmToken(), push_type: 'fcm', topic: TOPIC }))).dm_error).toBe(ERRORS.PUSH_APNS_TOPIC_INVALID.code);
    expect(await code(native('ios', { token: fcmToken(), push_type: 'fcm' }))).toMatchObject({
      dm_error: ERRORS.PUSH_TYPE_PLATFORM_MISMATCH.code,
      data: { field: 'meta.0.push_type' },
    });
    expect((await code({ ...native('android', good), platform: 'android' })).dm_error).toBe(ERRORS.PUSH_TYPE_PLATFORM_MISMATCH.code);
    expect((await code({ ...native('ios', good), meta: [good, { token: 'bad', push_type: 'apns', topic: TOPIC }] })).dm_error).toBe(
      ERRORS.PUSH_APNS_TOKEN_INVALID.code,
    );
    expect((await code(native('ios', { ...good, push_type: 7 }))).data).toMatchObject({ field: 'meta.0.push_type', issue: 'invalid_type' });
    expect(await t.rows(sql`select 1 from push_subscriptions where user_id = ${player.uid}`)).toHaveLength(0);

    // A brand without an iOS app configured, and a deployment without FCM: refused with a clear error, nothing stored.
    const aguila = await t.session('aguila');
    const refused = envelopeOf(await t.post('/api/push/register', { query: signedIn(aguila, { lca_lang: 'en-US' }), body: native('ios', good) }));
    expect(refused).toMatchObject({ dm_error: ERRORS.PUSH_NATIVE_UNAVAILABLE.code, error_msg: 'Notifications for this app are not available yet.' });
    const noFcm = await testAppCreate({
      feed: feedManualCreate(CLOCK_START.getTime()),
      database: t.testDatabase,
      clock: t.clock,
      env: { ...env, PUSH_FCM_SERVICE_ACCOUNT_FILE: '', PUSH_FCM_BASE_URL: '' },
    });
    try {
      const answer = envelopeOf(
        await noFcm.post('/api/push/register', { query: signedIn(player), body: native('android', { token: fcmToken(), push_type: 'fcm' }) }),
      );
      expect(answer.dm_error).toBe(ERRORS.PUSH_NATIVE_UNAVAILABLE.code);
    } finally {
      await noFcm.close();
    }
    expect(await t.rows(sql`select 1 from push_subscriptions where user_id in (${player.uid}, ${aguila.uid})`)).toHaveLength(0);
  }, 180_000);
});

describe('delivery to native shells', () => {
  it('an operator send reaches a player’s browser, Android and iOS devices once each, with the right credentials', async () => {
    const player = await t.session('piranha');
    const browser = await webRegistered(player);
    const android = await fcmRegistered(player);
    const iphone = await apnsRegistered(player);
    const send = envelopeOf(await opsSend(toPlayer(player.uid, { ttl_s: 600, urgency: 'high' })));
    expect(send.data).toMatchObject({ subscriptions: 3, players: 1 });
    await delivered();
    const id = `ops:${send.data.push_id}:${player.uid}`;
    // The brand's language (the device registered without one) with the words of en-US, the only ones written.

    expect(web.messages(browser).map((text) => JSON.parse(text) as unknown)).toEqual([
      { id, title: 'Goal!', body: '2-1', link: '#/deposit', lang: 'pt-BR', source: 'operator' },
    ]);

    expect(fcm.log.filter((entry) => entry.token === android)).toEqual([{ token: android, status: 200, authorized: true }]);
    expect(fcm.messages(android)).toEqual([
      {
        token: android,
        notification: { title: 'Goal!', body: '2-1' },
        data: { id, link: '#/deposit', lang: 'pt-BR', source: 'operator' },
        android: { ttl: '600s', priority: 'HIGH', collapse_key: id.slice(0, 64) },
      },
    ]);
    expect(fcm.assertionsRefused()).toBe(0);

    const toPhone = apns.log.filter((entry) => entry.token === iphone);
    expect(toPhone).toHaveLength(1);
    expect(toPhone[0]!.status).toBe(200);
    expect(toPhone[0]!.headers).toMatchObject({
      'apns-topic': TOPIC,
      'apns-push-type': 'alert',
      'apns-priority': '10',
      'apns-expiration': String(nowS() + 600),
    });
    expect(toPhone[0]!.body).toEqual({
      aps: { alert: { title: 'Goal!', body: '2-1' }, sound: 'default' },
      id,
      link: '#/deposit',
      lang: 'pt-BR',
      source: 'operator',
    });

    // Another send: the access token and the provider token are reused, not asked for or signed again.
    const tokensBefore = fcm.tokensIssued();
    const providerBefore = apns.log.at(-1)!.headers.authorization;
    envelopeOf(await opsSend(toPlayer(player.uid, { urgency: 'low' })));
    await delivered();
    expect(fcm.tokensIssued()).toBe(tokensBefore);
    expect(fcm.messages(android)).toHaveLength(2);
    const second = apns.log.filter((entry) => entry.token === iphone)[1]!;
    expect(second.headers).toMatchObject({ authorization: providerBefore, 'apns-priority': '5' });
    expect(await t.rows(sql`select count(*)::int as n from push_outbox where user_id = ${player.uid} and status = 'sent'`)).toEqual([{ n: 6 }]);
    // FCM's OAuth2 scope is the messaging one.
    expect(FCM_SCOPE).toBe('https://www.googleapis.com/auth/firebase.messaging');
  });

  it.each([
    ['FCM 404 UNREGISTERED', 'fcm', 404, 'UNREGISTERED'],
    ['APNs 410 Unregistered', 'apns', 410, 'Unregistered'],
    ['APNs 400 BadDeviceToken', 'apns', 400, 'BadDeviceToken'],
  ] as const)('%s prunes the token, and nothing more is queued for it', async (_name, kind, status, reason) => {
    const player = await t.session('piranha');
    const token = kind === 'fcm' ? await fcmRegistered(player) : await apnsRegistered(player);
    if (kind === 'fcm') fcm.answerWith(token, status, reason);
    else apns.answerWith(token, status, reason);
    const send = envelopeOf(await opsSend(toPlayer(player.uid)));
    await delivered();
    expect(await outboxOf(send.data.push_id)).toEqual([{ status: 'gone', last_status: status, attempts: 1 }]);
    expect(await t.rows(sql`select 1 from push_subscriptions where user_id = ${player.uid}`)).toHaveLength(0);
    expect(envelopeOf(await opsSend(toPlayer(player.uid))).data.subscriptions).toBe(0);
  });

  it('a 503 is tried again after the backoff and then delivered; a 400 or 403 is given up and the token kept', async () => {
    const player = await t.session('piranha');
    const android = await fcmRegistered(player);
    const iphone = await apnsRegistered(player);
    fcm.answerWith(android, 503);
    apns.answerWith(iphone, 503, 'ServiceUnavailable');
    const send = envelopeOf(await opsSend(toPlayer(player.uid)));
    await delivered();
    expect(await outboxOf(send.data.push_id)).toEqual([
      { status: 'pending', last_status: 503, attempts: 1 },
      { status: 'pending', last_status: 503, attempts: 1 },
    ]);
    fcm.answerWith(android, 200);
    apns.answerWith(iphone, 200);
    t.clock.advance(pushBackoffMs(1));
    await delivered();
    expect(await outboxOf(send.data.push_id)).toEqual([
      { status: 'sent', last_status: 200, attempts: 2 },
      { status: 'sent', last_status: 200, attempts: 2 },
    ]);
    expect(fcm.messages(android)).toHaveLength(1);
    expect(apns.messages(iphone)).toHaveLength(1);

    fcm.answerWith(android, 400, 'INVALID_ARGUMENT');
    apns.answerWith(iphone, 403, 'InvalidProviderToken');
    const refused = envelopeOf(await opsSend(toPlayer(player.uid)));
    await delivered();
    expect(await outboxOf(refused.data.push_id)).toEqual([
      { status: 'failed', last_status: 400, attempts: 1 },
      { status: 'failed', last_status: 403, attempts: 1 },
    ]);
    expect(await t.rows(sql`select 1 from push_subscriptions where user_id = ${player.uid}`)).toHaveLength(2);
  });

  it('a self-excluded player’s native devices get no marketing push', async () => {
    const player = await t.session('piranha');
    const android = await fcmRegistered(player);
    const iphone = await apnsRegistered(player);
    fcm.answerWith(android, 503);
    apns.answerWith(iphone, 503);
    // Queued while allowed, then the player self-excludes before the retry: held back when it comes to be sent.
    const queued = envelopeOf(await opsSend(toPlayer(player.uid)));
    await delivered();
    fcm.answerWith(android, 200);
    apns.answerWith(iphone, 200);
    await t.rows(sql`insert into player_blocks (user_id, kind, starts_at, ends_at) values (${player.uid}, 'self_exclusion', ${t.clock.now()}, null)`);
    t.clock.advance(pushBackoffMs(1));
    await delivered();
    expect(await outboxOf(queued.data.push_id)).toEqual([
      { status: 'suppressed', last_status: null, attempts: 2 },
      { status: 'suppressed', last_status: null, attempts: 2 },
    ]);
    expect(fcm.messages(android)).toEqual([]);
    expect(apns.messages(iphone)).toEqual([]);
    // And a new send leaves them out from the start.
    expect(envelopeOf(await opsSend(toPlayer(player.uid))).data.subscriptions).toBe(0);
  });

  it('a new access token is fetched and a new provider token signed once the old ones are due', async () => {
    const player = await t.session('piranha');
    const android = await fcmRegistered(player);
    const iphone = await apnsRegistered(player);
    const tokensBefore = fcm.tokensIssued();
    const providerBefore = apns.log.at(-1)!.headers.authorization;
    t.clock.advance(3600_000);
    envelopeOf(await opsSend(toPlayer(player.uid)));
    await delivered();
    expect(fcm.tokensIssued()).toBe(tokensBefore + 1);
    expect(fcm.messages(android)).toHaveLength(1);
    const [sent] = apns.log.filter((entry) => entry.token === iphone);
    expect(sent).toMatchObject({ status: 200 });
    expect(sent!.headers.authorization).not.toBe(providerBefore);
  });
});
