import { createHash } from 'node:crypto';
import { constants, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { pgliteOptions } from './pglite-options.ts';

/**
 * A fresh embedded database costs PGlite an initdb and every migration: seconds at start on this machine kind. `npm
 * start`'s build step makes that database once, empty and migrated (the template), and a server whose DATA_DIR is new
 * copies it instead (docs/decisions/017-first-screen.md). The template carries a stamp of what made it — the PGlite
 * version and every migration — and is used only while the stamp matches, so a stale template is never copied.
 */

/**
 * In a template and in every data directory made from one or migrated by the server: the stamp of the migrations it
 * holds. A start that finds the current stamp skips Drizzle's migration check (~0.1–0.4 s of a restart here).
 */
const STAMP_FILE = 'piranha-migrations.sha256';

/** The installed PGlite's version (its package.json is not exported: found above its entry file). */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Stamps computed in this process, by migrations folder: a start checks the template and the copy against one. */
const stamps = new Map<string, string>();

/** What a template must have been made with: the PGlite build and the exact migrations (journal and SQL). */
export function pgliteTemplateStamp(migrationsFolder: string): string {
  let stamp = stamps.get(migrationsFolder);
  if (stamp === undefined) stamps.set(migrationsFolder, (stamp = stampCompute(migrationsFolder)));
  return stamp;
}

function stampCompute(migrationsFolder: string): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${pgliteVersion()}\n`);
  const journalText = readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8');
  hash.update(journalText);
  const journal = JSON.parse(journalText) as { entries: { tag: string }[] };
  for (const { tag } of journal.entries) hash.update(readFileSync(join(migrationsFolder, `${tag}.sql`)));
  return hash.digest('hex');
}

/** True when `templateDir` holds a template made with these migrations and this PGlite. */
export function pgliteTemplateCurrent(templateDir: string, migrationsFolder: string): boolean {
  const stampPath = join(templateDir, STAMP_FILE);
  return existsSync(stampPath) && readFileSync(stampPath, 'utf8') === pgliteTemplateStamp(migrationsFolder);
}

/**
 * Makes (or remakes) the template: a PGlite database in a folder beside it, migrated, closed cleanly, stamped, then
 * moved into place, so a half-made template is never seen as one. Answers false when it was current already.
 */
export async function pgliteTemplateEnsure(templateDir: string, migrationsFolder: string): Promise<boolean> {
  if (pgliteTemplateCurrent(templateDir, migrationsFolder)) return false;
  const building = `${templateDir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const client = new PGlite(building, pgliteOptions());
  try {
    await migrate(drizzle(client) as never, { migrationsFolder });
    // initdb's two template databases serve only CREATE DATABASE, which the embedded database never runs: without
    // them a new data directory is ~1,030 files instead of ~1,630, and its copy at a cold start about half as long.
    await client.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
    await client.exec('DROP DATABASE template0');
    await client.exec('DROP DATABASE template1');
  } finally {
    await client.close();
  }
  writeFileSync(join(building, STAMP_FILE), pgliteTemplateStamp(migrationsFolder));
  rmSync(templateDir, { recursive: true, force: true });
  renameSync(building, templateDir);
  return true;
}

/** How a PGlite data directory came to be ready: it was there, it was copied from the template, or PGlite made it. */
export type PgliteDataDirOrigin = 'existing' | 'template' | 'initdb';

/** Files copied at once: enough to keep libuv's four threads busy, few enough not to run out of descriptors. */
const COPIES_AT_ONCE = 16;

/**
 * Copies the folder tree `from` to `to` (which must not exist): the folders first, then the files several at a time
 * through libuv's thread pool — the event loop stays free for the rest of the start — as copy-on-write clones where
 * the file system has them. About 1,030 files for an empty database: `cpSync` checked and copied them one by one on
 * the main thread (~0.4 s of a quiet start, over a second on a loaded machine).
 */
async function treeCopy(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { withFileTypes: true, recursive: true });
  const target = (entry: { parentPath: string; name: string }) => join(to, relative(from, join(entry.parentPath, entry.name)));
  await mkdir(to);
  for (const entry of entries) if (entry.isDirectory()) await mkdir(target(entry), { recursive: true });
  const files = entries.filter((entry) => !entry.isDirectory());
  const odd = files.find((entry) => !entry.isFile());
  if (odd) throw new Error(`the database template holds ${join(odd.parentPath, odd.name)}, neither a file nor a folder`);
  let next = 0;
  const copier = async () => {
    while (next < files.length) {
      const entry = files[next++]!;
      await copyFile(join(entry.parentPath, entry.name), target(entry), constants.COPYFILE_FICLONE);
    }
  };
  await Promise.all(Array.from({ length: COPIES_AT_ONCE }, copier));
}

/** What a start killed while copying left beside `dataDir` (`<name>.copying-<pid>`): never a database, only removed. */
async function copiesLeftRemove(dataDir: string): Promise<void> {
  const prefix = `${basename(dataDir)}.copying-`;
  const parent = dirname(dataDir);
  const left = existsSync(parent) ? readdirSync(parent).filter((name) => name.startsWith(prefix)) : [];
  await Promise.all(left.map((name) => rm(join(parent, name), { recursive: true, force: true })));
}

/**
 * Readies `dataDir` before PGlite opens it: an existing database is left alone; a new one is copied from a current
 * template; otherwise PGlite runs initdb itself (no template built, or a stale one) and the migrations run as before.
 * The caller holds the data directory's lock (db/pglite-lock.ts): no other process copies beside it.
 */
export async function pgliteDataDirPrepare(dataDir: string, templateDir: string | undefined, migrationsFolder: string): Promise<PgliteDataDirOrigin> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return 'existing';
  if (!templateDir || !pgliteTemplateCurrent(templateDir, migrationsFolder)) return 'initdb';
  // Only into a folder that is absent or empty: anything else there is left to PGlite, as before templates.
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return 'initdb';
  rmSync(dataDir, { recursive: true, force: true });
  // Copied beside it and renamed: a start killed mid-copy leaves no half database where the next start looks, and the
  // next start clears what it left before copying again.
  await copiesLeftRemove(dataDir);
  const copying = `${dataDir}.copying-${process.pid}`;
  // The stamp comes along: the copy holds exactly the template's migrations.
  await treeCopy(templateDir, copying);
  renameSync(copying, dataDir);
  return 'template';
}

/** True when `dataDir` was migrated (or copied from a template) with exactly these migrations and this PGlite. */
export function pgliteMigrationsCurrent(dataDir: string, migrationsFolder: string): boolean {
  return pgliteTemplateCurrent(dataDir, migrationsFolder);
}

/** Records that every migration of `migrationsFolder` has been applied to `dataDir` (after they were). */
export function pgliteMigrationsMark(dataDir: string, migrationsFolder: string): void {
  writeFileSync(join(dataDir, STAMP_FILE), pgliteTemplateStamp(migrationsFolder));
}
