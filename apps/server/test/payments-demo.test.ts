import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptRun as run } from './server-process.ts';

describe('npm run demo:player', () => {
  it('funds a new Mexican player through a real SPEI deposit and prints uid and sid; the books stay clean', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'piranha-demo-'));
    try {
      // Port 9 (discard) has no server, so the script runs the app in process over DATA_DIR.
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
      const demo = await run('demo:player', ['--variant', 'aguila', '--deposit', '500', '--base-url', 'http://127.0.0.1:9'], env);
      expect(demo.code, demo.stderr).toBe(0);
      const printed = JSON.parse(demo.stdout) as Record<string, unknown>;
      expect(printed).toMatchObject({ uid: expect.any(Number), sid: expect.any(String), app_key: 'aguila', channel: 'SPEI', currency: 'MXN', balance: 50_000 });
      const audit = await run('db:audit', [], env);
      expect(audit.code, audit.stdout + audit.stderr).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown brand with its usage', { timeout: 60_000 }, async () => {
    const demo = await run('demo:player', ['--variant', 'nobrand', '--deposit', '500'], { ...process.env, DATABASE_URL: '' });
    expect(demo.code).toBe(2);
    expect(demo.stderr).toContain('unknown variant nobrand');
  });
});
