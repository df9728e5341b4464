import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { redisClientOpen } from './redis-client.ts';

/**
 * The node's Redis connections never end the process: connection errors are logged, and the subscriber connection
 * survives a reconnect without the ready check's INFO that Redis refuses in subscriber mode (decision 047). The
 * second test needs the Redis the two-node stage uses (REDIS_URL, else the machine's on 127.0.0.1:6379).
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const until = async (check: () => boolean, what: string) => {
  for (let waited = 0; !check(); waited += 50) {
    if (waited > 10_000) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('Redis connections of a node', () => {
  it('log a Redis that refuses the connection instead of throwing an unhandled error', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const logged: string[] = [];
    const client = await redisClientOpen(`redis://127.0.0.1:${port}`, 'commands', (details, message) => logged.push(`${message} ${String(details.role)}`), {
      retryStrategy: () => 50,
      maxRetriesPerRequest: 1,
    });
    await until(() => logged.length > 0, 'the refused connection is logged');
    // Logged once per interval, however often ioredis retries.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(logged).toEqual(['Redis connection error; it reconnects on its own commands']);
    client.disconnect();
  });

  it('subscribe a subscriber at once and keep it subscribed across a reconnect, with no error', async () => {
    const errors: string[] = [];
    const log = (details: Record<string, unknown>) => errors.push(String((details.err as Error).message));
    const subscriber = await redisClientOpen(REDIS_URL, 'subscriber', log);
    const publisher = await redisClientOpen(REDIS_URL, 'commands', log);
    const channel = `piranha:test:redis-client:${process.pid}:${Date.now()}`;
    const heard: string[] = [];
    subscriber.on('message', (_channel: string, message: string) => heard.push(message));
    try {
      // A node subscribes as it starts, which can fall between the socket's connect and ioredis's ready check
      // (SUBSCRIBE may be sent then). With the ready check on, its INFO then met a connection in subscriber mode:
      // "Connection in subscriber mode, only subscriber commands may be used", emitted as an error.
      await new Promise((resolve) => subscriber.once('connect', resolve));
      await subscriber.subscribe(channel);
      await until(() => subscriber.status === 'ready', 'the subscriber is ready');
      // The connection drops (a Redis restart, a network blip); ioredis reconnects and subscribes again. With its
      // ready check on, the INFO it sends first was refused and emitted as an error.
      subscriber.disconnect(true);
      await until(() => subscriber.status === 'ready', 'the subscriber is back');
      await until(() => {
        void publisher.publish(channel, 'after the reconnect');
        return heard.includes('after the reconnect');
      }, 'a message published after the reconnect is heard');
      expect(errors).toEqual([]);
    } finally {
      subscriber.disconnect();
      publisher.disconnect();
    }
  });
});
