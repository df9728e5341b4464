import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images, fonts and archives are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map|wasm)$/;

/** Below this a compressed copy saves less than the bytes of one more header line and a second file. */
const COMPRESS_BYTES_MIN = 256;

/** Every file of the build the server may serve: dot folders (Vite's own `.vite/manifest.json`) are not served. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(
      (path) =>
        !relative(dir, path)
          .split(/[\\/]/)
          .some((part) => part.startsWith('.')),
    );
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of the build, once, at build time, with the
 * slowest and smallest settings (brotli 11, gzip 9): the server sends whichever the browser accepts
 * (apps/server/src/modules/web) and never compresses a static file per request. A copy that would not be smaller is
 * not written. `index.html` is left out: the server fills it per brand and compresses each brand's page itself.
 */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'piranha-precompress',
    apply: 'build',
    configResolved(config) {
      // An absolute outDir (a build beside the tree's, for an A/B) stays as given.
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((path) => COMPRESSIBLE.test(path) && relative(outDir, path) !== 'index.html');
      await Promise.all(
        files.map(async (path) => {
          const source = await readFile(path);
          if (source.length < COMPRESS_BYTES_MIN) return;
          const [brotli, gzipped] = await Promise.all([
            brotliAsync(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          if (brotli.length < source.length) await writeFile(`${path}.br`, brotli);
          if (gzipped.length < source.length) await writeFile(`${path}.gz`, gzipped);
        }),
      );
    },
  };
}
