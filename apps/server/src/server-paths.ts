import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Folders the server reads at run time, found from this file. It sits one level below the server's root, as does the
 * bundle `npm start` runs (`dist/server.mjs`, scripts/server-build.mjs): the same URL works from either, so keep it here
 * and resolve every such path through it.
 */
export const SERVER_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const REPO_ROOT = join(SERVER_ROOT, '..', '..');
export const MIGRATIONS_FOLDER = join(SERVER_ROOT, 'src', 'db', 'migrations');
/** The migrated empty PGlite database a fresh DATA_DIR is copied from (made by `npm start`'s build step). */
export const PGLITE_TEMPLATE_DIR = join(SERVER_ROOT, 'dist', 'pglite-template');
