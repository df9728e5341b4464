import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import proxyAddr from '@fastify/proxy-addr';
import { HEADER_TRACE_ID } from '@piranha/contract';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { AppError } from './app-error.ts';
import { sandboxProvidersCheck, type AppConfig } from './config.ts';
import { databaseOpen, type Database } from './db/client.ts';
import type { PgliteLockOwner } from './db/pglite-lock.ts';
import { contentSeed } from './db/seed/content-seed.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { moneyActionGuardCreate } from './modules/account/account-session.service.ts';
import { devMailboxRoutes } from './modules/account/dev-mailbox.routes.ts';
import { areaRoutes } from './modules/area/area.routes.ts';
import { bonusCampaignsSeed } from './modules/bonus/bonus-engine.service.ts';
import { bonusJobSpec } from './modules/bonus/bonus-jobs.ts';
import { messageEventsJobSpec } from './modules/messages/message-events.job.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { helpRoutes } from './modules/help/help.routes.ts';
import { PUSH_DELIVER_JOB, pushDeliverJobSpec } from './modules/push/push.job.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { pwaRoutes } from './modules/pwa/pwa.routes.ts';
import { pwaCampaignsSeed } from './modules/pwa/pwa.service.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { inviteRoutes, referralCampaignsSeed } from './modules/invite/invite.routes.ts';
import { agentRoutes } from './modules/agent/agent.routes.ts';
import { agentSettleJobSpec } from './modules/agent/agent.job.ts';
import { moneyRainJobSpec } from './modules/agent/money-rain.service.ts';
import { bonusRoutes } from './modules/bonus/bonus.routes.ts';
import { loyaltyCashbackJobSpec, loyaltyRaffleJobSpec, loyaltyJobSpec, loyaltyRankCloseJobSpec } from './modules/loyalty/loyalty-jobs.ts';
import { loyaltyCampaignsSeed, loyaltyRoutes } from './modules/loyalty/loyalty.routes.ts';
import { rankAnswersCreate, rankSignalsAttach } from './modules/loyalty/rank-answers.ts';
import { kycRoutes } from './modules/safer-play/kyc.routes.ts';
import { saferPlayRoutes } from './modules/safer-play/safer-play.routes.ts';
import { saferPlayOverridesSet } from './modules/safer-play/safer-play.service.ts';
import { saferUsagePurgeJobSpec } from './modules/safer-play/safer-usage-purge.job.ts';
import { casinoCatalogueSeed, externalProvidersLoad } from './modules/casino/casino-catalogue.ts';
import type { HallDeps } from './modules/casino/casino-hall.service.ts';
import { casinoRoundsRecover, HOUSE, type StudioDeps } from './modules/casino/casino-studio.service.ts';
import { casinoWalletRoutes } from './modules/casino/casino-wallet.routes.ts';
import type { SeamlessWalletDeps } from './modules/casino/casino-wallet.service.ts';
import { casinoRoutes } from './modules/casino/casino.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { metricsRoutes } from './modules/ops/metrics.ts';
import { MIGRATIONS_FOLDER } from './server-paths.ts';
import { reportRoutes } from './modules/report/report.routes.ts';
import { trackingRoutes } from './modules/tracking/tracking.routes.ts';
import { trackingRetentionJobSpec } from './modules/tracking/tracking-retention.job.ts';
import { sportsRoutes } from './modules/sports/sports.routes.ts';
import { feedOpsRoutes } from './modules/sports/feed-ops.routes.ts';
import type { BettingDeps } from './modules/betting/betting-deps.ts';
import { bettingRoutes } from './modules/betting/betting.routes.ts';
import { bettingWorkerRegister, type BettingWorker } from './modules/betting/betting-worker.ts';
import { sportsStateCreate, type SportsState } from './modules/sports/sports-state.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { payinExpireSweep } from './modules/payments/payin.service.ts';
import { payoutsAwaitingProviderResume } from './modules/payments/payout.service.ts';
import { addressListOf, type PaymentsDeps } from './modules/payments/payments-deps.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { webhookRoutes } from './modules/payments/webhook.routes.ts';
import { sandboxIdpCreate, type SandboxIdp } from './providers/kyc/sandbox-idp.ts';
import { sandboxKycPagesRegister } from './providers/kyc/sandbox-kyc-pages.ts';
import { sandboxPagesRegister } from './providers/payments/sandbox-pages.ts';
import { sandboxPspCreate } from './providers/payments/sandbox-psp.ts';
import { webRoutes } from './modules/web/web.routes.ts';
import { envelopeError, errorHandlerRegister } from './plugins/error-handler.ts';
import { inputGuardRegister } from './plugins/input-guard.ts';
import { requestLogRegister } from './plugins/request-log.ts';
import { logSerializers } from './plugins/log-redact.ts';
import { payloadOf, pollLaneCreate, type PollLane } from './plugins/poll-lane.ts';
import {
  providerRateLimitCreate,
  RATE_RETRY_AFTER_S,
  RATE_WINDOW_MS,
  rateLimitAllows,
  rateLimitCheck,
  rateLimitStoreMemory,
  rateLimitStoreRedis,
  type RateLimitStore,
} from './plugins/rate-limit.ts';
import { requestContextRegister, variantOfRequest } from './plugins/request-context.ts';
import { API_SECURITY_HEADERS, isApiUrl, requestIdNext, securityHeadersRegister, STRICT_TRANSPORT_SECURITY } from './plugins/security-headers.ts';
import type { RouteDeps } from './plugins/route.ts';
import type { GeoIpProvider } from './providers/geo/geo-ip.ts';
import { geoIpMmdb } from './providers/geo/geo-ip-mmdb.ts';
import { googleIdTokenVerifier } from './providers/identity/google-id-token.ts';
import type { MailProvider } from './providers/mail/mail.ts';
import { mailProviderNodemailer } from './providers/mail/mail-nodemailer.ts';
import { smsProviderOutbox } from './providers/sms/sms-outbox.ts';
import { outboxDeliverJobSpec, outboxPurgeJobSpec, type OutboxPurgeCount } from './modules/outbox/outbox.job.ts';
import { outboxOwnerNew, type OutboxDeps, type OutboxHandler } from './modules/outbox/outbox.service.ts';
import { outboxRoutes } from './modules/outbox/outbox.routes.ts';
import { codeOutboxHandlers } from './modules/account/account-code.service.ts';
import { payinStartOutboxHandler, PAYIN_START_KIND } from './modules/payments/payin.service.ts';
import { sandboxStoreSql } from './providers/payments/sandbox-store-sql.ts';
import { feedNodeOpen } from './providers/feed/feed-node.ts';
import { feedStoreChangeMark, feedStoreSql } from './providers/feed/feed-store.repository.ts';
import { betLegsMatchIdMax } from './modules/betting/betting.repository.ts';
import type { SportsFeed } from './providers/feed/sports-feed.ts';
import { HELP_TRUSTED_ORIGINS, marketMarginsDefault, marketMarginsWith } from '@piranha/domain';
import { helpFrameOriginsOf } from './modules/help/help-frame.ts';
import { jobRunnerCreate, type JobRunner } from './jobs/job-runner.ts';
import { leadershipOpen, type Leadership } from './jobs/leadership.ts';
import { idempotencyPurgeExpired } from './plugins/idempotency.ts';
import { realtimeOpen, realtimeRoutes, type Realtime } from './realtime/realtime.ts';
import { redisClientOpen } from './lib/redis-client.ts';
import { sessionCacheCreate } from './modules/session/session-cache.ts';
import { balanceEventsAttach } from './realtime/balance-events.ts';

export interface AppOverrides {
  /** An already open database (tests share one per file). */
  database?: Database;
  geo?: GeoIpProvider;
  mail?: MailProvider;
  now?: () => Date;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void };
  /** A sports feed in place of the simulator built from FEED_SEED / FEED_SPEED at `now()`. */
  feed?: SportsFeed;
  /** false: no one-second ticker; the test moves the feed itself with `feed.tick`. */
  feedTicker?: boolean;
  /** Who leads the jobs, in place of the advisory lock on `database` (tests stand a lock server in for PGlite). */
  leadership?: Leadership;
  /** Who holds the PGlite folder, as a second opener is told (default: the Piranha server on PORT). */
  lockOwner?: PgliteLockOwner;
}

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  deps: RouteDeps;
  sports: { feed: SportsFeed; state: SportsState };
  /** The poll lane ahead of Fastify (tests read its counts). */
  lane: PollLane;
  casino: { studio: StudioDeps; hall: HallDeps; wallet: SeamlessWalletDeps };
  /** The payments module's dependencies: the sandbox PSP and the webhook secret (tests sign and forge with them). */
  payments: PaymentsDeps;
  /** The sandbox identity provider and its webhook secret (tests decide, sign and replay with them). */
  kyc: { idp: SandboxIdp; secret: string };
  /** The betting module's dependencies and its feed follower (tests run its passes by hand). */
  betting: { deps: BettingDeps; worker: BettingWorker };
  /** Every periodic task (jobs/job-runner.ts; `stats` feeds /metrics) and whether this node leads them. */
  jobs: JobRunner;
  /** The general outbox's delivery (decision 042): tests run its passes by hand and stand handlers in. */
  outbox: OutboxDeps;
  leadership: Leadership;
  /** The real-time socket: its bus (publish), this node's sockets, the ticket signer (decision 036). */
  realtime: Realtime;
}

/**
 * Whether a request came over HTTPS, as Fastify's `request.protocol` reads it: the last X-Forwarded-Proto entry when
 * the peer is a trusted proxy, else the socket. One test for the security hook, the router's refusals and the poll
 * lane, which must agree on HSTS.
 */
function httpsTestOf(config: AppConfig): (request: IncomingMessage) => boolean {
  const trusted = config.trustedProxies.length > 0 ? proxyAddr.compile(config.trustedProxies) : undefined;
  return (request) => {
    const forwarded = request.headers['x-forwarded-proto'];
    const peer = request.socket.remoteAddress;
    if (trusted && typeof forwarded === 'string' && peer !== undefined && trusted(peer, 0))
      return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() === 'https';
    return (request.socket as { encrypted?: boolean }).encrypted === true;
  };
}

/**
 * The poll lane with the same client address and per-IP count as the Fastify path: X-Forwarded-For believed only from
 * the trusted proxies, as `request.ip` does; HSTS by the same HTTPS test as Fastify's hook.
 */
function pollLaneOf(config: AppConfig, rateStore: RateLimitStore, httpsOf: (request: IncomingMessage) => boolean): PollLane {
  const trusted = config.trustedProxies.length > 0 ? proxyAddr.compile(config.trustedProxies) : undefined;
  return pollLaneCreate({
    ipOf: trusted
      ? (request) => {
          const addresses = proxyAddr.all(request, trusted);
          return addresses[addresses.length - 1];
        }
      : (request) => request.socket.remoteAddress,
    httpsOf,
    rateAllows: rateStore.hitNow
      ? (ip) => rateStore.hitNow!(`ip:${ip}`, RATE_WINDOW_MS) <= config.rateLimitPerIp
      : async (ip) => (await rateStore.hit(`ip:${ip}`, RATE_WINDOW_MS)) <= config.rateLimitPerIp,
    // A player's own poll (decision 041) counts against their limit, with the key and window the routes use.
    rateAllowsUser: rateStore.hitNow
      ? (key) => rateStore.hitNow!(key, RATE_WINDOW_MS) <= config.rateLimitPerUser
      : async (key) => (await rateStore.hit(key, RATE_WINDOW_MS)) <= config.rateLimitPerUser,
  });
}

/** A request slower than this is logged whatever LOG_REQUEST_SAMPLE says. */
const SLOW_REQUEST_MS = 1000;

/** How often payouts left unsent by a crash are looked for. */
const PAYOUT_RESUME_SWEEP_MS = 30_000;

/** How often open pay-ins past their expiry are cancelled. */
const PAYIN_EXPIRY_SWEEP_MS = 30_000;
/** How often idempotency keys past their time to live are deleted (they would otherwise grow forever). */
const IDEMPOTENCY_PURGE_MS = 10 * 60_000;
/** How often a follower node checks the stored feed for a new day or a correction (and retries a failed swap). */
const FEED_SYNC_MS = 2_000;
/** How often half-done casino rounds are looked for. */
const CASINO_RECOVERY_MS = 60_000;

/** Builds the whole server — every module wired explicitly — without listening. */
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
    }));
  await contentSeed(database.db);

  // The Redis client is loaded only when REDIS_URL asks for it: a single node never pays for it at start. Its errors
  // (Redis down, a reconnect) are logged, never thrown (lib/redis-client.ts); `app` exists before the first can arrive.
  const rateStore: RateLimitStore = config.redisUrl
    ? rateLimitStoreRedis(
        await redisClientOpen(config.redisUrl, 'commands', (details, message) => app.log.warn(details, message), {
          lazyConnect: false,
          maxRetriesPerRequest: 2,
        }),
      )
    : rateLimitStoreMemory();
  // Payment notifications and wallet calls: their own limits, per provider (plugins/rate-limit.ts).
  const providerRateLimit = providerRateLimitCreate(rateStore, { perProvider: config.rateLimitPerProvider, perIp: config.rateLimitPerIp });
  const httpsOf = httpsTestOf(config);
  const lane = pollLaneOf(config, rateStore, httpsOf);

  const app = Fastify({
    // Serializers that keep sessions, device ids, passwords, codes and tokens out of every line (plugins/log-redact.ts).
    logger:
      overrides.logger === false
        ? false
        : { level: config.logLevel, serializers: logSerializers, ...(overrides.logStream ? { stream: overrides.logStream } : {}) },
    // Repeated sports polls are answered ahead of Fastify's routing by the poll lane (plugins/poll-lane.ts); the
    // server is the one Fastify would build, with the same timeouts.
    serverFactory: (handler, options) => {
      const server = createServer(options.http ?? {}, lane.listener(handler));
      // Fastify has filled in its defaults by now.
      server.keepAliveTimeout = Number(options.keepAliveTimeout);
      server.requestTimeout = Number(options.requestTimeout);
      server.setTimeout(Number(options.connectionTimeout));
      return server;
    },
    genReqId: requestIdNext,
    // Fastify's two lines per request are replaced by plugins/request-log.ts: failures, slow requests and a sample.
    logController: new LogController({ disableRequestLogging: true }),
    // X-Forwarded-For is believed only from the proxies the operator names.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    // The router refuses a malformed URL (bad percent-encoding, over-long parameter) before any hook or
    // error handler runs; answer it with the envelope too, not Fastify's own 400/414 body.
    frameworkErrors: (error, request, reply) => {
      const refusal = new AppError('VALIDATION_FAILED', { field: 'path', issue: error.code });
      // No hook has run yet: the security headers of an API answer are set here.
      if (isApiUrl(request.url)) void (reply as FastifyReply).headers(API_SECURITY_HEADERS);
      if (httpsOf(request.raw)) void (reply as FastifyReply).header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
      void (reply as FastifyReply)
        .status(refusal.httpStatus)
        .header(HEADER_TRACE_ID, request.id)
        .send(envelopeError(refusal, variantOfRequest(request).defaultLang));
    },
  });

  // Periodic tasks run from one runner; those that must run once run on the node holding the leader lock (021).
  const leadership = overrides.leadership ?? (await leadershipOpen(database, { log: (message, details) => app.log.info(details, message) }));
  const jobs = jobRunnerCreate({ leadership, log: app.log });
  app.addHook('onReady', () => jobs.start());

  const now = overrides.now ?? (() => new Date());
  // The socket's events: this node's sockets, and through Redis every node's (decision 036).
  const realtime = await realtimeOpen(database, {
    bus: config.realtime.bus,
    redisUrl: config.redisUrl,
    secret: config.realtime.secret,
    now,
    log: app.log,
  });
  // The polls' session cache (decision 041): on only where every node hears the sessions signals — PGlite (one
  // process) or the Redis bus; on PostgreSQL with the local bus another node could not tell this one.
  // balance_changed after every committed money move, from the ledger (decision 041).
  const balanceEventsDetach = balanceEventsAttach(database.db, realtime.bus);
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

  // First hook of all: trace id, then the API's fixed headers or helmet's set for documents (security-headers.ts).
  securityHeadersRegister(app, httpsOf, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Google Identity Services (the sign-in button) loads its script, style and frame from accounts.google.com/gsi;
        // the Telegram mini app loads Telegram's WebApp script (decision 062).
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client', 'https://telegram.org/js/telegram-web-app.js'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        // /iframe and the FAQ videos (decision 038): the trusted origins, and the requesting brand's own sites.
        frameSrc: ["'self'", 'https://accounts.google.com/gsi/', ...HELP_TRUSTED_ORIGINS, (request) => helpFrameOriginsOf(request.headers.host)],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Set by the hook itself, and only for requests that came over HTTPS (STRICT_TRANSPORT_SECURITY).
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  requestContextRegister(app, async (request) => {
    const counted = request.routeOptions.config.rateLimit;
    // Provider calls are counted by their routes: per provider when signed, per address otherwise.
    if (counted === 'provider') return;
    if (request.url.startsWith('/api/')) {
      // Counted once: a poll the lane counted and found over the limit is refused here without a second hit.
      if (lane.rateLimited(request.raw)) throw new AppError('RATE_LIMITED', { field: 'ip' });
      await rateLimitCheck(rateStore, `ip:${request.ip}`, config.rateLimitPerIp);
      return;
    }
    // Pages that read the database (/healthz, /dev, /sandbox) share the address's budget; not being the API, they
    // answer a plain 429 with Retry-After rather than the players' HTTP 200 envelope.
    if (counted === 'ip' && !(await rateLimitAllows(rateStore, `ip:${request.ip}`, config.rateLimitPerIp)))
      throw new AppError('RATE_LIMITED', { field: 'ip', retry_after_s: RATE_RETRY_AFTER_S }, 429);
  });
  // A POST the lane read but could not answer reaches Fastify with its body already consumed: parse it from here.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const body = lane.bodyRead(request.raw);
    done(null, body ? payloadOf(body) : payload);
  });
  app.addHook('preClose', (done) => {
    lane.close();
    done();
  });
  errorHandlerRegister(app);
  requestLogRegister(app, { sample: config.logRequestSample, slowMs: SLOW_REQUEST_MS });
  // No NUL, lone surrogate or over-deep JSON reaches a route (the contract's input rules).
  inputGuardRegister(app);

  healthRoutes(app, database.db, MIGRATIONS_FOLDER);
  // Prometheus's scrape (behind OPS_TOKEN); its hooks count every request Fastify sees from here on.
  const outboxPurged: OutboxPurgeCount = { purged: 0 };
  metricsRoutes(app, {
    database,
    opsToken: config.opsToken,
    laneAnswered: () => lane.counts.answered,
    jobStats: () => jobs.stats(),
    isLeader: () => leadership.isLeader(),
    outboxPurged: () => outboxPurged.purged,
    sockets: () => ({
      open: realtime.hub.size(),
      busSent: realtime.bus.counts.sent,
      busReceived: realtime.bus.counts.received,
      busFailed: realtime.bus.counts.failed,
    }),
    now: deps.now,
  });
  configRoutes(app, { ...deps, opsToken: config.opsToken });
  areaRoutes(app, { ...deps, geo: overrides.geo ?? geoIpMmdb(), blockedCountries: config.blockedCountries, nativeShellKeys: config.nativeShellKeys });
  trackingRoutes(app, { ...deps, opsToken: config.opsToken, production: config.production });
  reportRoutes(app, deps);
  walletRoutes(app, deps);
  bonusRoutes(app, { ...deps, opsToken: config.opsToken });
  messagesRoutes(app, { ...deps, opsToken: config.opsToken, lane });
  helpRoutes(app, { ...deps, opsToken: config.opsToken });
  // Web push (decision 035): the leader queues and sends; an operator send asks for a pass at once.
  const pushDeps = { db: database.db, now: deps.now, extraOrigins: config.push.extraOrigins, vapidSubject: config.push.vapidSubject };
  pushRoutes(app, { ...deps, ...pushDeps, opsToken: config.opsToken, trigger: () => void jobs.trigger(PUSH_DELIVER_JOB) });
  jobs.register(pushDeliverJobSpec(pushDeps));
  realtimeRoutes(app, deps, realtime);
  loyaltyRoutes(app, { ...deps, opsToken: config.opsToken, lane, rankAnswers });
  pwaRoutes(app, deps);
  saferPlayOverridesSet(config.saferPlayOverrides);
  saferPlayRoutes(app, { ...deps, opsToken: config.opsToken });
  activityRoutes(app, { ...deps, opsToken: config.opsToken });
  inviteRoutes(app, deps);
  agentRoutes(app, { ...deps, opsToken: config.opsToken });
  // The general outbox (decision 042): each module adds the handler of the calls it owes; the leader job sends what
  // dead processes left. Web push keeps its own outbox and job (decision 035).
  const outboxHandlers: Record<string, OutboxHandler> = {};
  const outbox: OutboxDeps = { db: database.db, now: deps.now, handlers: outboxHandlers, owner: outboxOwnerNew(), log: app.log };
  jobs.register(outboxDeliverJobSpec(outbox));
  jobs.register(outboxPurgeJobSpec(database.db, deps.now, config.outboxRetentionDays, outboxPurged));
  outboxRoutes(app, { db: database.db, opsToken: config.opsToken });
  const mail = overrides.mail ?? mailProviderNodemailer({ smtpUrl: config.smtpUrl, fromAddress: config.mailFrom, db: database.db, now: deps.now });
  const sms = smsProviderOutbox(database.db, deps.now);
  Object.assign(outboxHandlers, codeOutboxHandlers({ mail, sms, now: deps.now }));
  const google = googleIdTokenVerifier({ jwksUrl: config.googleJwksUrl, jwksFile: config.googleJwksFile, now: deps.now });
  accountRoutes(app, {
    ...deps,
    mail,
    sms,
    outbox,
    limits: config.authLimits,
    identity: { google },
    telegramBots: config.telegramBots,
    opsToken: config.opsToken,
  });
  // The simulator resumes what it stored (docs/decisions/015-durable-feed.md): a restart never replays a match id. The
  // leader node runs it; the others replay the store (021), swapping when leadership moves.
  const feedNode = overrides.feed
    ? undefined
    : await feedNodeOpen({
        store: feedStoreSql(database.db, deps.now),
        changeMark: () => feedStoreChangeMark(database.db),
        simulator: {
          seed: config.feed.seed,
          speedFactor: config.feed.speedFactor,
          matchIdUsedMax: () => betLegsMatchIdMax(database.db),
          log: (message, details) => app.log.warn(details, message),
        },
        now: () => deps.now().getTime(),
        leader: leadership.isLeader(),
        log: (message, details) => app.log.info(details, message),
      });
  const feed = overrides.feed ?? feedNode!;
  const feedUnfollowLeader = leadership.onChange((leader) => void feedNode?.leadSet(leader));
  if (feedNode) jobs.register({ name: 'feed-sync', scope: 'node', everyMs: FEED_SYNC_MS, quiet: true, run: () => feedNode.sync() });
  const sportsState = sportsStateCreate(feed, feedMargins, (error, matchId) => app.log.error({ err: error, matchId }, 'pricing a match failed'));
  sportsRoutes(app, { ...deps, sports: sportsState, lane });
  feedOpsRoutes(app, { feed, opsToken: config.opsToken });
  // The feed moves once a second; each tick that changes something publishes a new snapshot version. A failing tick
  // is logged and counted by the runner, and the next one tries again.
  if (overrides.feedTicker !== false)
    jobs.register({ name: 'feed-tick', scope: 'node', everyMs: 1000, quiet: true, run: () => feed.tick(deps.now().getTime()) });
  const bettingDeps: BettingDeps = {
    ...deps,
    sports: sportsState,
    liveDelayMs: config.betting.liveDelayMs,
    cashOutMarginBasisPoints: config.betting.cashOutMarginBasisPoints,
  };
  bettingRoutes(app, bettingDeps);
  const bettingWorker = bettingWorkerRegister(bettingDeps, jobs);
  if (!config.production) devMailboxRoutes(app, database.db);

  // Casino: the seamless wallet (for our studio and any configured provider), the hall, the house studio.
  const providers = externalProvidersLoad(config.casino.providersFile);
  await casinoCatalogueSeed(database.db, providers);
  const partners = new Map<string, string>([
    [HOUSE, config.casino.houseSecret ?? randomBytes(32).toString('hex')],
    ...providers.map((p) => [p.platform, p.secret] as [string, string]),
  ]);
  const wallet: SeamlessWalletDeps = { db: database.db, now: deps.now, partners, moneyActionGuard: deps.moneyActionGuard };
  const studio: StudioDeps = { db: database.db, now: deps.now, wallet, log: (message) => app.log.warn(message) };
  const hall: HallDeps = { db: database.db, now: deps.now, providers, tokenTtlMs: config.casino.tokenTtlMinutes * 60_000 };
  await casinoWalletRoutes(app, wallet, providerRateLimit);
  casinoRoutes(app, deps, hall, studio);
  // Rounds a crash left half-done are completed or refunded at start and then every minute (GLI-19 §4.16).
  jobs.register({ name: 'casino-rounds-recover', scope: 'leader', everyMs: CASINO_RECOVERY_MS, atStart: 'await', run: () => casinoRoundsRecover(studio) });

  // The sandbox PSP notifies our webhook over HTTP, in process: the same raw-body route a real PSP would call.
  const webhookSecret = config.paymentsWebhookSecret ?? randomBytes(32).toString('hex');
  const psp = sandboxPspCreate({
    secret: webhookSecret,
    now: deps.now,
    deliver: async (url, headers, rawBody) => {
      const answer = await app.inject({ method: 'POST', url, headers, payload: rawBody });
      return { status: answer.statusCode, body: answer.body };
    },
    log: (message, details) => app.log.info(details, message),
    store: sandboxStoreSql(database.db, deps.now),
    ...(config.sandboxPayoutDelayMs > 0 ? { payoutAnswerDelayMs: config.sandboxPayoutDelayMs } : {}),
  });
  const mpesaAllowlist = addressListOf(config.mpesaCallbackAllowlist);
  const payments: PaymentsDeps = { ...deps, webhookSecret, provider: psp, providerRateLimit, outbox, ...(mpesaAllowlist ? { mpesaAllowlist } : {}) };
  outboxHandlers[PAYIN_START_KIND] = payinStartOutboxHandler(payments, app.log);
  paymentsRoutes(app, { ...payments, opsToken: config.opsToken });
  await webhookRoutes(app, payments);
  // Approving a sandbox payment credits real balances, so the hosted pages exist only outside production.
  if (!config.production) await sandboxPagesRegister(app, { psp: payments.provider, now: deps.now });
  // Identity checks (decision 037): the sandbox identity provider notifies our webhook in process, signed like the PSP.
  const kycSecret = randomBytes(32).toString('hex');
  const idp = sandboxIdpCreate({
    secret: kycSecret,
    now: deps.now,
    deliver: async (url, headers, rawBody) => {
      const answer = await app.inject({ method: 'POST', url, headers, payload: rawBody });
      return { status: answer.statusCode, body: answer.body };
    },
  });
  await kycRoutes(app, { ...deps, idp, secret: kycSecret });
  if (!config.production) await sandboxKycPagesRegister(app, idp);
  jobs.register({ name: 'payin-expiry-sweep', scope: 'leader', everyMs: PAYIN_EXPIRY_SWEEP_MS, run: () => payinExpireSweep(database.db, deps.now()) });
  jobs.register({
    name: 'idempotency-purge',
    scope: 'leader',
    everyMs: IDEMPOTENCY_PURGE_MS,
    atStart: 'soon',
    run: () => idempotencyPurgeExpired(database.db, deps.now()),
  });
  // Payouts a crash left committed but never sent to the provider are sent at start and then every 30 s (decision 022);
  // the order id is the provider's idempotency key, so a pass that overlaps a leader change cannot pay twice.
  jobs.register({
    name: 'payout-resume',
    scope: 'leader',
    everyMs: PAYOUT_RESUME_SWEEP_MS,
    atStart: 'soon',
    run: () => payoutsAwaitingProviderResume(payments, app.log),
  });
  // Bonus engine (issue 17): campaigns seeded, then grants, wagering and expiry from durable events on the leader.
  await bonusCampaignsSeed(database.db, deps.now());
  jobs.register(bonusJobSpec(database.db, deps.now));
  jobs.register(messageEventsJobSpec(database.db, deps.now, realtime.bus));
  jobs.register(agentSettleJobSpec(database.db, deps.now));
  jobs.register(moneyRainJobSpec({ db: database.db, now: deps.now, realtime: realtime.bus, pushTrigger: () => void jobs.trigger(PUSH_DELIVER_JOB) }));
  // Loyalty (issue 18): its reward campaigns, then VIP points and task progress from the same durable facts.
  await loyaltyCampaignsSeed(database.db, deps.now());
  // Invites (decision 051): the campaign each brand's inviter rewards pay through.
  await referralCampaignsSeed(database.db, deps.now());
  // The installed-web-app reward (decision 053): one campaign per brand.
  await pwaCampaignsSeed(database.db, deps.now());
  jobs.register(loyaltyJobSpec(database.db, deps.now));
  jobs.register(loyaltyRankCloseJobSpec(database.db, deps.now));
  jobs.register(trackingRetentionJobSpec(database.db, deps.now, config.trackingRetentionDays));
  jobs.register(saferUsagePurgeJobSpec(database.db, deps.now));
  jobs.register(loyaltyCashbackJobSpec(database.db, deps.now));
  jobs.register(loyaltyRaffleJobSpec(database.db, deps.now));
  await webRoutes(app, config.webDist);

  app.addHook('onClose', async () => {
    await bettingWorker.stop();
    // Runs under way finish before the database closes; the lock goes with the connection, to the next node.
    await jobs.stop();
    feedUnfollowLeader();
    feedNode?.stop();
    await leadership.close();
    // What the last ticks published is stored before the database closes.
    await feed.persisted().catch((error: unknown) => app.log.error({ err: error }, 'storing the sports feed failed at shutdown'));
    sportsState.stop();
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
    sports: { feed, state: sportsState },
    lane,
    casino: { studio, hall, wallet },
    payments,
    kyc: { idp, secret: kycSecret },
    betting: { deps: bettingDeps, worker: bettingWorker },
    jobs,
    outbox,
    leadership,
    realtime,
  };
}
