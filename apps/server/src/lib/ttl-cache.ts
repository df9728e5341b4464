/**
 * Holds one value for `ttlMs`, loading it at most once at a time. For reads every client polls (global
 * status every 10 s): thousands of players cost one query per TTL instead of one each. Another server node's
 * change shows within the TTL.
 */
export interface TtlCache<T> {
  get(): Promise<T>;
  invalidate(): void;
}

export function ttlCacheCreate<T>(ttlMs: number, load: () => Promise<T>, now: () => number = Date.now): TtlCache<T> {
  let value: { data: T; loadedAt: number } | undefined;
  let pending: Promise<T> | undefined;
  return {
    async get() {
      if (value && now() - value.loadedAt < ttlMs) return value.data;
      pending ??= load()
        .then((data) => {
          value = { data, loadedAt: now() };
          return data;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    invalidate() {
      value = undefined;
    },
  };
}
