import type { JobSpec } from '../../jobs/job-runner.ts';
import type { Db } from '../../db/client.ts';
import { outboxPurge } from './outbox.repository.ts';
import { outboxDeliver, type OutboxDeps } from './outbox.service.ts';

export const OUTBOX_DELIVER_JOB = 'outbox-deliver';
export const OUTBOX_DELIVER_MS = 2_000;

/** Sends what dead processes and failed attempts left, on the leader (decision 042); at start too, so nothing waits. */
export function outboxDeliverJobSpec(deps: OutboxDeps): JobSpec {
  return { name: OUTBOX_DELIVER_JOB, scope: 'leader', everyMs: OUTBOX_DELIVER_MS, atStart: 'soon', quiet: true, run: () => outboxDeliver(deps) };
}

export const OUTBOX_PURGE_JOB = 'outbox-purge';
/** Hourly: at most an hour of finished rows beyond the setting. */
export const OUTBOX_PURGE_MS = 60 * 60_000;
const dayMs = 24 * 60 * 60_000;

/** Rows this node's purges deleted since it started (`piranha_outbox_purged_total`). */
export interface OutboxPurgeCount {
  purged: number;
}

/**
 * Deletes outbox rows finished (sent, failed, dead) more than OUTBOX_RETENTION_DAYS ago, on the leader (decision 047).
 * Their payloads were wiped when they finished; what is left is the operator's history of the calls.
 */
export function outboxPurgeJobSpec(db: Db, now: () => Date, retentionDays: number, count: OutboxPurgeCount): JobSpec {
  return {
    name: OUTBOX_PURGE_JOB,
    scope: 'leader',
    everyMs: OUTBOX_PURGE_MS,
    atStart: 'soon',
    run: async () => {
      count.purged += await outboxPurge(db, new Date(now().getTime() - retentionDays * dayMs));
    },
  };
}
