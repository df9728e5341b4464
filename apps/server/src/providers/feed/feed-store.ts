import type { Fixture, FixtureTeams } from './fixture-generator.ts';
import type { MatchSimulationSaved } from './match-simulator.ts';
import type { MatchResult, MatchStatus } from './sports-feed.ts';

/**
 * Where the simulated feed keeps what it publishes, so a restart resumes it instead of inventing another past
 * (issue 14 item 3, docs/decisions/015-durable-feed.md): fixtures as they are created, each match's state (clock,
 * score, random stream) at every status, score or period change and at least every `stateSaveIntervalMs`, results
 * and their corrections. The simulator hands over one batch per tick that changed something; the store writes it in
 * one transaction. Only ever written forward: a state never replaces a later one of the same match.
 */

/** Where the feed's time stands: simulated time reached at a wall-clock instant, and what the next day adds from. */
export interface FeedCursor {
  readonly wallAtMs: number;
  readonly simulatedAtMs: number;
  /** The next match id to give: ids are never reused, across restarts too. */
  readonly matchIdNext: number;
  readonly dayNextMs: number;
  readonly dayIndex: number;
}

/**
 * A fixture as stored: its teams and league by id (the feed's cursor row holds them once), so a week of fixtures
 * is a third of the bytes.
 */
export interface FixtureStored {
  readonly id: number;
  readonly sportId: Fixture['sportId'];
  readonly leagueId: number;
  readonly homeId: number;
  readonly awayId: number;
  readonly startsAtMs: number;
  readonly featured: boolean;
  readonly model: Fixture['model'];
}

export function fixtureStoredOf(fixture: Fixture): FixtureStored {
  return {
    id: fixture.id,
    sportId: fixture.sportId,
    leagueId: fixture.league.id,
    homeId: fixture.home.id,
    awayId: fixture.away.id,
    startsAtMs: fixture.startsAtMs,
    featured: fixture.featured,
    model: fixture.model,
  };
}

/** The fixtures again with their league and team objects, each shared by every fixture that names it. */
export function fixturesFromStored(stored: readonly FixtureStored[], teams: FixtureTeams): Fixture[] {
  const leagues = new Map(teams.leagues.map((league) => [league.id, league]));
  const byId = new Map(teams.teams.map((team) => [team.id, team]));
  const found = <T>(map: Map<number, T>, id: number, what: string): T => {
    const value = map.get(id);
    if (value === undefined) throw new Error(`stored fixture names ${what} ${id}, which the stored feed does not hold`);
    return value;
  };
  return stored.map((fixture) => {
    const league = found(leagues, fixture.leagueId, 'league');
    return {
      id: fixture.id,
      sportId: fixture.sportId,
      league,
      home: found(byId, fixture.homeId, 'team'),
      away: found(byId, fixture.awayId, 'team'),
      startsAtMs: fixture.startsAtMs,
      featured: fixture.featured,
      model: fixture.model,
    };
  });
}

/** One match's state as stored: `saved` is the whole simulation, so it resumes exactly. */
export interface MatchStateStored {
  readonly matchId: number;
  readonly status: Exclude<MatchStatus, 'notStarted'>;
  readonly secondsRun: number;
  readonly endedAtMs: number | null;
  readonly saved: MatchSimulationSaved;
}

export interface FeedWrite {
  /** Only in a new feed's first batch: its seed and the leagues and teams later days are drawn from. */
  readonly init?: { readonly seed: number; readonly teams: FixtureTeams };
  readonly cursor: FeedCursor;
  readonly fixtures: readonly FixtureStored[];
  readonly states: readonly MatchStateStored[];
  /** New results and corrections (a correction is the same match with the next revision). */
  readonly results: readonly MatchResult[];
}

/** What a restart resumes from. */
export interface FeedStored {
  readonly seed: number;
  readonly teams: FixtureTeams;
  readonly cursor: FeedCursor;
  /** Fixtures still to play or recently played, each with its state once it started. */
  readonly matches: readonly { readonly fixture: FixtureStored; readonly saved: MatchSimulationSaved | undefined }[];
  /** The latest revision of each of the most recent results, oldest first. */
  readonly results: readonly MatchResult[];
  /** The highest match id ever stored. */
  readonly matchIdMax: number;
}

export interface FeedStore {
  /**
   * The stored feed, or undefined for a database that never ran one: the matches still live, every fixture starting
   * `lookBackMs` or less before the stored simulated time (older ones were played and dropped), and the latest
   * `resultsMax` results.
   */
  load(options: { readonly resultsMax: number; readonly lookBackMs: number }): Promise<FeedStored | undefined>;
  write(batch: FeedWrite): Promise<void>;
}

/** Two batches as one, the later winning where they say different things of the same match. */
export function feedWriteMerge(older: FeedWrite, newer: FeedWrite): FeedWrite {
  const states = new Map(older.states.map((state) => [state.matchId, state]));
  for (const state of newer.states) {
    const before = states.get(state.matchId);
    if (!before || before.secondsRun <= state.secondsRun) states.set(state.matchId, state);
  }
  const results = new Map(older.results.map((result) => [`${result.matchId}r${result.revision}`, result]));
  for (const result of newer.results) results.set(`${result.matchId}r${result.revision}`, result);
  const init = older.init ?? newer.init;
  return {
    ...(init ? { init } : {}),
    cursor: newer.cursor.simulatedAtMs >= older.cursor.simulatedAtMs ? newer.cursor : older.cursor,
    fixtures: [...new Map([...older.fixtures, ...newer.fixtures].map((fixture) => [fixture.id, fixture])).values()],
    states: [...states.values()],
    results: [...results.values()],
  };
}

export interface FeedStoreWriter {
  /** Queues a batch; writes run one at a time, and batches queued meanwhile go together in the next write. */
  enqueue(batch: FeedWrite): void;
  /** Resolves once every batch queued so far is stored; rejects (and keeps them queued) when a write fails. */
  persisted(): Promise<void>;
}

/**
 * Writes the feed's batches in order, off the tick: the tick only queues. A failed write keeps its batch (merged
 * with what came since) and is tried again with the next batch or the next `persisted()`, so nothing published is
 * dropped while the database is away; `onError` hears of each failure.
 */
export function feedStoreWriter(store: FeedStore, onError: (error: unknown) => void): FeedStoreWriter {
  let pending: FeedWrite | undefined;
  let writing: Promise<void> | undefined;
  const writeAll = async () => {
    while (pending) {
      const batch = pending;
      pending = undefined;
      try {
        await store.write(batch);
      } catch (error) {
        pending = pending ? feedWriteMerge(batch, pending) : batch;
        throw error;
      }
    }
  };
  // `finally` runs after `writing` is assigned, even when there was nothing to write: a finished write never stays
  // behind as the one everybody waits on.
  const drain = (): Promise<void> => (writing ??= writeAll().finally(() => (writing = undefined)));
  return {
    enqueue(batch) {
      pending = pending ? feedWriteMerge(pending, batch) : batch;
      drain().catch(onError);
    },
    async persisted() {
      // A batch queued while the last write was finishing is written too before this resolves.
      while (writing || pending) await drain();
    },
  };
}
