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

/**
 * A node-to-node signal (decision 041): never delivered to a socket. A player's sessions ended or changed — a
 * sign-out, a session ended from another device, a password changed or reset, the account closed, a time-out or
 * self-exclusion set — so every node drops what its session cache holds for the player and closes the player's
 * sockets (those of `sessionId` only, or all but `keepSessionId`'s, or all).
 */
export interface SessionsSignal {
  kind: 'sessions_changed';
  uid: number;
  sessionId?: number | undefined;
  keepSessionId?: number | undefined;
  reason: 'logout' | 'session_end' | 'password' | 'account_closed' | 'safer_block' | 'renewal';
}
/**
 * A leaderboard answer changed on every node (decision 055): a board's snapshot of places was recounted (`boardKey`
 * and its new `refreshedAtMs`), or the brand's loyalty settings — the prizes `rank/list` shows — changed (the brand
 * only). Each node's cache of `rank/list` answers stops answering from what it held before.
 */
export interface RankSignal {
  kind: 'rank_changed';
  appKey: string;
  boardKey?: string | undefined;
  refreshedAtMs?: number | undefined;
}
export type NodeSignal = SessionsSignal | RankSignal;
export type SignalListener = (signal: NodeSignal) => void;

export interface RealtimeBus extends RealtimePublisher {
  /** Adds a node-side listener; answers its removal. */
  listen(listener: RealtimeListener): () => void;
  /**
   * Tells this node's signal listeners at once, then every other node. Resolves when the other nodes have it as far
   * as the bus can tell (Redis acknowledged the PUBLISH, which it answers after writing it to every subscriber);
   * never throws (a failure is logged and counted).
   */
  signal(signal: NodeSignal): Promise<void>;
  onSignal(listener: SignalListener): () => void;
  /**
   * True while this node hears every other node's signals (always for the local bus; while subscribed for Redis).
   * `epoch` changes whenever the node may have missed one (the subscription dropped): a per-node cache kept true by
   * signals answers only while `live()` and only from entries made in the current epoch.
   */
  live(): boolean;
  epoch(): number;
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

function signalListenersCreate() {
  const listeners = new Set<SignalListener>();
  return {
    onSignal(listener: SignalListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    tell(signal: NodeSignal) {
      for (const listener of listeners) {
        try {
          listener(signal);
        } catch {
          // A listener that throws is its own module's bug: the others still hear the signal.
        }
      }
    },
  };
}

/** The signal's wire form: only what the type allows, so a frame from another node cannot smuggle anything in. */
export function signalParse(text: string): NodeSignal | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  const fields = (raw ?? {}) as Record<string, unknown>;
  if (fields.kind === 'rank_changed') return rankSignalParse(fields);
  const { kind, uid, sessionId, keepSessionId, reason } = fields;
  const id = (value: unknown) => value === undefined || (Number.isSafeInteger(value) && (value as number) > 0);
  const reasons = ['logout', 'session_end', 'password', 'account_closed', 'safer_block', 'renewal'];
  if (kind !== 'sessions_changed' || !Number.isSafeInteger(uid) || (uid as number) <= 0 || !id(sessionId) || !id(keepSessionId)) return undefined;
  if (typeof reason !== 'string' || !reasons.includes(reason)) return undefined;
  return {
    kind,
    uid: uid as number,
    sessionId: sessionId as number | undefined,
    keepSessionId: keepSessionId as number | undefined,
    reason: reason as SessionsSignal['reason'],
  };
}

/** A brand key or a board key (`d:2026-11-28`, `win:w:2026-W48`): short, and no character a key never holds. */
const SIGNAL_KEY = /^[a-z0-9:_-]{1,64}$/i;

/** A board recounted names both its key and its new stamp; a settings change names neither. */
function rankSignalParse(fields: Record<string, unknown>): RankSignal | undefined {
  const { appKey, boardKey, refreshedAtMs } = fields;
  if (typeof appKey !== 'string' || !SIGNAL_KEY.test(appKey)) return undefined;
  if (boardKey === undefined && refreshedAtMs === undefined) return { kind: 'rank_changed', appKey };
  if (typeof boardKey !== 'string' || !SIGNAL_KEY.test(boardKey) || !Number.isSafeInteger(refreshedAtMs) || (refreshedAtMs as number) < 0) return undefined;
  return { kind: 'rank_changed', appKey, boardKey, refreshedAtMs: refreshedAtMs as number };
}

/** The topic a signal travels under on the Redis channel: no socket topic is ever named so. */
const SIGNAL_TOPIC = '!signal';

export function realtimeBusLocal(hub: RealtimeHub): RealtimeBus {
  const listeners = listenersCreate();
  const signals = signalListenersCreate();
  return {
    counts: { sent: 0, received: 0, failed: 0 },
    listen: listeners.listen,
    onSignal: signals.onSignal,
    async signal(signal) {
      signals.tell(signal);
    },
    live: () => true,
    epoch: () => 0,
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
  const signals = signalListenersCreate();
  // Subscribed and hearing everything: false from the moment the connection drops until it is subscribed again, and
  // every drop starts a new epoch (what was cached before it may have missed a signal).
  let subscribed = false;
  let epoch = 0;
  subscriber.on('close', () => {
    subscribed = false;
    epoch += 1;
  });
  subscriber.on('end', () => {
    subscribed = false;
    epoch += 1;
  });
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel || message.startsWith(`${node} `)) return;
    const topicAt = message.indexOf(' ') + 1;
    const frameAt = message.indexOf(' ', topicAt);
    if (topicAt <= 0 || frameAt < 0) return;
    counts.received += 1;
    const topic = message.slice(topicAt, frameAt);
    const frame = message.slice(frameAt + 1);
    if (topic === SIGNAL_TOPIC) {
      const signal = signalParse(frame);
      if (signal) signals.tell(signal);
      return;
    }
    if (listeners.any()) {
      const parsed = realtimeFrameParse(frame);
      if (parsed) listeners.tell(topic, parsed.event);
    }
    hub.deliver(topic, frame);
  });
  // Subscribed before the node answers: an event published on another node after this one is up reaches it.
  await subscriber.subscribe(channel);
  subscribed = true;
  // After a reconnect ioredis reports 'ready' before its own SUBSCRIBE is answered: the node counts as hearing again
  // once a SUBSCRIBE of ours (queued behind it) is answered. The epoch moved on at the drop.
  subscriber.on('ready', () => {
    if (subscribed) return;
    subscriber.subscribe(channel).then(
      () => {
        if (subscriber.status === 'ready') subscribed = true;
      },
      () => undefined,
    );
  });
  return {
    counts,
    listen: listeners.listen,
    onSignal: signals.onSignal,
    async signal(signal) {
      signals.tell(signal);
      counts.sent += 1;
      try {
        await publisher.publish(channel, `${node} ${SIGNAL_TOPIC} ${JSON.stringify(signal)}`);
      } catch (error) {
        // The other nodes' caches then hold the player's session until their bound (SESSION_CACHE_TTL_MS); a node whose
        // own subscription dropped too answers from no cache at all (live() false).
        counts.failed += 1;
        log('signal not sent to the other nodes', { err: error, kind: signal.kind, ...(signal.kind === 'sessions_changed' ? { reason: signal.reason } : {}) });
      }
    },
    live: () => subscribed && subscriber.status === 'ready',
    epoch: () => epoch,
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
