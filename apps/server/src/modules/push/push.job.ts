import type { JobSpec } from '../../jobs/job-runner.ts';
import { pushDeliverPass, type PushDeps } from './push.service.ts';

/** Every 2 s on the leader: queue notifications for new event messages, send what is due (decision 035). */
export const PUSH_DELIVER_MS = 2_000;
export const PUSH_DELIVER_JOB = 'push-deliver';

export function pushDeliverJobSpec(deps: PushDeps): JobSpec {
  return {
    name: PUSH_DELIVER_JOB,
    scope: 'leader',
    everyMs: PUSH_DELIVER_MS,
    atStart: 'soon',
    quiet: true,
    run: () => pushDeliverPass(deps).then(() => undefined),
  };
}
