import { describe, expect, it } from 'vitest';
import { GLOBAL_STATS, globalStatusTarget, type GlobalStats } from './global-status.ts';

describe('globalStatusTarget (spec §3, §4)', () => {
  it('numbers the states 0 normal, 1 maintenance, 2 news', () => {
    expect(GLOBAL_STATS).toEqual({ normal: 0, maintenance: 1, news: 2 });
  });

  it.each<[GlobalStats, string, string | undefined]>([
    [0, '/error', '/game'], // back to the product once maintenance ends
    [0, '/game', undefined],
    [0, '/news', undefined],
    [0, '/sport', undefined],
    [1, '/game', '/error?type=3'],
    [1, '/sport', '/error?type=3'],
    [1, '/news', '/error?type=3'],
    [1, '/error', undefined], // already there: no redirect loop
    [2, '/game', '/news'],
    [2, '/error', '/news'],
    [2, '/news', undefined],
  ])('global_stats %i on %s goes to %s', (stats, path, target) => {
    expect(globalStatusTarget(stats, path)).toBe(target);
  });
});
