/**
 * The server test harness: the real app (`buildApp`) over a database of its own, driven through
 * `app.inject`. One database per test file: in-memory PGlite by default, or a fresh PostgreSQL database
 * when TEST_DATABASE_URL names a server (created here, dropped WITH (FORCE) when the file finishes); either starts as
 * a copy of the run's migrated empty database (global-setup.ts).
 * Only the true edges are replaced: the clock (pinned, moved by the test) and, where a test says so, geo.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { connectionsGone, pgAdmin } from './pg-admin.ts';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { configLoad } from '../src/config.ts';
import { databaseOpen, rowsOf, type Database, type Db } from '../src/db/client.ts';
import { kycChecks, playerLimits } from '../src/db/schema/index.ts';
import { saferMandatoryLimits } from '../src/modules/safer-play/safer-play.service.ts';
import { sessionIssue, sessionIssueForNewVisitor, type IssuedSession } from '../src/modules/session/session.service.ts';
import { userInsert } from '../src/modules/session/session.repository.ts';
import type { RouteDeps } from '../src/plugins/route.ts';
import type { GeoIpProvider } from '../src/providers/geo/geo-ip.ts';
import type { SportsFeed } from '../src/providers/feed/sports-feed.ts';
import type { Leadership } from '../src/jobs/leadership.ts';
import type { SQL } from 'drizzle-orm';

export { rowsOf };

/** A clock the app reads through `now`; tests move it instead of waiting. */
export interface TestClock {
  now: () => Date;
  advance: (ms: number) => void;
  set: (at: Date) => void;
}

export const CLOCK_START = new Date('2026-03-02T12:00:00.000Z');
export const DAY_MS = 24 * 3600 * 1000;

export function testClock(start: Date = CLOCK_START): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = at.getTime();
    },
  };
}

/** The database of one test file. */
export interface TestDatabase {
  database: Database;
  db: Db;
  driver: Database['driver'];
  /** postgres://… of the fresh database on PostgreSQL; undefined on PGlite. */
  url: string | undefined;
  close: () => Promise<void>;
}

function databaseUrlWithName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Closing twice is a no-op, so a test may cut the connection itself (health checks) before the harness tidies up. */
function closeOnce(database: Database): Database {
  let closing: Promise<void> | undefined;
  return { ...database, close: () => (closing ??= database.close()) };
}

let pgliteDump: Blob | undefined;

/** The migrated empty database test/global-setup.ts dumped for this run, read once per test file. */
function pgliteDumpOfRun(): Blob {
  pgliteDump ??= new Blob([readFileSync(inject('pgliteDumpPath'))]);
  return pgliteDump;
}

/**
 * Opens a migrated empty database for one test file: on PGlite loaded from the run's dump, on PostgreSQL copied from
 * the run's template database (test/global-setup.ts) — the same migrations, without paying for them per file.
 */
export async function testDatabaseCreate(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = closeOnce(await databaseOpen({ pgliteDump: pgliteDumpOfRun() }));
    return { database, db: database.db, driver: database.driver, url: undefined, close: () => database.close() };
  }
  const name = `piranha_t_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await pgAdmin(serverUrl, (admin) => admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`));
  const url = databaseUrlWithName(serverUrl, name);
  let database: Database;
  try {
    database = closeOnce(await databaseOpen({ databaseUrl: url, poolMax: 10 }));
  } catch (error) {
    await databaseDrop(serverUrl, name);
    throw error;
  }
  return {
    database,
    db: database.db,
    driver: database.driver,
    url,
    close: async () => {
      await database.close();
      await databaseDrop(serverUrl, name);
    },
  };
}

async function databaseDrop(serverUrl: string, name: string): Promise<void> {
  await pgAdmin(serverUrl, async (admin) => {
    await connectionsGone(admin, name);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

export interface TestAppOptions {
  /** Environment variables as the operator would set them (RATE_LIMIT_PER_IP, TRUSTED_PROXIES…). */
  env?: Record<string, string>;
  geo?: GeoIpProvider;
  clock?: TestClock;
  /** Share one file's database between several apps; otherwise the app gets (and later closes) its own. */
  database?: TestDatabase;
  /** A sports feed the test moves itself (no ticker), in place of the simulator. */
  feed?: SportsFeed;
  /** Turns the server's log on and sends its lines (JSON, one per call) here; off when absent. */
  logStream?: { write: (line: string) => void };
  /** Jobs the app runs only when triggered (the test runs their pass itself, on its clock). */
  jobsHeld?: readonly string[];
  /** Who leads the jobs, in place of the advisory lock (jobs-fixtures.ts: two nodes on one PGlite). */
  leadership?: Leadership;
  /** How long an API request waits at the start gate before SERVER_STARTING (default 15 s). */
  startGateWaitMs?: number;
}

export interface RequestInput {
  query?: Record<string, string | number | readonly string[]>;
  headers?: Record<string, string>;
  /** Sent as JSON unless `payload` is given. */
  body?: unknown;
  /** Raw payload, sent as is (malformed JSON, oversized bodies). */
  payload?: string;
  remoteAddress?: string;
}

export interface TestResponse {
  status: number;
  headers: LightMyRequestResponse['headers'];
  text: string;
  /** The parsed JSON body (undefined when the body is not JSON). */
  json: any;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  testDatabase: TestDatabase;
  deps: RouteDeps;
  built: BuiltApp;
  clock: TestClock;
  request: (method: 'GET' | 'POST', path: string, input?: RequestInput) => Promise<TestResponse>;
  get: (path: string, input?: RequestInput) => Promise<TestResponse>;
  post: (path: string, input?: RequestInput) => Promise<TestResponse>;
  /**
   * A new visitor with a live session on `appKey`, issued at the pinned clock's time. On a brand whose law asks a limit
   * of every player (Brazil: loss, decision 057) it holds one, as if set on the Safer play page, so it may deposit and
   * play; `{ mandatoryLimit: false }` gives the guest who never set it.
   */
  session: (appKey?: string, options?: PlayerOptions) => Promise<IssuedSession>;
  /**
   * A new registered (not tourist) player with a live session on `appKey`: one who may withdraw — their identity is
   * verified (an id checked out of band, so no CPF is compared with their PIX accounts; decision 037).
   */
  player: (appKey?: string, options?: PlayerOptions) => Promise<IssuedSession>;
  /** Raw SQL rows. */
  rows: <T>(query: SQL) => Promise<T[]>;
  close: () => Promise<void>;
}

export interface PlayerOptions {
  /** Seed the limit the brand's law asks of every player (default true; only brands whose law asks one get a row). */
  mandatoryLimit?: boolean;
}

/** The most a limit may be (contract `saferSignupLimitSchema`): in force, yet no test's stakes come near it. */
export const MANDATORY_LIMIT_FIXTURE_MINOR = 1_000_000_000_00;

/**
 * Gives the player the limits the brand's law asks of everyone (Brazil: a monthly loss limit, decision 057) — what a
 * registered player set at sign-up — as a row only, with no audit line, so tests that count audit rows are unchanged.
 */
export async function mandatoryLimitSeed(db: Db, userId: number, appKey: string, now: Date): Promise<void> {
  const { kinds, currency } = saferMandatoryLimits(appKey);
  for (const kind of kinds)
    await db
      .insert(playerLimits)
      .values({
        userId,
        kind,
        period: 'month',
        currency,
        amountMinor: MANDATORY_LIMIT_FIXTURE_MINOR,
        pendingAmountMinor: null,
        pendingAt: null,
        updatedAt: now,
      })
      .onConflictDoNothing();
}

export function queryString(query: RequestInput['query']): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function responseOf(response: LightMyRequestResponse): TestResponse {
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, headers: response.headers, text: response.body, json };
}

/** Builds the real app over a test database; call `close()` in afterAll. */
export async function testAppCreate(options: TestAppOptions = {}): Promise<TestApp> {
  const ownDatabase = !options.database;
  const testDatabase = options.database ?? (await testDatabaseCreate());
  const clock = options.clock ?? testClock();
  let built: BuiltApp;
  try {
    // DATABASE_URL is cleared so the operator's own environment can never point a test at a real database.
    // Tests see no built web app unless they ask for one, so results do not depend on whether `npm run build` ran.
    built = await buildApp(configLoad({ WEB_DIST: 'no-built-web-app-in-tests', ...options.env, DATABASE_URL: '' }), {
      logger: options.logStream !== undefined,
      ...(options.logStream ? { logStream: options.logStream } : {}),
      database: testDatabase.database,
      now: clock.now,
      ...(options.geo ? { geo: options.geo } : {}),
      ...(options.feed ? { feed: options.feed, feedTicker: false } : {}),
      ...(options.leadership ? { leadership: options.leadership } : {}),
      ...(options.jobsHeld ? { jobsHeld: options.jobsHeld } : {}),
      ...(options.startGateWaitMs !== undefined ? { startGateWaitMs: options.startGateWaitMs } : {}),
    });
  } catch (error) {
    if (ownDatabase) await testDatabase.close();
    throw error;
  }
  const { app } = built;

  const request = async (method: 'GET' | 'POST', path: string, input: RequestInput = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...input.headers };
    const injectOptions: InjectOptions = { method, url: `${path}${queryString(input.query)}`, headers };
    if (input.remoteAddress) injectOptions.remoteAddress = input.remoteAddress;
    if (input.payload !== undefined) {
      injectOptions.payload = input.payload;
      headers['content-type'] ??= 'application/json';
    } else if (input.body !== undefined) {
      injectOptions.payload = JSON.stringify(input.body);
      headers['content-type'] ??= 'application/json';
    }
    return responseOf(await app.inject(injectOptions));
  };

  return {
    app,
    db: testDatabase.db,
    testDatabase,
    deps: built.deps,
    built,
    clock,
    request,
    get: (path, input) => request('GET', path, input),
    post: (path, input) => request('POST', path, input),
    session: async (appKey = 'piranha', options = {}) => {
      const issued = await sessionIssueForNewVisitor(testDatabase.db, appKey, clock.now());
      if (options.mandatoryLimit !== false) await mandatoryLimitSeed(testDatabase.db, issued.uid, appKey, clock.now());
      return issued;
    },
    player: async (appKey = 'piranha', options = {}) => {
      const userId = await userInsert(testDatabase.db, appKey, false);
      if (options.mandatoryLimit !== false) await mandatoryLimitSeed(testDatabase.db, userId, appKey, clock.now());
      await testDatabase.db.insert(kycChecks).values({
        userId,
        state: 'verified',
        documentType: 'ID',
        documentNumber: `T${userId}`,
        birthDate: '1990-01-01',
        providerRef: `fixture_${userId}`,
        updatedAt: clock.now(),
      });
      return sessionIssue(testDatabase.db, userId, clock.now());
    },
    rows: (query) => rowsOf(testDatabase.db, query),
    close: async () => {
      await app.close();
      if (ownDatabase) await testDatabase.close();
    },
  };
}

/** The common query parameters of a signed-in request. */
export function signedIn(session: IssuedSession, extra: Record<string, string> = {}): Record<string, string> {
  return { uid: String(session.uid), sid: session.sid, ...extra };
}

/** Checks the envelope shape every /api answer has and returns it. */
export function envelopeOf(response: TestResponse): { dm_error: number; error_msg: string; data: any } {
  const body = response.json as { dm_error?: unknown; error_msg?: unknown; data?: unknown } | undefined;
  if (!body || typeof body.dm_error !== 'number' || typeof body.error_msg !== 'string' || !('data' in body)) {
    throw new Error(`not an envelope (HTTP ${response.status}): ${response.text.slice(0, 300)}`);
  }
  return body as { dm_error: number; error_msg: string; data: any };
}
