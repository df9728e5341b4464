import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './http-servers.mjs';
import { workerServerStart } from './processes.mjs';

/** The loyalty rows (issue 18, decision 045): the worker serves a filled board, or times a cash-back close. */
const run = promisify(execFile);
const serverRequire = createRequire(new URL('../../apps/server/package.json', import.meta.url));
const WORKER = fileURLToPath(new URL('./loyalty-worker.ts', import.meta.url));
const CONNECTION = { host: '127.0.0.1', port: 5432, user: 'postgres' };
const LOYALTY_BENCH_DATABASE = 'piranha_bench_loyalty';

async function psql(sql) {
  await run('psql', ['-h', CONNECTION.host, '-p', String(CONNECTION.port), '-U', CONNECTION.user, '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], {
    timeout: 60_000,
  });
}

/** The real server on PGlite with today's board holding `players` scores; resolves with its port and a session. */
export async function loyaltyBoardServerStart(players) {
  return workerServerStart('loyalty bench server', [serverRequire.resolve('tsx/cli'), WORKER, 'serve', String(players), 'pglite'], {
    cwd: REPO_ROOT,
    timeoutMs: 300_000,
  });
}

/** One cash-back day close over `players` players on a scratch PostgreSQL database. */
export async function loyaltyCashbackClose({ players = 100_000 } = {}) {
  await psql(`DROP DATABASE IF EXISTS ${LOYALTY_BENCH_DATABASE}`);
  await psql(`CREATE DATABASE ${LOYALTY_BENCH_DATABASE}`);
  try {
    const url = `postgres://${CONNECTION.user}@${CONNECTION.host}:${CONNECTION.port}/${LOYALTY_BENCH_DATABASE}`;
    const { stdout } = await run(process.execPath, [serverRequire.resolve('tsx/cli'), WORKER, 'cashback', String(players), url], {
      cwd: REPO_ROOT,
      timeout: 900_000,
      maxBuffer: 1024 * 1024,
    });
    return JSON.parse(stdout.trim().split('\n').pop());
  } finally {
    await psql(`DROP DATABASE IF EXISTS ${LOYALTY_BENCH_DATABASE}`).catch(() => {});
  }
}
