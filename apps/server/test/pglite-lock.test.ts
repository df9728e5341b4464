/**
 * The embedded database has one owner (db/pglite-lock.ts): a second process stops at once naming the running server;
 * the tools go through the server's operator socket while it runs and open the folder themselves once it is gone —
 * even after a kill -9 left its lock file behind.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteLockAcquire, PgliteLockedError, pgliteLockPath } from '../src/db/pglite-lock.ts';
import { scriptRun, serverStart, serverStop } from './server-process.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;
const dataRoot = mkdtempSync(join(tmpdir(), 'piranha-lock-'));
// The embedded database whatever TEST_DATABASE_URL says: the lock is PGlite's.
const env = { DATABASE_URL: '', DATA_DIR: dataRoot, LOG_LEVEL: 'silent' };
const dataDir = join(dataRoot, 'pglite');

afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

/** A second server started as `npm start`'s would be, over the same folder: its exit code and output. */
function secondServer(port: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env, NODE_ENV: '', PORT: String(port), HOST: '127.0.0.1', WEB_DIST: 'none' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const ended = spawnSync(process.execPath, ['-e', '0']);
  return ended.pid!;
}

describe('the embedded database has one owner', () => {
  it('refuses a second server, and the tools go through the running one', { timeout: 240_000 }, async () => {
    const running = await serverStart(env);
    try {
      const port = Number(new URL(running.origin).port);
      const second = await secondServer(port + 1);
      expect(second.code).toBe(1);
      expect(second.output).toContain(
        `Piranha cannot start: the embedded database in ${dataDir} is in use by the Piranha server (pid ${running.child.pid}, port ${port})`,
      );
      expect(second.output).not.toMatch(/\n\s+at /);

      // The tools, opened beside it, neither abort nor touch the folder: they ask the server.
      const toolEnv = { ...process.env, ...env };
      const audit = await scriptRun('db:audit', [], toolEnv);
      expect(audit.code, audit.stdout + audit.stderr).toBe(0);
      expect(audit.stdout).toContain(`ledger audit (pglite, through the running server pid ${running.child.pid}): 0 wallet drift`);
      // Port 9 has no server: the demo finds the running one by its socket.
      const demo = await scriptRun('demo:player', ['--variant', 'aguila', '--deposit', '500', '--base-url', 'http://127.0.0.1:9'], toolEnv);
      expect(demo.code, demo.stderr).toBe(0);
      expect(demo.stderr).toContain('going through the server running over');
      expect(JSON.parse(demo.stdout)).toMatchObject({ app_key: 'aguila', balance: 50_000 });

      // In process, too: a live holder is named.
      expect(() => pgliteLockAcquire(dataDir, { role: 'a test' })).toThrow(PgliteLockedError);
    } finally {
      await serverStop(running, 'SIGKILL');
    }
    // kill -9 left the lock file; its pid is gone, so the audit opens the folder itself and finds the demo's deposit.
    const audit = await scriptRun('db:audit', [], { ...process.env, ...env });
    expect(audit.code, audit.stdout + audit.stderr).toBe(0);
    expect(audit.stdout).toContain('ledger audit (pglite): 0 wallet drift');
  });

  it('takes over a lock whose process is gone or whose pid now names another process', () => {
    const folder = join(dataRoot, 'stale');
    writeFileSync(pgliteLockPath(folder), JSON.stringify({ role: 'the Piranha server', pid: deadPid(), port: 1 }));
    pgliteLockAcquire(folder, { role: 'a test' }).release();
    // Our own pid, but started at another time: a reused pid, not the holder.
    writeFileSync(pgliteLockPath(folder), JSON.stringify({ role: 'the Piranha server', pid: process.pid, procStart: '1', port: 1 }));
    const lock = pgliteLockAcquire(folder, { role: 'a test' });
    expect(() => pgliteLockAcquire(folder, { role: 'a second test' })).toThrow(/in use by a test \(pid \d+\)/);
    lock.release();
    pgliteLockAcquire(folder, { role: 'a third test' }).release();
  });
});
