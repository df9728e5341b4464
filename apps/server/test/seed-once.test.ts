/**
 * Cold start (docs/decisions/076-cold-start.md): the start-up seeds write only when what they write changed since
 * they last ran on this database; a restart reads one row per seed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOnce } from '../src/db/seed/seed-once.ts';
import { testAppCreate, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate();
}, 120_000);
afterAll(() => t?.close());

describe('seedOnce', () => {
  it('runs a seed on a database that never had it, skips it while its content is the same, and runs it again once it changed', async () => {
    const runs: string[] = [];
    await seedOnce(t.db, 'test-seed', { rows: [1, 2] }, async () => void runs.push('first'));
    await seedOnce(t.db, 'test-seed', { rows: [1, 2] }, async () => void runs.push('unchanged'));
    await seedOnce(t.db, 'test-seed', { rows: [1, 2, 3] }, async () => void runs.push('changed'));
    expect(runs).toEqual(['first', 'changed']);
  });

  it('records nothing when the seed fails, so the next start runs it again', async () => {
    await expect(
      seedOnce(t.db, 'test-failing', { rows: [1] }, async () => {
        throw new Error('the seed failed');
      }),
    ).rejects.toThrow('the seed failed');
    const runs: string[] = [];
    await seedOnce(t.db, 'test-failing', { rows: [1] }, async () => void runs.push('again'));
    expect(runs).toEqual(['again']);
  });

  it("the app's seeds ran at build and left their versions: content, campaigns and the casino catalogue", async () => {
    const rows = await t.rows<{ key: string }>(sql`select key from app_settings where key like 'seed:%' and key not like 'seed:test-%' order by key`);
    expect(rows.map((row) => row.key)).toEqual(['seed:campaigns', 'seed:casino-catalogue', 'seed:content']);
    expect(Number((await t.rows<{ count: number }>(sql`select count(*)::int as count from bonus_campaigns`))[0]!.count)).toBeGreaterThan(0);
    expect(Number((await t.rows<{ count: number }>(sql`select count(*)::int as count from casino_games where enabled`))[0]!.count)).toBeGreaterThan(0);
  });
});
