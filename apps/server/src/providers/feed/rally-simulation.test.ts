import { describe, expect, it } from 'vitest';
import { rallyPointPlay, rallySetsWon, rallyStateStart, type RallyEvent, type RallyState } from './rally-simulation.ts';
import { seededRandom } from './seeded-random.ts';

function matchPlay(state: RallyState, seed: number): { events: RallyEvent[]; servers: string[] } {
  const random = seededRandom(seed);
  const events: RallyEvent[] = [];
  const servers: string[] = [];
  while (!state.winner) {
    servers.push(state.server);
    events.push(rallyPointPlay(state, random));
  }
  return { events, servers };
}

describe('rallyPointPlay', () => {
  it('ends a volleyball match at 3 sets, sets 1–4 to 25 and the fifth to 15, each won by two', () => {
    for (let seed = 1; seed <= 30; seed += 1) {
      const state = rallyStateStart('volleyball', { home: 0.42, away: 0.4 }, 3, 'home');
      matchPlay(state, seed);
      expect(Math.max(rallySetsWon(state).home, rallySetsWon(state).away)).toBe(3);
      state.setsCompleted.forEach((set, index) => {
        const [high, low] = [Math.max(set.home, set.away), Math.min(set.home, set.away)];
        const target = index === 4 ? 15 : 25;
        expect(high === target ? low <= target - 2 : high - low === 2 && high > target).toBe(true);
      });
    }
  });

  it('changes the table tennis server every two points until 10-10', () => {
    const state = rallyStateStart('tableTennis', { home: 0.55, away: 0.55 }, 3, 'home');
    const { servers } = matchPlay(state, 3);
    expect(servers.slice(0, 6)).toEqual(['home', 'home', 'away', 'away', 'home', 'home']);
  });

  it('alternates the tennis server by game', () => {
    const state = rallyStateStart('tennis', { home: 0.65, away: 0.62 }, 2, 'away');
    const random = seededRandom(9);
    const serversAtGameStart = ['away'];
    while (serversAtGameStart.length < 5) if (rallyPointPlay(state, random) === 'game') serversAtGameStart.push(state.server);
    expect(serversAtGameStart).toEqual(['away', 'home', 'away', 'home', 'away']);
  });

  it('refuses to play on after the match is won', () => {
    const state = rallyStateStart('tableTennis', { home: 0.55, away: 0.5 }, 3, 'home');
    matchPlay(state, 1);
    expect(() => rallyPointPlay(state, seededRandom(1))).toThrow();
  });
});
