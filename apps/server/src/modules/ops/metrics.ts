import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { outboxCounts } from '../outbox/outbox.repository.ts';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { rowsOf, type Database } from '../../db/client.ts';
import { groupCommitStats } from '../../db/group-commit.ts';
import { ledgerAudit } from '../ledger/ledger.repository.ts';
import type { JobStats } from '../../jobs/job-runner.ts';

/**
 * `GET /metrics` in Prometheus's text format (docs/decisions/022-operating-it.md). Request figures are counted as
 * requests end; the product's own figures (bets, payment orders, pool, ledger audit) are read from the database when
 * Prometheus scrapes, so every node reports the same truth and a restart loses nothing. Behind OPS_TOKEN as a bearer
 * token, as Prometheus's `authorization` setting sends it: a scrape shows volumes an outsider should not see.
 */

/** The ledger audit reads every ledger line: run at most this often, however often Prometheus scrapes. */
const LEDGER_AUDIT_EVERY_MS = 5 * 60_000;

/** Latency buckets in seconds, from a poll the lane answers to a slow placement. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The dm_error at the head of a serialized envelope (`{"dm_error":N,…`), without parsing the body. */
const ENVELOPE_HEAD = /^\{"dm_error":(-?\d+)/;

export interface MetricsDeps {
  database: Database;
  opsToken: string | undefined;
  /** Requests the poll lane answered ahead of Fastify (plugins/poll-lane.ts): never seen by Fastify's hooks. */
  laneAnswered: () => number;
  /** The jobs runner's counts (jobs/job-runner.ts) and whether this node leads the once-only jobs. */
  jobStats: () => readonly JobStats[];
  isLeader: () => boolean;
  /** Finished outbox rows this node's `outbox-purge` runs deleted since it started. */
  outboxPurged: () => number;
  /** Real-time sockets open on this node, and frames its bus sent to and heard from other nodes (decision 036). */
  sockets: () => { open: number; busSent: number; busReceived: number; busFailed: number };
  now: () => Date;
}

/** The route's pattern (`/api/…/:id`), never the raw URL: one series per route, not per player or id. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The figures counted as requests end: rate and latency per route, errors by dm_error. */
function requestMetricsRegister(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'piranha_http_request_duration_seconds',
    help: 'Time from request to response, per route, method and HTTP status (its _count is the request rate)',
    labelNames: ['route', 'method', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'piranha_api_errors_total',
    help: 'API answers with a non-zero dm_error, per route and code',
    labelNames: ['route', 'dm_error'],
    registers: [registry],
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (typeof payload === 'string') {
      const code = ENVELOPE_HEAD.exec(payload.slice(0, 24))?.[1];
      if (code !== undefined && code !== '0') errors.inc({ route: routeOf(request), dm_error: code });
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe({ route: routeOf(request), method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}

/** The figures read at scrape time from the database and the process's own state. */
function stateMetricsRegister(registry: Registry, deps: MetricsDeps): void {
  const { db } = deps.database;
  new Counter({
    name: 'piranha_poll_lane_answered_total',
    help: 'Repeated sports polls answered by the poll lane ahead of the router (not in the per-route figures)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(deps.laneAnswered());
    },
  });
  new Counter({
    name: 'piranha_job_runs_total',
    help: 'Runs of each periodic job on this node, by outcome',
    labelNames: ['job', 'outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const job of deps.jobStats()) {
        this.inc({ job: job.name, outcome: 'ok' }, job.runs - job.failures);
        this.inc({ job: job.name, outcome: 'failed' }, job.failures);
      }
    },
  });
  new Counter({
    name: 'piranha_job_run_seconds_total',
    help: 'Time spent running each periodic job on this node (divide by piranha_job_runs_total for the mean)',
    labelNames: ['job'],
    registers: [registry],
    collect() {
      this.reset();
      for (const job of deps.jobStats()) this.inc({ job: job.name }, job.durationTotalMs / 1000);
    },
  });
  new Counter({
    name: 'piranha_outbox_purged_total',
    help: 'Finished outbox rows (sent, failed, dead) past OUTBOX_RETENTION_DAYS deleted by this node (the leader runs the purge)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(deps.outboxPurged());
    },
  });
  new Gauge({
    name: 'piranha_socket_connections',
    help: 'Real-time sockets open on this node',
    registers: [registry],
    collect() {
      this.set(deps.sockets().open);
    },
  });
  new Counter({
    name: 'piranha_realtime_bus_frames_total',
    help: 'Real-time frames this node sent to the other nodes (sent, failed) and heard from them (received), through Redis',
    labelNames: ['direction'],
    registers: [registry],
    collect() {
      this.reset();
      const counts = deps.sockets();
      this.inc({ direction: 'sent' }, counts.busSent);
      this.inc({ direction: 'received' }, counts.busReceived);
      this.inc({ direction: 'failed' }, counts.busFailed);
    },
  });
  new Gauge({
    name: 'piranha_jobs_leader',
    help: '1 while this node holds the jobs leader lock and runs the once-only jobs, else 0',
    registers: [registry],
    collect() {
      this.set(deps.isLeader() ? 1 : 0);
    },
  });
  groupCommitMetricsRegister(registry, deps);
  new Gauge({
    name: 'piranha_db_pool_connections',
    help: 'PostgreSQL pool connections by state (waiting: requests queued for a connection); absent on PGlite',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = deps.database.poolStats?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'piranha_bets',
    help: 'Bets by status (1 confirming, 2 rejected, 4 confirmed/open, 5 settled)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await rowsOf<{ status: number; count: string }>(db, sql`select status, count(*) as count from bets group by status`);
      for (const row of rows) this.set({ status: String(row.status) }, Number(row.count));
    },
  });
  new Gauge({
    name: 'piranha_payment_orders',
    help: 'Payment orders by direction (payin deposits, payout withdrawals) and status (0 created, 1 pending, 2 rejected, 3 cancelled, 4 success)',
    labelNames: ['direction', 'status'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await rowsOf<{ direction: string; status: number; count: string }>(
        db,
        sql`select direction, status, count(*) as count from payment_orders group by direction, status`,
      );
      for (const row of rows) this.set({ direction: row.direction, status: String(row.status) }, Number(row.count));
    },
  });
  new Gauge({
    name: 'piranha_payouts_awaiting_provider',
    help: 'Payouts committed but not yet accepted by the provider (a crash left them; the sweep sends them after 60 s)',
    registers: [registry],
    async collect() {
      const [row] = await rowsOf<{ count: string }>(
        db,
        sql`select count(*) as count from payment_orders where direction = 'payout' and status = 1 and provider_ref = order_id`,
      );
      this.set(Number(row?.count ?? 0));
    },
  });
  new Gauge({
    name: 'piranha_outbox_rows',
    help: "Outbox rows by kind (payin_start, mail, sms; push is web push's own outbox) and status (pending, sent, failed, dead; push adds gone, suppressed)",
    labelNames: ['kind', 'status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await outboxCounts(db)) this.set({ kind: row.kind, status: row.status }, row.count);
    },
  });
  new Gauge({
    name: 'piranha_outbox_oldest_pending_seconds',
    help: 'Age of the oldest pending outbox row (0 when none): a stuck provider shows here before rows die',
    registers: [registry],
    async collect() {
      const [row] = await rowsOf<{ oldest: Date | string | null }>(db, sql`select min(created_at) as oldest from outbox where status = 'pending'`);
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined;
      this.set(oldest === undefined ? 0 : Math.max(0, (deps.now().getTime() - oldest) / 1000));
    },
  });
  // One audit serves both gauges: prom-client collects them concurrently.
  let audit: Promise<{ atMs: number; problems: number }> | undefined;
  let auditAtMs = -Infinity;
  const auditCurrent = () => {
    const nowMs = deps.now().getTime();
    if (!audit || nowMs - auditAtMs >= LEDGER_AUDIT_EVERY_MS) {
      auditAtMs = nowMs;
      const running = ledgerAudit(db).then((result) => ({
        atMs: nowMs,
        problems: result.walletDrift.length + result.unbalancedTransfers.length + result.thinTransfers.length,
      }));
      audit = running;
      // A failed audit is tried again at the next scrape, not cached.
      running.catch(() => {
        if (audit === running) audit = undefined;
      });
    }
    return audit;
  };
  new Gauge({
    name: 'piranha_ledger_audit_problems',
    help: 'Wallet drifts, unbalanced transfers and thin transfers found by the last ledger audit (0 is clean)',
    registers: [registry],
    async collect() {
      this.set((await auditCurrent()).problems);
    },
  });
  new Gauge({
    name: 'piranha_ledger_audit_timestamp_seconds',
    help: 'When the ledger audit behind piranha_ledger_audit_problems ran (Unix seconds)',
    registers: [registry],
    async collect() {
      this.set((await auditCurrent()).atMs / 1000);
    },
  });
}

/** Group commit's figures on this node (decision 074): counted by the batchers as they run, read at the scrape. */
function groupCommitMetricsRegister(registry: Registry, deps: MetricsDeps): void {
  const stats = () => groupCommitStats(deps.database.db);
  new Counter({
    name: 'piranha_group_commit_batches_total',
    help:
      'Group commit batches run on this node, by outcome: committed (a shared transaction, or a request alone, that committed), ' +
      'failed (a shared COMMIT that failed or lost its connection: nothing written, every member given the error), ' +
      'rolled_back (a request alone whose work was refused)',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      this.reset();
      const now = stats();
      this.inc({ outcome: 'committed' }, now.committed);
      this.inc({ outcome: 'failed' }, now.failed);
      this.inc({ outcome: 'rolled_back' }, now.batches - now.committed - now.failed);
    },
  });
  new Counter({
    name: 'piranha_group_commit_members_total',
    help: 'Requests those batches ran, retries included (divided by piranha_group_commit_batches_total: members per batch)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(stats().members);
    },
  });
  new Counter({
    name: 'piranha_group_commit_refusals_total',
    help: 'Requests refused inside a shared batch: only their savepoint rolled back, the others committed',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(stats().refused);
    },
  });
  new Counter({
    name: 'piranha_group_commit_retries_total',
    help: 'Requests run again in a later batch after a deadlock or serialization failure inside their savepoint',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(stats().retried);
    },
  });
  new Counter({
    name: 'piranha_group_commit_fallbacks_total',
    help: 'Savepoint-free batches (placements) in which a request was refused: rolled back whole, nobody answered, run again ' + 'with savepoints',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(stats().fallbacks);
    },
  });
  new Counter({
    name: 'piranha_group_commit_pipelined_total',
    help: 'Savepoint-free batches sent to PostgreSQL as one pipeline: BEGIN, the statements and COMMIT in one write',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(stats().pipelined);
    },
  });
}

export function metricsRoutes(app: FastifyInstance, deps: MetricsDeps): Registry {
  const registry = new Registry();
  // Process figures: CPU, memory, heap, event-loop lag, handles, GC.
  collectDefaultMetrics({ register: registry });
  requestMetricsRegister(app, registry);
  stateMetricsRegister(registry, deps);
  app.get('/metrics', async (request, reply) => {
    // Off without OPS_TOKEN, like every operator endpoint; not the web app's page either.
    if (!deps.opsToken) return reply.status(404).type('text/plain').send('metrics are off: set OPS_TOKEN and scrape with it as a bearer token\n');
    if (!bearerMatches(request.headers.authorization, deps.opsToken))
      return reply.status(401).header('www-authenticate', 'Bearer').type('text/plain').send('unauthorised\n');
    const text = await registry.metrics();
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
  });
  return registry;
}
