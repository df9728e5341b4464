import { betsPendingReview } from './bet-accept.service.ts';
import { betsResettle } from './bet-resettle.service.ts';
import { betsSettle } from './bet-settle.service.ts';
import type { BettingDeps } from './betting-deps.ts';
import { cashOutAutoRun } from './cash-out.service.ts';

export interface BettingWorker {
  /** Reviews pending bets and settles what the results decide; resolves when that pass is done. */
  run(): Promise<void>;
  /** Stops following the feed and resolves once a pass under way has finished. */
  stop(): Promise<void>;
}

/**
 * Follows the feed: every change reviews the bets waiting out the live delay (a goal or suspension rejects them);
 * any result not seen before (new or corrected) resettles bets a correction changed and settles open bets. Passes never overlap — a change during a pass asks for one more pass after it —
 * and a pass that fails is logged and retried at the next change, since settlement is exactly-once by design.
 */
export function bettingWorkerStart(deps: BettingDeps, log: (error: unknown) => void): BettingWorker {
  let running: Promise<void> | undefined;
  let again = false;
  // Results are compared by object, not counted: the simulator keeps only its latest 10,000, so once full a new
  // result replaces an old one and the count stays the same; a provider's correction is a new object too.
  let resultsSeen = new WeakSet<object>();
  let stopped = false;

  const pass = async () => {
    await betsPendingReview(deps);
    const results = [...deps.sports.feed.results()];
    if (results.some((result) => !resultsSeen.has(result))) {
      // Money moves only on results the feed has stored: a crash cannot take back a result bets were paid on.
      await deps.sports.feed.persisted();
      // Corrections first: a saved leg is corrected before settlement reads it, so a bet is not settled on the old
      // result only to be resettled at once. A failing resettlement must not hold settlement back: settlement runs
      // anyway and the failure is thrown after it (so the results are not marked seen and the next pass retries).
      const resettleFailure = await betsResettle(deps).then(
        () => undefined,
        (error: unknown) => error ?? new Error('resettlement failed'),
      );
      await betsSettle(deps);
      if (resettleFailure !== undefined) throw resettleFailure;
      // Only what this pass saw is marked: a result published during the pass asks for another pass.
      const seen = new WeakSet<object>();
      for (const result of results) seen.add(result);
      resultsSeen = seen;
    }
    // Prices move on every change: armed auto cash-out targets are checked after settlement had its say.
    await cashOutAutoRun(deps);
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
