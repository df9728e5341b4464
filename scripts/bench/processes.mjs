import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/** A port nobody listens on right now (the kernel picks it; we release it for the child to take). */
export function portFree() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a child process and keeps the tail of its output for error messages. The child gets its own
 * process group so that stopping it also stops whatever it spawned (tsx runs the server in a grandchild).
 */
export function childStart(command, args, { env = process.env, cwd } = {}) {
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output };
}

/** Asks the child to finish (SIGTERM to its group), then insists after a grace period. */
export async function childStop(handle, graceMs = 5000) {
  const { child, exited } = handle;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup('SIGTERM');
  const finished = await Promise.race([exited.then(() => true), delay(graceMs).then(() => false)]);
  if (!finished) {
    signalGroup('SIGKILL');
    await exited;
  }
}

/**
 * Polls a URL until it answers `status` (200); resolves with the milliseconds since `startedAt` (performance.now()).
 * Rejects when the child exits first or the deadline passes.
 */
export async function httpWaitOk(url, handle, { startedAt, timeoutMs = 60_000, pollMs = 10, status = 200 } = {}) {
  let exited = false;
  handle.exited.then(() => {
    exited = true;
  });
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (exited) throw new Error(`process exited before ${url} answered:\n${handle.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.status === status) return performance.now() - startedAt;
    } catch {
      // Not listening yet.
    }
    await delay(pollMs);
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms:\n${handle.output()}`);
}

/**
 * Starts a bench worker's real server (`tsx <worker> serve …`) and resolves with the one JSON line it prints when
 * listening (`{"port":…}`; with its log on, the server's own JSON lines come too), plus `pid` (the worker's, whose
 * tree holds the server) and `stop`. The betting and loyalty rows share it.
 */
export async function workerServerStart(label, nodeArgs, { cwd, env = process.env, timeoutMs = 180_000 } = {}) {
  const handle = childStart(process.execPath, nodeArgs, { cwd, env });
  const ready = await new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error(`${label} did not start: ${handle.output()}`)), timeoutMs);
    handle.child.stdout.on('data', (chunk) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((candidate) => candidate.startsWith('{"port":'));
      if (line && buffer.includes('\n', buffer.indexOf(line))) {
        clearTimeout(timer);
        resolve(JSON.parse(line));
      }
    });
    void handle.exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${code}): ${handle.output()}`));
    });
  });
  return { ...ready, pid: handle.child.pid, stop: () => childStop(handle, 10_000) };
}
