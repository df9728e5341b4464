import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './http-servers.mjs';

const run = promisify(execFile);
const serverRequire = createRequire(new URL('../../apps/server/package.json', import.meta.url));
const WORKER = fileURLToPath(new URL('./casino-worker.ts', import.meta.url));
const CONNECTION = { host: '127.0.0.1', port: 5432, user: 'postgres' };
export const CASINO_BENCH_DATABASE = 'piranha_bench_casino';

async function worker(args, timeoutMs) {
  const { stdout } = await run(process.execPath, [serverRequire.resolve('tsx/cli'), WORKER, ...args], {
    cwd: REPO_ROOT,
    timeout: timeoutMs,
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').pop());
}

/** Raw HMAC-SHA256/s (C_hmac) and provably-fair slot simulation rounds/s, one core, in a child process. */
export async function casinoRng({ seconds }) {
  return worker(['rng', String(seconds)], (2 * seconds + 60) * 1000);
}

async function psql(sql) {
  await run('psql', ['-h', CONNECTION.host, '-p', String(CONNECTION.port), '-U', CONNECTION.user, '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], {
    timeout: 60_000,
  });
}

/** Slot rounds/s through the studio and the signed seamless wallet on a scratch PostgreSQL database. */
export async function casinoWalletRounds({ seconds }) {
  await psql(`DROP DATABASE IF EXISTS ${CASINO_BENCH_DATABASE}`);
  await psql(`CREATE DATABASE ${CASINO_BENCH_DATABASE}`);
  try {
    const url = `postgres://${CONNECTION.user}@${CONNECTION.host}:${CONNECTION.port}/${CASINO_BENCH_DATABASE}`;
    return await worker(['wallet', String(seconds), url], (seconds + 120) * 1000);
  } finally {
    await psql(`DROP DATABASE IF EXISTS ${CASINO_BENCH_DATABASE}`).catch(() => {});
  }
}
