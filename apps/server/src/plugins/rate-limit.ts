import type { Redis } from 'ioredis';
import { AppError } from '../app-error.ts';

/** Counts hits per key in fixed one-minute windows. */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<number>;
  /** The same count without waiting, for a store that keeps it in this process (the poll lane answers at once). */
  hitNow?(key: string, windowMs: number): number;
  close(): Promise<void>;
}

export function rateLimitStoreMemory(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  const hitNow = (key: string, windowMs: number): number => {
    const time = now();
    // Sweep expired windows now and then so the map cannot grow without bound.
    if (time - lastSweep > windowMs) {
      for (const [name, entry] of windows) if (entry.resetAt <= time) windows.delete(name);
      lastSweep = time;
    }
    const entry = windows.get(key);
    if (!entry || entry.resetAt <= time) {
      windows.set(key, { count: 1, resetAt: time + windowMs });
      return 1;
    }
    entry.count += 1;
    return entry.count;
  };
  return {
    hitNow,
    async hit(key, windowMs) {
      return hitNow(key, windowMs);
    },
    async close() {
      windows.clear();
    },
  };
}

/** Shares counters between server nodes through Redis (REDIS_URL). */
export function rateLimitStoreRedis(redis: Redis): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const window = Math.floor(Date.now() / windowMs);
      const name = `rl:${key}:${window}`;
      const [[, count]] = (await redis.multi().incr(name).pexpire(name, windowMs).exec()) as [[unknown, number], unknown];
      return count;
    },
    async close() {
      await redis.quit();
    },
  };
}

export const RATE_WINDOW_MS = 60_000;

export async function rateLimitCheck(store: RateLimitStore, key: string, limit: number): Promise<void> {
  const count = await store.hit(key, RATE_WINDOW_MS);
  if (count > limit) throw new AppError('RATE_LIMITED', { field: key.startsWith('user:') ? 'uid' : 'ip' });
}
