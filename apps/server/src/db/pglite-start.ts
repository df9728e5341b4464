import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { startPhases } from '../lib/start-phases.ts';
import { pgliteOptions } from './pglite-options.ts';
import { MIGRATIONS_FOLDER } from '../server-paths.ts';
import { pgliteLockAcquire, type PgliteLock, type PgliteLockOwner } from './pglite-lock.ts';
import { pgliteDataDirPrepare, type PgliteDataDirOrigin } from './pglite-template.ts';

/**
 * The embedded database's first steps, apart from the rest of the server so that server.ts can take them before the
 * server's modules load (docs/decisions/076-cold-start.md): the data directory's lock, the copy of the template into a
 * new one, and the PGlite instance, whose WASM module, file system bundle and PostgreSQL start then load while the
 * server's code does. db/client.ts finishes the opening (settings, migrations, Drizzle).
 */
export interface PgliteStartOptions {
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  /** A migrated empty PGlite database (db/pglite-template.ts) a new `dataDir` is copied from while it is current. */
  templateDir?: string | undefined;
  /** A dump of a migrated empty database an in-memory database starts from (the server tests' template). */
  pgliteDump?: Blob | undefined;
  /** Who opens a PGlite `dataDir`, named to a second process the lock refuses (db/pglite-lock.ts). */
  lockOwner?: PgliteLockOwner;
}

export interface PgliteStarted {
  /** Starting: its queries wait until it is ready, and fail if it could not start. */
  client: PGlite;
  lock: PgliteLock | undefined;
  /** PGlite on disk: whether the data directory was there, copied from the template, or left to initdb. */
  dataDirOrigin: PgliteDataDirOrigin | undefined;
}

/** Takes the lock, readies the data directory and starts PGlite; on failure the lock is released. */
export async function pgliteStart(options: PgliteStartOptions): Promise<PgliteStarted> {
  let lock: PgliteLock | undefined;
  if (options.dataDir) {
    mkdirSync(dirname(options.dataDir), { recursive: true });
    // Before anything touches the folder: one process at a time (a second one stops here, naming the first).
    lock = pgliteLockAcquire(options.dataDir, options.lockOwner ?? { role: 'another Piranha process' });
  }
  try {
    let dataDirOrigin: PgliteDataDirOrigin | undefined;
    if (options.dataDir) {
      dataDirOrigin = await pgliteDataDirPrepare(options.dataDir, options.templateDir, MIGRATIONS_FOLDER);
      mkdirSync(options.dataDir, { recursive: true });
      startPhases.mark('data dir ready');
    }
    const client = options.dataDir
      ? new PGlite(options.dataDir, pgliteOptions())
      : new PGlite(pgliteOptions(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}));
    return { client, lock, dataDirOrigin };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
