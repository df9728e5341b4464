import type { Db } from '../../db/client.ts';
import type { JobSpec } from '../../jobs/job-runner.ts';
import { trackingRetentionPass } from './tracking.repository.ts';

/** How often old tracking days are deleted; once an hour keeps at most a day and an hour beyond the setting. */
export const TRACKING_RETENTION_MS = 60 * 60_000;

/** Deletes tracking events older than TRACKING_RETENTION_DAYS, on the leader only (decision 030). */
export function trackingRetentionJobSpec(db: Db, now: () => Date, days: number): JobSpec {
  return { name: 'tracking-retention', scope: 'leader', everyMs: TRACKING_RETENTION_MS, atStart: 'soon', run: () => trackingRetentionPass(db, now(), days) };
}
