import type { Db } from '../../db/client.ts';
import { bonusCampaignsSeed, bonusContributionsConsume, bonusDepositEventsConsume, bonusExpirySweep } from './bonus-engine.service.ts';

/** How often the engine reads new events; the web app polls `new_bonus` every 10 s (spec §9), so 5 s keeps up. */
export const BONUS_PASS_MS = 5_000;

export interface BonusJobs {
  /** One pass of every consumer; passes never overlap (a pass asked for during one shares it). */
  run: () => Promise<void>;
  /** Stops the timer and waits for a pass in flight. */
  stop: () => Promise<void>;
}

/**
 * The engine's periodic work in one place (grants from payment events, wagering contributions and conversions,
 * expiry). Every step is exactly-once by its keys, so running it on several nodes at once is safe, only wasteful;
 * a jobs runner with leader election can call `run` instead of this timer.
 */
export async function bonusJobsStart(db: Db, now: () => Date, onError: (error: unknown) => void, intervalMs = BONUS_PASS_MS): Promise<BonusJobs> {
  await bonusCampaignsSeed(db, now());
  let running: Promise<void> | undefined;
  const pass = async () => {
    await bonusDepositEventsConsume(db, now());
    await bonusContributionsConsume(db, now());
    await bonusExpirySweep(db, now());
  };
  const run = () =>
    (running ??= pass()
      .catch(onError)
      .finally(() => {
        running = undefined;
      }));
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return {
    run,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
