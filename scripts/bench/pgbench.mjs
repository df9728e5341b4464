import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cpuMeterStart } from './cpu.mjs';

const run = promisify(execFile);

/** performance-and-trust.md §1: PostgreSQL on TCP at 127.0.0.1, user postgres with trust authentication. */
const CONNECTION = ['-h', '127.0.0.1', '-p', '5432', '-U', 'postgres'];
export const PGBENCH_DATABASE = 'piranha_bench';

async function commandAvailable(command) {
  try {
    await run(command, ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** Why the pgbench row cannot run here, or undefined when it can. */
export async function pgbenchUnavailable() {
  for (const command of ['pgbench', 'psql']) if (!(await commandAvailable(command))) return `${command} not installed`;
  try {
    await run('psql', [...CONNECTION, '-d', 'postgres', '-Atc', 'select 1'], { timeout: 5000 });
  } catch {
    return 'PostgreSQL not reachable at 127.0.0.1:5432 as postgres (trust)';
  }
  return undefined;
}

async function psql(sql) {
  await run('psql', [...CONNECTION, '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], { timeout: 60_000 });
}

/** Waits (up to 5 s) until no session is connected to `database`. */
async function backendsGone(database) {
  for (let tries = 0; tries < 50; tries += 1) {
    const { stdout } = await run('psql', [...CONNECTION, '-d', 'postgres', '-Atc', `select count(*) from pg_stat_activity where datname = '${database}'`], {
      timeout: 5000,
    });
    if (stdout.trim() === '0') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * pgbench tpcb-like at 8 clients (row 2 of the reference table): a scratch database at scale 10,
 * `pgbench -c 8 -j 2 -T <seconds>`, then the database is dropped whatever happened.
 */
export async function pgbenchTpcb({ seconds, clients = 8, threads = 2, scale = 10 }) {
  await psql(`DROP DATABASE IF EXISTS ${PGBENCH_DATABASE}`);
  await psql(`CREATE DATABASE ${PGBENCH_DATABASE}`);
  try {
    const initStarted = performance.now();
    await run('pgbench', [...CONNECTION, '-i', '-q', '-s', String(scale), PGBENCH_DATABASE], { timeout: 300_000 });
    const initMs = performance.now() - initStarted;
    const meter = cpuMeterStart();
    const { stdout } = await run('pgbench', [...CONNECTION, '-c', String(clients), '-j', String(threads), '-T', String(seconds), PGBENCH_DATABASE], {
      timeout: (seconds + 60) * 1000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
    if (!tps) throw new Error(`no tps in pgbench output:\n${stdout}`);
    const latency = /latency average = ([\d.]+) ms/.exec(stdout);
    const failed = /number of failed transactions: (\d+)/.exec(stdout);
    const processed = /number of transactions actually processed: (\d+)/.exec(stdout);
    // pgbench's backends end as it does; their CPU counts once the postmaster has reaped them (cpu.mjs), so wait for them.
    await backendsGone(PGBENCH_DATABASE);
    // CPU per transaction: the machine's (PostgreSQL, pgbench and whatever else ran) and PostgreSQL's alone.
    const cpu = processed ? meter.stop(Number(processed[1])) : undefined;
    return {
      tps: Number(tps[1]),
      latencyAverageMs: latency ? Number(latency[1]) : undefined,
      failed: failed ? Number(failed[1]) : 0,
      initMs,
      cpuMachineMs: cpu?.machineMs,
      cpuPostgresMs: cpu?.postgresMs,
    };
  } finally {
    await psql(`DROP DATABASE IF EXISTS ${PGBENCH_DATABASE}`).catch(() => {});
  }
}
