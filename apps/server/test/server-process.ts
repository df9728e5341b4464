/**
 * The real server as a child process, as `npm start` runs it, for the tests that kill it with SIGKILL and start it
 * again on the same data (betting-durability, sports-feed-durability).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

const ROOT = new URL('../../..', import.meta.url).pathname;

export interface Running {
  child: ChildProcess;
  origin: string;
  exited: Promise<void>;
  output: () => string;
}

function portFree(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts `apps/server/src/server.ts` with `env` over the test's own environment (no built web app, warnings only),
 * and waits until /healthz answers.
 */
export async function serverStart(env: Record<string, string>): Promise<Running> {
  const port = await portFree();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: '', LOG_LEVEL: 'warn', WEB_DIST: 'no-web-app-in-this-test', ...env, PORT: String(port), HOST: '127.0.0.1' },
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

export async function serverStop(running: Running, signal: NodeJS.Signals): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill(signal);
  await running.exited;
}
