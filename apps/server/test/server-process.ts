/**
 * The real server as a child process, started as `npm start` runs it (`tsx apps/server/src/server.ts`), for tests that
 * kill it (SIGKILL) under load and start it again over the same data: a file-backed PGlite folder, or a PostgreSQL
 * database when TEST_DATABASE_URL names a server. The test opens the same database itself (`databaseOfTest`) to
 * prepare players and to check what a restart left, while no server holds the PGlite folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { databaseOpen, type Database } from '../src/db/client.ts';
import { testDatabaseCreate, type TestDatabase } from './harness.ts';
import { portFree } from './port-free.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;

export interface Running {
  child: ChildProcess;
  origin: string;
  exited: Promise<void>;
  output: () => string;
}

/** Starts `apps/server/src/server.ts` as `npm start` would, and waits until /healthz answers. */
export async function serverStart(env: Record<string, string>): Promise<Running> {
  const port = await portFree();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: 'no-web-app-in-this-test',
      // A few players hammer the server from one address.
      RATE_LIMIT_PER_IP: '1000000000',
      RATE_LIMIT_PER_USER: '1000000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited before answering:\n${output}`);
    const healthy = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { child, origin, exited, output: () => output };
    await delay(100);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer /healthz:\n${output}`);
}

/** `npm run <script> -- <args>` from the repository's root, as an operator types it: exit code and both outputs. */
export function scriptRun(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export async function serverStop(running: Running, signal: NodeJS.Signals): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill(signal);
  await running.exited;
}

/** The data a killed server leaves behind: where it lives, how the server finds it, and how the test opens it. */
export interface ServerData {
  /** What the server's environment needs to use this data. */
  env: Record<string, string>;
  /** The same database, opened by the test (PGlite only while no server holds the folder). */
  open: () => Promise<Database>;
  remove: () => Promise<void>;
}

export async function serverDataCreate(label: string): Promise<ServerData> {
  if (process.env.TEST_DATABASE_URL) {
    const database: TestDatabase = await testDatabaseCreate();
    return {
      env: { DATABASE_URL: database.url! },
      open: () => databaseOpen({ databaseUrl: database.url, poolMax: 2 }),
      remove: () => database.close(),
    };
  }
  const dataDir = await mkdtemp(join(tmpdir(), `piranha-${label}-`));
  return {
    env: { DATABASE_URL: '', DATA_DIR: dataDir },
    open: () => databaseOpen({ dataDir: join(dataDir, 'pglite') }),
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}
