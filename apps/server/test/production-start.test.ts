import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, configLoad, sandboxProvidersCheck } from '../src/config.ts';
import { testAppCreate } from './harness.ts';

/** A production server must not start on sandbox providers unless the operator says so (ALLOW_SANDBOX_PROVIDERS). */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function refusalOf(env: Record<string, string>): string | undefined {
  try {
    sandboxProvidersCheck(configLoad(env));
    return undefined;
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

describe('production with sandbox providers', () => {
  it('is refused, naming every sandbox and the variable that allows it', () => {
    const refusal = refusalOf({ NODE_ENV: 'production' });
    expect(refusal).toMatch(/NODE_ENV=production/);
    for (const sandbox of ['payments: the sandbox PSP', 'SMS: the sms_outbox', 'mail: the mail_outbox table (SMTP_URL is unset)', 'sports feed']) {
      expect(refusal).toContain(sandbox);
    }
    expect(refusal).toContain('ALLOW_SANDBOX_PROVIDERS=1');
    // Real mail takes mail off the list; the other sandboxes still refuse.
    const withSmtp = refusalOf({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' });
    expect(withSmtp).not.toContain('mail:');
    expect(withSmtp).toContain('payments: the sandbox PSP');
  });

  it('starts when ALLOW_SANDBOX_PROVIDERS=1, and outside production without it', () => {
    expect(refusalOf({ NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: '1' })).toBeUndefined();
    expect(refusalOf({})).toBeUndefined();
    expect(refusalOf({ NODE_ENV: 'development' })).toBeUndefined();
    expect(refusalOf({ NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: '0' })).toMatch(/sandboxes/);
    expect(refusalOf({ NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: 'yes' })).toBe('ALLOW_SANDBOX_PROVIDERS must be 1 or 0, got "yes"');
  });

  it('refuses the test clock offset (TEST_CLOCK_OFFSET_MS, decision 067), which only test runs may set', () => {
    expect(refusalOf({ NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: '1', TEST_CLOCK_OFFSET_MS: '-86400000' })).toBe(
      'TEST_CLOCK_OFFSET_MS is a test setting: leave it unset in production',
    );
    expect(refusalOf({ NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: '1', TEST_CLOCK_OFFSET_MS: '0' })).toBeUndefined();
    expect(configLoad({ TEST_CLOCK_OFFSET_MS: '-86400000' }).testClockOffsetMs).toBe(-86_400_000);
    expect(configLoad({}).testClockOffsetMs).toBe(0);
    expect(refusalOf({ TEST_CLOCK_OFFSET_MS: 'yesterday' })).toMatch(/TEST_CLOCK_OFFSET_MS must be a whole number/);
    expect(refusalOf({ TEST_CLOCK_OFFSET_MS: String(400 * 86_400_000) })).toMatch(/within a year/);
  });

  it('refuses the Crash-live test chain (CRASH_LIVE_TEST_CHAIN, decision 071), which only test runs may set', () => {
    const chain = 'c'.repeat(64);
    expect(refusalOf({ NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: '1', CRASH_LIVE_TEST_CHAIN: chain })).toBe(
      'CRASH_LIVE_TEST_CHAIN is a test setting: leave it unset in production',
    );
    expect(configLoad({ CRASH_LIVE_TEST_CHAIN: chain }).casino.crashLiveTestChain).toBe(chain);
    expect(configLoad({}).casino.crashLiveTestChain).toBeUndefined();
    expect(refusalOf({ CRASH_LIVE_TEST_CHAIN: 'abc' })).toMatch(/CRASH_LIVE_TEST_CHAIN must be 64 lowercase hex digits/);
  });

  it('is refused by buildApp itself, whoever builds the app', async () => {
    await expect(testAppCreate({ env: { NODE_ENV: 'production' } })).rejects.toBeInstanceOf(ConfigError);
  });

  it('stops the server process with the reason alone (exit 1, no stack trace), before it listens', async () => {
    // Should it start after all, its database goes to a directory of its own, not the repository's ./data.
    const dataDir = mkdtempSync(join(tmpdir(), 'piranha-production-start-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: ROOT,
      // A port of its own, which nothing else uses: the process must end before it ever listens there.
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ALLOW_SANDBOX_PROVIDERS: '',
        PORT: '47999',
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Should it start after all, it is stopped here rather than left running (its exit code is then null).
    const stopper = setTimeout(() => child.kill('SIGKILL'), 25_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(stopper);
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(output).toContain('Piranha cannot start: NODE_ENV=production, but these providers are sandboxes:');
    expect(output).toContain('ALLOW_SANDBOX_PROVIDERS=1');
    expect(output).not.toMatch(/\n\s+at /);
    expect(output).not.toContain('Piranha is running');
  });
});
