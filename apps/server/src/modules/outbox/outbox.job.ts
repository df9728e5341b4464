import type { JobSpec } from '../../jobs/job-runner.ts';
import { outboxDeliver, type OutboxDeps } from './outbox.service.ts';

export const OUTBOX_DELIVER_JOB = 'outbox-deliver';
export const OUTBOX_DELIVER_MS = 2_000;

/** Sends what dead processes and failed attempts left, on the leader (decision 042); at start too, so nothing waits. */
export function outboxDeliverJobSpec(deps: OutboxDeps): JobSpec {
  return { name: OUTBOX_DELIVER_JOB, scope: 'leader', everyMs: OUTBOX_DELIVER_MS, atStart: 'soon', quiet: true, run: () => outboxDeliver(deps) };
}
