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
import type { TestProject } from 'vitest/node';
import { databaseOpen } from '../src/db/client.ts';
import { pgliteOptions } from '../src/db/pglite-options.ts';
import { MIGRATIONS_FOLDER } from '../src/server-paths.ts';
import { connectionsGone, pgAdmin } from './pg-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the dump of a migrated empty PGlite database. */
    pgliteDumpPath: string;
    /** The migrated empty PostgreSQL database test databases are copied from; '' without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

async function pgliteDumpWrite(path: string): Promise<void> {
  const client = new PGlite(pgliteOptions());
  try {
    await migrate(drizzle(client) as never, { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** Creates and migrates the template database; no connection to it stays open (CREATE DATABASE … TEMPLATE needs that). */
async function postgresTemplateCreate(serverUrl: string): Promise<string> {
  const name = `piranha_tpl_${randomBytes(6).toString('hex')}`;
  await pgAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await databaseOpen({ databaseUrl: url.toString(), poolMax: 2 });
  await database.close();
  await pgAdmin(serverUrl, (admin) => connectionsGone(admin, name));
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
    if (serverUrl && template) await pgAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
  };
}
