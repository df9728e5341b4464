import type { Leadership } from './leadership.ts';

/**
 * Every periodic task of the server in one place (docs/decisions/021-jobs-and-nodes.md). A job is registered with
 * one call; the runner times it, never lets two runs of it overlap, counts its runs, failures and durations (the
 * numbers /metrics reads through `stats`) and, for a `leader` job, runs it only on the node that holds the leader
 * lock. Jobs are idempotent by contract: a run cut short by a crash is simply run again, here or on the next leader.
 */

export interface JobSpec {
  /** Kebab-case and stable: logs and metrics name the job by it. */
  readonly name: string;
  /** `leader`: exactly one node runs it; `node`: every node does (its own in-memory work, like ticking its feed). */
  readonly scope: 'leader' | 'node';
  readonly everyMs: number;
  /**
   * When it runs first besides its interval: `await` runs it before the server answers (the runner's `start`
   * waits for it) and again whenever this node becomes the leader; `soon` does the same without waiting.
   */
  readonly atStart?: 'await' | 'soon';
  /** Logs each run at debug level instead of not at all: for jobs that run every second, leave it off. */
  readonly quiet?: boolean;
  run(): unknown;
}

export interface JobStats {
  readonly name: string;
  readonly scope: JobSpec['scope'];
  readonly runs: number;
  readonly failures: number;
  /** Sum of every run's duration, in milliseconds (a Prometheus summary's _sum; `runs` is its _count). */
  readonly durationTotalMs: number;
  readonly durationLastMs: number;
  readonly lastRunAt: Date | undefined;
  readonly running: boolean;
}

export interface JobRunner {
  /** Adds a job; before or after `start`. */
  register(spec: JobSpec): void;
  /**
   * Runs a job now (when this node may run it): a trigger during a run asks for one more run after it, so a burst of
   * triggers costs at most two runs. Resolves when that is done; never rejects (a failure is logged and counted).
   */
  trigger(name: string): Promise<void>;
  stats(): JobStats[];
  /**
   * Starts the timers and runs the `atStart` jobs: those marked `await` first, resolving once they ran, then the `soon`
   * ones one after another.
   */
  start(): Promise<void>;
  /** Stops every timer and waits for runs under way. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  leadership: Leadership;
  /** Jobs that run only when triggered: no timer, no run at start (tests that run a pass themselves). */
  held?: readonly string[];
  log: {
    debug: (details: Record<string, unknown>, message: string) => void;
    error: (details: Record<string, unknown>, message: string) => void;
  };
}

interface JobState {
  spec: JobSpec;
  runs: number;
  failures: number;
  durationTotalMs: number;
  durationLastMs: number;
  lastRunAt: Date | undefined;
  running: Promise<void> | undefined;
  again: boolean;
  timer: ReturnType<typeof setInterval> | undefined;
}

export function jobRunnerCreate(options: JobRunnerOptions): JobRunner {
  const { leadership, log } = options;
  const held = new Set(options.held ?? []);
  const jobs = new Map<string, JobState>();
  let started = false;
  let stopped = false;
  let unsubscribe: (() => void) | undefined;

  const allowed = (job: JobState) => !stopped && (job.spec.scope === 'node' || leadership.isLeader());

  const runOnce = async (job: JobState) => {
    const startedAt = performance.now();
    job.lastRunAt = new Date();
    try {
      await job.spec.run();
      if (job.spec.quiet !== true) log.debug({ job: job.spec.name, ms: Math.round(performance.now() - startedAt) }, 'job ran');
    } catch (error) {
      job.failures += 1;
      log.error({ err: error, job: job.spec.name }, 'job failed');
    } finally {
      job.runs += 1;
      job.durationLastMs = performance.now() - startedAt;
      job.durationTotalMs += job.durationLastMs;
    }
  };

  const run = (job: JobState): Promise<void> => {
    if (!allowed(job)) return Promise.resolve();
    if (job.running) {
      job.again = true;
      return job.running;
    }
    job.running = (async () => {
      do {
        job.again = false;
        await runOnce(job);
      } while (job.again && allowed(job));
      job.running = undefined;
    })();
    return job.running;
  };

  const timerStart = (job: JobState) => {
    if (held.has(job.spec.name)) return;
    // An interval run while the last one is still going is dropped, not queued: the next interval comes soon enough.
    job.timer = setInterval(() => {
      if (!job.running) void run(job);
    }, job.spec.everyMs);
    job.timer.unref();
  };

  const startRuns = (scope: 'leader' | 'all', atStart?: JobSpec['atStart']) =>
    [...jobs.values()]
      .filter(
        (job) =>
          job.spec.atStart &&
          !held.has(job.spec.name) &&
          (atStart === undefined || job.spec.atStart === atStart) &&
          (scope === 'all' || job.spec.scope === 'leader'),
      )
      .map((job) => run(job));

  /**
   * The `soon` jobs after the start, one at a time with a turn of the event loop between them: an embedded database's
   * queries run on this thread, and twenty passes begun at once would hold off the first requests until all ended.
   */
  const soonRunsOneByOne = async () => {
    for (const job of [...jobs.values()].filter((entry) => entry.spec.atStart === 'soon' && !held.has(entry.spec.name))) {
      await new Promise((resolve) => setImmediate(resolve));
      await run(job);
    }
  };

  return {
    register(spec) {
      if (jobs.has(spec.name)) throw new Error(`job ${spec.name} is registered twice`);
      const job: JobState = {
        spec,
        runs: 0,
        failures: 0,
        durationTotalMs: 0,
        durationLastMs: 0,
        lastRunAt: undefined,
        running: undefined,
        again: false,
        timer: undefined,
      };
      jobs.set(spec.name, job);
      if (started && !stopped) {
        timerStart(job);
        if (spec.atStart && !held.has(spec.name)) void run(job);
      }
    },
    trigger(name) {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job ${name}`);
      return run(job);
    },
    stats: () =>
      [...jobs.values()].map((job) => ({
        name: job.spec.name,
        scope: job.spec.scope,
        runs: job.runs,
        failures: job.failures,
        durationTotalMs: job.durationTotalMs,
        durationLastMs: job.durationLastMs,
        lastRunAt: job.lastRunAt,
        running: job.running !== undefined,
      })),
    async start() {
      if (started) return;
      started = true;
      for (const job of jobs.values()) timerStart(job);
      // A new leader catches up at once: what the last one left (results to settle, rounds to recover) waits no interval.
      unsubscribe = leadership.onChange((leader) => {
        if (leader) startRuns('leader');
      });
      // The `await` jobs first, alone: the start waits for them, and PGlite runs one query at a time. The `soon` ones
      // follow, not waited for.
      await Promise.all(startRuns('all', 'await'));
      void soonRunsOneByOne();
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      for (const job of jobs.values()) clearInterval(job.timer);
      await Promise.all([...jobs.values()].map((job) => job.running));
    },
  };
}
