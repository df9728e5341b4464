import { describe, expect, it } from 'vitest';
import { feedSimulatorCreate, feedSimulatorOpen, soccerDangerousMoment } from './feed-simulator.ts';
import type { FeedStore, FeedWrite, FixtureStored, MatchStateStored } from './feed-store.ts';
import type { MatchResult, SportsFeed } from './sports-feed.ts';

const startMs = Date.UTC(2026, 10, 23, 12, 0);
const minuteMs = 60_000;

describe('feedSimulatorCreate', () => {
  it('is reproducible and does not depend on how time is sliced into ticks', () => {
    const fine = feedSimulatorCreate({ seed: 11, speedFactor: 30, startMs });
    const coarse = feedSimulatorCreate({ seed: 11, speedFactor: 30, startMs });
    for (let second = 1; second <= 120; second++) fine.tick(startMs + second * 1000);
    coarse.tick(startMs + 120 * 1000);
    expect(coarse.snapshot().matches).toEqual(fine.snapshot().matches);
    expect(coarse.results()).toEqual(fine.results());
  });

  it('has live matches at the start, bumps the version only on change, and never runs backwards', () => {
    const feed = feedSimulatorCreate({ seed: 5, speedFactor: 1, startMs });
    const first = feed.snapshot();
    expect(first.matches.filter((match) => match.status === 'live').length).toBeGreaterThanOrEqual(10);
    feed.tick(startMs);
    expect(feed.snapshot()).toBe(first);
    feed.tick(startMs + 1000);
    expect(feed.snapshot().version).toBe(first.version + 1);
    feed.tick(startMs - 5000);
    expect(feed.snapshot().version).toBe(first.version + 1);
  });

  it('tells listeners about each new snapshot until they unsubscribe', () => {
    const feed = feedSimulatorCreate({ seed: 5, speedFactor: 1, startMs });
    const seen: number[] = [];
    const unsubscribe = feed.subscribe((snapshot) => seen.push(snapshot.version));
    feed.tick(startMs + 1000);
    feed.tick(startMs + 2000);
    unsubscribe();
    feed.tick(startMs + 3000);
    expect(seen).toEqual([2, 3]);
  });

  it('ends matches, publishes their results, drops them after the retention and keeps a week ahead', () => {
    const feed = feedSimulatorCreate({ seed: 9, speedFactor: 600, startMs, endedRetentionMs: 10 * minuteMs });
    const liveAtStart = feed.snapshot().matches.filter((match) => match.status === 'live');
    // Three simulated hours: every match live at the start has ended.
    for (let step = 1; step <= 18; step++) feed.tick(startMs + step * 1000);
    const results = feed.results();
    for (const match of liveAtStart) {
      const result = results.find((candidate) => candidate.matchId === match.id);
      expect(result, `result of ${match.id}`).toBeDefined();
      expect(result!.endedAtMs).toBeGreaterThan(match.startsAtMs);
      expect(feed.match(match.id)).toBeUndefined();
    }
    // Two simulated days later, fixtures still reach a week ahead.
    feed.tick(startMs + (2 * 24 * 60 * minuteMs) / 600);
    const latest = Math.max(...feed.snapshot().matches.map((match) => match.startsAtMs));
    expect(latest).toBeGreaterThan(feed.simulatedNowMs() + 6 * 24 * 60 * minuteMs);
    const ids = feed.snapshot().matches.map((match) => match.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('suspends live soccer markets in dangerous moments, a pure function of seed, match and clock', () => {
    let windows = 0;
    for (let window = 0; window < 300; window++) if (soccerDangerousMoment(3, 100_001, window * 20)) windows++;
    expect(windows).toBeGreaterThan(5);
    expect(windows).toBeLessThan(60);
    expect(soccerDangerousMoment(3, 100_001, 400)).toBe(soccerDangerousMoment(3, 100_001, 419));
  });

  it('publishes a corrected result as the next revision, once, and refuses one that does not add up', () => {
    const feed = feedSimulatorCreate({ seed: 9, speedFactor: 600, startMs });
    for (let step = 1; step <= 18; step++) feed.tick(startMs + step * 1000);
    const soccer = feed.results().find((result) => result.sportId === 1)!;
    expect(soccer.revision).toBe(1);
    const seen: number[] = [];
    feed.subscribe((snapshot) => seen.push(snapshot.version));
    const score = { home: soccer.score.home + 1, away: soccer.score.away };
    const firstHalf = soccer.periodScores.find((period) => period.periodCode === 1002) ?? { periodCode: 1002, home: 0, away: 0 };
    const periodScores = [
      { periodCode: 1002, home: firstHalf.home, away: firstHalf.away },
      { periodCode: 1003, home: score.home - firstHalf.home, away: score.away - firstHalf.away },
    ];
    expect(feed.resultCorrect({ matchId: 42, revision: 2, score })).toEqual({ ok: false, code: 'RESULT_NOT_FOUND' });
    expect(feed.resultCorrect({ matchId: soccer.matchId, revision: 3, score, periodScores })).toEqual({ ok: false, code: 'RESULT_REVISION_INVALID' });
    // A goal more without saying in which half would leave the halves short of the final score.
    expect(feed.resultCorrect({ matchId: soccer.matchId, revision: 2, score })).toEqual({ ok: false, code: 'RESULT_SCORES_INCONSISTENT' });
    expect(seen).toEqual([]);
    const corrected = feed.resultCorrect({ matchId: soccer.matchId, revision: 2, score, periodScores });
    expect(corrected).toMatchObject({ ok: true, changed: true, result: { matchId: soccer.matchId, revision: 2, score, periodScores } });
    const latest = feed.results().filter((result) => result.matchId === soccer.matchId);
    expect(latest).toHaveLength(1);
    expect(latest[0]).not.toBe(soccer);
    expect(latest[0]).toMatchObject({ revision: 2, score });
    expect(seen).toHaveLength(1);
    // The same revision again, as a provider repeating its message: nothing changes, nobody is told.
    expect(feed.resultCorrect({ matchId: soccer.matchId, revision: 2, score, periodScores })).toMatchObject({ ok: true, changed: false });
    expect(feed.results().find((result) => result.matchId === soccer.matchId)).toBe(latest[0]);
    expect(seen).toHaveLength(1);
    // The same revision with other scores is not a repeat: it is refused.
    expect(feed.resultCorrect({ matchId: soccer.matchId, revision: 2, score: soccer.score })).toEqual({ ok: false, code: 'RESULT_REVISION_INVALID' });
  });
});

/** The store's contract in memory: what the SQL store keeps, without a database. */
function memoryStore(): FeedStore & { writes: FeedWrite[]; failNext: boolean } {
  let init: FeedWrite['init'];
  let cursor: FeedWrite['cursor'] | undefined;
  const fixtures = new Map<number, FixtureStored>();
  const states = new Map<number, MatchStateStored>();
  const results = new Map<string, MatchResult>();
  const store = {
    writes: [] as FeedWrite[],
    failNext: false,
    async load({ resultsMax, lookBackMs }: { resultsMax: number; lookBackMs: number }) {
      if (!init || !cursor) return undefined;
      const latest = new Map<number, MatchResult>();
      for (const result of results.values()) if ((latest.get(result.matchId)?.revision ?? 0) < result.revision) latest.set(result.matchId, result);
      const since = cursor.simulatedAtMs - lookBackMs;
      return structuredClone({
        seed: init.seed,
        teams: init.teams,
        cursor,
        matches: [...fixtures.values()]
          .filter((fixture) => fixture.startsAtMs >= since || states.get(fixture.id)?.status === 'live')
          .sort((left, right) => left.startsAtMs - right.startsAtMs || left.id - right.id)
          .map((fixture) => ({ fixture, saved: states.get(fixture.id)?.saved })),
        results: [...latest.values()].sort((left, right) => left.endedAtMs - right.endedAtMs || left.matchId - right.matchId).slice(-resultsMax),
        matchIdMax: Math.max(0, ...fixtures.keys()),
      });
    },
    async write(batch: FeedWrite) {
      if (store.failNext) {
        store.failNext = false;
        throw new Error('database away');
      }
      store.writes.push(batch);
      init ??= batch.init;
      cursor = batch.cursor;
      for (const fixture of batch.fixtures) if (!fixtures.has(fixture.id)) fixtures.set(fixture.id, structuredClone(fixture));
      for (const state of batch.states)
        if ((states.get(state.matchId)?.secondsRun ?? -1) <= state.secondsRun) states.set(state.matchId, structuredClone(state));
      for (const result of batch.results) results.set(`${result.matchId}r${result.revision}`, structuredClone(result));
    },
  };
  return store;
}

const log = () => {};
/** A snapshot's matches without what a restart renumbers (the version). */
const matchesOf = (feed: SportsFeed) => feed.snapshot().matches;

describe('feedSimulatorOpen', () => {
  it('resumes from its store exactly where a feed that never stopped would be, at any tick', async () => {
    const store = memoryStore();
    const first = await feedSimulatorOpen(store, { seed: 13, speedFactor: 60, startMs, log });
    const never = feedSimulatorCreate({ seed: 13, speedFactor: 60, startMs });
    for (let second = 1; second <= 90; second++) {
      first.tick(startMs + second * 1000);
      never.tick(startMs + second * 1000);
    }
    await first.persisted();
    // Killed here: the last 30 s of some clocks were never stored. The restart comes 40 s (40 simulated minutes) later.
    const resumed = await feedSimulatorOpen(store, { seed: 13, speedFactor: 60, startMs: startMs + 130_000, log });
    never.tick(startMs + 130_000);
    expect(matchesOf(resumed)).toEqual(matchesOf(never));
    expect(resumed.results()).toEqual(never.results());
    for (let second = 131; second <= 400; second += 7) {
      resumed.tick(startMs + second * 1000);
      never.tick(startMs + second * 1000);
    }
    expect(matchesOf(resumed)).toEqual(matchesOf(never));
    expect(resumed.results()).toEqual(never.results());
  });

  it('keeps finished matches finished with their stored (corrected) result, and never gives a stored id again', async () => {
    const store = memoryStore();
    const first = await feedSimulatorOpen(store, { seed: 9, speedFactor: 600, startMs, log });
    for (let step = 1; step <= 18; step++) first.tick(startMs + step * 1000);
    const soccer = first.results().find((result) => result.sportId === 1)!;
    const firstHalf = soccer.periodScores.find((period) => period.periodCode === 1002) ?? { periodCode: 1002, home: 0, away: 0 };
    const score = { home: soccer.score.home + 1, away: soccer.score.away };
    const periodScores = [firstHalf, { periodCode: 1003, home: score.home - firstHalf.home, away: score.away - firstHalf.away }];
    expect(first.resultCorrect({ matchId: soccer.matchId, revision: 2, score, periodScores })).toMatchObject({ ok: true, changed: true });
    await first.persisted();
    const idsBefore = new Set(store.writes.flatMap((write) => write.fixtures.map((fixture) => fixture.id)));
    const resultsBefore = first.results();

    // Restarted at the very same wall time, and then a day on: the same seed would have given ids from 100001 again.
    const resumed = await feedSimulatorOpen(store, { seed: 9, speedFactor: 600, startMs: startMs + 18_000, log });
    expect(resumed.results()).toEqual(resultsBefore);
    expect(resumed.result(soccer.matchId)).toMatchObject({ revision: 2, score });
    for (const result of resultsBefore) expect(resumed.match(result.matchId)?.status ?? 'gone').not.toBe('notStarted');
    const writesBefore = store.writes.length;
    resumed.tick(startMs + 18_000 + (24 * 60 * minuteMs) / 600);
    await resumed.persisted();
    const added = store.writes.slice(writesBefore).flatMap((write) => write.fixtures.map((fixture) => fixture.id));
    expect(added.length).toBeGreaterThan(100);
    expect(added.filter((id) => idsBefore.has(id))).toEqual([]);
    expect(Math.min(...added)).toBeGreaterThan(Math.max(...idsBefore));
  });

  it('stores each change once per tick and a running clock at most every 30 s, and retries a failed write', async () => {
    const store = memoryStore();
    const errors: string[] = [];
    const feed = await feedSimulatorOpen(store, { seed: 5, speedFactor: 1, startMs, log: (message) => errors.push(message) });
    expect(store.writes).toHaveLength(1);
    expect(store.writes[0]!.init?.seed).toBe(5);
    expect(store.writes[0]!.fixtures.length).toBe(feed.snapshot().matches.length);
    const live = feed
      .snapshot()
      .matches.filter((match) => match.status === 'live')
      .map((match) => match.id);
    expect(store.writes[0]!.states.map((state) => state.matchId).sort()).toEqual([...live].sort());
    // Ten quiet seconds: clocks run, but only goals, points of sets and period changes are written before 30 s.
    for (let second = 1; second <= 10; second++) feed.tick(startMs + second * 1000);
    await feed.persisted();
    const stored10 = store.writes.slice(1).flatMap((write) => write.states);
    expect(stored10.length).toBeLessThan(live.length);
    store.failNext = true;
    for (let second = 11; second <= 40; second++) feed.tick(startMs + second * 1000);
    // The write under way fails: whoever waits for it hears so; asking again writes the batch kept back.
    await expect(feed.persisted()).rejects.toThrow('database away');
    await expect(feed.persisted()).resolves.toBeUndefined();
    expect(errors).toContain('storing the sports feed failed; it is retried');
    // After 30 s every live clock was written, once, and the failed batch was not lost.
    const written = new Set(store.writes.slice(1).flatMap((write) => write.states.map((state) => state.matchId)));
    for (const id of live) if (feed.match(id)?.status === 'live') expect(written.has(id), `state of ${id}`).toBe(true);
  });

  it('starts a new feed above every match id already in use', async () => {
    const feed = await feedSimulatorOpen(memoryStore(), { seed: 5, speedFactor: 1, startMs, log, matchIdUsedMax: async () => 250_000 });
    expect(Math.min(...feed.snapshot().matches.map((match) => match.id))).toBe(250_001);
  });
});
