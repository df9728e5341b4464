import { ERRORS } from '@piranha/contract';
import type { AddressInfo } from 'node:net';
import { sql as sqlTag } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { leadershipSingle } from '../src/jobs/leadership.ts';
import { SESSION_CACHE_TTL_MS } from '../src/modules/session/session-cache.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';

/**
 * Decision 041: the per-node session cache behind the message polls and the poll lane, kept true on every node by the
 * sessions signals over the bus (Redis here: two apps on one database, as two nodes); single-use socket tickets; sockets
 * closed on sign-out, session end and time-out. Needs Redis (TEST_REDIS_URL, default the local one).
 */
const OPS_TOKEN = 'realtime-sessions-ops-token-0123';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// One deployment: both nodes share REALTIME_SECRET, so either checks the other's tickets.
const ENV = { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000', OPS_TOKEN, REDIS_URL, REALTIME_SECRET: 'realtime-sessions-secret-0123456789abcdef' };
const LIST = '/api/piranha/message/list/get';
const UNREAD = '/api/piranha/message/unread/count';

let a: TestApp;
let b: TestApp;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  a = await testAppCreate({ env: ENV });
  b = await testAppCreate({ database: a.testDatabase, clock: a.clock, env: ENV, leadership: leadershipSingle() });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await b?.close();
  await a?.close();
});

const portOf = (app: TestApp) => (app.app.server.address() as AddressInfo).port;

/** A poll over real HTTP (so the poll lane may answer it), with the session in the headers as the web app sends it. */
async function poll(app: TestApp, session: IssuedSession, path = LIST): Promise<{ status: number; body: string; dm_error: number; etag: string | null }> {
  const response = await fetch(`http://127.0.0.1:${portOf(app)}${path}`, {
    headers: { 'session-uid': String(session.uid), 'session-sid': session.sid, 'app-key': 'piranha' },
  });
  const body = await response.text();
  return { status: response.status, body, dm_error: (JSON.parse(body) as { dm_error: number }).dm_error, etag: response.headers.get('etag') };
}

async function publishTo(uid: number): Promise<void> {
  const answer = envelopeOf(
    await a.post('/api/ops/message/publish', {
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
      body: { app_key: 'piranha', audience: { kind: 'player', uid }, message_type: 1, content_type: 1, texts: { 'en-US': { title: 'Hi', content: 'Hello' } } },
    }),
  );
  expect(answer.dm_error).toBe(0);
}

/** Polls twice on `app`: the second is a repeat the lane answers (its count moves), with the same bytes as the first. */
async function warm(app: TestApp, session: IssuedSession): Promise<void> {
  const first = await poll(app, session);
  expect(first.dm_error).toBe(0);
  const answered = app.built.lane.counts.answered;
  const again = await poll(app, session);
  expect(again.body).toBe(first.body);
  expect(again.etag).toBe(first.etag);
  expect(app.built.lane.counts.answered).toBe(answered + 1);
}

/**
 * Resolves once `app` heard the sessions signal for `uid` from the other node. Redis acknowledges the PUBLISH before the
 * subscriber's node has read it, so a request sent to the other node the same instant may still race the signal (the
 * cache's bound, SESSION_CACHE_TTL_MS, covers that); the tests ask once the node heard it.
 */
function heard(app: TestApp, uid: number): Promise<void> {
  return new Promise((resolve) => {
    const unlisten = app.deps.realtime.onSignal((signal) => {
      if (signal.kind !== 'sessions_changed' || signal.uid !== uid) return;
      unlisten();
      resolve();
    });
  });
}

async function urlOf(app: TestApp, session: IssuedSession): Promise<string> {
  const answer = envelopeOf(await app.get('/api/piranha/chat/url', { query: signedIn(session) }));
  expect(answer.dm_error).toBe(0);
  return (answer.data as { url: string }).url;
}

async function open(app: TestApp, path: string): Promise<{ socket: WebSocket; closed: Promise<number> }> {
  const socket = new WebSocket(`ws://127.0.0.1:${portOf(app)}${path}`);
  sockets.push(socket);
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, closed };
}

async function refusal(app: TestApp, path: string): Promise<{ status: number; dm_error: number }> {
  const socket = new WebSocket(`ws://127.0.0.1:${portOf(app)}${path}`);
  return new Promise((resolve, reject) => {
    socket.once('open', () => reject(new Error('the socket opened')));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, dm_error: (JSON.parse(body) as { dm_error: number }).dm_error }));
    });
    socket.once('error', () => undefined);
  });
}

describe('the polls’ session cache and lane, across two nodes', () => {
  it('answers a repeated poll from the lane with the bytes Fastify sent, and a 304 for its ETag', async () => {
    const player = await a.player('piranha');
    await publishTo(player.uid);
    await warm(b, player);
    const first = await poll(b, player);
    const response = await fetch(`http://127.0.0.1:${portOf(b)}${LIST}?_t=123`, {
      headers: { 'session-uid': String(player.uid), 'session-sid': player.sid, 'app-key': 'piranha', 'if-none-match': first.etag! },
    });
    expect(response.status).toBe(304);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    // The unread count rides the same lane.
    const count = await poll(b, player, UNREAD);
    const answered = b.built.lane.counts.answered;
    expect(await poll(b, player, UNREAD)).toEqual(count);
    expect(b.built.lane.counts.answered).toBe(answered + 1);
    // Another session of another player on the same node is never answered with this one's bytes.
    const other = await a.player('piranha');
    expect((await poll(b, other)).body).not.toBe(first.body);
  });

  it('refuses the poll on node B as soon as it hears that the player signed out on node A', async () => {
    const player = await a.player('piranha');
    await warm(b, player);
    const signalled = heard(b, player.uid);
    expect(envelopeOf(await a.post('/api/piranha/user/account/logout', { query: signedIn(player) })).dm_error).toBe(0);
    await signalled;
    expect((await poll(b, player)).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    expect((await poll(b, player, UNREAD)).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    expect((await poll(a, player)).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
  });

  it('refuses it on node B when the session is ended, or the account is closed, on node A', async () => {
    const player = await a.player('piranha');
    const other = await a.player('piranha');
    await warm(b, player);
    await warm(b, other);
    const ended = heard(b, player.uid);
    expect(
      envelopeOf(await a.post('/api/piranha/user/account/session/end', { query: signedIn(player), body: { session_id: player.sessionId } })).dm_error,
    ).toBe(0);
    await ended;
    expect((await poll(b, player)).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    // Closing an account ends every session.
    const closed = heard(b, other.uid);
    expect(envelopeOf(await a.post('/api/user/account/del_apply', { query: signedIn(other), body: { confirm: 1 } })).dm_error).toBe(0);
    await closed;
    expect((await poll(b, other)).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
  });

  it('judges each cached session’s expiry against the clock on every request', async () => {
    const player = await a.player('piranha');
    const expiresInMs = SESSION_CACHE_TTL_MS / 2;
    await a.rows(
      sqlTag`update sessions set expires_at = ${new Date(a.clock.now().getTime() + expiresInMs).toISOString()}::timestamptz where id = ${player.sessionId}`,
    );
    await warm(b, player);
    // Well within the cache's bound: the entry is judged against the clock, not kept for its bound.
    a.clock.advance(expiresInMs);
    expect((await poll(b, player)).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
  });

  it('is off on PostgreSQL with the local bus, where another node would not hear a signal', async () => {
    const { sessionCacheCreate } = await import('../src/modules/session/session-cache.ts');
    const player = await a.player('piranha');
    const cache = sessionCacheCreate({ bus: { onSignal: () => () => undefined, live: () => true, epoch: () => 0 }, enabled: false });
    await cache.authenticate(a.db, player.uid, player.sid, a.clock.now());
    await cache.authenticate(a.db, player.uid, player.sid, a.clock.now());
    expect(cache.counts).toEqual({ hits: 0, reads: 2 });
    // And with a bus that stopped hearing (a dropped Redis subscription) nothing is answered from memory either.
    let live = true;
    const paused = sessionCacheCreate({ bus: { onSignal: () => () => undefined, live: () => live, epoch: () => (live ? 0 : 1) }, enabled: true });
    await paused.authenticate(a.db, player.uid, player.sid, a.clock.now());
    await paused.authenticate(a.db, player.uid, player.sid, a.clock.now());
    expect(paused.counts).toEqual({ hits: 1, reads: 1 });
    live = false;
    await paused.authenticate(a.db, player.uid, player.sid, a.clock.now());
    expect(paused.counts).toEqual({ hits: 1, reads: 2 });
  });
});

describe('socket tickets and sessions', () => {
  it('opens one socket per ticket: a replay is refused on the same node and on the other', async () => {
    const player = await a.player('piranha');
    const url = await urlOf(a, player);
    await open(a, url);
    expect(await refusal(a, url)).toEqual({ status: 401, dm_error: ERRORS.REALTIME_TICKET_USED.code });
    // The other node checks the same ticket (a shared REALTIME_SECRET, as one deployment has) and finds it used.
    expect(await refusal(b, url)).toEqual({ status: 401, dm_error: ERRORS.REALTIME_TICKET_USED.code });
    // Twenty connects racing with one fresh ticket, on both nodes: exactly one opens.
    const raced = await urlOf(a, player);
    const tries = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        open(index % 2 === 0 ? a : b, raced).then(
          () => 'open',
          () => 'refused',
        ),
      ),
    );
    expect(tries.filter((result) => result === 'open')).toHaveLength(1);
  });

  it('refuses a ticket whose session ended before it was used', async () => {
    const player = await a.player('piranha');
    const url = await urlOf(a, player);
    expect(envelopeOf(await a.post('/api/piranha/user/account/logout', { query: signedIn(player) })).dm_error).toBe(0);
    expect(await refusal(b, url)).toEqual({ status: 401, dm_error: ERRORS.SESSION_EXPIRED.code });
  });

  it('closes the player’s sockets on every node when they sign out on one', async () => {
    const player = await a.player('piranha');
    const second = await a.player('piranha');
    const onB = await open(b, await urlOf(a, player));
    const onA = await open(a, await urlOf(a, player));
    const bystander = await open(b, await urlOf(a, second));
    expect(envelopeOf(await a.post('/api/piranha/user/account/logout', { query: signedIn(player) })).dm_error).toBe(0);
    expect(await onB.closed).toBe(4001);
    expect(await onA.closed).toBe(4001);
    expect(bystander.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('closes them on a time-out set on the other node, and gives no new ticket or socket meanwhile', async () => {
    const player = await a.player('piranha');
    const url = await urlOf(a, player);
    const onB = await open(b, await urlOf(b, player));
    const block = envelopeOf(await a.post('/api/piranha/safer_play/block', { query: signedIn(player), body: { kind: 'time_out', hours: 24, confirm: 1 } }));
    expect(block.dm_error).toBe(0);
    expect(await onB.closed).toBe(4001);
    expect(envelopeOf(await b.get('/api/piranha/chat/url', { query: signedIn(player) })).dm_error).toBe(ERRORS.REALTIME_PAUSED.code);
    // A ticket asked before the time-out opens nothing after it.
    expect(await refusal(b, url)).toEqual({ status: 401, dm_error: ERRORS.REALTIME_PAUSED.code });
  });
});
