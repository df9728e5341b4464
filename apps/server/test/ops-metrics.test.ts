/**
 * What an operator's Prometheus and load balancer read (docs/decisions/022-operating-it.md): /metrics behind
 * OPS_TOKEN with request, error, money and ledger figures; /readyz that holds a node out of rotation until its
 * database answers and has every migration this build ships.
 */
import { sql } from 'drizzle-orm';
import { ERRORS } from '@piranha/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client.ts';
import { groupCommitConfigure, groupStatement, groupTransaction } from '../src/db/group-commit.ts';
import { migrationsShipped } from '../src/modules/health/health.routes.ts';
import { MIGRATIONS_FOLDER } from '../src/server-paths.ts';
import { testAppCreate, type TestApp } from './harness.ts';
import { playerFund } from './payments-fixtures.ts';

const OPS_TOKEN = 'ops-token-for-metrics-0123456789';
const bearer = { authorization: `Bearer ${OPS_TOKEN}` };

let t: TestApp;

beforeAll(async () => {
  t = await testAppCreate({ env: { OPS_TOKEN } });
});
afterAll(() => t?.close());

/** The value of one series in a Prometheus text exposition, or undefined when it is absent. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(): Promise<string> {
  const response = await t.get('/metrics', { headers: bearer });
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text;
}

describe('/metrics', () => {
  it('answers only the operator: 401 without or with a wrong token, 404 when OPS_TOKEN is unset', async () => {
    expect((await t.get('/metrics')).status).toBe(401);
    const wrong = await t.get('/metrics', { headers: { authorization: `Bearer ${OPS_TOKEN.replace('0', '1')}` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
    expect(wrong.text).not.toContain('piranha_');
    const off = await testAppCreate({ database: t.testDatabase });
    try {
      const answer = await off.get('/metrics', { headers: bearer });
      expect(answer.status).toBe(404);
      expect(answer.text).toContain('set OPS_TOKEN');
    } finally {
      await off.close();
    }
  });

  it('counts requests per route and status, and errors by dm_error', async () => {
    const before = await scrape();
    // The first scrape already carries the audit and when it ran (both gauges read one audit).
    expect(seriesValue(before, 'piranha_ledger_audit_timestamp_seconds')).toBe(t.clock.now().getTime() / 1000);
    const healthSeries = 'piranha_http_request_duration_seconds_count{route="/healthz",method="GET",status="200"}';
    const balanceRoute = '/api/piranha/finance/user/balance/get';
    const errorSeries = `piranha_api_errors_total{route="${balanceRoute}",dm_error="${ERRORS.SESSION_EXPIRED.code}"}`;
    for (let i = 0; i < 3; i += 1) expect((await t.get('/healthz')).status).toBe(200);
    // Not signed in: the envelope refuses it.
    const refused = await t.get(balanceRoute, { headers: { 'app-key': 'piranha' } });
    expect(refused.json.dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    const after = await scrape();
    expect((seriesValue(after, healthSeries) ?? 0) - (seriesValue(before, healthSeries) ?? 0)).toBe(3);
    expect((seriesValue(after, errorSeries) ?? 0) - (seriesValue(before, errorSeries) ?? 0)).toBe(1);
    // A route pattern, never a raw URL with a player's parameters.
    expect(after).not.toMatch(/route="[^"]*\?/);
    expect(after).toContain('process_cpu_user_seconds_total');
    expect(after).toContain('nodejs_eventloop_lag_seconds');
    expect(after).toContain('piranha_poll_lane_answered_total');
  });

  it('counts the runs of each periodic job and says whether this node leads them', async () => {
    const series = 'piranha_job_runs_total{job="idempotency-purge",outcome="ok"}';
    const before = seriesValue(await scrape(), series) ?? 0;
    await t.built.jobs.trigger('idempotency-purge');
    const after = await scrape();
    expect(seriesValue(after, series)).toBe(before + 1);
    expect(seriesValue(after, 'piranha_jobs_leader')).toBe(1);
    expect(after).toContain('piranha_job_run_seconds_total{job="idempotency-purge"}');
  });

  it('reports the real-time sockets open on this node and the frames its bus exchanged', async () => {
    const text = await scrape();
    // No socket is open in this test; one bus (local here): nothing sent to other nodes.
    expect(seriesValue(text, 'piranha_socket_connections')).toBe(0);
    expect(seriesValue(text, 'piranha_realtime_bus_frames_total{direction="received"}')).toBe(0);
    expect(text).toContain('# TYPE piranha_realtime_bus_frames_total counter');
    expect(text).toContain('# TYPE piranha_outbox_purged_total counter');
  });

  it('counts group commit batches, their members, refusals inside them, deadlock retries, fallbacks and failed commits', async () => {
    const series = {
      committed: 'piranha_group_commit_batches_total{outcome="committed"}',
      failed: 'piranha_group_commit_batches_total{outcome="failed"}',
      rolledBack: 'piranha_group_commit_batches_total{outcome="rolled_back"}',
      members: 'piranha_group_commit_members_total',
      refusals: 'piranha_group_commit_refusals_total',
      retries: 'piranha_group_commit_retries_total',
      fallbacks: 'piranha_group_commit_fallbacks_total',
      pipelined: 'piranha_group_commit_pipelined_total',
    };
    const read = (text: string) => Object.fromEntries(Object.entries(series).map(([name, line]) => [name, seriesValue(text, line) ?? 0]));
    const before = read(await scrape());
    // Checked only at COMMIT: two members inserting the same key make their shared COMMIT fail.
    await t.rows(sql`create table metrics_gc_deferred (k integer, constraint metrics_gc_deferred_k unique (k) deferrable initially deferred)`);
    const probe = (k: number) => (tx: Tx) => tx.execute(sql`insert into metrics_gc_deferred (k) values (${k})`);
    // The next two requests form one batch (the group commit tests' way: wait for them, never for a time).
    const nextPair = () => groupCommitConfigure(t.db, { enabled: true, maxBatch: 2, maxWaitMs: 600_000, pipeline: true });
    try {
      nextPair();
      // One refused inside the batch, one committed.
      await Promise.allSettled([groupTransaction(t.db, probe(1)), groupTransaction(t.db, () => Promise.reject(new Error('refused')))]);
      nextPair();
      // One deadlocked on its first try: run again, alone, in a batch of its own.
      let tries = 0;
      const deadlocked = async (tx: Tx) => {
        tries += 1;
        await probe(10 + tries)(tx);
        if (tries === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      };
      await Promise.all([groupTransaction(t.db, deadlocked), groupTransaction(t.db, probe(2))]);
      nextPair();
      await Promise.allSettled([groupTransaction(t.db, probe(3)), groupTransaction(t.db, probe(3))]);
      nextPair();
      // Two savepoint-free members, one refused: rolled back whole, run again with savepoints (one fallback).
      const lean = { savepointFree: true };
      await Promise.allSettled([
        groupStatement(t.db, (db) => db.execute(sql`insert into metrics_gc_deferred (k) values (5)`), undefined, lean),
        groupStatement(t.db, () => Promise.reject(new Error('refused')), undefined, lean),
      ]);
      groupCommitConfigure(t.db, { enabled: true });
      // Alone: its own transaction, rolled back by its refusal.
      await expect(groupTransaction(t.db, () => Promise.reject(new Error('refused alone')))).rejects.toThrow('refused alone');
    } finally {
      groupCommitConfigure(t.db, { enabled: true });
    }
    const after = read(await scrape());
    expect(Object.fromEntries(Object.keys(series).map((name) => [name, after[name]! - before[name]!]))).toEqual({
      committed: 4,
      failed: 1,
      rolledBack: 1,
      members: 10,
      refusals: 2,
      retries: 1,
      fallbacks: 1,
      // The savepoint-free pair went to PostgreSQL as one pipeline first; PGlite has none.
      pipelined: t.testDatabase.driver === 'postgres' ? 1 : 0,
    });
  });

  it('reports payment orders by direction and status, and a clean ledger audit', async () => {
    const before = seriesValue(await scrape(), 'piranha_payment_orders{direction="payin",status="4"}') ?? 0;
    await playerFund(t);
    const after = await scrape();
    expect(seriesValue(after, 'piranha_payment_orders{direction="payin",status="4"}')).toBe(before + 1);
    expect(after).toContain('# TYPE piranha_bets gauge');
    expect(seriesValue(after, 'piranha_ledger_audit_problems')).toBe(0);
    expect(seriesValue(after, 'piranha_payouts_awaiting_provider')).toBe(0);
    expect(seriesValue(after, 'piranha_ledger_audit_timestamp_seconds')).toBe(t.clock.now().getTime() / 1000);
  });
});

describe('/readyz', () => {
  it('is ready with every shipped migration applied, and not ready when one is missing', async () => {
    const shipped = migrationsShipped(MIGRATIONS_FOLDER);
    await t.app.ready();
    await t.built.started;
    const ready = await t.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: 'ready', db: 'ok', migrations: { applied: shipped, shipped } });
    // As a node of the next release sees a database the deploy has not migrated yet.
    await t.rows(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
    const behind = await t.get('/readyz');
    expect(behind.status).toBe(503);
    expect(behind.json).toEqual({ status: 'not_ready', db: 'ok', migrations: { applied: shipped - 1, shipped } });
  });

  it('is not ready when the database does not answer', async () => {
    const own = await testAppCreate({ env: { OPS_TOKEN } });
    try {
      await own.testDatabase.database.close();
      const answer = await own.get('/readyz');
      expect(answer.status).toBe(503);
      expect(answer.json).toEqual({ status: 'not_ready', db: 'unreachable' });
    } finally {
      await own.close();
    }
  });
});
