import { describe, expect, it } from 'vitest';
import { feedSimulatorCreate, soccerDangerousMoment } from './feed-simulator.ts';

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
