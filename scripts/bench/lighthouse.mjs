import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's Chromium, the browser of the e2e suite (performance-and-trust.md §1 row 27: no browser download). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags of a quiet, repeatable headless run: nothing in the background competes with the page. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * Total Blocking Time worked out from the CPU time of the page's main-thread tasks in Lighthouse's own trace:
 * Σ max(0, 4 × CPU − 50 ms) over the tasks from the first contentful paint to the trace's end, and the CPU time they
 * took. Lighthouse's TBT multiplies each task's wall time by 4; on a 2-core machine the browser's other threads, the
 * server and Lighthouse itself take the core from the page's thread for most of that wall time (2–2.5 × its CPU time
 * in decision 093's traces), so the wall figure moves with the machine's load far more than with the page. This one
 * moves with the page: compare builds by it, and quote Lighthouse's own figures as the goal's. Undefined figures when
 * the trace is missing.
 */
function traceCpuBlocking(trace) {
  const events = trace?.traceEvents ?? [];
  const threadNames = new Map();
  for (const event of events) if (event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, event.args?.name);
  // The page's renderer: the CrRendererMain thread that ran the most (the first about:blank renderer runs little).
  const busy = new Map();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph === 'X' && event.name === 'RunTask' && threadNames.get(thread) === 'CrRendererMain') busy.set(thread, (busy.get(thread) ?? 0) + event.dur);
  }
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  const firstPaint = events.find((event) => event.name === 'firstContentfulPaint' && `${event.pid}:${event.tid}` === main)?.ts;
  if (main === undefined || firstPaint === undefined) return { tbtCpuMs: undefined, cpuFromFcpMs: undefined };
  let tbtCpuMs = 0;
  let cpuFromFcpMs = 0;
  for (const event of events) {
    if (event.ph !== 'X' || event.name !== 'RunTask' || `${event.pid}:${event.tid}` !== main || event.ts < firstPaint || event.tdur === undefined) continue;
    const cpuMs = event.tdur / 1000;
    cpuFromFcpMs += cpuMs;
    tbtCpuMs += Math.max(0, 4 * cpuMs - 50);
  }
  return { tbtCpuMs, cpuFromFcpMs };
}

/** Why the Lighthouse rows cannot run, or undefined. */
export function lighthouseUnavailable() {
  if (!existsSync(CHROMIUM_PATH)) return `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`;
  return undefined;
}

/**
 * One Lighthouse mobile performance run (its defaults: simulated throttling, 150 ms RTT, 1.6 Mbps, 4× CPU) of `url` in
 * a fresh Chromium with a fresh profile, so nothing is cached: a new player's first visit. Answers the score (0–100),
 * FCP, LCP, TBT (ms), CLS, the requests and bytes of the load, and the machine's benchmark index (record it with the
 * figures: a loaded machine scores lower).
 */
export async function lighthouseRun(url) {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const userDataDir = await mkdtemp(join(tmpdir(), 'piranha-lighthouse-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, userDataDir, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue;
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const scriptBytes = requests.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      requests: requests.length,
      transferBytes: audit('total-byte-weight'),
      scriptBytes,
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
      renderBlocking: (lhr.audits['render-blocking-resources']?.details?.items ?? []).map((item) => item.url),
      ...traceCpuBlocking(result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass),
    };
  } finally {
    await chrome.kill();
    await rm(userDataDir, { recursive: true, force: true });
  }
}
