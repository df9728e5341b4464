/**
 * The odds push rows (issue 24, decision 075): visitors' sockets on one node hear the feed's odds deltas. With the
 * simulator at speed 1 on a fresh store a delta's `to` is the wall-clock millisecond of the tick that made it (the
 * feed's version is its simulated time), so `received − to` is feed tick → on the client: the tick's play and
 * pricing, the delta, the fan-out and the client's read, on the same machine's clock. The fan-out alone is the spread
 * between the first and the last socket to receive one frame; the bare `ws` server broadcasts the same bytes to the
 * same number of sockets, spread measured the same way.
 */
import { createRequire } from 'node:module';

const serverRequire = createRequire(new URL('../../apps/server/package.json', import.meta.url));
const { WebSocket } = serverRequire('ws');

const TO = /"to":(\d+)/;

function percentile(sorted, p) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

/** Opens `urls` and records each frame's arrival: by key (the delta's `to`, or the broadcast's count) → times. */
async function swarmOpen(urls, keyOf) {
  const arrivals = new Map();
  const frames = [];
  const sockets = await Promise.all(
    urls.map(
      (url) =>
        new Promise((resolve, reject) => {
          const socket = new WebSocket(url, { perMessageDeflate: false });
          socket.on('message', (data) => {
            const at = Date.now();
            const text = String(data);
            const key = keyOf(text);
            if (key === undefined) return;
            let times = arrivals.get(key);
            if (!times) {
              arrivals.set(key, (times = []));
              frames.push(text);
            }
            times.push(at);
          });
          socket.once('open', () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
  return { arrivals, frames, close: () => sockets.forEach((socket) => socket.terminate()) };
}

/** Spreads (ms) of the frames every socket received. */
function spreadsOf(arrivals, count) {
  const spreads = [];
  for (const times of arrivals.values()) if (times.length === count) spreads.push(Math.max(...times) - Math.min(...times));
  return spreads.sort((a, b) => a - b);
}

/**
 * `socketUrl()` answers a fresh visitor socket URL (absolute ws://). Listens for `seconds`, then broadcasts
 * `broadcasts` copies of the largest delta heard through the bare server, one a second like the feed's ticks.
 */
export async function oddsPushRun({ socketUrl, bareBase, count, seconds, broadcasts = 10 }) {
  const urls = [];
  for (let index = 0; index < count; index += 1) urls.push(await socketUrl());
  const product = await swarmOpen(urls, (text) => (text.includes('"odds_changed"') && !text.includes('"matches":[]') ? Number(TO.exec(text)?.[1]) : undefined));
  let bare;
  try {
    // The first delta after the sockets opened may predate some of them: only frames after a settle are counted.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const from = Date.now();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const latencies = [];
    const complete = new Map();
    for (const [to, times] of product.arrivals) if (to > from && times.length === count) complete.set(to, times);
    for (const [to, times] of complete) for (const at of times) latencies.push(at - to);
    latencies.sort((a, b) => a - b);
    const productSpreads = spreadsOf(complete, count);
    const frame = product.frames.reduce((largest, text) => (text.length > largest.length ? text : largest), '');
    if (!frame) throw new Error('no odds delta reached every socket');

    let sent = 0;
    bare = await swarmOpen(
      urls.map(() => `${bareBase.replace('http', 'ws')}/`),
      () => sent,
    );
    for (let index = 0; index < broadcasts; index += 1) {
      sent += 1;
      await fetch(`${bareBase}/broadcast`, { method: 'POST', body: frame });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const bareSpreads = spreadsOf(bare.arrivals, count);
    return {
      deltas: complete.size,
      frameBytes: Buffer.byteLength(frame),
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      productSpreadMs: percentile(productSpreads, 50),
      bareSpreadMs: percentile(bareSpreads, 50),
    };
  } finally {
    product.close();
    bare?.close();
  }
}
