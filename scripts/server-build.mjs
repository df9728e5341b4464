/**
 * Builds what `npm start` runs (docs/decisions/017-first-screen.md): the server bundled into one ES module with esbuild
 * (`apps/server/dist/server.mjs`), so a start loads one file instead of transforming ~200 TypeScript files through tsx,
 * and the empty migrated PGlite database a new DATA_DIR is copied from (`apps/server/dist/pglite-template`, remade only
 * when PGlite or a migration changed). Our own workspaces (@piranha/*, TypeScript sources) and most npm packages are
 * bundled; a few stay files of node_modules (KEPT_AS_FILES).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER = fileURLToPath(new URL('../apps/server/', import.meta.url));

/**
 * Packages that stay files of node_modules, loaded as they are: PGlite (its WASM and data files sit beside its code),
 * the native argon2 binding, the geo database (found by path), pino and its worker (they start workers by file path),
 * and the PostgreSQL and Redis clients (loaded only when DATABASE_URL / REDIS_URL ask for them, so kept out of the file
 * every start parses), and what Fastify requires only on demand: its JSON schema compilers with Ajv and
 * fast-json-stringify (never: routes are checked by zod, decision 103; Fastify's error serializer loads one small file of
 * fast-json-stringify) and light-my-request (`inject`, for tests). Everything else is bundled: one file to read instead of
 * ~120 packages' files to resolve.
 */
const KEPT_AS_FILES =
  /^(?:@electric-sql\/pglite|@node-rs\/argon2|@ip-location-db\/|pino|thread-stream|pg|pg-native|pg-[a-z-]+|ioredis|@fastify\/ajv-compiler|@fastify\/fast-json-stringify-compiler|fast-json-stringify|light-my-request)(?:\/|$)/;

// The last build's modules go first: chunk names carry a hash, and stale ones would pile up beside the new ones.
const DIST = join(SERVER, 'dist');
for (const name of existsSync(DIST) ? readdirSync(DIST) : []) if (/\.mjs(?:\.map)?$/.test(name)) rmSync(join(DIST, name));

await build({
  entryPoints: { server: join(SERVER, 'src/server.ts'), 'db-template': join(SERVER, 'src/db/template-cli.ts') },
  // dist/ is one level below the server's root, as src/ is: src/server-paths.ts resolves the same folders from both.
  outdir: DIST,
  outExtension: { '.js': '.mjs' },
  // What a start does not need is its own file, loaded when asked for: the PostgreSQL driver and its Drizzle adapter
  // (only with DATABASE_URL) no longer load with the embedded default (decision 076).
  splitting: true,
  // Beside the entries: src/server-paths.ts finds the server's folders from a module one level below its root.
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // Stack traces need the mappings, not a second copy of every source: without it the map node reads at every start
  // (--enable-source-maps) is a third of the size (decision 087).
  sourcesContent: false,
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  // Bundled CommonJS packages that require() a kept package get Node's own require, resolved from the bundle's folder.
  banner: { js: "import { createRequire as piranhaCreateRequire } from 'node:module'; const require = piranhaCreateRequire(import.meta.url);" },
  plugins: [
    {
      name: 'kept-as-files',
      setup(context) {
        context.onResolve({ filter: KEPT_AS_FILES }, (args) => (args.kind === 'entry-point' ? undefined : { external: true }));
      },
    },
  ],
});

const template = spawnSync(process.execPath, [join(SERVER, 'dist/db-template.mjs')], { stdio: 'inherit' });
if (template.status !== 0) process.exit(template.status ?? 1);
