import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { REPO_ROOT } from './http-servers.mjs';
import { cpuMeterStart } from './cpu.mjs';
import { workerServerStart } from './processes.mjs';

const run = promisify(execFile);
const serverRequire = createRequire(new URL('../../apps/server/package.json', import.meta.url));
const WORKER = fileURLToPath(new URL('./betting-worker.ts', import.meta.url));
const CONNECTION = { host: '127.0.0.1', port: 5432, user: 'postgres' };
export const BETTING_BENCH_DATABASE = 'piranha_bench_betting';
const SINGLE_PASS = '/api/piranha/fb/proxy/v1/order/bet/singlePass';

async function psql(sql) {
  await run('psql', ['-h', CONNECTION.host, '-p', String(CONNECTION.port), '-U', CONNECTION.user, '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], {
    timeout: 60_000,
  });
}

/** A scratch PostgreSQL database for `body(url)`, dropped whatever happened. */
async function withScratchDatabase(body) {
  await psql(`DROP DATABASE IF EXISTS ${BETTING_BENCH_DATABASE}`);
  await psql(`CREATE DATABASE ${BETTING_BENCH_DATABASE}`);
  try {
    return await body(`postgres://${CONNECTION.user}@${CONNECTION.host}:${CONNECTION.port}/${BETTING_BENCH_DATABASE}`);
  } finally {
    await psql(`DROP DATABASE IF EXISTS ${BETTING_BENCH_DATABASE}`).catch(() => {});
  }
}

/** Starts the worker's real server with `players` funded players; resolves with its port, sessions and selection. */
async function bettingServerStart(players, target, env = process.env) {
  return workerServerStart('betting bench server', [serverRequire.resolve('tsx/cli'), WORKER, 'serve', String(players), target], { cwd: REPO_ROOT, env });
}

/**
 * Singles through POST order/bet/singlePass: each connection is one player (its own session), each request a fresh
 * Idempotency-Key, so every request is a real placement (auth, validation, idempotency, re-pricing, one transaction).
 * An answer with a non-zero dm_error counts as a failure.
 */
async function placementsRun(server, { connections, seconds, warmupSeconds = 2 }) {
  let nextPlayer = 0;
  let refused = 0;
  let firstRefusal;
  const body = JSON.stringify({ singleBetList: [{ unitStake: 100, oddsChange: 2, betOptionList: [server.option] }] });
  const options = {
    url: `http://127.0.0.1:${server.port}${SINGLE_PASS}`,
    connections,
    requests: [
      {
        method: 'POST',
        setupRequest: (request, context) => {
          context.session ??= server.sessions[nextPlayer++ % server.sessions.length];
          return {
            ...request,
            path: `${SINGLE_PASS}?uid=${context.session.uid}&sid=${context.session.sid}`,
            headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${randomBytes(9).toString('hex')}` },
            body,
          };
        },
        onResponse: (status, responseBody) => {
          if (status !== 200 || !responseBody.startsWith('{"dm_error":0')) {
            refused += 1;
            firstRefusal ??= `${status} ${responseBody.slice(0, 200)}`;
          }
        },
      },
    ],
  };
  if (warmupSeconds > 0) await autocannon({ ...options, duration: warmupSeconds });
  refused = 0;
  const meter = cpuMeterStart({ serverPid: server.pid });
  const result = await autocannon({ ...options, duration: seconds });
  const cpu = meter.stop(result.requests.total);
  return {
    cpu,
    connections,
    placementsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    refused: refused + result.errors + result.timeouts,
    firstRefusal,
  };
}

/**
 * G1: placements/s on PostgreSQL at each number of players, each with its own freshly funded players. `env` is the
 * server's environment (GROUP_COMMIT=off for the comparison row, decision 074).
 */
export async function bettingPlacementsPostgres({ seconds, players = [8, 32, 50], env = process.env }) {
  return withScratchDatabase(async (url) => {
    const server = await bettingServerStart(Math.max(...players), url, env);
    try {
      const runs = [];
      for (const connections of players) runs.push(await placementsRun(server, { connections, seconds }));
      return runs;
    } finally {
      await server.stop();
    }
  });
}

/** G2: placements/s on PGlite (the embedded database, one connection) through the same route. */
export async function bettingPlacementsPglite({ seconds, connections = 8 }) {
  const server = await bettingServerStart(connections, 'pglite');
  try {
    return await placementsRun(server, { connections, seconds });
  } finally {
    await server.stop();
  }
}

/**
 * Placement servers on one database (`'pglite'` or a PostgreSQL URL), one per environment, all up at once; `runs`
 * rounds of placements go through each in turn, so a busy minute on a shared machine falls on every server alike (the
 * logging and bonus rows compare them). Answers the median placements/s per server with the p50/p99 of its median run.
 */
async function placementsCompared(database, { seconds, envs, runs = 3, connections = 8 }) {
  const servers = [];
  try {
    for (const env of envs) servers.push(await bettingServerStart(connections, database, env));
    const results = servers.map(() => []);
    for (let round = 0; round < runs; round += 1) {
      for (const [index, server] of servers.entries())
        results[index].push(await placementsRun(server, { connections, seconds, warmupSeconds: round === 0 ? 2 : 0 }));
    }
    return results.map((entries) => entries.sort((a, b) => a.placementsPerSecond - b.placementsPerSecond)[Math.floor(entries.length / 2)]);
  } finally {
    for (const server of servers) await server.stop();
  }
}

/** `placementsCompared` on embedded PGlite, one data directory per server. */
export function bettingPlacementsPgliteCompared(options) {
  return placementsCompared('pglite', options);
}

/** `placementsCompared` on PostgreSQL, every server on one scratch database. */
export function bettingPlacementsPostgresCompared(options) {
  return withScratchDatabase((url) => placementsCompared(url, options));
}

/** Issue 17: the bonus engine's contribution passes over `bets` settled singles of players wagering a bonus. */
export async function bonusWagering({ bets = 10_000 } = {}) {
  return settlementWorkerRun('wager', bets);
}

/** G6: one settlement pass over `bets` open singles on PostgreSQL. */
export async function bettingSettlement({ bets = 10_000 } = {}) {
  return settlementWorkerRun('settle', bets);
}

async function settlementWorkerRun(mode, bets) {
  return withScratchDatabase(async (url) => {
    const { stdout } = await run(process.execPath, [serverRequire.resolve('tsx/cli'), WORKER, mode, String(bets), url], {
      cwd: REPO_ROOT,
      timeout: 600_000,
      maxBuffer: 1024 * 1024,
    });
    return JSON.parse(stdout.trim().split('\n').pop());
  });
}
