import { randomBytes } from 'node:crypto';
import { realtimeFrameParse, type RealtimeEvent, type RealtimeFrame } from '@piranha/contract';
import type { Redis } from 'ioredis';
import type { RealtimeHub } from './realtime-hub.ts';

/**
 * How an event reaches the sockets (decision 036). Every module publishes through `RealtimePublisher` after its
 * transaction commits; `publish` never throws and never waits, so a money path pays one JSON.stringify for it.
 * The local bus hands the frame to this node's hub. The Redis bus also sends it on one channel per database, and
 * every other node subscribed to it hands it to its own hub; a node skips its own frames coming back.
 */
export interface RealtimePublisher {
  publish(topic: string, event: RealtimeEvent): void;
}

/** Heard by every node for every event, before its sockets get it: per-node caches drop what the event changed. */
export type RealtimeListener = (topic: string, event: RealtimeEvent) => void;

export interface RealtimeBus extends RealtimePublisher {
  /** Adds a node-side listener; answers its removal. */
  listen(listener: RealtimeListener): () => void;
  /** Frames sent to and received from other nodes (tests and /metrics read them). */
  counts: { sent: number; received: number; failed: number };
  close(): Promise<void>;
}

export function realtimeFrameOf(topic: string, event: RealtimeEvent): string {
  return JSON.stringify({ topic, event } satisfies RealtimeFrame);
}

function listenersCreate() {
  const listeners = new Set<RealtimeListener>();
  return {
    listen(listener: RealtimeListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** A listener that throws is its own module's bug: it never stops the delivery. */
    tell(topic: string, event: RealtimeEvent) {
      for (const listener of listeners) {
        try {
          listener(topic, event);
        } catch {
          // ignored: see above
        }
      }
    },
    any: () => listeners.size > 0,
  };
}

export function realtimeBusLocal(hub: RealtimeHub): RealtimeBus {
  const listeners = listenersCreate();
  return {
    counts: { sent: 0, received: 0, failed: 0 },
    listen: listeners.listen,
    publish(topic, event) {
      listeners.tell(topic, event);
      hub.deliver(topic, realtimeFrameOf(topic, event));
    },
    async close() {},
  };
}

export interface RedisBusOptions {
  /** One connection that publishes and one in subscriber mode (Redis allows nothing else on it). */
  publisher: Redis;
  subscriber: Redis;
  /** The channel every node of one deployment shares: named after the database, so two deployments on one Redis never meet. */
  channel: string;
  log: (message: string, details: Record<string, unknown>) => void;
}

/** Wire form on the channel: `<node id> <topic> <frame>`; topics hold no space. */
export async function realtimeBusRedis(hub: RealtimeHub, options: RedisBusOptions): Promise<RealtimeBus> {
  const node = randomBytes(6).toString('hex');
  const counts = { sent: 0, received: 0, failed: 0 };
  const { publisher, subscriber, channel, log } = options;
  const listeners = listenersCreate();
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel || message.startsWith(`${node} `)) return;
    const topicAt = message.indexOf(' ') + 1;
    const frameAt = message.indexOf(' ', topicAt);
    if (topicAt <= 0 || frameAt < 0) return;
    counts.received += 1;
    const topic = message.slice(topicAt, frameAt);
    const frame = message.slice(frameAt + 1);
    if (listeners.any()) {
      const parsed = realtimeFrameParse(frame);
      if (parsed) listeners.tell(topic, parsed.event);
    }
    hub.deliver(topic, frame);
  });
  // Subscribed before the node answers: an event published on another node after this one is up reaches it.
  await subscriber.subscribe(channel);
  return {
    counts,
    listen: listeners.listen,
    publish(topic, event) {
      listeners.tell(topic, event);
      const frame = realtimeFrameOf(topic, event);
      hub.deliver(topic, frame);
      counts.sent += 1;
      publisher.publish(channel, `${node} ${topic} ${frame}`).catch((error: unknown) => {
        // The socket is a hint: a page whose event is lost reads the same facts at its next poll.
        counts.failed += 1;
        log('real-time event not sent to the other nodes', { err: error, topic });
      });
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
