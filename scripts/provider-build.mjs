/**
 * Builds Orca Games, the provider process (apps/provider, decision 072), as `npm start` runs it: the server bundled
 * into `apps/provider/dist/provider.mjs` and the providers-file writer `npm start` calls into
 * `apps/provider/dist/providers-file.mjs`. The page's script and style stay files of `apps/provider/static`.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const PROVIDER = fileURLToPath(new URL('../apps/provider/', import.meta.url));

await build({
  entryPoints: { provider: join(PROVIDER, 'src/provider-server.ts'), 'providers-file': join(PROVIDER, 'src/orca-providers-file.ts') },
  // dist/ sits beside static/ as src/ does, so `../static/…` resolves the same from both.
  outdir: join(PROVIDER, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  banner: { js: "import { createRequire as orcaCreateRequire } from 'node:module'; const require = orcaCreateRequire(import.meta.url);" },
  // Fastify's logger starts workers by file path: it stays a file of node_modules, as in the server's bundle.
  external: ['pino', 'thread-stream', 'pino-*'],
});
