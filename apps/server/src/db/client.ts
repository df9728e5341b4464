import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../server-paths.ts';
import type { PgliteLock } from './pglite-lock.ts';
import { pgliteStart, type PgliteStarted, type PgliteStartOptions } from './pglite-start.ts';
import { pgliteMigrationsCurrent, pgliteMigrationsMark, type PgliteDataDirOrigin } from './pglite-template.ts';
import * as schema from './schema/index.ts';
import { sqlRender } from './sql-render.ts';
import { isTransaction } from './transaction.ts';

export type Schema = typeof schema;
/** The one database type every repository takes: the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** What both drivers' clients (pg Pool / PoolClient, PGlite / its transaction) answer a query with. */
interface DriverClient {
  query: ((text: string, params: unknown[]) => Promise<{ rows: unknown[] }>) &
    ((config: { name: string; text: string; values: unknown[] }) => Promise<{ rows: unknown[] }>);
  /** PGlite only: the simple query protocol. */
  exec?: (text: string) => Promise<{ rows: unknown[] }[]>;
}

/**
 * A parameter as a quoted SQL literal, untyped like a parameter (PostgreSQL infers its type from the context the same
 * way), or undefined for a value this does not write in (then the statement keeps its parameters). Only the single
 * quote is special inside a literal under standard_conforming_strings, which `databaseOpen` sets on PGlite.
 */
function literalOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else if (value instanceof Date) text = value.toISOString();
  else return undefined;
  if (text.includes('\0')) return undefined;
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The statement with `$n` placeholders replaced by their values as literals, or undefined when a value cannot be
 * written in. Placeholders are only looked for outside quoted strings, quoted identifiers, dollar quotes and comments.
 */
/** Every parameter as a literal, or undefined when one cannot be written in. */
function literalsOf(params: readonly unknown[]): string[] | undefined {
  const literals: string[] = [];
  for (const param of params) {
    const literal = literalOf(param);
    if (literal === undefined) return undefined;
    literals.push(literal);
  }
  return literals;
}

export function paramsInlined(text: string, params: readonly unknown[]): string | undefined {
  const literals = literalsOf(params);
  if (!literals) return undefined;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    const next = text[i + 1];
    let end = i + 1;
    if (char === "'" || char === '"') {
      end = text.indexOf(char, i + 1);
      while (end !== -1 && text[end + 1] === char) end = text.indexOf(char, end + 2);
      if (end === -1) return undefined;
      end += 1;
    } else if (char === '-' && next === '-') {
      end = text.indexOf('\n', i);
      if (end === -1) end = text.length;
    } else if (char === '/' && next === '*') {
      end = text.indexOf('*/', i + 2);
      if (end === -1) return undefined;
      end += 2;
    } else if (char === '$') {
      const placeholder = /^\$(\d+)/.exec(text.slice(i, i + 12));
      if (placeholder) {
        const literal = literals[Number(placeholder[1]) - 1];
        if (literal === undefined) return undefined;
        out += literal;
        i += placeholder[0].length;
        continue;
      }
      const tag = /^\$[A-Za-z_]*\$/.exec(text.slice(i, i + 64));
      if (tag) {
        end = text.indexOf(tag[0], i + tag[0].length);
        if (end === -1) return undefined;
        end += tag[0].length;
      }
    }
    out += text.slice(i, end);
    i = end;
  }
  return out;
}

/** The driver client under a Drizzle database or transaction, and the dialect that renders its SQL. */
function driverOf(db: DbOrTx): { client: DriverClient; toQuery: (query: SQL) => { sql: string; params: unknown[] } } | undefined {
  const inner = db as unknown as {
    session?: { client?: Partial<DriverClient> };
    dialect?: { sqlToQuery?: (query: SQL) => { sql: string; params: unknown[] } };
  };
  const client = inner.session?.client;
  const dialect = inner.dialect;
  if (typeof client?.query !== 'function' || typeof dialect?.sqlToQuery !== 'function') return undefined;
  return { client: client as DriverClient, toQuery: (query) => sqlRender(query) ?? dialect.sqlToQuery!(query) };
}

/** Names prepared on each PGlite database (a PGlite instance is one session, so one set each). */
const pglitePrepared = new WeakMap<object, Set<string>>();

async function pglitePreparedRun(
  client: DriverClient & { exec: (text: string) => Promise<{ rows: unknown[] }[]> },
  name: string,
  text: string,
  params: readonly unknown[],
): Promise<unknown[] | undefined> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a statement name: ${name}`);
  const args = literalsOf(params);
  if (!args) return undefined;
  let names = pglitePrepared.get(client);
  if (!names) pglitePrepared.set(client, (names = new Set()));
  if (!names.has(name)) {
    await client.exec(`PREPARE ${name} AS ${text}`);
    names.add(name);
  }
  const results = await client.exec(`EXECUTE ${name}${args.length > 0 ? `(${args.join(', ')})` : ''}`);
  return results[results.length - 1]?.rows ?? [];
}

/**
 * Rows of a raw SQL query, straight on the driver's client: no Drizzle result mapping and no per-call type parsers
 * (on PGlite those cost more than a simple statement). Integers come back as numbers or strings depending on the
 * driver (int8 is a string on pg), timestamps as Date: callers convert with Number() and never read raw timestamps.
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL, prepared?: string): Promise<T[]> {
  const driver = driverOf(db);
  if (!driver) return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const { sql: text, params } = driver.toQuery(query);
  // On pg a hot statement may be prepared once per connection under a name (its shape must not vary without the
  // name varying too): PostgreSQL then skips parsing and planning it on every call.
  if (prepared !== undefined && !driver.client.exec) return (await driver.client.query({ name: prepared, text, values: params })).rows as T[];
  // On PGlite the same: PREPARE once per database, then EXECUTE with the values as literals — outside transactions
  // only, so a statement is never prepared by a transaction that then fails.
  if (prepared !== undefined && driver.client.exec && !isTransaction(db)) {
    const executed = await pglitePreparedRun(driver.client as DriverClient & Required<Pick<DriverClient, 'exec'>>, prepared, text, params);
    if (executed) return executed as T[];
  }
  // PGlite runs the extended protocol as six calls into the engine (parse, describe, bind, describe, execute,
  // sync), which cost more than most statements; the simple protocol is one. pg keeps real parameters.
  const inlined = driver.client.exec ? paramsInlined(text, params) : undefined;
  if (inlined !== undefined) {
    const results = await driver.client.exec!(inlined);
    return (results[results.length - 1]?.rows ?? []) as T[];
  }
  return (await driver.client.query(text, params)).rows as T[];
}

/** What a pg client (pg 8.23) exposes for pipelining and for its transaction's state; PGlite has neither. */
interface PgClientState {
  pipeline: boolean;
  getTransactionStatus: () => string | null;
}

function pgClientOf(tx: DbOrTx): PgClientState | undefined {
  const client = driverOf(tx)?.client as Partial<PgClientState> | undefined;
  if (!client || typeof client.getTransactionStatus !== 'function' || typeof client.pipeline !== 'boolean') return undefined;
  return client as PgClientState;
}

/**
 * Lets the queries issued on a transaction's connection go out without waiting for the previous one's answer (pg's
 * pipeline mode: each query is still its own Parse/Bind/Execute/Sync, answered in order, a failure its own). Returns
 * the function that turns it back off, or undefined when the driver cannot pipeline (PGlite): the caller then sends
 * them one after another. Only for a connection the caller holds alone, turned off before it is handed back.
 */
export function pipelineEnter(tx: Tx): (() => void) | undefined {
  const client = pgClientOf(tx);
  if (!client || client.pipeline) return undefined;
  client.pipeline = true;
  return () => {
    client.pipeline = false;
  };
}

/**
 * Whether a transaction is known to be in a failed state (a statement failed and nobody rolled back to a savepoint):
 * its COMMIT would answer ROLLBACK without an error. pg reports the state each answer leaves (ReadyForQuery); on
 * PGlite it is asked with a statement, which fails in a failed transaction.
 */
export async function transactionFailed(tx: Tx): Promise<boolean> {
  const client = pgClientOf(tx);
  if (client) return client.getTransactionStatus() !== 'T';
  try {
    await rowsOf(tx, sql`select 1`);
    return false;
  } catch {
    return true;
  }
}

/** What a pipelined transaction uses of a pg pool client (pg 8.23), which it holds alone until it releases it. */
interface PgPooledClient {
  query: (text: string) => Promise<{ command: string }>;
  /** Given an error, the connection is closed instead of going back to the pool. */
  release: (destroy?: Error) => void;
  pipeline: boolean;
  connection?: { stream?: { cork?: () => void; uncork?: () => void } };
}

interface PipelinePool {
  connect: () => Promise<PgPooledClient>;
  /** A transaction handle on one pool client (made once per client): what a pipelined transaction's statements get. */
  handleOf: (client: PgPooledClient) => Tx;
}

/** The PostgreSQL databases `databaseOpen` opened, and their pools: only those run pipelined transactions. */
const pipelinePools = new WeakMap<Db, PipelinePool>();

/** How a pipelined transaction ended. */
export type PipelinedOutcome =
  /** COMMIT succeeded: every statement's write is in. `results` are the statements' own outcomes, in order. */
  | { kind: 'committed'; results: PromiseSettledResult<unknown>[] }
  /** A statement failed (or a caller swallowed its failure): PostgreSQL answered the COMMIT with ROLLBACK; nothing written. */
  | { kind: 'rolled back' };

/**
 * PostgreSQL only: ONE transaction on a pool connection of its own, sent as one pipeline — BEGIN, the statements and
 * COMMIT in one write, answered in one wait (db/group-commit.ts, decision 074). Undefined, having done nothing, for
 * PGlite and for any handle other than the database `databaseOpen` opened (a test's proxy around it runs its own way).
 *
 * Each `statements[i]` must send exactly ONE statement on the handle it is given, before its first `await`, and decide
 * nothing after it (it may map the statement's error and throw another): COMMIT is on the wire behind them before any
 * answer arrives. A failed statement aborts the transaction, so COMMIT answers ROLLBACK and nothing is written:
 * `rolled back`. When one sent none, or more, before its first await, the transaction waits for every statement to
 * end, then commits only if all succeeded (else it is rolled back: `rolled back`).
 *
 * Throws when the connection, BEGIN or COMMIT failed (a deferred constraint, the disk, a lost connection): nothing was
 * committed then, or — the connection lost after COMMIT left — nobody can know, as for any statement; callers answer
 * the error and clients retry by their idempotency keys.
 */
export async function pipelinedTransaction(db: Db, statements: readonly ((tx: Tx) => Promise<unknown>)[]): Promise<PipelinedOutcome | undefined> {
  const pool = pipelinePools.get(db);
  if (!pool) return undefined;
  const client = await pool.connect();
  let lost: Error | undefined;
  try {
    const { begin, results, commit } = pipelineSend(client, pool.handleOf(client), statements);
    const beginTag = await begin;
    const settled = await results;
    // COMMIT not sent yet (a statement was not sent when started): sent now, and only if every statement succeeded.
    const tag = await (commit ?? tagOf(client.query(settled.some((result) => result.status === 'rejected') ? 'rollback' : 'commit')));
    if (tag instanceof Error) throw (lost = tag);
    if (beginTag instanceof Error) throw (lost = beginTag);
    return tag === 'COMMIT' ? { kind: 'committed', results: settled } : { kind: 'rolled back' };
  } finally {
    client.pipeline = false;
    // A connection whose BEGIN or COMMIT failed is not trusted again: closed, not returned to the pool.
    client.release(lost);
  }
}

/**
 * A query's command tag, or its error: settled as soon as it is sent, so a lost connection rejecting BEGIN or COMMIT
 * while the statements are awaited is never an unhandled rejection.
 */
function tagOf(query: Promise<{ command: string }>): Promise<string | Error> {
  return query.then(
    (answer) => answer.command,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
}

/**
 * Sends BEGIN and starts the statements on `client` in pipeline mode, in one write; COMMIT too when each statement sent
 * exactly one query before its first await (counted on the client's `query` while they start). `begin` and `commit`
 * resolve to their command tags or errors (`tagOf`).
 */
function pipelineSend(
  client: PgPooledClient,
  tx: Tx,
  statements: readonly ((tx: Tx) => Promise<unknown>)[],
): { begin: Promise<string | Error>; results: Promise<PromiseSettledResult<unknown>[]>; commit: Promise<string | Error> | undefined } {
  const send = client.query;
  const ownQuery = Object.prototype.hasOwnProperty.call(client, 'query');
  const stream = client.connection?.stream;
  const sent = statements.map(() => 0);
  let current = -1;
  client.pipeline = true;
  // One write for all of it: each query corks and uncorks the socket itself, inside this.
  stream?.cork?.();
  try {
    const begin = tagOf(send.call(client, 'begin'));
    client.query = ((...args: unknown[]) => {
      if (current >= 0) sent[current]! += 1;
      return (send as (...args: unknown[]) => Promise<{ command: string }>).apply(client, args);
    }) as PgPooledClient['query'];
    const running = statements.map((statement, index) => {
      current = index;
      try {
        return statement(tx);
      } catch (error) {
        return Promise.reject(error);
      }
    });
    current = -1;
    const results = Promise.allSettled(running);
    const commit = sent.every((count) => count === 1) ? tagOf(send.call(client, 'commit')) : undefined;
    return { begin, results, commit };
  } finally {
    if (ownQuery) client.query = send;
    else Reflect.deleteProperty(client, 'query');
    stream?.uncork?.();
  }
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** PGlite on disk: whether the data directory was there, copied from the template, or made by initdb. */
  dataDirOrigin?: PgliteDataDirOrigin;
  /** PostgreSQL: the pool's connections now, and the requests waiting for one (/metrics). PGlite has no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close: () => Promise<void>;
  /**
   * PostgreSQL only: a connection of its own, outside the pool, for what lives as long as a session does (the jobs'
   * leader lock, jobs/leadership.ts). PGlite is one session in one process and has none.
   */
  connectionOpen?: () => Promise<DedicatedConnection>;
}

/** A connection outside the pool: its session-level state (an advisory lock) lasts until `end` or a broken socket. */
export interface DedicatedConnection {
  query: <T>(text: string) => Promise<T[]>;
  /** Called once if the connection breaks; the session and what it held are gone. */
  onLost: (listener: (error: Error) => void) => void;
  end: () => Promise<void>;
}

export interface DatabaseOptions extends PgliteStartOptions {
  /** postgres://… uses PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  poolMax?: number;
  /** The embedded database already starting (server.ts starts it before the server's modules load). */
  pgliteStarting?: Promise<PgliteStarted>;
}

/** Opens the database and applies every committed migration. */
export async function databaseOpen(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Loaded only here: the embedded default never pays for the PostgreSQL driver at start.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 20 });
    // An idle pooled connection the server closes (a restart, a killed backend) emits 'error' on the pool, and an
    // EventEmitter's unhandled 'error' ends the process. The pool drops that connection and opens another when asked.
    pool.on('error', (error) => console.warn(`an idle database connection was lost: ${error.message}`));
    // A connection lost while checked out (a PostgreSQL restart or failover, a terminated backend) rejects the queries
    // in flight, which their callers answer, and then emits 'error' on its client, which the pool listens to only
    // while the client is idle: unheard, that error would end the process. Heard here for the client's whole life.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Nodes starting together on a new database would run the same migrations at once and collide; one at a time,
    // the later ones find them applied.
    const lockHolder = await pool.connect();
    try {
      await lockHolder.query(`select pg_advisory_lock(hashtext('piranha:migrate:' || current_database() || ':' || current_schema()))`);
      await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      // Ending the session releases the lock whatever happened; the connection is not returned to the pool.
      lockHolder.release(true);
    }
    const databaseUrl = options.databaseUrl;
    const connectionOpen = async (): Promise<DedicatedConnection> => {
      const client = new pg.Client({ connectionString: databaseUrl });
      const lost: ((error: Error) => void)[] = [];
      let ending = false;
      const tell = (error: Error) => {
        if (!ending) lost.splice(0).forEach((listener) => listener(error));
      };
      // A broken socket emits 'error' (unhandled, it would crash the process) or just 'end' when the server closed it.
      client.on('error', tell);
      client.on('end', () => tell(new Error('the database closed the connection')));
      await client.connect();
      return {
        query: async <T>(text: string) => (await client.query(text)).rows as T[],
        onLost: (listener) => void lost.push(listener),
        end: () => {
          ending = true;
          return client.end();
        },
      };
    };
    const handles = new WeakMap<PgPooledClient, Tx>();
    pipelinePools.set(db, {
      connect: () => pool.connect() as unknown as Promise<PgPooledClient>,
      handleOf: (client) => {
        let handle = handles.get(client);
        if (!handle) {
          // Drizzle on the one pooled client, marked as a transaction (it is inside one while statements use it): code
          // that defers work until a commit (transactionScope) then does so.
          const onClient = drizzlePg(client as never, { schema });
          handle = Object.create(onClient, {
            rollback: {
              value: () => {
                throw new Error('a pipelined transaction ends at its COMMIT; a statement fails to roll it back');
              },
            },
          }) as Tx;
          handles.set(client, handle);
        }
        return handle;
      },
    });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, driver: 'postgres', poolStats, close: () => pool.end(), connectionOpen };
  }
  // Started by server.ts before the server's modules loaded, or here.
  const { client, lock, dataDirOrigin } = await (options.pgliteStarting ?? pgliteStart(options));
  try {
    return await pgliteOpen(options, client, lock, dataDirOrigin);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function pgliteOpen(
  options: DatabaseOptions,
  client: PGlite,
  lock: PgliteLock | undefined,
  dataDirOrigin: PgliteDataDirOrigin | undefined,
): Promise<Database> {
  // rowsOf writes parameters in as literals on PGlite: only the single quote may be special inside them.
  await client.exec('SET standard_conforming_strings = on');
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // A data directory stamped with the current migrations (by the last start, or by the template it was copied from)
  // has them all: Drizzle's check (reading every file, several statements) is skipped, as it is for a database loaded
  // from a template's dump. Anything else is migrated.
  const migrated = options.dataDir ? pgliteMigrationsCurrent(options.dataDir, MIGRATIONS_FOLDER) : Boolean(options.pgliteDump);
  if (!migrated) {
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    if (options.dataDir) pgliteMigrationsMark(options.dataDir, MIGRATIONS_FOLDER);
  }
  const close = async () => {
    try {
      await client.close();
    } finally {
      lock?.release();
    }
  };
  return { db, driver: 'pglite', ...(dataDirOrigin ? { dataDirOrigin } : {}), close };
}
