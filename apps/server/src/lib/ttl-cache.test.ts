import { describe, expect, it } from 'vitest';
import { ttlCacheCreate } from './ttl-cache.ts';

describe('ttlCacheCreate', () => {
  it('loads once per TTL, shares a load in flight, and reloads after invalidation', async () => {
    let time = 0;
    let loads = 0;
    const cache = ttlCacheCreate(
      1_000,
      async () => {
        loads += 1;
        return loads;
      },
      () => time,
    );
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual([1, 1, 1]);
    time = 999;
    expect(await cache.get()).toBe(1);
    time = 1_000;
    expect(await cache.get()).toBe(2);
    cache.invalidate();
    expect(await cache.get()).toBe(3);
    expect(loads).toBe(3);
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const cache = ttlCacheCreate(1_000, async () => {
      if (fail) throw new Error('database down');
      return 'ok';
    });
    await expect(cache.get()).rejects.toThrow('database down');
    fail = false;
    expect(await cache.get()).toBe('ok');
  });
});
