import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import type { Db } from '../../db/client.ts';
import type { JobSpec } from '../../jobs/job-runner.ts';

/** Once an hour: a counter is deleted within an hour of the grace below running out. */
export const SAFER_USAGE_PURGE_MS = 60 * 60_000;

/**
 * How long after its window began a usage counter may go (decision 050): the longest window of its period (a month of
 * 31 days, a week, a day — each plus an hour for a DST day of 25 h) plus a day for any brand's time zone (the row holds
 * no brand, and UTC−12 to UTC+14 differ by 26 h). Past it, the window is over in every calendar, nothing counts against
 * it (placement, wallet and the session clock only touch the current window; a return lowers the latest one begun,
 * which a purged row never is while the player plays) and the statement reads the ledger, not these rows.
 */
const GRACE_SQL = sql`case period when 'day' then interval '3 days' when 'week' then interval '9 days' else interval '33 days' end`;

/** Deletes usage counters whose window is over everywhere; answers how many went. */
export async function saferUsagePurge(db: DbOrTx, now: Date): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`with gone as (delete from player_limit_usage where window_start < ${now.toISOString()}::timestamptz - (${GRACE_SQL}) returning 1)
      select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}

/** The clean-up of ended usage windows, on the leader only (decision 050). */
export function saferUsagePurgeJobSpec(db: Db, now: () => Date): JobSpec {
  return { name: 'safer-usage-purge', scope: 'leader', everyMs: SAFER_USAGE_PURGE_MS, atStart: 'soon', run: () => saferUsagePurge(db, now()) };
}
