import type { JobRunner } from '../../jobs/job-runner.ts';
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

/** The job's name: the runner, logs and metrics know the passes by it. */
export const BETTING_PASSES_JOB = 'betting-passes';
/**
 * Passes follow the feed's changes; this interval is the floor for when it has none (a pass that failed because the
 * database was away is retried within it, and a new leader's first pass has no change to wait for).
 */
const BETTING_PASSES_EVERY_MS = 5_000;

/**
 * One pass: reviews the bets waiting out the live delay (a goal or suspension rejects them); any result not seen
 * before (new or corrected) resettles bets a correction changed and settles open bets; then checks armed auto
 * cash-outs. A pass that throws marks nothing seen, so the next one retries (settlement is exactly-once by design).
 */
export function bettingPassCreate(deps: BettingDeps): () => Promise<void> {
  // Results are compared by object, not counted: the simulator keeps only its latest 10,000, so once full a new
  // result replaces an old one and the count stays the same; a provider's correction is a new object too.
  let resultsSeen = new WeakSet<object>();
  return async () => {
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
}

/**
 * The passes as a leader job (jobs/job-runner.ts): every feed change triggers one on the leader — the runner never
 * lets two overlap, and a change during a pass asks for one more after it — and the interval catches up the rest.
 */
export function bettingWorkerRegister(deps: BettingDeps, jobs: JobRunner): BettingWorker {
  const pass = bettingPassCreate(deps);
  let stopped = false;
  jobs.register({
    name: BETTING_PASSES_JOB,
    scope: 'leader',
    everyMs: BETTING_PASSES_EVERY_MS,
    // After a restart, results of matches that ended while the server was down settle without waiting for a change.
    atStart: 'soon',
    quiet: true,
    run: () => (stopped ? undefined : pass()),
  });
  const unsubscribe = deps.sports.feed.subscribe(() => {
    if (!stopped) void jobs.trigger(BETTING_PASSES_JOB);
  });
  return {
    run: () => jobs.trigger(BETTING_PASSES_JOB),
    stop: async () => {
      stopped = true;
      unsubscribe();
      // Waits for a pass under way (the run this asks for after it does nothing).
      await jobs.trigger(BETTING_PASSES_JOB);
    },
  };
}
