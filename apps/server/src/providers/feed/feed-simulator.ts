import { fixturesForDay, fixturesGenerate, type Fixture, type FixtureSet, type FixtureTeams } from './fixture-generator.ts';
import {
  feedStoreWriter,
  fixtureStoredOf,
  fixturesFromStored,
  type FeedCursor,
  type FeedStore,
  type FeedStored,
  type FeedWrite,
  type FixtureStored,
  type MatchStateStored,
} from './feed-store.ts';
import {
  matchSimulationAdvance,
  matchSimulationCreate,
  matchSimulationRestore,
  matchSimulationSave,
  matchView,
  simulatedTimeMs,
  type MatchSimulation,
} from './match-simulator.ts';
import { seedMix } from './seeded-random.ts';
import { resultCorrected } from './result-correction.ts';
import type { FeedMatch, FeedSnapshot, MatchResult, SportsFeed } from './sports-feed.ts';

/**
 * The simulated feed: a seeded week of fixtures played second by second in simulated time (speed × wall time),
 * topped up a day at a time so a week ahead always looks alive. `tick` advances every match to the wall-clock
 * instant given and bumps `version` only when something changed; listeners then get the new snapshot.
 *
 * With a store (`feedSimulatorOpen`) it is durable: what it publishes is queued for the store on the tick that
 * publishes it, and a restart resumes from what was stored — live matches go on from their stored clock, score and
 * random stream, finished ones stay finished with their stored results, new fixtures take ids never used before.
 */

export interface FeedSimulatorOptions {
  readonly seed: number;
  /** Simulated seconds per wall-clock second (1 real time; demos and tests accelerate). */
  readonly speedFactor: number;
  /** Wall-clock instant the feed starts at: fixtures are generated around it and simulated time runs from it. */
  readonly startMs: number;
  /** Replaces the generated week, e.g. a benchmark's set with hundreds of live matches. */
  readonly fixtures?: FixtureSet;
  /** Simulated time an ended match stays in the snapshot (with ms 0) before it leaves; its result stays. */
  readonly endedRetentionMs?: number;
  /** The first match id of a new feed's week (default 100001). */
  readonly matchIdFirst?: number;
  /**
   * false: never adds a day of fixtures itself. A replica (`feedSimulatorReplicaOpen`) takes new days from the store
   * its leader writes, so two nodes never draw a day differently under the same ids.
   */
  readonly topUp?: boolean;
}

export interface FeedSimulator extends SportsFeed {
  /** Simulated time reached by the last tick. */
  simulatedNowMs(): number;
}

const dayMs = 24 * 60 * 60_000;
const weekMs = 7 * dayMs;
const endedRetentionMsDefault = 30 * 60_000;
const resultsKeptMax = 10_000;
/**
 * A live match's state is stored at every status, score or period change and otherwise at most this often (wall
 * time): a restart replays the seconds since from the stored random stream, so a longer gap loses nothing, it only
 * costs the replay. 500 live matches write about 17 rows a second.
 */
export const stateSaveIntervalMs = 30_000;
/** Fixtures that started this long before the stored time have been played: a restart does not load them. */
const storeLookBackMs = dayMs;
/** Soccer "dangerous moments" (an attack in the box, a penalty check): 20-second windows, about one match in four minutes. */
const dangerWindowSeconds = 20;
const dangerWindowProbability = 0.08;

/**
 * Whether the soccer match is in a dangerous moment at clock second `seconds`: a pure hash of (seed, match, window),
 * so the answer never depends on how time is sliced into ticks and never draws from the match's own stream.
 */
export function soccerDangerousMoment(seed: number, matchId: number, seconds: number): boolean {
  const window = Math.floor(seconds / dangerWindowSeconds);
  return seedMix(seedMix(seed ^ 0x5a17, matchId), window) / 4294967296 < dangerWindowProbability;
}

function viewChanged(before: FeedMatch | undefined, after: FeedMatch): boolean {
  if (!before) return true;
  return (
    before.status !== after.status ||
    before.marketsSuspended !== after.marketsSuspended ||
    before.score.home !== after.score.home ||
    before.score.away !== after.score.away ||
    before.clock.seconds !== after.clock.seconds ||
    before.clock.periodCode !== after.clock.periodCode ||
    before.clock.running !== after.clock.running ||
    before.clock.injuryMinutes !== after.clock.injuryMinutes ||
    before.periodScores.length !== after.periodScores.length ||
    before.periodScores.some((period, index) => period.home !== after.periodScores[index]?.home || period.away !== after.periodScores[index]?.away) ||
    before.rally?.pointsHome !== after.rally?.pointsHome ||
    before.rally?.pointsAway !== after.rally?.pointsAway ||
    before.rally?.server !== after.rally?.server
  );
}

/** What makes a stored state out of date at once: status, score and period. The clock alone waits for the interval. */
function stateKeyOf(simulation: MatchSimulation): string {
  return `${simulation.status}|${simulation.score.home}-${simulation.score.away}|${simulation.clock.periodCode}`;
}

/** A new feed in memory only (unit tests, benchmarks); `feedSimulatorOpen` gives the durable one the app runs. */
export function feedSimulatorCreate(options: FeedSimulatorOptions): FeedSimulator {
  return simulatorBuild(options, undefined, undefined);
}

export interface FeedSimulatorOpenOptions extends FeedSimulatorOptions {
  /**
   * The highest match id anything else may already name (bets placed before the feed was stored): a new feed starts
   * above it, so a stored bet never meets another match under its id. Asked only when the store is empty.
   */
  readonly matchIdUsedMax?: () => Promise<number>;
  /** Hears of a write that failed (it is retried) and of a stored seed that differs from `seed`. */
  readonly log: (message: string, details: Record<string, unknown>) => void;
}

/**
 * The durable feed: resumes what `store` holds, or starts a new one there (FEED_SEED then gives the same week as in
 * memory). Resolves once the feed as it now stands is stored, so nothing is served that a crash could take back.
 */
export async function feedSimulatorOpen(store: FeedStore, options: FeedSimulatorOpenOptions): Promise<FeedSimulator> {
  const stored = await store.load({ resultsMax: resultsKeptMax, lookBackMs: storeLookBackMs });
  if (stored && stored.seed !== options.seed) {
    options.log('the stored feed keeps its own seed; FEED_SEED applies to a new database', { storedSeed: stored.seed, seed: options.seed });
  }
  let matchIdFirst = options.matchIdFirst;
  if (!stored && options.matchIdUsedMax) matchIdFirst = Math.max(matchIdFirst ?? 100_001, (await options.matchIdUsedMax()) + 1);
  const writer = feedStoreWriter(store, (error) => options.log('storing the sports feed failed; it is retried', { err: error }));
  const feed = simulatorBuild({ ...options, ...(matchIdFirst === undefined ? {} : { matchIdFirst }) }, stored, writer);
  await writer.persisted();
  return feed;
}

/**
 * A read-only copy of the stored feed for a node that does not lead (docs/decisions/021-jobs-and-nodes.md): it resumes
 * exactly as `feedSimulatorOpen` would — live matches from their stored state and random stream, so it plays them as
 * the leader does, second by second — but writes nothing and adds no day of fixtures. Undefined while the store is
 * still empty (the leader has not written its first batch).
 */
export async function feedSimulatorReplicaOpen(store: FeedStore, options: FeedSimulatorOptions): Promise<FeedSimulator | undefined> {
  const stored = await store.load({ resultsMax: resultsKeptMax, lookBackMs: storeLookBackMs });
  return stored ? simulatorBuild({ ...options, topUp: false }, stored, undefined) : undefined;
}

interface Persistence {
  enqueue(batch: FeedWrite): void;
  persisted(): Promise<void>;
}

function simulatorBuild(options: FeedSimulatorOptions, stored: FeedStored | undefined, persistence: Persistence | undefined): FeedSimulator {
  const { speedFactor, startMs } = options;
  if (!(speedFactor > 0 && Number.isFinite(speedFactor))) throw new RangeError(`speed factor must be positive, got ${speedFactor}`);
  // A resumed feed keeps the seed it was created with: its matches' streams and dangerous moments come from it.
  const seed = stored?.seed ?? options.seed;
  const endedRetentionMs = options.endedRetentionMs ?? endedRetentionMsDefault;
  const generated = stored
    ? undefined
    : (options.fixtures ?? fixturesGenerate({ seed, nowMs: startMs, ...(options.matchIdFirst ? { matchIdFirst: options.matchIdFirst } : {}) }));
  const teams: FixtureTeams = stored?.teams ?? { leagues: generated!.leagues, teams: generated!.teams, basketballLeagues: generated!.basketballLeagues ?? {} };
  const simulations = new Map<number, MatchSimulation>();
  const views = new Map<number, FeedMatch>();
  const results: MatchResult[] = stored ? [...stored.results] : [];
  const resultsById = new Map(results.map((result) => [result.matchId, result]));
  const listeners = new Set<(snapshot: FeedSnapshot) => void>();
  let version = 0;
  let snapshot: FeedSnapshot = { version, matches: [] };
  // Simulated time is a line through the last stored (wall, simulated) pair: down time is played through at speed
  // on the first tick after a restart, and a wall clock behind the stored one leaves the feed where it was.
  const origin = stored ? { wallMs: stored.cursor.wallAtMs, simulatedMs: stored.cursor.simulatedAtMs } : { wallMs: startMs, simulatedMs: startMs };
  const simulatedOf = (wallMs: number) => simulatedTimeMs(origin, wallMs, speedFactor);
  let simulatedNow = stored ? stored.cursor.simulatedAtMs : startMs;
  const storedFixtures = stored
    ? fixturesFromStored(
        stored.matches.map((match) => match.fixture),
        teams,
      )
    : [];
  const fixturesFirst = generated?.fixtures ?? storedFixtures;
  let matchIdNext = Math.max(stored?.cursor.matchIdNext ?? 0, (stored?.matchIdMax ?? 0) + 1, ...fixturesFirst.map((fixture) => fixture.id + 1));
  // Top-ups start the day after the last generated fixture so the two never overlap.
  let dayNextMs = stored?.cursor.dayNextMs ?? Math.max(startMs + weekMs, ...fixturesFirst.map((fixture) => fixture.startsAtMs + 1));
  let dayIndex = stored?.cursor.dayIndex ?? 0;

  // What the next batch for the store holds, and what each match last stored.
  let fixturesNew: FixtureStored[] = [];
  const statesNew = new Map<number, MatchStateStored>();
  let resultsNew: MatchResult[] = [];
  const stateStored = new Map<number, { key: string; secondsRun: number; wallMs: number }>();
  let cursorStoredWallMs = Number.NEGATIVE_INFINITY;
  /**
   * A match's first periodic save comes up to one interval early, by its id: the matches stored together at a start
   * then spread their saves over the interval instead of all writing in the same tick.
   */
  const staggered = (wallMs: number, id: number) => wallMs - (id % (stateSaveIntervalMs / 1000)) * 1000;

  /** The wall-clock instant simulated time last moved at: with `simulatedNow`, a point of the time line. */
  let simulatedNowWallMs = startMs;

  const withDanger = (view: FeedMatch): FeedMatch =>
    view.status === 'live' && view.sportId === 1 && view.clock.running && !view.marketsSuspended && soccerDangerousMoment(seed, view.id, view.clock.seconds)
      ? { ...view, marketsSuspended: true }
      : view;

  /** The view shows the latest result: a correction changes the final score a finished match shows. */
  const viewWithResult = (view: FeedMatch): FeedMatch => {
    const result = resultsById.get(view.id);
    return result && view.status === 'ended' ? { ...view, score: result.score, periodScores: result.periodScores } : view;
  };

  const add = (fixture: Fixture, saved?: MatchStateStored['saved']) => {
    const simulation = saved ? matchSimulationRestore(fixture, saved) : matchSimulationCreate(fixture, seed);
    simulations.set(fixture.id, simulation);
    views.set(fixture.id, viewWithResult(withDanger(matchView(simulation))));
    if (saved) stateStored.set(fixture.id, { key: stateKeyOf(simulation), secondsRun: simulation.secondsRun, wallMs: staggered(startMs, fixture.id) });
  };
  if (stored) stored.matches.forEach((match, index) => add(storedFixtures[index]!, match.saved));
  else {
    for (const fixture of generated!.fixtures) add(fixture);
    if (persistence) fixturesNew = generated!.fixtures.map(fixtureStoredOf);
  }

  const stateSaveIfDue = (id: number, simulation: MatchSimulation, wallMs: number, start = false) => {
    if (!persistence || simulation.status === 'notStarted') return;
    const before = stateStored.get(id);
    const key = stateKeyOf(simulation);
    if (before && before.secondsRun === simulation.secondsRun) return;
    if (before && before.key === key && wallMs - before.wallMs < stateSaveIntervalMs) return;
    stateStored.set(id, { key, secondsRun: simulation.secondsRun, wallMs: start ? staggered(wallMs, id) : wallMs });
    statesNew.set(id, {
      matchId: id,
      status: simulation.status,
      secondsRun: simulation.secondsRun,
      endedAtMs: simulation.endedAtMs ?? null,
      saved: matchSimulationSave(simulation),
    });
  };

  const resultOf = (simulation: MatchSimulation, view: FeedMatch): MatchResult => ({
    matchId: view.id,
    sportId: view.sportId,
    league: view.league,
    home: view.home,
    away: view.away,
    startsAtMs: view.startsAtMs,
    endedAtMs: simulation.endedAtMs ?? simulatedNow,
    score: view.score,
    periodScores: view.periodScores,
    revision: 1,
  });

  const snapshotBuild = (): FeedSnapshot => {
    const matches = [...views.values()].sort((left, right) => left.startsAtMs - right.startsAtMs || left.id - right.id);
    return { version, matches };
  };

  /** True during the first advance, at construction. */
  let starting = true;
  const advance = (target: number, wallMs: number): boolean => {
    let changed = false;
    let resultsAdded = false;
    while (options.topUp !== false && dayNextMs < target + weekMs) {
      const fixtures = fixturesForDay({
        seed: seedMix(seed, 0x7ea0 + dayIndex),
        set: teams,
        dayStartMs: dayNextMs,
        matchIdFirst: matchIdNext,
        scheduled: [...simulations.values()].map((simulation) => simulation.fixture),
      });
      for (const fixture of fixtures) add(fixture);
      if (persistence) fixturesNew.push(...fixtures.map(fixtureStoredOf));
      matchIdNext += fixtures.length;
      dayNextMs += dayMs;
      dayIndex += 1;
      changed = true;
    }
    for (const [id, simulation] of simulations) {
      if (simulation.fixture.startsAtMs > target) continue;
      if (simulation.status !== 'ended') {
        const view = withDanger(matchSimulationAdvance(simulation, target));
        if (viewChanged(views.get(id), view)) {
          views.set(id, view);
          changed = true;
          if (view.status === 'ended') {
            const result = resultOf(simulation, view);
            results.push(result);
            resultsById.set(id, result);
            if (persistence) resultsNew.push(result);
            resultsAdded = true;
          }
        }
        stateSaveIfDue(id, simulation, wallMs, starting);
      }
      // Checked in the same pass, so one long tick and many short ones leave the same matches.
      if (simulation.status === 'ended' && target - (simulation.endedAtMs ?? target) > endedRetentionMs) {
        simulations.delete(id);
        views.delete(id);
        stateStored.delete(id);
        changed = true;
      }
    }
    if (resultsAdded) {
      // By end time, so the order does not depend on which match the loop reached first.
      results.sort((left, right) => left.endedAtMs - right.endedAtMs || left.matchId - right.matchId);
      if (results.length > resultsKeptMax) {
        for (const dropped of results.splice(0, results.length - resultsKeptMax)) {
          if (resultsById.get(dropped.matchId) === dropped) resultsById.delete(dropped.matchId);
        }
      }
    }
    return changed;
  };

  // Whole milliseconds for the store: a fraction (FEED_SPEED 1.5) would be lost there anyway, and a restart that
  // resumes under a millisecond early replays nothing a match has not already played.
  const cursorOf = (wallMs: number): FeedCursor => ({
    wallAtMs: Math.floor(wallMs),
    simulatedAtMs: Math.floor(simulatedNow),
    matchIdNext,
    dayNextMs: Math.floor(dayNextMs),
    dayIndex,
  });

  /**
   * Hands what the tick changed to the store, in one batch. The cursor goes with every batch, and on its own at most
   * every `stateSaveIntervalMs`, so a restart knows how far simulated time had run.
   */
  const storeQueue = (wallMs: number, init?: FeedWrite['init']) => {
    if (!persistence) return;
    const empty = fixturesNew.length === 0 && statesNew.size === 0 && resultsNew.length === 0;
    if (empty && !init && wallMs - cursorStoredWallMs < stateSaveIntervalMs) return;
    cursorStoredWallMs = wallMs;
    persistence.enqueue({ ...(init ? { init } : {}), cursor: cursorOf(wallMs), fixtures: fixturesNew, states: [...statesNew.values()], results: resultsNew });
    fixturesNew = [];
    statesNew.clear();
    resultsNew = [];
  };

  // A new feed starts at `startMs`; a resumed one plays the time it was down through at once, before serving.
  const startSimulatedMs = Math.max(simulatedNow, simulatedOf(startMs));
  const startWallMs = stored ? Math.max(stored.cursor.wallAtMs, startMs) : startMs;
  simulatedNow = startSimulatedMs;
  simulatedNowWallMs = startWallMs;
  advance(startSimulatedMs, startWallMs);
  starting = false;
  storeQueue(startWallMs, stored ? undefined : { seed, teams });
  version = 1;
  snapshot = snapshotBuild();

  const publish = () => {
    version += 1;
    snapshot = snapshotBuild();
    for (const listener of listeners) listener(snapshot);
  };

  return {
    snapshot: () => snapshot,
    match: (matchId) => views.get(matchId),
    results: () => results,
    result: (matchId) => resultsById.get(matchId),
    resultCorrect(correction) {
      const index = results.findIndex((result) => result.matchId === correction.matchId);
      const outcome = resultCorrected(results[index], correction);
      if (!outcome.ok || !outcome.changed) return outcome;
      // In place: the results stay in end-time order, and a new object tells followers (the betting worker) it changed.
      results[index] = outcome.result;
      resultsById.set(correction.matchId, outcome.result);
      if (persistence) {
        resultsNew.push(outcome.result);
        storeQueue(simulatedNowWallMs);
      }
      const view = views.get(correction.matchId);
      if (view) views.set(correction.matchId, viewWithResult(view));
      publish();
      return outcome;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tick(nowMs) {
      const target = simulatedOf(nowMs);
      // Time never runs backwards: a wall clock stepping back leaves the feed where it is.
      if (target <= simulatedNow) return;
      simulatedNow = target;
      simulatedNowWallMs = nowMs;
      const changed = advance(target, nowMs);
      storeQueue(nowMs);
      if (changed) publish();
    },
    clockMs: (wallNowMs) => Math.max(simulatedNow, simulatedOf(wallNowMs)),
    persisted: () => persistence?.persisted() ?? Promise.resolve(),
    simulatedNowMs: () => simulatedNow,
  };
}
