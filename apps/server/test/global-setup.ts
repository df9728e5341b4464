/**
 * Runs once before the server suite (vitest.config.ts): makes the migrated empty database every test file starts
 * from, so a file pays for a copy instead of PGlite's initdb and every migration (seconds each on this machine kind,
 * times some 150 databases a run). On PGlite it is a dump the harness loads into each in-memory database; on
 * PostgreSQL (TEST_DATABASE_URL) a template database each test database is created from. Both are made from the
 * migrations of this checkout in this run, and removed when the run ends.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { databaseOpen } from '../src/db/client.ts';
import { MIGRATIONS_FOLDER } from '../src/server-paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the dump of a migrated empty PGlite database. */
    pgliteDumpPath: string;
    /** The migrated empty PostgreSQL database test databases are copied from; '' without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

async function pgliteDumpWrite(path: string): Promise<void> {
  const client = new PGlite();
  try {
    await migrate(drizzle(client) as never, { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** Creates and migrates the template database; no connection to it stays open (CREATE DATABASE … TEMPLATE needs that). */
async function postgresTemplateCreate(serverUrl: string): Promise<string> {
  const name = `piranha_tpl_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await databaseOpen({ databaseUrl: url.toString(), poolMax: 2 });
  await database.close();
  // pg's pool.end() resolves before its socket has closed: wait (up to 2 s) until the server sees no one connected.
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await admin.end();
  }
  return name;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'piranha-server-tests-'));
  const dumpPath = join(folder, 'migrated.tar');
  const serverUrl = process.env.TEST_DATABASE_URL;
  const [template] = await Promise.all([serverUrl ? postgresTemplateCreate(serverUrl) : Promise.resolve(''), pgliteDumpWrite(dumpPath)]);
  project.provide('pgliteDumpPath', dumpPath);
  project.provide('postgresTemplate', template);
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (serverUrl && template) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}
