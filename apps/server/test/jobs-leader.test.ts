/**
 * The jobs runner and its leader (issue 16, docs/decisions/021-jobs-and-nodes.md): a `leader` job runs on exactly one
 * node — the one holding the advisory lock — and when that node stops or its session dies another takes over within
 * seconds. On PostgreSQL (TEST_DATABASE_URL) the nodes hold real sessions on one database; on PGlite, where one
 * process is always the leader, the same leadership code runs over an in-memory stand-in for the lock server.
 * Effects are counted (which node ran each run, rows purged), never how long anything took.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRunnerCreate, type JobRunner } from '../src/jobs/job-runner.ts';
import type { Leadership } from '../src/jobs/leadership.ts';
import { idempotencyKeys } from '../src/db/schema/platform.ts';
import { playerLimitUsage } from '../src/db/schema/safer-play.ts';
import { testAppCreate, testDatabaseCreate, type TestApp, type TestDatabase } from './harness.ts';
import { lockServerOf, until, type LockServer } from './jobs-fixtures.ts';

const quietLog = { debug: () => {}, error: () => {} };
const RETRY_MS = 100;

describe('leader election', () => {
  let testDatabase: TestDatabase;
  let lockServer: LockServer;
  const nodes: { leadership: Leadership; jobs: JobRunner }[] = [];

  beforeAll(async () => {
    testDatabase = await testDatabaseCreate();
    lockServer = lockServerOf(testDatabase);
  });

  afterAll(async () => {
    for (const node of nodes) {
      await node.jobs.stop();
      await node.leadership.close();
    }
    await testDatabase.close();
  });

  /** A node with one leader job that records which node ran it. */
  async function nodeStart(name: string, runs: string[]) {
    const leadership = await lockServer.leadership(RETRY_MS);
    const jobs = jobRunnerCreate({ leadership, log: quietLog });
    jobs.register({ name: 'count', scope: 'leader', everyMs: 25, run: () => void runs.push(name) });
    await jobs.start();
    const node = { leadership, jobs };
    nodes.push(node);
    return node;
  }

  it('runs a leader job on one node only, and on the other within seconds once the leader stops', async () => {
    const runs: string[] = [];
    const a = await nodeStart('a', runs);
    const b = await nodeStart('b', runs);
    expect([a.leadership.isLeader(), b.leadership.isLeader()]).toEqual([true, false]);
    await until(() => runs.length >= 5, 'the leader runs its job');
    expect(new Set(runs)).toEqual(new Set(['a']));
    // The follower's own attempts go on meanwhile and keep failing: it never runs the job.
    expect(b.jobs.stats().find((job) => job.name === 'count')!.runs).toBe(0);

    await a.jobs.stop();
    // Counted once the old leader has stopped running and before it lets the lock go: the other node may take over
    // and run while `close` is still awaited (on a loaded host it did, twice).
    const aRuns = runs.length;
    await a.leadership.close();
    await until(() => runs.length > aRuns + 3, 'the other node takes over');
    // Every run after the leader stopped is the new leader's, and nothing ran on both.
    expect(runs.slice(aRuns)).toEqual(Array(runs.length - aRuns).fill('b'));
    expect(runs.slice(0, aRuns)).toEqual(Array(aRuns).fill('a'));
    expect(b.leadership.isLeader()).toBe(true);
  });

  it('steps down at once when its lock session dies, and one node leads again', async () => {
    const runs: string[] = [];
    const c = await nodeStart('c', runs);
    const d = await nodeStart('d', runs);
    // The lock is still with the node from the first test, if it lives; these two follow.
    const leaderBefore = nodes.find((node) => node.leadership.isLeader());
    expect(leaderBefore).toBeDefined();
    expect([c, d].filter((node) => node.leadership.isLeader())).toHaveLength(0);
    // Heard, not polled: the old leader's next attempt may take the lock back before a poll would see it step down.
    let steppedDown = false;
    const unsubscribe = leaderBefore!.leadership.onChange((leader) => {
      if (!leader) steppedDown = true;
    });
    await lockServer.killLeaderSession();
    await until(() => steppedDown, 'the old leader steps down');
    unsubscribe();
    await until(() => nodes.some((node) => node.leadership.isLeader()), 'a node leads again');
    expect(nodes.filter((node) => node.leadership.isLeader())).toHaveLength(1);
  });
});

describe('the jobs of the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testAppCreate();
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('registers every periodic task with the runner, and a lone node leads them', { timeout: 300_000 }, async () => {
    await t.app.ready();
    // Ready does not wait for the start's jobs (the API does, at the start gate): `started` is when they ran.
    await t.built.started;
    expect(t.built.leadership.isLeader()).toBe(true);
    expect(
      t.built.jobs
        .stats()
        .map((job) => job.name)
        .sort(),
    ).toEqual([
      'agent-settle',
      'betting-passes',
      'bonus-pass',
      'casino-rounds-recover',
      'crash-live',
      'feed-sync',
      'feed-tick',
      'idempotency-purge',
      'loyalty-cashback',
      'loyalty-pass',
      'loyalty-raffle',
      'loyalty-rank-close',
      'message-events',
      'money-rain',
      'outbox-deliver',
      'outbox-purge',
      'payin-expiry-sweep',
      'payout-resume',
      'pdd-expire',
      'push-deliver',
      'safer-usage-purge',
      'tracking-retention',
    ]);
    // Run at start before the first answer: the rounds a crash left are recovered before players come back.
    expect(t.built.jobs.stats().find((job) => job.name === 'casino-rounds-recover')!.runs).toBeGreaterThanOrEqual(1);
  });

  it('purges idempotency keys past their time to live and keeps the others', async () => {
    const now = t.clock.now();
    const old = new Date(now.getTime() - 8 * 24 * 3600_000);
    await t.db.insert(idempotencyKeys).values([
      { key: 'purge-old', route: 'test', scope: 'ip:1', requestHash: 'h', state: 'done', createdAt: old },
      { key: 'purge-new', route: 'test', scope: 'ip:1', requestHash: 'h', state: 'done', createdAt: now },
    ]);
    await t.built.jobs.trigger('idempotency-purge');
    const left = await t.rows<{ key: string }>(sql`select key from idempotency_keys where route = 'test' order by key`);
    expect(left.map((row) => row.key)).toEqual(['purge-new']);
    const purge = t.built.jobs.stats().find((job) => job.name === 'idempotency-purge')!;
    expect(purge.failures).toBe(0);
    expect(purge.runs).toBeGreaterThanOrEqual(1);
  });

  it('deletes safer-play usage counters whose window is over in every time zone, and keeps the current ones', async () => {
    const now = t.clock.now();
    const ago = (hours: number) => new Date(now.getTime() - hours * 3600_000);
    const uid = 9_900_001;
    await t.db.insert(playerLimitUsage).values([
      { userId: uid, kind: 'wager', period: 'day', windowStart: ago(80), usedMinor: 1 },
      { userId: uid, kind: 'wager', period: 'day', windowStart: ago(20), usedMinor: 2 },
      { userId: uid, kind: 'loss', period: 'week', windowStart: ago(10 * 24), usedMinor: 3 },
      { userId: uid, kind: 'loss', period: 'week', windowStart: ago(6 * 24), usedMinor: 4 },
      { userId: uid, kind: 'wager', period: 'month', windowStart: ago(34 * 24), usedMinor: 5 },
      { userId: uid, kind: 'wager', period: 'month', windowStart: ago(30 * 24), usedMinor: 6 },
      { userId: uid, kind: 'time', period: 'day', windowStart: ago(73), usedMinor: 7 },
    ]);
    await t.built.jobs.trigger('safer-usage-purge');
    const left = await t.rows<{ used: number }>(sql`select used_minor::int as used from player_limit_usage where user_id = ${uid} order by used_minor`);
    expect(left.map((row) => row.used)).toEqual([2, 4, 6]);
    expect(t.built.jobs.stats().find((job) => job.name === 'safer-usage-purge')!.failures).toBe(0);
  });
});
