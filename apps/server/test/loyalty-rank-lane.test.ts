import { brandTimeZone, periodWindowOf, rankBoardKey, variantFindByKey } from '@piranha/domain';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leadershipSingle } from '../src/jobs/leadership.ts';
import { loyaltyPass, rankSnapshotsRefresh } from '../src/modules/loyalty/loyalty-pass.service.ts';
import { rankSnapshotsStale } from '../src/modules/loyalty/loyalty.repository.ts';
import { rankAnswersCreate } from '../src/modules/loyalty/rank-answers.ts';
import type { SessionCache } from '../src/modules/session/session-cache.ts';
import type { NodeSignal } from '../src/realtime/realtime-bus.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { lostSingleInsert } from './betting-fixtures.ts';

/**
 * Decision 055: `rank/list` on the poll lane, answered from each node's cache of answers keyed by the player's session
 * and the board's snapshot stamp. Two apps on one database through Redis, as two nodes (TEST_REDIS_URL, default the
 * local one): a repeat is the lane's, byte for byte Fastify's; a new count, a settings change, a sign-out or the end of
 * the period is never answered from an older answer, on either node; two players get their own places.
 */
const OPS_TOKEN = 'loyalty-rank-lane-ops-token-0123';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ENV = { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000', OPS_TOKEN, REDIS_URL };
const BRAND = 'piranha';
const profile = variantFindByKey(BRAND)!;
const RANK = `/api/${BRAND}/activity/rank/list`;

let a: TestApp;
let b: TestApp;
/** The leaderboard signals node B heard over Redis (the counts and settings changes are all made through node A). */
const heardOnB: NodeSignal[] = [];

beforeAll(async () => {
  a = await testAppCreate({ env: ENV });
  b = await testAppCreate({ database: a.testDatabase, clock: a.clock, env: ENV, leadership: leadershipSingle() });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  b.built.realtime.bus.onSignal((signal) => {
    if (signal.kind === 'rank_changed') heardOnB.push(signal);
  });
}, 180_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const portOf = (app: TestApp) => (app.app.server.address() as AddressInfo).port;

interface Answer {
  status: number;
  dm_error: number;
  body: string;
  etag: string | null;
  cacheControl: string | null;
  data: { refreshed_time: number; players: number; prizes: number[]; own: { rank: number; score: number; gap: number }; top: { is_self: number }[] };
}

/** `rank/list` over real HTTP (so the poll lane may answer it), with the session in the headers as the web app sends it. */
async function rank(app: TestApp, session: IssuedSession, query = 'period=daily', extra: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${portOf(app)}${RANK}?${query}`, {
    headers: { 'session-uid': String(session.uid), 'session-sid': session.sid, 'app-key': BRAND, ...extra },
  });
  const body = await response.text();
  const envelope = response.status === 200 ? (JSON.parse(body) as { dm_error: number; data: Answer['data'] }) : { dm_error: 0, data: undefined };
  return {
    status: response.status,
    dm_error: envelope.dm_error,
    body,
    etag: response.headers.get('etag'),
    cacheControl: response.headers.get('cache-control'),
    data: envelope.data as Answer['data'],
  };
}

/** Asks twice on `app`: the second is the lane's (its count moves), with the first one's bytes and ETag. */
async function warm(app: TestApp, session: IssuedSession, query = 'period=daily'): Promise<Answer> {
  const first = await rank(app, session, query);
  expect(first.dm_error).toBe(0);
  const answered = app.built.lane.counts.answered;
  const again = await rank(app, session, query);
  expect(again.body).toBe(first.body);
  expect(again.etag).toBe(first.etag);
  expect(app.built.lane.counts.answered).toBe(answered + 1);
  return first;
}

/** Asks on `app` and expects Fastify to answer (the lane's count stays). */
async function fromFastify(app: TestApp, session: IssuedSession, query = 'period=daily'): Promise<Answer> {
  const answered = app.built.lane.counts.answered;
  const answer = await rank(app, session, query);
  expect(app.built.lane.counts.answered).toBe(answered);
  return answer;
}

/**
 * Node A's change (a count, a settings version) is signalled over Redis; it resolved once Redis acknowledged, which
 * Redis sends after writing the message to B's subscription — this waits for B's process to have read it, as the next
 * request would find on another machine.
 */
async function heardByB(before: number): Promise<void> {
  await vi.waitFor(() => expect(heardOnB.length).toBeGreaterThan(before), { timeout: 5_000, interval: 5 });
}

/** A lost single settled now (turnover = the stake), counted by a loyalty pass. */
async function turnover(userId: number, stakeMinor: number): Promise<void> {
  await lostSingleInsert(a.db, { userId, currency: profile.currency, stakeMinor, at: a.clock.now() });
}

describe('rank/list on the poll lane, across two nodes', () => {
  it('repeats Fastify’s uncached answer byte for byte, private, and the same on both nodes for the same count', async () => {
    const player = await a.player(BRAND);
    await turnover(player.uid, 5_000);
    await loyaltyPass(a.db, a.clock.now());
    const laned = await warm(b, player);
    expect(laned.cacheControl).toBe('private, no-cache');
    expect(laned.data.own.score).toBe(5_000);
    expect(laned.data.own.rank).toBeGreaterThan(0);
    // app.inject goes straight to Fastify, never to the lane: the uncached answer is the same bytes.
    const uncached = await b.get(RANK, { query: { ...signedIn(player), period: 'daily' } });
    expect(uncached.text).toBe(laned.body);
    // Node A built its own answer from the same count: the same bytes and ETag, so a revalidation passes on either.
    const onA = await warm(a, player);
    expect(onA.body).toBe(laned.body);
    expect(onA.etag).toBe(laned.etag);
    const revalidated = await rank(a, player, 'period=daily&_t=1700000000000', { 'if-none-match': laned.etag! });
    expect(revalidated.status).toBe(304);
    // Another board (the weekly one) is another answer, kept apart.
    const weekly = await warm(b, player, 'period=weekly');
    expect(weekly.body).not.toBe(laned.body);
  });

  it('gives two players their own places, each from their own answer', async () => {
    const first = await a.player(BRAND);
    const second = await a.player(BRAND);
    await turnover(first.uid, 900_000);
    await turnover(second.uid, 800_000);
    await loyaltyPass(a.db, a.clock.now());
    const one = await warm(b, first);
    const two = await warm(b, second);
    expect(one.data.own).toMatchObject({ rank: 1, score: 900_000, gap: 0 });
    expect(two.data.own).toMatchObject({ rank: 2, score: 800_000, gap: 100_001 });
    expect(one.data.top[0]!.is_self).toBe(1);
    expect(two.data.top[0]!.is_self).toBe(0);
    // Repeats keep answering each their own.
    expect((await rank(b, first)).body).toBe(one.body);
    expect((await rank(b, second)).body).toBe(two.body);
    // The second player's session headers with the first player's uid is no answer of either.
    const mixed = await fetch(`http://127.0.0.1:${portOf(b)}${RANK}?period=daily`, {
      headers: { 'session-uid': String(first.uid), 'session-sid': second.sid, 'app-key': BRAND },
    });
    expect((JSON.parse(await mixed.text()) as { dm_error: number }).dm_error).not.toBe(0);
  });

  it('never answers from an older count once a new one committed, on the node that counted or the other', async () => {
    const player = await a.player(BRAND);
    await turnover(player.uid, 1_000);
    await loyaltyPass(a.db, a.clock.now());
    const beforeOnA = await warm(a, player);
    const beforeOnB = await warm(b, player);
    // The same pinned clock as the count before: the stamp still moves on (a millisecond), so each count has its own.
    await turnover(player.uid, 2_000);
    const heard = heardOnB.length;
    await loyaltyPass(a.db, a.clock.now());
    await heardByB(heard);
    const afterOnB = await fromFastify(b, player);
    const afterOnA = await fromFastify(a, player);
    expect(afterOnB.data.own.score).toBe(3_000);
    expect(afterOnB.data.refreshed_time).toBeGreaterThanOrEqual(beforeOnB.data.refreshed_time);
    expect(afterOnB.etag).not.toBe(beforeOnB.etag);
    expect(afterOnA.body).toBe(afterOnB.body);
    expect(beforeOnA.body).toBe(beforeOnB.body);
    // And the new answer is the lane's from then on.
    expect((await rank(b, player)).body).toBe(afterOnB.body);
  });

  it('shows changed prizes at once on both nodes, and stops at a sign-out on the other node', async () => {
    const player = await a.player(BRAND);
    await turnover(player.uid, 4_000);
    await loyaltyPass(a.db, a.clock.now());
    await warm(a, player);
    await warm(b, player);
    const heard = heardOnB.length;
    const saved = envelopeOf(
      await a.post('/api/ops/loyalty/config', {
        headers: { authorization: `Bearer ${OPS_TOKEN}` },
        body: { app_key: BRAND, rank_prizes: { daily: [777, 333], weekly: [900], daily_win: [], weekly_win: [] } },
      }),
    );
    expect(saved.dm_error).toBe(0);
    await heardByB(heard);
    expect((await fromFastify(b, player)).data.prizes).toEqual([777, 333]);
    expect((await fromFastify(a, player)).data.prizes).toEqual([777, 333]);

    // A sign-out on A: B's kept answer is not the lane's any more, and Fastify refuses the session.
    await warm(b, player);
    expect(envelopeOf(await a.post('/api/piranha/user/account/logout', { query: signedIn(player) })).dm_error).toBe(0);
    expect((await fromFastify(b, player)).dm_error).not.toBe(0);
  });

  it('moves a board’s stamp forward even when an earlier-started pass counts last', async () => {
    const player = await a.player(BRAND);
    await turnover(player.uid, 3_000);
    await loyaltyPass(a.db, a.clock.now());
    const boardKey = rankBoardKey('turnover', periodWindowOf(a.clock.now(), brandTimeZone(profile.market), 'daily').key);
    const stampOf = async () => {
      const [row] = await a.rows<{ refreshed_at: Date | string }>(
        sql`select refreshed_at from loyalty_rank_snapshots where app_key = ${BRAND} and period_key = ${boardKey}`,
      );
      return new Date(row!.refreshed_at).getTime();
    };
    const before = await stampOf();
    const laned = await warm(b, player);
    // A pass that started a minute ago counts now: the stamp still moves past the last one, and Fastify answers anew
    // on B (the same places and the same second shown, so the same bytes; then the lane's again).
    await rankSnapshotsStale(a.db, [{ appKey: BRAND, periodKey: boardKey }]);
    const heard = heardOnB.length;
    expect(await rankSnapshotsRefresh(a.db, new Date(a.clock.now().getTime() - 60_000))).toBe(1);
    expect(await stampOf()).toBe(before + 1);
    await heardByB(heard);
    const recounted = await fromFastify(b, player);
    expect(recounted.body).toBe(laned.body);
    await warm(b, player);
  });
});

describe('the node’s cache of rank/list answers', () => {
  const uid = 7;
  const user = { uid } as ReturnType<SessionCache['peek']>;
  /** A session cache holding one session (sid hash `h7` of player 7): what the lane's session check asks. */
  const sessions = { peek: (hash: string, of: number) => (hash === 'h7' && of === uid ? user : undefined) };
  const answer = { bytes: Buffer.from('{}'), etag: '"x"' };
  const basis = { uid, appKey: BRAND, boardKey: 'd:2026-03-02', refreshedAtMs: 1_000, validUntilMs: 50_000 };
  function busOf() {
    const listeners: ((signal: NodeSignal) => void)[] = [];
    let epoch = 0;
    return {
      onSignal: (listener: (signal: NodeSignal) => void) => {
        listeners.push(listener);
        return () => undefined;
      },
      live: () => true,
      epoch: () => epoch,
      tell: (signal: NodeSignal) => listeners.forEach((listener) => listener(signal)),
      drop: () => {
        epoch += 1;
      },
    };
  }

  it('answers only the same session, count, settings, epoch and period', () => {
    const bus = busOf();
    const answers = rankAnswersCreate({ bus, sessions });
    answers.seen(BRAND, basis.boardKey, 1_000);
    expect(answers.keep('k', answers.start(), basis, 'h7', answer, 10_000)).toBe(true);
    expect(answers.lookup('k', 10_000)).toBe(answer);
    // Past the period's end.
    expect(answers.lookup('k', 50_000)).toBeUndefined();
    // Another session's hash (one not in the session cache) is never kept, nor answered.
    expect(answers.keep('k2', answers.start(), basis, 'h8', answer, 10_000)).toBe(false);
    expect(answers.lookup('k2', 10_000)).toBeUndefined();
    // A newer count announced by a signal; then one seen by a read.
    answers.keep('k', answers.start(), basis, 'h7', answer, 10_000);
    bus.tell({ kind: 'rank_changed', appKey: BRAND, boardKey: basis.boardKey, refreshedAtMs: 2_000 });
    expect(answers.lookup('k', 10_000)).toBeUndefined();
    answers.keep('k', answers.start(), { ...basis, refreshedAtMs: 2_000 }, 'h7', answer, 10_000);
    expect(answers.lookup('k', 10_000)).toBe(answer);
    answers.seen(BRAND, basis.boardKey, 3_000);
    expect(answers.lookup('k', 10_000)).toBeUndefined();
    // An older count seen late (a read that began before the recount) does not move the stamp back.
    answers.seen(BRAND, basis.boardKey, 2_000);
    answers.keep('k', answers.start(), { ...basis, refreshedAtMs: 2_000 }, 'h7', answer, 10_000);
    expect(answers.lookup('k', 10_000)).toBeUndefined();
    // Settings changed: what was kept before does not answer; a read the change overtook is not kept at all.
    answers.keep('k', answers.start(), { ...basis, refreshedAtMs: 3_000 }, 'h7', answer, 10_000);
    expect(answers.lookup('k', 10_000)).toBe(answer);
    const overtaken = answers.start();
    bus.tell({ kind: 'rank_changed', appKey: BRAND });
    expect(answers.lookup('k', 10_000)).toBeUndefined();
    expect(answers.keep('k', overtaken, { ...basis, refreshedAtMs: 3_000 }, 'h7', answer, 10_000)).toBe(false);
    // A dropped subscription (a new epoch): nothing from before answers.
    answers.keep('k', answers.start(), { ...basis, refreshedAtMs: 3_000 }, 'h7', answer, 10_000);
    bus.drop();
    expect(answers.lookup('k', 10_000)).toBeUndefined();
    answers.close();
  });

  it('keeps a bounded number of answers, oldest first out', () => {
    const answers = rankAnswersCreate({ bus: busOf(), sessions, maxAnswers: 2 });
    answers.seen(BRAND, basis.boardKey, 1_000);
    for (const key of ['k1', 'k2', 'k3']) expect(answers.keep(key, answers.start(), basis, 'h7', answer, 10_000)).toBe(true);
    expect(answers.size()).toBe(2);
    expect(answers.lookup('k1', 10_000)).toBeUndefined();
    expect(answers.lookup('k3', 10_000)).toBe(answer);
    answers.close();
  });
});
