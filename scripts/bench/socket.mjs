/**
 * The socket fan-out row (issue 21, decision 036): deliveries per second on one node, beside a bare `ws` broadcast in
 * the same run. Both are driven the same way — `drivers` concurrent HTTP triggers for `seconds`, each trigger one event
 * to all `sockets` open sockets — and the frames are counted where they arrive. The product's trigger is the
 * operator's brand-message publish (a database write, then the bus, then the hub); the bare one writes the same-size
 * frame to every socket.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { childStart, childStop, portFree, httpWaitOk } from './processes.mjs';

const serverRequire = createRequire(new URL('../../apps/server/package.json', import.meta.url));
const { WebSocket } = serverRequire('ws');

export async function wsBroadcastServerStart() {
  const port = await portFree();
  const handle = childStart(process.execPath, [fileURLToPath(new URL('./ws-broadcast-server.mjs', import.meta.url))], {
    env: { ...process.env, PORT: String(port) },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await httpWaitOk(`${base}/broadcast`, handle, { startedAt: performance.now(), timeoutMs: 15_000, status: 404 });
  } catch (error) {
    await childStop(handle);
    throw error;
  }
  return { base, stop: () => childStop(handle) };
}

/** Opens the sockets; answers them with a shared count of frames received. */
export async function socketsOpen(urls) {
  const counter = { frames: 0 };
  const sockets = await Promise.all(
    urls.map(
      (url) =>
        new Promise((resolve, reject) => {
          const socket = new WebSocket(url, { perMessageDeflate: false });
          socket.on('message', () => {
            counter.frames += 1;
          });
          socket.once('open', () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
  return { counter, close: () => sockets.forEach((socket) => socket.terminate()) };
}

/** Triggers with `drivers` concurrent loops for `seconds` after a warm-up; answers deliveries/s and triggers/s. */
export async function fanOutRun({ trigger, counter, seconds, drivers = 4, warmupSeconds = 1 }) {
  let phase = 'warmup';
  let triggers = 0;
  let failures = 0;
  const loop = async () => {
    while (phase !== 'done') {
      const ok = await trigger().catch(() => false);
      if (phase === 'measure') {
        if (ok) triggers += 1;
        else failures += 1;
      }
    }
  };
  const loops = Array.from({ length: drivers }, loop);
  await new Promise((resolve) => setTimeout(resolve, warmupSeconds * 1000));
  phase = 'measure';
  const framesAt = counter.frames;
  const startedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const frames = counter.frames - framesAt;
  const elapsedS = (performance.now() - startedAt) / 1000;
  phase = 'done';
  await Promise.all(loops);
  return { deliveriesPerSecond: frames / elapsedS, triggersPerSecond: triggers / elapsedS, failures };
}
