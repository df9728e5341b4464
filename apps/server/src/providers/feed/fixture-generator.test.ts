import { describe, expect, it } from 'vitest';
import { fixturesForDay, fixturesGenerate, matchSlotMinutes, type Fixture } from './fixture-generator.ts';
import { matchSimulationAdvance, matchSimulationCreate } from './match-simulator.ts';
import { sportIds } from './sports-feed.ts';

const nowMs = Date.UTC(2026, 10, 23, 3, 7); // 03:07 UTC: a quiet hour still has live matches.
const weekMs = 7 * 24 * 60 * 60_000;

describe('fixturesGenerate', () => {
  it('gives the same fixtures for the same seed and different ones for another seed', () => {
    expect(fixturesGenerate({ seed: 1, nowMs })).toEqual(fixturesGenerate({ seed: 1, nowMs }));
    expect(fixturesGenerate({ seed: 1, nowMs }).fixtures).not.toEqual(fixturesGenerate({ seed: 2, nowMs }).fixtures);
  });

  it('covers every sport with dozens of upcoming matches and some started already', () => {
    const { fixtures } = fixturesGenerate({ seed: 7, nowMs });
    for (const sportId of Object.values(sportIds)) {
      const ofSport = fixtures.filter((fixture) => fixture.sportId === sportId);
      expect(ofSport.filter((fixture) => fixture.startsAtMs > nowMs).length).toBeGreaterThanOrEqual(24);
      expect(ofSport.filter((fixture) => fixture.startsAtMs <= nowMs).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('schedules fixtures within the next 7 days and never a team against itself', () => {
    const { fixtures } = fixturesGenerate({ seed: 3, nowMs });
    for (const fixture of fixtures) {
      expect(fixture.startsAtMs).toBeLessThan(nowMs + weekMs + 15 * 60_000);
      expect(fixture.startsAtMs).toBeGreaterThan(nowMs - 2 * 60 * 60_000);
      expect(fixture.home.id).not.toBe(fixture.away.id);
      expect(fixture.home.leagueId).toBe(fixture.league.id);
    }
  });

  it('gives leagues a region and no logo (it has no pictures: the app draws the initial), and teams unique ids and names within a league', () => {
    const { leagues, teams } = fixturesGenerate({ seed: 5, nowMs });
    expect(teams.every((team) => team.logoPath === '')).toBe(true);
    for (const league of leagues) {
      expect(league.regionName).not.toBe('');
      expect(league.logoPath).toBe('');
      const names = teams.filter((team) => team.leagueId === league.id).map((team) => team.name);
      expect(new Set(names).size).toBe(names.length);
    }
    expect(new Set(teams.map((team) => team.id)).size).toBe(teams.length);
  });

  it('builds soccer expected goals and serve strengths in plausible ranges', () => {
    const { fixtures } = fixturesGenerate({ seed: 9, nowMs });
    for (const { model } of fixtures) {
      if (model.sport === 'soccer') {
        expect(model.goalsExpectedHome).toBeGreaterThan(0.4);
        expect(model.goalsExpectedHome).toBeLessThan(4);
      } else if (model.sport !== 'basketball') {
        expect(model.strengths.home).toBeGreaterThan(0);
        expect(model.strengths.home).toBeLessThan(1);
      }
    }
  });

  it('never gives a team two matches at once, in the first week or the days added after it', () => {
    for (const seed of [1, 2, 3]) {
      const set = fixturesGenerate({ seed, nowMs });
      const all: Fixture[] = [...set.fixtures];
      for (let day = 0; day < 3; day++) {
        const dayStartMs = nowMs + weekMs + day * 24 * 60 * 60_000;
        all.push(...fixturesForDay({ seed: seed * 100 + day, set, dayStartMs, matchIdFirst: 900_000 + day * 1000, scheduled: all }));
      }
      const byTeam = new Map<number, Fixture[]>();
      for (const fixture of all) for (const team of [fixture.home, fixture.away]) byTeam.set(team.id, [...(byTeam.get(team.id) ?? []), fixture]);
      for (const [teamId, fixtures] of byTeam) {
        fixtures.sort((left, right) => left.startsAtMs - right.startsAtMs);
        fixtures.slice(1).forEach((fixture, index) => {
          const before = fixtures[index]!;
          const gapMinutes = (fixture.startsAtMs - before.startsAtMs) / 60_000;
          expect(gapMinutes, `team ${teamId}: match ${before.id} then ${fixture.id}`).toBeGreaterThanOrEqual(matchSlotMinutes[before.model.sport]);
        });
      }
      // Still a full programme: the rule moves a few matches to other slots rather than dropping them.
      expect(set.fixtures.length).toBeGreaterThan(0.97 * 1_200);
    }
  });

  it('keeps a team busy longer than any of its matches lasts', () => {
    const { fixtures } = fixturesGenerate({ seed: 4, nowMs });
    for (const fixture of fixtures) {
      const simulation = matchSimulationCreate(fixture, 4);
      matchSimulationAdvance(simulation, fixture.startsAtMs + 24 * 60 * 60_000);
      expect(simulation.status).toBe('ended');
      expect((simulation.endedAtMs! - fixture.startsAtMs) / 60_000).toBeLessThan(matchSlotMinutes[fixture.model.sport]);
    }
  });
});
