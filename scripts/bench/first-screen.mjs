import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './http-servers.mjs';
import { childStart, childStop, httpWaitOk, portFree } from './processes.mjs';
import { processCpuMs } from './cpu.mjs';
import { routeInitialFiles } from './web-bundle.mjs';

/**
 * Issue 24, "First screen" and "Cold start": the server as `npm start` runs it (the bundle and the database template
 * that `npm run build` makes), what a browser receives from it, and how soon it answers its first page.
 */

export const SERVER_BUNDLE = join(REPO_ROOT, 'apps/server/dist/server.mjs');

/** What Chromium sends, over plain HTTP to this machine too. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** Why these rows cannot run, or undefined. */
export function serverBundleUnavailable() {
  if (!existsSync(SERVER_BUNDLE)) return `no server bundle at ${SERVER_BUNDLE}: run \`npm run build\` first`;
  return undefined;
}

/**
 * Starts `apps/server/dist/server.mjs` as `npm start` does (node directly, so npm's own start-up is not counted) on
 * `dataDir`, and measures spawn → first 200 on `/` (the player's first page, the brand's index.html).
 */
export async function bundleServerStart({ dataDir, env = {} }) {
  const port = await portFree();
  const childEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_IP: '1000000000',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  const startedAt = performance.now();
  const handle = childStart(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { env: childEnv, cwd: REPO_ROOT });
  const base = `http://127.0.0.1:${port}`;
  try {
    const firstPageMs = await httpWaitOk(`${base}/`, handle, { startedAt, timeoutMs: 120_000, pollMs: 5 });
    return { base, firstPageMs, cpuMs: processCpuMs(handle.child.pid), stop: () => childStop(handle, 10_000) };
  } catch (error) {
    await childStop(handle);
    throw error;
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Cold start, `runs` times each: a new DATA_DIR (copied from the template), the same DATA_DIR again (a restart with
 * data), and a new DATA_DIR without the template (what a start cost before it: PGlite's initdb and every migration).
 * Answers the median and every figure, in ms, and the median CPU time the server had used by its first page.
 */
export async function coldStarts({ runs = 3 } = {}) {
  const figures = { fresh: [], existing: [], freshWithoutTemplate: [] };
  const cpu = { fresh: [], existing: [], freshWithoutTemplate: [] };
  for (let run = 0; run < runs; run += 1) {
    const dataDir = await mkdtemp(join(tmpdir(), 'piranha-bench-cold-'));
    try {
      const fresh = await bundleServerStart({ dataDir });
      figures.fresh.push(fresh.firstPageMs);
      cpu.fresh.push(fresh.cpuMs);
      await fresh.stop();
      const existing = await bundleServerStart({ dataDir });
      figures.existing.push(existing.firstPageMs);
      cpu.existing.push(existing.cpuMs);
      await existing.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    const bareDir = await mkdtemp(join(tmpdir(), 'piranha-bench-cold-'));
    try {
      const bare = await bundleServerStart({ dataDir: bareDir, env: { PGLITE_TEMPLATE_DIR: '' } });
      figures.freshWithoutTemplate.push(bare.firstPageMs);
      cpu.freshWithoutTemplate.push(bare.cpuMs);
      await bare.stop();
    } finally {
      await rm(bareDir, { recursive: true, force: true });
    }
  }
  const cpuMedian = (list) => (list.every((value) => value !== undefined) ? median(list) : undefined);
  return Object.fromEntries(Object.entries(figures).map(([name, list]) => [name, { medianMs: median(list), allMs: list, cpuMedianMs: cpuMedian(cpu[name]) }]));
}

/** One GET as a browser sends it, without decoding: the bytes on the wire (body) and the coding the server chose. */
function wireGet(url) {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve({ status: response.statusCode, bytes, encoding: response.headers['content-encoding'] ?? 'identity' }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * The JavaScript a route needs before it can draw (index.html's entry chunk, the route's page chunk and their static
 * imports, from the Vite manifest), each file fetched from the running server as Chromium asks for it: the bytes a
 * phone receives, not a size computed from the build. Answers the wire and raw totals and the codings seen.
 */
export async function routeInitialWireBytes(base, distDir, pageKey) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const { js } = routeInitialFiles(manifest, pageKey);
  let wire = 0;
  let raw = 0;
  const encodings = new Set();
  for (const file of js) {
    const answer = await wireGet(`${base}/${file}`);
    if (answer.status !== 200) throw new Error(`GET /${file} answered ${answer.status}`);
    wire += answer.bytes;
    raw += readFileSync(join(distDir, file)).length;
    encodings.add(answer.encoding);
  }
  return { files: js.length, wireBytes: wire, rawBytes: raw, encodings: [...encodings] };
}

/**
 * Each language's catalogue as the running server sends it (web decision 059): the boot part every first screen
 * waits for (boot loads it beside the route's scripts; the page preloads the brand's own) and the rest, which only
 * lazy pages load. Chunks named in the Vite manifest as `src/i18n/locales/<locale>.json?part=boot|rest`.
 */
export async function catalogueWireBytes(base, distDir) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const parts = {};
  for (const chunk of Object.values(manifest)) {
    const [, locale, part] = /^src\/i18n\/locales\/([A-Za-z-]+)\.json\?part=(boot|rest)$/.exec(chunk.src ?? '') ?? [];
    if (!locale) continue;
    const answer = await wireGet(`${base}/${chunk.file}`);
    if (answer.status !== 200) throw new Error(`GET /${chunk.file} answered ${answer.status}`);
    (parts[locale] ??= {})[part] = answer.bytes;
  }
  if (Object.keys(parts).length === 0) throw new Error('the manifest names no catalogue part (src/i18n/locales/<locale>.json?part=boot)');
  return parts;
}

/** The id of a match the feed lists, for /#/match-detail. */
export async function matchIdAny(base) {
  const listed = await (await fetch(`${base}/api/piranha/v1/match/list/get?page_limit=1`)).json();
  const id = listed?.data?.records?.[0]?.id;
  if (listed?.dm_error !== 0 || id === undefined) throw new Error(`list/get answered ${JSON.stringify(listed).slice(0, 200)}`);
  return id;
}

export { median };
