import { describe, expect, it } from 'vitest';
import { fixturesGenerate, type Fixture } from './fixture-generator.ts';
import { basketballBreakClock, matchSimulationAdvance, matchSimulationCreate, simulatedTimeMs } from './match-simulator.ts';
import type { FeedMatch, MatchModel } from './sports-feed.ts';

const nowMs = Date.UTC(2026, 10, 23, 12, 0);
const minuteMs = 60_000;
const { fixtures } = fixturesGenerate({ seed: 11, nowMs });

function fixturesOf(sport: MatchModel['sport'], count = 10): Fixture[] {
  return fixtures.filter((fixture) => fixture.model.sport === sport).slice(0, count);
}

/** Runs a match tick by tick (`tickMs` of simulated time) until it ends or `limitMs` passes; answers every state. */
function matchRun(fixture: Fixture, seed: number, tickMs: number, limitMs = 6 * 60 * minuteMs): FeedMatch[] {
  const simulation = matchSimulationCreate(fixture, seed);
  const states: FeedMatch[] = [];
  for (let atMs = fixture.startsAtMs; atMs <= fixture.startsAtMs + limitMs; atMs += tickMs) {
    const state = matchSimulationAdvance(simulation, atMs);
    states.push(state);
    if (state.status === 'ended') break;
  }
  return states;
}

describe('matchSimulationAdvance', () => {
  it.each(['soccer', 'basketball', 'tennis', 'volleyball', 'tableTennis'] as const)(
    'plays %s the same way for the same seed, whatever the tick size',
    (sport) => {
      const [fixture] = fixturesOf(sport, 1);
      if (!fixture) throw new Error('no fixture');
      const byMinute = matchRun(fixture, 5, minuteMs).at(-1);
      const byTenMinutes = matchRun(fixture, 5, 10 * minuteMs).at(-1);
      expect(byMinute?.status).toBe('ended');
      expect(byTenMinutes).toEqual(byMinute);
      const otherSeeds = [6, 7, 8].map((seed) => matchRun(fixture, seed, 10 * minuteMs).at(-1)?.periodScores);
      expect(otherSeeds.some((periods) => JSON.stringify(periods) !== JSON.stringify(byMinute?.periodScores))).toBe(true);
    },
  );

  it('never lowers a score while a match plays', () => {
    for (const fixture of fixtures.filter((_, index) => index % 12 === 0)) {
      const states = matchRun(fixture, 3, minuteMs);
      for (const [before, after] of states.slice(1).map((state, index) => [states[index], state] as const)) {
        expect(after.score.home).toBeGreaterThanOrEqual(before?.score.home ?? 0);
        expect(after.score.away).toBeGreaterThanOrEqual(before?.score.away ?? 0);
      }
    }
  });

  it('ends a soccer match after 90 minutes, stoppage and half time, with halves that add up to the score', () => {
    for (const fixture of fixturesOf('soccer')) {
      const states = matchRun(fixture, 1, minuteMs);
      const final = states.at(-1);
      if (!final) throw new Error('no state');
      expect(final.status).toBe('ended');
      expect(final.clock.periodCode).toBe(1005);
      const minutesRun = states.length - 1;
      expect(minutesRun).toBeGreaterThanOrEqual(90 + 15 + 1);
      expect(minutesRun).toBeLessThanOrEqual(90 + 15 + 10 + 1);
      expect(final.clock.seconds).toBeGreaterThanOrEqual(90 * 60);
      const halves = final.periodScores.reduce((sum, period) => ({ home: sum.home + period.home, away: sum.away + period.away }), { home: 0, away: 0 });
      expect(halves).toEqual(final.score);
    }
  });

  it('shows half time at 45 minutes with the clock stopped and suspends markets after a goal', () => {
    const [fixture] = fixturesOf('soccer', 1);
    if (!fixture) throw new Error('no fixture');
    const simulation = matchSimulationCreate(fixture, 2);
    const halfTime = matchSimulationAdvance(simulation, fixture.startsAtMs + 55 * minuteMs);
    expect(halfTime).toMatchObject({ status: 'live', clock: { periodCode: 1003, running: false, seconds: 45 * 60 } });
    const fixtureScoring = fixturesOf('soccer').find((candidate) => (matchRun(candidate, 2, minuteMs).at(-1)?.score.home ?? 0) > 0);
    if (!fixtureScoring) throw new Error('no scoring fixture');
    const scoring = matchSimulationCreate(fixtureScoring, 2);
    let previous = matchSimulationAdvance(scoring, fixtureScoring.startsAtMs);
    for (let second = 1; second < 120 * 60; second += 1) {
      const state = matchSimulationAdvance(scoring, fixtureScoring.startsAtMs + second * 1000);
      if (state.score.home + state.score.away > previous.score.home + previous.score.away) {
        expect(state.marketsSuspended).toBe(true);
        expect(matchSimulationAdvance(scoring, fixtureScoring.startsAtMs + (second + 61) * 1000).marketsSuspended).toBe(false);
        return;
      }
      previous = state;
    }
    throw new Error('no goal seen');
  });

  it('ends a tennis match when a player wins the sets required, each set won 6 games by two or 7-6', () => {
    for (const fixture of fixturesOf('tennis')) {
      const final = matchRun(fixture, 4, 10 * minuteMs).at(-1);
      if (!final || fixture.model.sport !== 'tennis') throw new Error('no tennis state');
      expect(final.status).toBe('ended');
      expect(final.clock.periodCode).toBe(5011);
      expect(Math.max(final.score.home, final.score.away)).toBe(fixture.model.rules.setsToWin);
      expect(Math.min(final.score.home, final.score.away)).toBeLessThan(fixture.model.rules.setsToWin);
      for (const set of final.periodScores) {
        const [high, low] = [Math.max(set.home, set.away), Math.min(set.home, set.away)];
        expect(high === 7 ? low >= 5 : high === 6 && low <= 4).toBe(true);
      }
    }
  });

  it('plays basketball quarters with a countdown clock and no draw at the end', () => {
    for (const fixture of fixturesOf('basketball')) {
      const final = matchRun(fixture, 8, minuteMs).at(-1);
      if (!final) throw new Error('no state');
      expect(final.status).toBe('ended');
      expect(final.score.home).not.toBe(final.score.away);
      expect(final.periodScores.map((period) => period.periodCode).slice(0, 4)).toEqual([3005, 3006, 3007, 3008]);
      expect(final.score.home + final.score.away).toBeGreaterThan(100);
    }
  });

  it('names each basketball break on the clock: 3006 after Q1, 3008 half time, 3010 after Q3, never a stopped quarter', () => {
    const [fixture] = fixturesOf('basketball', 1);
    if (!fixture) throw new Error('no fixture');
    const states = matchRun(fixture, 8, 1000);
    const live = states.filter((state) => state.status === 'live');
    const breakCodes = [...new Set(live.filter((state) => !state.clock.running).map((state) => state.clock.periodCode))];
    expect(breakCodes.slice(0, 3)).toEqual([3006, 3008, 3010]);
    // A quarter's own code (odd, 3005–3011) only ever shows with the clock running.
    expect(live.some((state) => !state.clock.running && [3005, 3007, 3009, 3011].includes(state.clock.periodCode))).toBe(false);
    // A break follows its quarter and precedes the next one.
    const codes = live.map((state) => state.clock.periodCode).filter((code, index, all) => code !== all[index - 1]);
    expect(codes.slice(0, 7)).toEqual([3005, 3006, 3007, 3008, 3009, 3010, 3011]);
  });

  it('shows the break before an overtime as the overtime clock stopped at its full length', () => {
    const clock = { seconds: 0, running: true, direction: 'down', periodCode: 3011, injuryMinutes: 0 } as const;
    expect(basketballBreakClock(clock, 4, 300)).toEqual({ ...clock, running: false, seconds: 300, periodCode: 3012 });
    expect(basketballBreakClock(clock, 2, 300)).toEqual({ ...clock, running: false, seconds: 0, periodCode: 3008 });
  });

  it('maps wall-clock time to simulated time with the speed factor, along the line through its origin', () => {
    expect(simulatedTimeMs({ wallMs: 1000, simulatedMs: 1000 }, 3000, 60)).toBe(1000 + 2000 * 60);
    expect(simulatedTimeMs({ wallMs: 1000, simulatedMs: 50_000 }, 3000, 60)).toBe(50_000 + 2000 * 60);
  });
});
