import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childStart, childStop, httpWaitOk, portFree } from './processes.mjs';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const serverRequire = createRequire(new URL('../../apps/server/package.json', import.meta.url));

/**
 * Starts the bare Fastify hello route in its own process; resolves once it answers. `bytesFile` adds `/bytes`
 * (`bytesUrl`), sending that file's bytes.
 */
export async function helloServerStart({ bytesFile } = {}) {
  const port = await portFree();
  const env = { ...process.env, PORT: String(port), ...(bytesFile ? { BYTES_FILE: bytesFile } : {}) };
  const handle = childStart(process.execPath, [fileURLToPath(new URL('./hello-server.mjs', import.meta.url))], { env });
  const url = `http://127.0.0.1:${port}/hello`;
  const bytesUrl = `http://127.0.0.1:${port}/bytes`;
  try {
    await httpWaitOk(url, handle, { startedAt: performance.now(), timeoutMs: 15_000 });
  } catch (error) {
    await childStop(handle);
    throw error;
  }
  return { url, bytesUrl, stop: () => childStop(handle) };
}

/**
 * Starts the replay server (`replay-server.mjs`) answering every request with the answer recorded in `answerFile`;
 * resolves once it answers (with `status`, the recorded one).
 */
export async function replayServerStart({ answerFile, status }) {
  const port = await portFree();
  const handle = childStart(process.execPath, [fileURLToPath(new URL('./replay-server.mjs', import.meta.url))], {
    env: { ...process.env, PORT: String(port), ANSWER_FILE: answerFile },
  });
  const url = `http://127.0.0.1:${port}/`;
  try {
    await httpWaitOk(url, handle, { startedAt: performance.now(), timeoutMs: 15_000, status });
  } catch (error) {
    await childStop(handle);
    throw error;
  }
  return { url, stop: () => childStop(handle) };
}

/**
 * Starts the real server (apps/server/src/server.ts under tsx, as `npm start` does) on a fresh PGlite in a
 * temporary DATA_DIR, and measures the cold start: spawn → first 200 from /healthz. tsx's CLI is run with
 * this node directly rather than through `npx`, so npm's own start-up is not counted as the server's.
 */
export async function productServerStart(extraEnv = {}) {
  const port = await portFree();
  const dataDir = await mkdtemp(join(tmpdir(), 'piranha-bench-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // One client hammers the API from one IP: the per-IP limit (1,200/min) would answer 1029 to nearly all of it.
    RATE_LIMIT_PER_IP: '1000000000',
    ...extraEnv,
  };
  // The embedded database is what is measured; never a PostgreSQL or Redis the caller's shell points at.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const startedAt = performance.now();
  const handle = childStart(process.execPath, [serverRequire.resolve('tsx/cli'), 'apps/server/src/server.ts'], { env, cwd: REPO_ROOT });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await childStop(handle, 10_000);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const coldStartMs = await httpWaitOk(`${base}/healthz`, handle, { startedAt, timeoutMs: 120_000 });
    return { base, coldStartMs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
