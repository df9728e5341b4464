import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client.ts';
import type { PgliteLockOwner } from './db/pglite-lock.ts';
import type { PgliteStarted } from './db/pglite-start.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import type { Leadership } from './jobs/leadership.ts';
import type { BettingDeps } from './modules/betting/betting-deps.ts';
import type { BettingWorker } from './modules/betting/betting-worker.ts';
import type { CasinoModule } from './modules/casino/casino.module.ts';
import type { OutboxDeps } from './modules/outbox/outbox.service.ts';
import type { PaymentsModule } from './modules/payments/payments.module.ts';
import type { OddsPush } from './modules/sports/odds-push.ts';
import type { SportsState } from './modules/sports/sports-state.ts';
import type { PollLane } from './plugins/poll-lane.ts';
import type { RouteDeps } from './plugins/route.ts';
import type { SportsFeed } from './providers/feed/sports-feed.ts';
import type { GeoIpProvider } from './providers/geo/geo-ip.ts';
import type { MailProvider } from './providers/mail/mail.ts';
import type { Realtime } from './realtime/realtime.ts';

/** What `buildApp` (app.ts) takes in place of what it would open itself: tests stand in clocks, feeds, leaders. */
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
  /**
   * Jobs registered but never run by their timer or at start, only when triggered: a test that runs a pass itself on
   * its own clock (the Crash-live rounds, the money-rain announcements) and must not race the app's own.
   */
  jobsHeld?: readonly string[];
  /** Who leads the jobs, in place of the advisory lock on `database` (tests stand a lock server in for PGlite). */
  leadership?: Leadership;
  /** Who holds the PGlite folder, as a second opener is told (default: the Piranha server on PORT). */
  lockOwner?: PgliteLockOwner;
  /** The embedded database already starting: server.ts starts it before the server's modules load (decision 076). */
  pgliteStarting?: Promise<PgliteStarted>;
  /** How long an API request waits at the start gate before SERVER_STARTING (plugins/start-gate.ts; default 15 s). */
  startGateWaitMs?: number;
}

/** The built server and what tests reach into. */
export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  deps: RouteDeps;
  sports: { feed: SportsFeed; state: SportsState; oddsPush: OddsPush };
  /** The poll lane ahead of Fastify (tests read its counts). */
  lane: PollLane;
  casino: CasinoModule;
  /** The payments module's dependencies: the sandbox PSP and the webhook secret (tests sign and forge with them). */
  payments: PaymentsModule['payments'];
  /** The sandbox identity provider and its webhook secret (tests decide, sign and replay with them). */
  kyc: PaymentsModule['kyc'];
  /** The betting module's dependencies and its feed follower (tests run its passes by hand). */
  betting: { deps: BettingDeps; worker: BettingWorker };
  /** Every periodic task (jobs/job-runner.ts; `stats` feeds /metrics) and whether this node leads them. */
  jobs: JobRunner;
  /** The general outbox's delivery (decision 042): tests run its passes by hand and stand handlers in. */
  outbox: OutboxDeps;
  leadership: Leadership;
  /** The real-time socket: its bus (publish), this node's sockets, the ticket signer (decision 036). */
  realtime: Realtime;
  /**
   * Resolves once the start's `await` jobs ran after `app.ready()` (the runner's `start`): until then the API waits at
   * the start gate and /readyz answers not ready.
   */
  started: Promise<void>;
}
