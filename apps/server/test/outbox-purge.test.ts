/**
 * The outbox purge (decision 047): the leader's `outbox-purge` job deletes rows finished (sent, failed, dead) more
 * than OUTBOX_RETENTION_DAYS ago, a batch at a time; pending rows stay however old, a second pass deletes nothing more,
 * two passes at once delete each row once, and /metrics counts what this node purged.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxPurge } from '../src/modules/outbox/outbox.repository.ts';
import { testAppCreate, type TestApp } from './harness.ts';

const OPS_TOKEN = 'ops-token-for-the-outbox-purge-0123';
const dayMs = 24 * 3600_000;
let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate({ env: { OPS_TOKEN, OUTBOX_RETENTION_DAYS: '7' } });
  await t.app.ready();
}, 180_000);
afterAll(async () => {
  await t.close();
}, 120_000);

let kindSeq = 0;
/** A kind of its own per test, which the app's delivery job has no handler for and so never touches. */
const kindNew = () => `purge_${process.pid % 1000}_${(kindSeq += 1)}`;

/** Rows of `kind` in `status`, finished `ageDays` ago (pending rows: created then, never finished). */
async function rowsAdd(kind: string, status: 'pending' | 'sent' | 'failed' | 'dead', ageDays: number, count: number, from = 0) {
  const at = new Date(t.clock.now().getTime() - ageDays * dayMs).toISOString();
  for (let index = from; index < from + count; index += 1) {
    await t.rows(
      sql`insert into outbox (kind, key, payload, status, attempts, next_at, created_at, done_at)
          values (${kind}, ${`${status}-${ageDays}-${index}`}, null, ${status}, 1, ${at}::timestamptz, ${at}::timestamptz,
                  ${status === 'pending' ? null : at}::timestamptz)`,
    );
  }
}

async function keysOf(kind: string): Promise<string[]> {
  const rows = await t.rows<{ key: string }>(sql`select key from outbox where kind = ${kind} order by key`);
  return rows.map((row) => row.key);
}

async function purgedShown(): Promise<number> {
  const answer = await t.get('/metrics', { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
  const value = /^piranha_outbox_purged_total (\d+)$/m.exec(answer.text)?.[1];
  if (value === undefined) throw new Error(`no piranha_outbox_purged_total in /metrics (${answer.status}): ${answer.text.slice(0, 300)}`);
  return Number(value);
}

describe('the outbox purge', () => {
  it('is one of the leader jobs and deletes finished rows past the retention, once, counted in /metrics', async () => {
    const job = t.built.jobs.stats().find((entry) => entry.name === 'outbox-purge');
    expect(job?.scope).toBe('leader');
    // What the first run at start found is counted already; this test counts from here.
    await t.built.jobs.trigger('outbox-purge');
    const before = await purgedShown();
    expect(Number.isInteger(before)).toBe(true);

    const kind = kindNew();
    await rowsAdd(kind, 'sent', 8, 2);
    await rowsAdd(kind, 'failed', 30, 1);
    await rowsAdd(kind, 'dead', 7.5, 1);
    // Kept: finished inside the retention, and pending rows however old (still owed to the provider).
    await rowsAdd(kind, 'sent', 6, 1);
    await rowsAdd(kind, 'dead', 1, 1);
    await rowsAdd(kind, 'pending', 40, 1);

    await t.built.jobs.trigger('outbox-purge');
    expect(await keysOf(kind)).toEqual(['dead-1-0', 'pending-40-0', 'sent-6-0']);
    expect(await purgedShown()).toBe(before + 4);
    // Idempotent: the next run finds nothing more.
    await t.built.jobs.trigger('outbox-purge');
    expect(await keysOf(kind)).toEqual(['dead-1-0', 'pending-40-0', 'sent-6-0']);
    expect(await purgedShown()).toBe(before + 4);
    const stats = t.built.jobs.stats().find((entry) => entry.name === 'outbox-purge')!;
    expect(stats.failures).toBe(0);

    // A day later the row finished 6 days ago is past 7 days too.
    t.clock.advance(1.5 * dayMs);
    await t.built.jobs.trigger('outbox-purge');
    expect(await keysOf(kind)).toEqual(['dead-1-0', 'pending-40-0']);
    expect(await purgedShown()).toBe(before + 5);
  });

  it('goes through a backlog in batches, and passes running at once delete each row once', async () => {
    const kind = kindNew();
    await rowsAdd(kind, 'sent', 20, 23);
    await rowsAdd(kind, 'pending', 20, 2);
    const cutoff = new Date(t.clock.now().getTime() - 10 * dayMs);
    const counts = await Promise.all(Array.from({ length: 20 }, () => outboxPurge(t.db, cutoff, 4)));
    // The first test left no finished row this old: the passes together deleted this kind's 23, each once.
    expect(await keysOf(kind)).toEqual(['pending-20-0', 'pending-20-1']);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(23);
    expect(await outboxPurge(t.db, cutoff, 4)).toBe(0);
  });
});
