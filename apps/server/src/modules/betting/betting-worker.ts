import { betsPendingReview } from './bet-accept.service.ts';
import { betsSettle } from './bet-settle.service.ts';
import type { BettingDeps } from './betting-deps.ts';

export interface BettingWorker {
  /** Reviews pending bets and settles what the results decide; resolves when that pass is done. */
  run(): Promise<void>;
  /** Stops following the feed and resolves once a pass under way has finished. */
  stop(): Promise<void>;
}

/**
 * Follows the feed: every change reviews the bets waiting out the live delay (a goal or suspension rejects them);
 * new results settle open bets. Passes never overlap — a change during a pass asks for one more pass after it —
 * and a pass that fails is logged and retried at the next change, since settlement is exactly-once by design.
 */
export function bettingWorkerStart(deps: BettingDeps, log: (error: unknown) => void): BettingWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let resultsSeen = -1;
  let stopped = false;

  const pass = async () => {
    await betsPendingReview(deps);
    const results = deps.sports.feed.results().length;
    if (results !== resultsSeen) {
      await betsSettle(deps);
      resultsSeen = results;
    }
  };

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (error) {
          log(error);
        }
      } while (again && !stopped);
      running = undefined;
    })();
    return running;
  };

  const unsubscribe = deps.sports.feed.subscribe(() => {
    if (!stopped) void run();
  });
  return {
    run,
    stop: async () => {
      stopped = true;
      unsubscribe();
      await running;
    },
  };
}
