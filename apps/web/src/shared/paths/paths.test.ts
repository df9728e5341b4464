import { describe, expect, it } from 'vitest';
import { gameDetailHref, gameRoomHref, leagueHref, matchDetailHref, paths, tagDetailHref, verifyHref } from './paths.ts';

// Every page and feature source as text, to prove none of them reaches back into the route table.
const SOURCES = import.meta.glob<string>(['../../pages/**/*.{ts,tsx}', '../../features/**/*.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });

describe('paths', () => {
  it('builds each page link with its query', () => {
    expect(leagueHref(7)).toBe('/league?leagueId=7');
    expect(matchDetailHref(42, true, 2)).toBe('/match-detail?matchId=42&isComing=1&matchType=2');
    expect(gameRoomHref({ game_platform: 'house', game_id: 'dice' })).toBe('/game-room?platform=house&game=dice');
    expect(gameDetailHref({ game_platform: 'pp', game_id: 'a&b c' })).toBe('/game-detail?platform=pp&game=a%26b%20c');
    expect(tagDetailHref('hot')).toBe('/game-tag-detail?tab=hot');
    expect(verifyHref('r-1')).toBe('/game-verify?round_id=r-1');
  });

  it('spells each path once', () => {
    const values = Object.values(paths);
    expect(new Set(values).size).toBe(values.length);
  });

  // The route table lazily imports every page; a page importing the table back made a 33-file import cycle.
  it('is where pages and features take their paths from: none imports the route table', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(50);
    const importers = Object.entries(SOURCES)
      .filter(([, text]) => /from '[^']*app\/routes(\.ts)?'/.test(text))
      .map(([file]) => file);
    expect(importers).toEqual([]);
  });
});
