import type { Redis, RedisOptions } from 'ioredis';

/**
 * The Redis connections of a node (REDIS_URL: shared rate limits, the real-time bus). Every client gets an `error`
 * listener: ioredis emits `error` on each failed connect or reconnect, and an EventEmitter with no listener for it
 * throws — a Redis restart would otherwise crash every node. Errors are logged at most once per `LOG_EVERY_MS` per
 * client (a Redis that is down retries every few hundred milliseconds); ioredis keeps reconnecting on its own.
 *
 * `subscriber` is a connection that will only SUBSCRIBE: its ready check is off, because ioredis runs it (an INFO) on
 * every reconnect, and on a connection already in subscriber mode Redis refuses INFO ("Connection in subscriber
 * mode, only subscriber commands may be used") — an unhandled error seen on two nodes (decision 047). ioredis
 * re-subscribes the connection's channels itself after a reconnect.
 */
export type RedisRole = 'commands' | 'subscriber';

const LOG_EVERY_MS = 10_000;

export async function redisClientOpen(
  url: string,
  role: RedisRole,
  log: (details: Record<string, unknown>, message: string) => void,
  options: RedisOptions = {},
): Promise<Redis> {
  const { Redis: RedisClient } = await import('ioredis');
  const client = new RedisClient(url, {
    ...options,
    ...(role === 'subscriber' ? { enableReadyCheck: false, autoResubscribe: true } : {}),
  });
  redisErrorsLogged(client, role, log);
  return client;
}

/** Attaches the `error` listener (exported for tests): logs the first error and then one per interval. */
export function redisErrorsLogged(client: Redis, role: RedisRole, log: (details: Record<string, unknown>, message: string) => void): void {
  let loggedAt = Number.NEGATIVE_INFINITY;
  let missed = 0;
  client.on('error', (error: unknown) => {
    const now = Date.now();
    if (now - loggedAt < LOG_EVERY_MS) {
      missed += 1;
      return;
    }
    log({ err: error, role, errorsSinceLast: missed }, 'Redis connection error; it reconnects on its own');
    loggedAt = now;
    missed = 0;
  });
}
