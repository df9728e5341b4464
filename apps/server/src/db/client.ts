import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type every repository takes: the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** What both drivers' clients (pg Pool / PoolClient, PGlite / its transaction) answer a query with. */
interface DriverClient {
  query: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;
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
  return { client: client as DriverClient, toQuery: (query) => dialect.sqlToQuery!(query) };
}

/**
 * Rows of a raw SQL query, straight on the driver's client: no Drizzle result mapping and no per-call type parsers
 * (on PGlite those cost more than a simple statement). Integers come back as numbers or strings depending on the
 * driver (int8 is a string on pg), timestamps as Date: callers convert with Number() and never read raw timestamps.
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const driver = driverOf(db);
  if (!driver) return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const { sql: text, params } = driver.toQuery(query);
  return (await driver.client.query(text, params)).rows as T[];
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** postgres://… uses PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  poolMax?: number;
}

/** Opens the database and applies every committed migration. */
export async function databaseOpen(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 20 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, driver: 'pglite', close: () => client.close() };
}
