import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('../..', import.meta.url).pathname;

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  return result.status ?? 1;
}

/** Installs dependencies when node_modules is missing or the lockfile changed since the last install. */
export function dependenciesEnsure() {
  const lockPath = join(ROOT, 'package-lock.json');
  const stampPath = join(ROOT, 'node_modules', '.piranha-install-stamp');
  const lockHash = existsSync(lockPath) ? createHash('sha256').update(readFileSync(lockPath)).digest('hex') : 'none';
  if (existsSync(stampPath) && readFileSync(stampPath, 'utf8') === lockHash) return;
  console.log('Installing dependencies (npm ci)…');
  const status = run('npm', [existsSync(lockPath) ? 'ci' : 'install', '--no-audit', '--no-fund']);
  if (status !== 0) {
    console.error('npm could not install the dependencies; see the output above.');
    process.exit(status);
  }
  writeFileSync(stampPath, lockHash);
}

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Browser tests drive Debian's Chromium; install it when absent and allowed, otherwise say what to do. */
export function chromiumEnsure() {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${CHROMIUM_PATH}. Install it as root:\n  apt-get update && apt-get install -y chromium\nthen run npm test again.`);
    process.exit(1);
  }
  console.log('Installing Chromium from Debian packages…');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update', '-qq'], { env }) !== 0 || run('apt-get', ['install', '-y', '-qq', 'chromium'], { env }) !== 0 || !existsSync(CHROMIUM_PATH)) {
    console.error('apt-get could not install chromium; install it by hand: apt-get install -y chromium');
    process.exit(1);
  }
}
