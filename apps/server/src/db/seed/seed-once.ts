import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../client.ts';
import { appSettings } from '../schema/index.ts';

/**
 * Runs a start-up seed only when what it writes changed since it last ran on this database: a row of app_settings
 * (`seed:<name>`) keeps the hash of the seed's content. The seeds are idempotent and ran on every start — a few
 * hundred ms of every restart on PGlite (docs/decisions/076-cold-start.md); now a restart reads one row per seed. A new
 * brand, game or default changes the hash and the seed runs again, adding what is missing as before. A row an
 * operator removed is no longer put back by every restart, only when the seed itself changes.
 */
export async function seedOnce(db: Db, name: string, content: unknown, seed: () => Promise<void>): Promise<void> {
  const key = `seed:${name}`;
  const version = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  const [row] = await rowsOf<{ value: unknown }>(db, sql`select value from app_settings where key = ${key}`);
  if (row?.value === version) return;
  await seed();
  await db
    .insert(appSettings)
    .values({ key, value: version })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: version, updatedAt: sql`now()` } });
}
