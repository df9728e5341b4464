import { describe, expect, it } from 'vitest';
import { fixturesGenerate } from './fixture-generator.ts';
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

  it('gives leagues a region and a logo, and teams unique ids and names within a league', () => {
    const { leagues, teams } = fixturesGenerate({ seed: 5, nowMs });
    for (const league of leagues) {
      expect(league.regionName).not.toBe('');
      expect(league.logoPath).toMatch(/^\/static\/leagues\/\d+\.svg$/);
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
});
