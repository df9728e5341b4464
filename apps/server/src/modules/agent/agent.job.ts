import type { Db } from '../../db/client.ts';
import type { JobSpec } from '../../jobs/job-runner.ts';
import { agentSettlePass } from './agent.service.ts';

/** A brand day closes for commissions once it ended more than the grace ago; a minute's check settles promptly. */
export const AGENT_SETTLE_MS = 60_000;

/** The daily commission close as one leader job (decision 021): each day closes in one transaction, so a cut run is just rerun. */
export function agentSettleJobSpec(db: Db, now: () => Date): JobSpec {
  return { name: 'agent-settle', scope: 'leader', everyMs: AGENT_SETTLE_MS, atStart: 'soon', run: () => agentSettlePass(db, now()).then(() => undefined) };
}
