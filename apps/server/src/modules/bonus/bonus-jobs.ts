import type { Db } from '../../db/client.ts';
import type { JobSpec } from '../../jobs/job-runner.ts';
import { boostersPass } from './bonus-booster.service.ts';
import { bonusContributionsConsume, bonusDepositEventsConsume, bonusExpirySweep } from './bonus-engine.service.ts';
import { bonusRealTimeGrant, bonusRepeatDepositsConsume } from './bonus-offers.service.ts';
import { bonusFreeRoundWinsConsume } from './bonus-free-rounds.service.ts';

/** How often the engine reads new events; the web app polls `new_bonus` every 10 s (spec §9), so 5 s keeps up. */
export const BONUS_PASS_MS = 5_000;

/** One pass of the engine's consumers: grants from payment events, wagering and conversions, then expiry. */
export async function bonusPass(db: Db, now: Date): Promise<void> {
  await bonusDepositEventsConsume(db, now);
  await bonusRepeatDepositsConsume(db, now);
  await boostersPass(db, now);
  await bonusRealTimeGrant(db, now);
  await bonusContributionsConsume(db, now);
  await bonusExpirySweep(db, now);
  await bonusFreeRoundWinsConsume(db, now);
}

/**
 * The engine's periodic work as one job of the runner (decision 021). Every step is exactly-once by its keys, so a
 * run cut short, or one on a node that just lost the lead, is simply done again by the next run.
 */
export function bonusJobSpec(db: Db, now: () => Date): JobSpec {
  return { name: 'bonus-pass', scope: 'leader', everyMs: BONUS_PASS_MS, atStart: 'soon', run: () => bonusPass(db, now()) };
}
