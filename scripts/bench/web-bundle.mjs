import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { manifestEntryKey, manifestStaticKeys } from '../lib/vite-manifest.mjs';

/** architecture.md "Performance budgets" (issue 24): initial JS of any first route ≤ 120 KB as sent compressed. */
export const INITIAL_JS_BUDGET_BYTES = 120 * 1024;

/** The first routes measured, with the manifest key of each route's page chunk. */
export const ROUTES = [
  { route: '/#/game', page: 'src/pages/game-page.tsx' },
  { route: '/#/sport', page: 'src/pages/sport-page.tsx' },
  // A match opened from a shared link: the third route of the Lighthouse rows.
  { route: '/#/match-detail', page: 'src/pages/match-detail-page.tsx' },
  // The root opens the UI v3 casino home when it is on, and the game room's iframe opens a studio client.
  { route: '/#/home/slots', page: 'src/pages/home-slots-page.tsx' },
  { route: '/#/studio/<game>', page: 'src/pages/studio-page.tsx' },
];

/** Why the web rows cannot run, or undefined when the build and its Vite manifest are there. */
export function webBundleUnavailable(distDir) {
  if (!existsSync(join(distDir, 'index.html'))) return `no build at ${distDir}: run \`npm run build\` first`;
  if (!existsSync(join(distDir, '.vite', 'manifest.json'))) return `no ${join(distDir, '.vite/manifest.json')}: the build needs \`build.manifest: true\``;
  return undefined;
}

/**
 * The files a route loads before it can show anything: the entry chunk of index.html and its static
 * imports, then the route's page chunk and its static imports, each file once. Dynamic imports are
 * left out: they load later.
 */
export function routeInitialFiles(manifest, pageKey) {
  if (!manifest[pageKey]) throw new Error(`the manifest has no chunk for ${pageKey}`);
  const keys = manifestStaticKeys(manifest, pageKey, manifestStaticKeys(manifest, manifestEntryKey(manifest)));
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk.file.endsWith('.css')) css.add(chunk.file);
    else js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return { js: [...js], css: [...css] };
}

function gzipBytes(path) {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

/** Raw and gzip bytes of the JS and CSS a route loads first. */
export function routeInitialSize(distDir, pageKey) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const files = routeInitialFiles(manifest, pageKey);
  const total = (list) =>
    list.reduce(
      (sum, file) => {
        const path = join(distDir, file);
        return { raw: sum.raw + readFileSync(path).length, gzip: sum.gzip + gzipBytes(path) };
      },
      { raw: 0, gzip: 0 },
    );
  return { js: { ...total(files.js), files: files.js.length }, css: { ...total(files.css), files: files.css.length } };
}
