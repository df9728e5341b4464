import { fixturesForDay, fixturesGenerate, type FixtureSet } from './fixture-generator.ts';
import { matchSimulationAdvance, matchSimulationCreate, matchView, simulatedTimeMs, type MatchSimulation } from './match-simulator.ts';
import { seedMix } from './seeded-random.ts';
import { resultCorrected } from './result-correction.ts';
import type { FeedMatch, FeedSnapshot, MatchResult, SportsFeed } from './sports-feed.ts';

/**
 * The simulated feed: a seeded week of fixtures played second by second in simulated time (speed × wall time),
 * topped up a day at a time so a week ahead always looks alive. `tick` advances every match to the wall-clock
 * instant given and bumps `version` only when something changed; listeners then get the new snapshot.
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
}

export interface FeedSimulator extends SportsFeed {
  /** Simulated time reached by the last tick. */
  simulatedNowMs(): number;
}

const dayMs = 24 * 60 * 60_000;
const weekMs = 7 * dayMs;
const endedRetentionMsDefault = 30 * 60_000;
const resultsKeptMax = 10_000;
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

export function feedSimulatorCreate(options: FeedSimulatorOptions): FeedSimulator {
  const { seed, speedFactor, startMs } = options;
  if (!(speedFactor > 0 && Number.isFinite(speedFactor))) throw new RangeError(`speed factor must be positive, got ${speedFactor}`);
  const endedRetentionMs = options.endedRetentionMs ?? endedRetentionMsDefault;
  const set = options.fixtures ?? fixturesGenerate({ seed, nowMs: startMs });
  const simulations = new Map<number, MatchSimulation>();
  const views = new Map<number, FeedMatch>();
  const results: MatchResult[] = [];
  const listeners = new Set<(snapshot: FeedSnapshot) => void>();
  let version = 0;
  let snapshot: FeedSnapshot = { version, matches: [] };
  let simulatedNow = startMs;
  let matchIdNext = Math.max(0, ...set.fixtures.map((fixture) => fixture.id)) + 1;
  // Top-ups start the day after the last generated fixture so the two never overlap.
  let dayNextMs = Math.max(startMs + weekMs, ...set.fixtures.map((fixture) => fixture.startsAtMs + 1));
  let dayIndex = 0;

  const add = (fixture: FixtureSet['fixtures'][number]) => {
    const simulation = matchSimulationCreate(fixture, seed);
    simulations.set(fixture.id, simulation);
    views.set(fixture.id, matchView(simulation));
  };
  set.fixtures.forEach(add);

  const withDanger = (view: FeedMatch): FeedMatch =>
    view.status === 'live' && view.sportId === 1 && view.clock.running && !view.marketsSuspended && soccerDangerousMoment(seed, view.id, view.clock.seconds)
      ? { ...view, marketsSuspended: true }
      : view;

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

  const advance = (target: number): boolean => {
    let changed = false;
    let resultsAdded = false;
    while (dayNextMs < target + weekMs) {
      const fixtures = fixturesForDay({ seed: seedMix(seed, 0x7ea0 + dayIndex), set, dayStartMs: dayNextMs, matchIdFirst: matchIdNext });
      for (const fixture of fixtures) add(fixture);
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
            results.push(resultOf(simulation, view));
            resultsAdded = true;
          }
        }
      }
      // Checked in the same pass, so one long tick and many short ones leave the same matches.
      if (simulation.status === 'ended' && target - (simulation.endedAtMs ?? target) > endedRetentionMs) {
        simulations.delete(id);
        views.delete(id);
        changed = true;
      }
    }
    if (resultsAdded) {
      // By end time, so the order does not depend on which match the loop reached first.
      results.sort((left, right) => left.endedAtMs - right.endedAtMs || left.matchId - right.matchId);
      if (results.length > resultsKeptMax) results.splice(0, results.length - resultsKeptMax);
    }
    return changed;
  };

  advance(startMs);
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
    resultCorrect(correction) {
      const index = results.findIndex((result) => result.matchId === correction.matchId);
      const outcome = resultCorrected(results[index], correction);
      if (!outcome.ok || !outcome.changed) return outcome;
      // In place: the results stay in end-time order, and a new object tells followers (the betting worker) it changed.
      results[index] = outcome.result;
      const view = views.get(correction.matchId);
      if (view) views.set(correction.matchId, { ...view, score: outcome.result.score, periodScores: outcome.result.periodScores });
      publish();
      return outcome;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tick(nowMs) {
      const target = simulatedTimeMs(startMs, nowMs, speedFactor);
      // Time never runs backwards: a wall clock stepping back leaves the feed where it is.
      if (target <= simulatedNow) return;
      simulatedNow = target;
      if (!advance(target)) return;
      publish();
    },
    simulatedNowMs: () => simulatedNow,
  };
}
