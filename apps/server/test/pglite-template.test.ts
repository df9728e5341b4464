import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseOpen, rowsOf } from '../src/db/client.ts';
import { pgliteDataDirPrepare, pgliteTemplateCurrent, pgliteTemplateEnsure } from '../src/db/pglite-template.ts';
import { MIGRATIONS_FOLDER } from '../src/server-paths.ts';

/**
 * Cold start (issue 24): a new DATA_DIR is copied from an empty migrated database made at build time instead of
 * running initdb and every migration at start — and only while that template matches PGlite and the migrations.
 * Embedded databases only: PostgreSQL has no data directory of ours.
 */

let scratch: string;
let templateDir: string;

const journalEntries = (JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'piranha-template-test-'));
  templateDir = join(scratch, 'template');
  expect(await pgliteTemplateEnsure(templateDir, MIGRATIONS_FOLDER)).toBe(true);
}, 180_000);
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the empty database template', () => {
  it('is made once: a second build finds it current and leaves it', async () => {
    expect(pgliteTemplateCurrent(templateDir, MIGRATIONS_FOLDER)).toBe(true);
    expect(await pgliteTemplateEnsure(templateDir, MIGRATIONS_FOLDER)).toBe(false);
  });

  it('gives a new data directory every migration without running any, then the copy opens as an existing database', async () => {
    const dataDir = join(scratch, 'fresh', 'pglite');
    const first = await databaseOpen({ dataDir, templateDir });
    try {
      expect(first.dataDirOrigin).toBe('template');
      const applied = await rowsOf<{ count: number }>(first.db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
      expect(Number(applied[0]!.count)).toBe(journalEntries);
      // Only the database the server uses: initdb's templates are left out of the copy (fewer files to copy).
      const databases = await rowsOf<{ datname: string }>(first.db, sql`select datname from pg_database order by datname`);
      expect(databases.map((row) => row.datname)).toEqual(['postgres']);
      // The copy is a working database, not a read-only snapshot.
      await first.db.execute(sql`insert into users (app_key) values ('piranha')`);
    } finally {
      await first.close();
    }
    // The copy carries the template's stamp: its next start skips the migration check.
    expect(readFileSync(join(dataDir, 'piranha-migrations.sha256'), 'utf8')).toBe(readFileSync(join(templateDir, 'piranha-migrations.sha256'), 'utf8'));
    const again = await databaseOpen({ dataDir, templateDir });
    try {
      expect(again.dataDirOrigin).toBe('existing');
      // PGlite zero-fills its shared buffers at every start: the start's command line keeps them at 32 MB whatever the
      // data directory's postgresql.conf says (initdb's 128 MB cost ~0.4 s of each start, decision 087).
      const buffers = await rowsOf<{ shared_buffers: string }>(again.db, sql`show shared_buffers`);
      expect(buffers[0]!.shared_buffers).toBe('32MB');
      const users = await rowsOf<{ count: number }>(again.db, sql`select count(*)::int as count from users`);
      expect(Number(users[0]!.count)).toBe(1);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('is copied whole after a start killed mid-copy: what that start left is cleared, never opened', async () => {
    const dataDir = join(scratch, 'killed', 'pglite');
    // A copy cut short, as a kill leaves it: beside the data directory, under the dead start's pid, half there.
    const left = `${dataDir}.copying-424242`;
    mkdirSync(join(left, 'base'), { recursive: true });
    cpSync(join(templateDir, 'PG_VERSION'), join(left, 'PG_VERSION'));
    writeFileSync(join(left, 'base', 'half-a-relation'), 'cut short');
    expect(existsSync(dataDir)).toBe(false);
    const database = await databaseOpen({ dataDir, templateDir });
    try {
      expect(database.dataDirOrigin).toBe('template');
      const applied = await rowsOf<{ count: number }>(database.db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
      expect(Number(applied[0]!.count)).toBe(journalEntries);
      expect(existsSync(left)).toBe(false);
      expect(readdirSync(join(scratch, 'killed')).filter((name) => name.includes('.copying-'))).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('stamps a database PGlite made itself once migrated, and migrates one whose stamp is stale', async () => {
    const dataDir = join(scratch, 'no-template', 'pglite');
    const made = await databaseOpen({ dataDir });
    try {
      expect(made.dataDirOrigin).toBe('initdb');
    } finally {
      await made.close();
    }
    const stamp = join(dataDir, 'piranha-migrations.sha256');
    expect(readFileSync(stamp, 'utf8')).toBe(readFileSync(join(templateDir, 'piranha-migrations.sha256'), 'utf8'));
    // A stamp from other migrations (an older build's) is not believed: the check runs and the stamp is renewed.
    writeFileSync(stamp, 'an older build');
    const reopened = await databaseOpen({ dataDir });
    try {
      const applied = await rowsOf<{ count: number }>(reopened.db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
      expect(Number(applied[0]!.count)).toBe(journalEntries);
    } finally {
      await reopened.close();
    }
    expect(readFileSync(stamp, 'utf8')).toBe(readFileSync(join(templateDir, 'piranha-migrations.sha256'), 'utf8'));
  }, 180_000);

  it('is not used once a migration changed since it was made (PGlite makes the database as before)', async () => {
    const migrations = join(scratch, 'migrations-changed');
    cpSync(MIGRATIONS_FOLDER, migrations, { recursive: true });
    const journal = JSON.parse(readFileSync(join(migrations, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    appendFileSync(join(migrations, `${journal.entries.at(-1)!.tag}.sql`), '\n-- changed after the template was made\n');
    expect(pgliteTemplateCurrent(templateDir, migrations)).toBe(false);
    const dataDir = join(scratch, 'stale', 'pglite');
    expect(await pgliteDataDirPrepare(dataDir, templateDir, migrations)).toBe('initdb');
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
  });

  it('is not used when none was built, and never copied over a folder that already holds something', async () => {
    expect(await pgliteDataDirPrepare(join(scratch, 'none', 'pglite'), join(scratch, 'no-template'), MIGRATIONS_FOLDER)).toBe('initdb');
    expect(await pgliteDataDirPrepare(join(scratch, 'none', 'pglite'), undefined, MIGRATIONS_FOLDER)).toBe('initdb');
    const occupied = join(scratch, 'occupied');
    mkdirSync(occupied, { recursive: true });
    writeFileSync(join(occupied, 'notes.txt'), 'keep me');
    expect(await pgliteDataDirPrepare(occupied, templateDir, MIGRATIONS_FOLDER)).toBe('initdb');
    expect(readFileSync(join(occupied, 'notes.txt'), 'utf8')).toBe('keep me');
  });
});
