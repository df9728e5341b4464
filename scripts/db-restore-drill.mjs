#!/usr/bin/env node
/**
 * The restore drill (issue 16): a backup is only a backup once it has been restored. Against the PostgreSQL database
 * DATABASE_URL names it
 *   1. dumps it with scripts/db-backup.sh,
 *   2. restores the dump into a new database on the same server (piranha_drill_…),
 *   3. runs `npm run db:audit` on the restored database (every wallet equals its ledger lines),
 *   4. starts the server on it and waits for /readyz to answer 200 (database reachable, every migration applied),
 * then drops the drill database and the dump. Exits 0 when every step passed, 1 when one failed (it says which), 2
 * without DATABASE_URL. KEEP_DRILL=1 keeps the database and the dump for a look. docs/decisions/022-operating-it.md.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const READY_TIMEOUT_MS = 120_000;

function say(text) {
  process.stdout.write(`restore drill: ${text}\n`);
}

/** Runs a command to its end; answers its exit code and output. */
function run(command, args, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk.toString()));
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function runOrThrow(step, command, args, env) {
  const result = await run(command, args, env);
  if (result.code !== 0) throw new Error(`${step} failed (exit ${result.code}):\n${result.output}`);
  return result.output;
}

function urlWithDatabase(url, name) {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

async function adminQuery(url, text) {
  const client = new pg.Client({ connectionString: urlWithDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function portFree() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server on the restored database and waits for /readyz 200; answers what it said. */
async function serverReady(databaseUrl) {
  const port = await portFree();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: '', DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: 'none' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk.toString()));
  child.stderr.on('data', (chunk) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited on the restored database:\n${output}`);
      const answer = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        async (response) => ({ status: response.status, body: await response.text() }),
        () => undefined,
      );
      if (answer?.status === 200) return answer.body;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the server on the restored database was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function drill(sourceUrl) {
  const work = mkdtempSync(join(tmpdir(), 'piranha-drill-'));
  const dump = join(work, 'piranha.dump');
  const name = `piranha_drill_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const restoredUrl = urlWithDatabase(sourceUrl, name);
  let created = false;
  try {
    await runOrThrow('backup', 'bash', ['scripts/db-backup.sh', dump]);
    say(`1/4 dumped ${new URL(sourceUrl).pathname.slice(1)} to ${dump}`);
    await adminQuery(sourceUrl, `CREATE DATABASE ${name}`);
    created = true;
    await runOrThrow('restore', 'pg_restore', ['--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${restoredUrl}`, dump]);
    say(`2/4 restored into ${name}`);
    const audit = await runOrThrow('ledger audit', 'npm', ['run', '--silent', 'db:audit'], { ...process.env, DATABASE_URL: restoredUrl });
    say(`3/4 ${audit.trim()}`);
    const ready = await serverReady(restoredUrl);
    say(`4/4 the server started on it: /readyz ${ready}`);
    say('passed');
  } finally {
    if (process.env.KEEP_DRILL === '1') say(`kept ${name} and ${dump}`);
    else {
      if (created) await adminQuery(sourceUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(work, { recursive: true, force: true });
    }
  }
}

const sourceUrl = process.env.DATABASE_URL;
if (!sourceUrl) {
  process.stderr.write('restore drill: DATABASE_URL must name the PostgreSQL database to back up and restore\n');
  process.exit(2);
}
try {
  await drill(sourceUrl);
} catch (error) {
  process.stderr.write(`restore drill: FAILED — ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
