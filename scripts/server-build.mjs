/**
 * Builds what `npm start` runs (docs/decisions/017-first-screen.md): the server bundled into one ES module with esbuild
 * (`apps/server/dist/server.mjs`), so a start loads one file instead of transforming ~200 TypeScript files through tsx,
 * and the empty migrated PGlite database a new DATA_DIR is copied from (`apps/server/dist/pglite-template`, remade only
 * when PGlite or a migration changed). Our own workspaces (@piranha/*, TypeScript sources) are bundled; every npm
 * package stays an import of node_modules, as PGlite finds its WASM files beside its own code.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER = fileURLToPath(new URL('../apps/server/', import.meta.url));

const ownOrRelative = /^(?:\.|\/|@piranha\/)/;

await build({
  entryPoints: { server: join(SERVER, 'src/server.ts'), 'db-template': join(SERVER, 'src/db/template-cli.ts') },
  // dist/ is one level below the server's root, as src/ is: src/server-paths.ts resolves the same folders from both.
  outdir: join(SERVER, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-external',
      setup(context) {
        context.onResolve({ filter: /.*/ }, (args) => (args.kind === 'entry-point' || ownOrRelative.test(args.path) ? undefined : { external: true }));
      },
    },
  ],
});

const template = spawnSync(process.execPath, [join(SERVER, 'dist/db-template.mjs')], { stdio: 'inherit' });
if (template.status !== 0) process.exit(template.status ?? 1);
