import { ERRORS, type RealtimeFrame } from '@piranha/contract';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { leadershipSingle } from '../src/jobs/leadership.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { REALTIME_TICKET_TTL_S } from '@piranha/contract';
import { realtimeTicketSign } from '../src/realtime/realtime-ticket.ts';
import { feedManualCreate, market1x2, placedOk, singlePost, type ManualFeed } from './betting-fixtures.ts';
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, playerFund } from './payments-fixtures.ts';
import { listen, opened, type Listener } from './realtime-fixtures.ts';

/**
 * The real-time socket (issue 21, decision 036): the signed chat-room URL, the socket that checks it, events reaching
 * the right player only, and two nodes sharing events through Redis. Needs Redis (TEST_REDIS_URL, default the local one).
 */
const OPS_TOKEN = 'realtime-ops-token-0123456789';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ENV = { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000', OPS_TOKEN, REDIS_URL };
const URL_PATH = '/api/piranha/chat/url';

let a: TestApp;
let b: TestApp;
let feed: ManualFeed;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  feed = feedManualCreate(CLOCK_START.getTime());
  a = await testAppCreate({ feed, env: ENV });
  // The second node: its own app, hub and Redis connections, the same database and clock (021's test pattern).
  b = await testAppCreate({ database: a.testDatabase, clock: a.clock, env: ENV, leadership: leadershipSingle() });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  // Two apps on a shared two-core machine: building both can take longer than the default minute.
}, 180_000);
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  expect(await auditClean(a)).toBe(true);
  await b.close();
  await a.close();
});

const portOf = (app: TestApp) => (app.app.server.address() as AddressInfo).port;

async function urlOf(app: TestApp, session: IssuedSession): Promise<{ url: string; expire_time: number }> {
  const answer = envelopeOf(await app.get(URL_PATH, { query: signedIn(session) }));
  expect(answer.dm_error).toBe(0);
  return answer.data as { url: string; expire_time: number };
}

/** The brand's odds deltas (decision 075) follow the feed these tests move; odds-push.test.ts checks them. */
const oddsDelta = (frame: RealtimeFrame) => frame.topic.startsWith('odds:');

async function connect(app: TestApp, path: string): Promise<Listener> {
  const socket = new WebSocket(`ws://127.0.0.1:${portOf(app)}${path}`);
  sockets.push(socket);
  const listener = listen(socket, oddsDelta);
  await opened(socket);
  return listener;
}

/** A refused upgrade: its HTTP status and envelope. */
async function refusal(app: TestApp, path: string): Promise<{ status: number; body: { dm_error: number; error_msg: string } }> {
  const socket = new WebSocket(`ws://127.0.0.1:${portOf(app)}${path}`);
  return new Promise((resolve, reject) => {
    socket.once('open', () => reject(new Error('the socket opened')));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(body) as { dm_error: number; error_msg: string } }));
    });
    socket.once('error', () => undefined);
  });
}

const ops = (path: string, body: unknown) => a.post(path, { headers: { authorization: `Bearer ${OPS_TOKEN}` }, body });

async function publish(appKey: string, audience: Record<string, unknown>, messageType: 1 | 2 | 3 = 1): Promise<string> {
  const answer = envelopeOf(
    await ops('/api/ops/message/publish', {
      app_key: appKey,
      audience,
      message_type: messageType,
      content_type: 1,
      texts: { 'en-US': { title: 'Live notice', content: 'Hello' } },
    }),
  );
  expect(answer.dm_error).toBe(0);
  return answer.data.message_id as string;
}

describe('the chat room URL', () => {
  it('is signed, short-lived, bound to the player and carries no session secret', async () => {
    const player = await a.player('piranha');
    const { url, expire_time } = await urlOf(a, player);
    expect(url).toMatch(/^\/ws\?ticket=[A-Za-z0-9_%.-]+$/);
    expect(url).not.toContain(player.sid);
    expect(url).not.toContain('sid');
    expect(expire_time).toBe(Math.floor(a.clock.now().getTime() / 1000) + REALTIME_TICKET_TTL_S);
    const payload = JSON.parse(Buffer.from(decodeURIComponent(url.split('=')[1]!).split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;
    expect(payload).toMatchObject({ u: player.uid, a: 'piranha', e: expire_time });
    // The session's row id (decision 041: a sign-out closes its sockets), never its secret sid.
    expect(payload.s).toBe(player.sessionId);
    expect(Object.keys(payload).sort()).toEqual(['a', 'e', 'n', 's', 'u']);
  });

  it('refuses a visitor without a session and bad input', async () => {
    expect(envelopeOf(await a.get(URL_PATH)).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    const player = await a.player('piranha');
    const bad = envelopeOf(await a.get(URL_PATH, { query: signedIn(player, { roomid: '<script>' }) }));
    expect(bad.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    const unknown = envelopeOf(await a.get(URL_PATH, { query: signedIn(player, { room: 'x' }) }));
    expect(unknown.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
  });
});

describe('the socket', () => {
  it('refuses a forged, altered, foreign or missing ticket, and an expired one', async () => {
    const player = await a.player('piranha');
    const { url } = await urlOf(a, player);
    const ticket = decodeURIComponent(url.split('=')[1]!);
    const [payload, mac] = ticket.split('.') as [string, string];
    const forgedPayload = Buffer.from(JSON.stringify({ u: player.uid + 1, a: 'piranha', e: 4_000_000_000, n: 'x' })).toString('base64url');
    const tries = [
      `/ws?ticket=${payload}.${mac.slice(0, -2)}AA`,
      `/ws?ticket=${forgedPayload}.${mac}`,
      `/ws?ticket=${realtimeTicketSign('not-the-servers-secret', { uid: player.uid, appKey: 'piranha', expiresAt: 4_000_000_000, sessionId: 1 })}`,
      '/ws',
      `/ws?ticket=${'A'.repeat(600)}.${mac}`,
      '/ws?ticket=..',
    ];
    for (const path of tries) {
      const refused = await refusal(a, path);
      expect(refused.status, path).toBe(401);
      expect(refused.body.dm_error, path).toBe(ERRORS.REALTIME_TICKET_INVALID.code);
    }
    // The servers of one deployment share REALTIME_SECRET; these two test nodes do not, so B refuses A's ticket.
    expect((await refusal(b, url)).body.dm_error).toBe(ERRORS.REALTIME_TICKET_INVALID.code);
    expect((await refusal(a, `/nowhere?ticket=${ticket}`)).status).toBe(404);

    a.clock.advance((REALTIME_TICKET_TTL_S + 1) * 1000);
    const expired = await refusal(a, `${url}&lca_lang=pt-BR`);
    expect(expired.status).toBe(401);
    expect(expired.body.dm_error).toBe(ERRORS.REALTIME_TICKET_EXPIRED.code);
    expect(expired.body.error_msg).toBe('Este link de conexão ao vivo expirou.');
  });

  it('tells each player their own events and their brand’s, never another brand’s or player’s', async () => {
    const [a1, a2, b1] = [await a.player('piranha'), await a.player('piranha'), await a.player('aguila')];
    const [onA1, onA2, onB1] = [
      await connect(a, (await urlOf(a, a1)).url),
      await connect(a, (await urlOf(a, a2)).url),
      await connect(a, (await urlOf(a, b1)).url),
    ];

    const toA2 = await publish('piranha', { kind: 'player', uid: a2.uid });
    const toBrandA = await publish('piranha', { kind: 'brand' });
    const toBrandB = await publish('aguila', { kind: 'segment', langs: [] }, 3);

    expect(await onA1.next()).toEqual({ topic: 'brand:piranha', event: { type: 'message_new', message_id: toBrandA, message_type: 1 } });
    expect(await onA2.next()).toEqual({ topic: `player:${a2.uid}`, event: { type: 'message_new', message_id: toA2, message_type: 1 } });
    expect(await onA2.next()).toEqual({ topic: 'brand:piranha', event: { type: 'message_new', message_id: toBrandA, message_type: 1 } });
    // A pop-up message also opens as a pop-up (spec §4 lucky_rounds).
    expect(await onB1.next()).toEqual({ topic: 'brand:aguila', event: { type: 'message_new', message_id: toBrandB, message_type: 3 } });
    expect(await onB1.next()).toEqual({ topic: 'brand:aguila', event: { type: 'lucky_rounds', message_id: toBrandB } });

    // A last event to each, in order on each socket: anything misrouted before it would have arrived first.
    const last = await publish('piranha', { kind: 'brand' });
    const lastB = await publish('aguila', { kind: 'brand' });
    expect((await onA1.next()).event).toMatchObject({ message_id: last });
    expect((await onA2.next()).event).toMatchObject({ message_id: last });
    expect((await onB1.next()).event).toMatchObject({ message_id: lastB });
    expect(onA1.frames.map((frame) => frame.topic)).toEqual(['brand:piranha', 'brand:piranha']);
    expect(onB1.frames.every((frame) => frame.topic === 'brand:aguila')).toBe(true);
  });

  it('tells the player when a deposit is credited, and the brand when a first-charge offer starts', async () => {
    const player = await a.session('piranha');
    const onA = await connect(a, (await urlOf(a, player)).url);
    const { currency } = await playerFund(a, { appKey: 'piranha', session: player });
    expect(await onA.next()).toEqual({ topic: `player:${player.uid}`, event: { type: 'balance_changed', reason: 'deposit', currency } });

    // A first-charge offer that starts now opens its pop-up on the brand's pages (aguila: acquisition offers allowed).
    const mexican = await a.player('aguila');
    const onMexican = await connect(a, (await urlOf(a, mexican)).url);
    const nowS = Math.floor(a.clock.now().getTime() / 1000);
    const offer = {
      app_key: 'aguila',
      kind: 'first_charge',
      name: 'First',
      end_time: nowS + 86_400,
      tiers: [{ threshold_minor: 1, reward_minor: 1 }],
      wagering: 0,
    };
    // One that starts later says nothing now; the marker behind it proves it.
    expect(envelopeOf(await ops('/api/ops/activity/create', { ...offer, start_time: nowS + 600 })).dm_error).toBe(0);
    expect(envelopeOf(await ops('/api/ops/activity/create', { ...offer, start_time: nowS - 60 })).dm_error).toBe(0);
    expect(await onMexican.next()).toEqual({ topic: 'brand:aguila', event: { type: 'first_charge_pop' } });
    const marker = await publish('aguila', { kind: 'player', uid: mexican.uid });
    expect((await onMexican.next()).event).toMatchObject({ message_id: marker });
    expect(onMexican.frames).toHaveLength(2);
    expect(onA.frames).toHaveLength(1);
  });
});

describe('settlement', () => {
  it('tells the player of each bet settled and their balance, after the settlement committed', async () => {
    const { session, currency } = await playerFund(a, { appKey: 'piranha', amountMinor: 100_00 });
    const match = feed.matchAdd({ startsAtMs: a.clock.now().getTime() + 3600_000 });
    const [bet] = await placedOk(await singlePost(a, session, [{ option: market1x2(a.built.sports.state, match.id, 1), stake: 10_00 }]));
    const onA = await connect(a, (await urlOf(a, session)).url);
    feed.matchEnd(match.id, { home: 2, away: 0 });
    await a.built.betting.worker.run();
    expect(await onA.next()).toEqual({ topic: `player:${session.uid}`, event: { type: 'bet_settled', order_id: bet!.id } });
    expect(await onA.next()).toEqual({ topic: `player:${session.uid}`, event: { type: 'balance_changed', reason: 'bet_settled', currency } });
    // Told once: a second pass settles nothing and says nothing (the marker behind it arrives next).
    await a.built.betting.worker.run();
    const marker = await publish('piranha', { kind: 'player', uid: session.uid });
    expect((await onA.next()).event).toMatchObject({ type: 'message_new', message_id: marker });
  });
});

describe('two nodes', () => {
  it('deliver an event published on one node to a socket on the other, once, through Redis', async () => {
    const player = await a.player('piranha');
    const other = await a.player('piranha');
    const onB = await connect(b, (await urlOf(b, player)).url);
    const onA = await connect(a, (await urlOf(a, other)).url);

    // An operator message published on node A reaches node B's socket.
    const id = await publish('piranha', { kind: 'player', uid: player.uid });
    expect(await onB.next()).toEqual({ topic: `player:${player.uid}`, event: { type: 'message_new', message_id: id, message_type: 1 } });
    // Node B's message cache was dropped by the event: its next read shows the message at once (no 3 s bound).
    const list = envelopeOf(await b.get('/api/piranha/message/list/get', { query: signedIn(player) }));
    expect((list.data.message_list as { message_id: string }[]).map((message) => message.message_id)).toContain(id);

    // A deposit credited on node A (its webhook) reaches the player's socket on node B.
    const { currency } = await playerFund(a, { appKey: 'piranha', session: player });
    expect(await onB.next()).toEqual({ topic: `player:${player.uid}`, event: { type: 'balance_changed', reason: 'deposit', currency } });

    // A brand event published on B reaches A's socket, and B's own frames come back to B once only.
    const brand = await (async () => {
      const answer = envelopeOf(
        await b.post('/api/ops/message/publish', {
          headers: { authorization: `Bearer ${OPS_TOKEN}` },
          body: { app_key: 'piranha', audience: { kind: 'brand' }, message_type: 1, content_type: 1, texts: { 'en-US': { title: 'From B', content: 'x' } } },
        }),
      );
      return answer.data.message_id as string;
    })();
    expect((await onA.next()).event).toMatchObject({ type: 'message_new', message_id: brand });
    expect((await onB.next()).event).toMatchObject({ type: 'message_new', message_id: brand });
    const marker = await publish('piranha', { kind: 'player', uid: player.uid });
    expect((await onB.next()).event).toMatchObject({ message_id: marker });
    expect(onB.frames.filter((frame) => frame.event.type === 'message_new' && frame.event.message_id === brand)).toHaveLength(1);
    expect(a.built.realtime.bus.counts.failed + b.built.realtime.bus.counts.failed).toBe(0);
    expect(b.built.realtime.bus.counts.received).toBeGreaterThan(0);
  });
});
