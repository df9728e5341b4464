import { marketMarginsDefault, marketMarginsWith } from '@piranha/domain';
import type { FastifyInstance } from 'fastify';
import { sandboxProvidersCheck, type AppConfig } from './config.ts';
import { databaseOpen } from './db/client.ts';
import { groupCommitConfigure } from './db/group-commit.ts';
import { contentSeed } from './db/seed/content-seed.ts';
import { appJobsRegister, campaignsSeed } from './jobs/app-jobs.ts';
import { jobRunnerCreate } from './jobs/job-runner.ts';
import { leadershipOpen } from './jobs/leadership.ts';
import { accountModuleRegister } from './modules/account/account.module.ts';
import { moneyActionGuardCreate } from './modules/account/account-session.service.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { agentRoutes } from './modules/agent/agent.routes.ts';
import { areaRoutes } from './modules/area/area.routes.ts';
import type { BettingDeps } from './modules/betting/betting-deps.ts';
import { bettingRoutes } from './modules/betting/betting.routes.ts';
import { bettingWorkerRegister } from './modules/betting/betting-worker.ts';
import { bonusRoutes } from './modules/bonus/bonus.routes.ts';
import { casinoModuleRegister } from './modules/casino/casino.module.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { helpRoutes } from './modules/help/help.routes.ts';
import { inviteRoutes } from './modules/invite/invite.routes.ts';
import { pddRoutes } from './modules/pdd/pdd.routes.ts';
import { loyaltyRoutes } from './modules/loyalty/loyalty.routes.ts';
import { rankAnswersCreate, rankSignalsAttach } from './modules/loyalty/rank-answers.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { metricsRoutes } from './modules/ops/metrics.ts';
import { outboxModuleRegister } from './modules/outbox/outbox.module.ts';
import { paymentsModuleRegister } from './modules/payments/payments.module.ts';
import { PUSH_DELIVER_JOB, pushDeliverJobSpec } from './modules/push/push.job.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { pushNativeSenders } from './modules/push/push.service.ts';
import { brgRoutes } from './modules/brg/brg.routes.ts';
import { pwaRoutes } from './modules/pwa/pwa.routes.ts';
import { reportRoutes } from './modules/report/report.routes.ts';
import { saferPlayRoutes } from './modules/safer-play/safer-play.routes.ts';
import { saferPlayOverridesSet } from './modules/safer-play/safer-play.service.ts';
import { sessionCacheCreate } from './modules/session/session-cache.ts';
import { sportsModuleRegister } from './modules/sports/sports.module.ts';
import { trackingRoutes } from './modules/tracking/tracking.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { webRoutes } from './modules/web/web.routes.ts';
import { httpHooksRegister } from './plugins/http-hooks.ts';
import { fastifyCreate, httpsTestOf, pollLaneOf, rateStoreOpen } from './plugins/http-server.ts';
import { providerRateLimitCreate } from './plugins/rate-limit.ts';
import { startGateCreate, startGateRegister } from './plugins/start-gate.ts';
import type { RouteDeps } from './plugins/route.ts';
import { geoIpMmdb } from './providers/geo/geo-ip-mmdb.ts';
import { balanceEventsAttach } from './realtime/balance-events.ts';
import { realtimeOpen, realtimeRoutes } from './realtime/realtime.ts';
import { MIGRATIONS_FOLDER } from './server-paths.ts';
import { startPhases } from './lib/start-phases.ts';

import type { AppOverrides, BuiltApp } from './app-types.ts';

export type { AppOverrides, BuiltApp };

/**
 * Builds the whole server without listening: it only assembles plugins and modules, in order — the database, the HTTP
 * server and its hooks (plugins/), the job runner and its leader (jobs/), then each module's routes and jobs
 * (modules/<area>/, the larger ones through their `*.module.ts`), and what closes at shutdown.
 */
export async function buildApp(config: AppConfig, overrides: AppOverrides = {}): Promise<BuiltApp> {
  // Before anything opens: production with sandbox providers needs ALLOW_SANDBOX_PROVIDERS=1 (server.ts says why).
  sandboxProvidersCheck(config);
  // Checked before anything opens: an unknown market kind in FEED_MARGINS fails the start, not a later price.
  const feedMargins = marketMarginsWith(marketMarginsDefault, config.feed.margins);
  const database =
    overrides.database ??
    (await databaseOpen({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      templateDir: config.pgliteTemplateDir,
      poolMax: config.databasePoolMax,
      lockOwner: overrides.lockOwner ?? { role: 'the Piranha server', port: config.port },
      ...(overrides.pgliteStarting ? { pgliteStarting: overrides.pgliteStarting } : {}),
    }));
  startPhases.mark('db open');
  // Batched money commits (decision 074) unless GROUP_COMMIT=off; lanes side by side on PostgreSQL, one on PGlite.
  groupCommitConfigure(database.db, {
    enabled: config.groupCommit,
    lanes: database.driver === 'postgres' ? Math.min(config.groupCommitLanes, config.databasePoolMax) : 1,
    pipeline: config.groupCommitPipeline,
  });
  await contentSeed(database.db);
  startPhases.mark('content seed');

  // `app` exists before the Redis client's first error can arrive.
  const rateStore = await rateStoreOpen(config, (details, message) => app.log.warn(details, message));
  // Payment notifications and wallet calls: their own limits, per provider (plugins/rate-limit.ts).
  const providerRateLimit = providerRateLimitCreate(rateStore, { perProvider: config.rateLimitPerProvider, perIp: config.rateLimitPerIp });
  const httpsOf = httpsTestOf(config);
  const lane = pollLaneOf(config, rateStore, httpsOf);
  const app: FastifyInstance = fastifyCreate(config, { lane, httpsOf, logger: overrides.logger, logStream: overrides.logStream });

  // Periodic tasks run from one runner; those that must run once run on the node holding the leader lock (021).
  const leadership = overrides.leadership ?? (await leadershipOpen(database, { log: (message, details) => app.log.info(details, message) }));
  const jobs = jobRunnerCreate({ leadership, log: app.log, ...(overrides.jobsHeld ? { held: overrides.jobsHeld } : {}) });
  // Ready (and listening) without waiting for the start's jobs: the first page needs none of them. The API waits at
  // the gate until the `await` jobs ran (plugins/start-gate.ts), and /readyz says not ready until then.
  const gate = startGateCreate();
  app.addHook('onReady', () => {
    void jobs.start().then(() => {
      startPhases.mark('jobs started');
      gate.open();
    });
  });

  // A test run may shift the clock (TEST_CLOCK_OFFSET_MS, refused in production; decision 067).
  const offset = config.testClockOffsetMs;
  const now = overrides.now ?? (offset === 0 ? () => new Date() : () => new Date(Date.now() + offset));
  // The socket's events: this node's sockets, and through Redis every node's (decision 036).
  const realtime = await realtimeOpen(database, { bus: config.realtime.bus, redisUrl: config.redisUrl, secret: config.realtime.secret, now, log: app.log });
  // balance_changed after every committed money move, from the ledger (decision 041).
  const balanceEventsDetach = balanceEventsAttach(database.db, realtime.bus);
  // The polls' session cache (decision 041): on only where every node hears the sessions signals — PGlite (one
  // process) or the Redis bus; on PostgreSQL with the local bus another node could not tell this one.
  const sessions = sessionCacheCreate({ bus: realtime.bus, enabled: database.driver === 'pglite' || config.realtime.bus === 'redis' });
  // rank/list answers on the poll lane (decision 055): a board's recount or a settings change signals every node.
  const rankSignalsDetach = rankSignalsAttach(database.db, realtime.bus);
  const rankAnswers = rankAnswersCreate({ bus: realtime.bus, sessions });
  const deps: RouteDeps = {
    db: database.db,
    rateStore,
    rateLimitPerUser: config.rateLimitPerUser,
    now,
    realtime: realtime.bus,
    sessions,
    // Payments, betting and casino call it before moving money; the idle limit is per brand.
    moneyActionGuard: moneyActionGuardCreate(config.moneyReauth),
  };
  const { opsToken } = config;

  await httpHooksRegister(app, { config, httpsOf, lane, rateStore });
  startGateRegister(app, gate, overrides.startGateWaitMs);
  healthRoutes(app, database.db, MIGRATIONS_FOLDER, gate);
  // Prometheus's scrape (behind OPS_TOKEN); its hooks count every request Fastify sees from here on.
  metricsRoutes(app, {
    database,
    opsToken,
    laneAnswered: () => lane.counts.answered,
    jobStats: () => jobs.stats(),
    isLeader: () => leadership.isLeader(),
    outboxPurged: () => outbox.purged.purged,
    sockets: () => ({
      open: realtime.hub.size(),
      busSent: realtime.bus.counts.sent,
      busReceived: realtime.bus.counts.received,
      busFailed: realtime.bus.counts.failed,
    }),
    now,
  });
  configRoutes(app, { ...deps, opsToken });
  areaRoutes(app, { ...deps, geo: overrides.geo ?? geoIpMmdb(), blockedCountries: config.blockedCountries, nativeShellKeys: config.nativeShellKeys });
  trackingRoutes(app, { ...deps, opsToken, production: config.production });
  reportRoutes(app, deps);
  walletRoutes(app, deps);
  bonusRoutes(app, { ...deps, opsToken });
  messagesRoutes(app, { ...deps, opsToken, lane });
  helpRoutes(app, { ...deps, opsToken });
  // Web push (decision 035) and native shells' FCM/APNs (decision 073): the leader queues and sends; an operator send
  // asks for a pass at once.
  const pushDeps = { db: database.db, now, extraOrigins: config.push.extraOrigins, vapidSubject: config.push.vapidSubject, ...pushNativeSenders(config.push) };
  app.addHook('onClose', async () => pushDeps.apns?.close());
  pushRoutes(app, { ...deps, ...pushDeps, opsToken, trigger: () => void jobs.trigger(PUSH_DELIVER_JOB) });
  jobs.register(pushDeliverJobSpec(pushDeps));
  realtimeRoutes(app, deps, realtime);
  loyaltyRoutes(app, { ...deps, opsToken, lane, rankAnswers });
  pwaRoutes(app, deps);
  brgRoutes(app, { ...deps, brgPartnerOrigins: config.brgPartnerOrigins });
  saferPlayOverridesSet(config.saferPlayOverrides);
  saferPlayRoutes(app, { ...deps, opsToken });
  activityRoutes(app, { ...deps, opsToken });
  inviteRoutes(app, deps);
  agentRoutes(app, { ...deps, opsToken });
  pddRoutes(app, deps);
  startPhases.mark('routes');
  // The general outbox (decision 042): the modules below add the handlers of the calls they owe.
  const outbox = outboxModuleRegister(app, { db: database.db, now, jobs, opsToken, retentionDays: config.outboxRetentionDays });
  const { mail } = accountModuleRegister(app, { config, deps, outbox, mail: overrides.mail });
  const sports = await sportsModuleRegister(app, {
    config,
    database,
    deps,
    jobs,
    leadership,
    lane,
    margins: feedMargins,
    hub: realtime.hub,
    feed: overrides.feed,
    feedTicker: overrides.feedTicker,
  });
  startPhases.mark('sports');
  const bettingDeps: BettingDeps = {
    ...deps,
    sports: sports.state,
    liveDelayMs: config.betting.liveDelayMs,
    cashOutMarginBasisPoints: config.betting.cashOutMarginBasisPoints,
  };
  bettingRoutes(app, bettingDeps);
  const bettingWorker = bettingWorkerRegister(bettingDeps, jobs);
  const casino = await casinoModuleRegister(app, { config, db: database.db, deps, jobs, providerRateLimit, realtime: realtime.bus });
  startPhases.mark('casino');
  const { payments, kyc } = await paymentsModuleRegister(app, { config, deps, jobs, providerRateLimit, outbox: outbox.deps, outboxHandlers: outbox.handlers });
  startPhases.mark('payments');
  await campaignsSeed(database.db, now());
  startPhases.mark('campaigns seed');
  appJobsRegister(jobs, { config, db: database.db, now, realtime: realtime.bus });
  await webRoutes(app, config.webDist, { db: database.db, now });
  startPhases.mark('built');

  app.addHook('onClose', async () => {
    await bettingWorker.stop();
    // Runs under way finish before the database closes; the lock goes with the connection, to the next node.
    await jobs.stop();
    sports.stop();
    await leadership.close();
    // What the last ticks published is stored before the database closes.
    await sports.feed.persisted().catch((error: unknown) => app.log.error({ err: error }, 'storing the sports feed failed at shutdown'));
    sports.state.stop();
    await rateStore.close();
    sessions.close();
    rankAnswers.close();
    balanceEventsDetach();
    rankSignalsDetach();
    await realtime.close();
    await mail.close();
    if (!overrides.database) await database.close();
  });
  return {
    app,
    database,
    deps,
    sports: { feed: sports.feed, state: sports.state, oddsPush: sports.oddsPush },
    lane,
    casino,
    payments,
    kyc,
    betting: { deps: bettingDeps, worker: bettingWorker },
    jobs,
    outbox: outbox.deps,
    leadership,
    realtime,
    started: gate.opened,
  };
}
