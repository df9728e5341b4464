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

/**
 * What a throttled caller is told to wait (Retry-After, seconds): the window's length, the longest it can take for
 * its count to start again (a window opens at the caller's first request, or on the minute with Redis).
 */
export const RATE_RETRY_AFTER_S = RATE_WINDOW_MS / 1000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How the per-IP limit of app.ts treats the route. `/api` routes are counted unless they say 'provider': calls
     * from payment providers and game studios, which count them themselves (`ProviderRateLimit`). Other routes are
     * counted only when they say 'ip': pages that read the database (/healthz, /dev, /sandbox).
     */
    rateLimit?: 'ip' | 'provider';
  }
}

/** Counts one request of `key`; true while the window holds at most `limit` of them. */
export async function rateLimitAllows(store: RateLimitStore, key: string, limit: number): Promise<boolean> {
  return (await store.hit(key, RATE_WINDOW_MS)) <= limit;
}

export async function rateLimitCheck(store: RateLimitStore, key: string, limit: number): Promise<void> {
  if (!(await rateLimitAllows(store, key, limit))) throw new AppError('RATE_LIMITED', { field: key.startsWith('user:') ? 'uid' : 'ip' });
}

/**
 * Limits for calls from providers: payment notifications and seamless-wallet calls. A call that proves it comes
 * from the provider (its signature or callback token checks out) counts against that provider's own budget, never
 * a player's per-IP one: a PSP behind one address, or the in-process sandbox, must not have its deposits throttled
 * by players' traffic. A call that proves nothing counts against its address like any client's, so a flood of
 * forged calls can neither spend a provider's budget nor write unlimited refusal logs.
 */
export interface ProviderRateLimit {
  /** Counts a call `provider` signed (its name is prefixed by its kind, e.g. `payments:pix`); true within budget. */
  signed(provider: string): Promise<boolean>;
  /** Counts a call that proved nothing against its client address; true within the per-IP limit. */
  unsigned(ip: string): Promise<boolean>;
}

export function providerRateLimitCreate(store: RateLimitStore, limits: { perProvider: number; perIp: number }): ProviderRateLimit {
  return {
    signed: (provider) => rateLimitAllows(store, `provider:${provider}`, limits.perProvider),
    unsigned: (ip) => rateLimitAllows(store, `ip:${ip}`, limits.perIp),
  };
}
