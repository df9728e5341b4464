import type { DbOrTx } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import type { NodeSignal, RealtimeBus } from '../../realtime/realtime-bus.ts';
import { sessionAuthenticateRead, sidHash } from './session.service.ts';
import { AppError } from '../../app-error.ts';

/**
 * The per-node session cache (decision 041): the polls (message list, unread count) take a session checked in the last
 * `SESSION_CACHE_TTL_MS` on this node without reading it again. What keeps it true:
 *
 * - **Signals over the bus.** Every change that ends or narrows a player's sessions — sign-out, a session ended from
 *   another device, a password changed or reset, the account closed, a time-out or self-exclusion, a sid renewed —
 *   sends `sessions_changed` after its commit (`sessionsChanged`), and every node drops the player's entries when it
 *   hears it. The local bus tells this process's apps at once; Redis tells the other nodes, and the change's answer
 *   waits for Redis to acknowledge it.
 * - **Only while the node hears every signal.** The cache answers only while `bus.live()` (Redis: subscribed), and
 *   only from entries made in the bus's current epoch (a dropped subscription starts a new one). A read that a signal
 *   for anyone overtook is not kept.
 * - **Expiry per request.** Each entry keeps the session's expiry, judged against the clock on every hit.
 * - **A bound.** An entry is read again after `SESSION_CACHE_TTL_MS`: a signal lost between a successful PUBLISH and a
 *   subscriber (Redis failing over, say) shows within that bound, never later.
 * - **Only where no other node could miss it.** On PostgreSQL with the local bus nothing would reach another node, so
 *   there the cache is off (`enabled: false`): every check reads the database.
 *
 * Only routes registered with `sessionCached` use it (the polls): money, sign-in and account changes always read the
 * session from the database.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Sessions kept at most per node (oldest first out): sids come from clients. */
const ENTRIES_MAX = 20_000;

interface Entry {
  uid: number;
  user: SessionUser;
  expiresAtMs: number;
  readAtMs: number;
  epoch: number;
}

export interface SessionCache {
  /** sessionAuthenticate, from this node's cache when it may answer. */
  authenticate(db: DbOrTx, uid: number | undefined, sid: string | undefined, now: Date): Promise<SessionUser>;
  /** The cached session of a sid hash when it may still answer at `nowMs` (the poll lane asks, without the database). */
  peek(hash: string, uid: number, nowMs: number): SessionUser | undefined;
  /** Drops the player's entries (a signal). */
  forget(uid: number): void;
  /** Entries and hits since start (tests). */
  readonly counts: { hits: number; reads: number };
  close(): void;
}

export function sessionCacheCreate(options: { bus: Pick<RealtimeBus, 'onSignal' | 'live' | 'epoch'>; enabled: boolean; ttlMs?: number }): SessionCache {
  const { bus, enabled } = options;
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const entries = new Map<string, Entry>();
  const byUid = new Map<number, Set<string>>();
  const counts = { hits: 0, reads: 0 };
  // Bumped by every signal: a read that one overtook is not kept (it may have seen the session just before its end).
  let forgets = 0;

  const drop = (hash: string) => {
    const entry = entries.get(hash);
    if (!entry) return;
    entries.delete(hash);
    const own = byUid.get(entry.uid);
    own?.delete(hash);
    if (own?.size === 0) byUid.delete(entry.uid);
  };
  const forget = (uid: number) => {
    forgets += 1;
    for (const hash of byUid.get(uid) ?? []) entries.delete(hash);
    byUid.delete(uid);
  };
  const unlisten = bus.onSignal((signal: NodeSignal) => {
    if (signal.kind === 'sessions_changed') forget(signal.uid);
  });

  const peek = (hash: string, uid: number, nowMs: number): SessionUser | undefined => {
    if (!enabled || !bus.live()) return undefined;
    const entry = entries.get(hash);
    if (!entry) return undefined;
    if (entry.uid !== uid || entry.epoch !== bus.epoch() || nowMs < entry.readAtMs || nowMs - entry.readAtMs >= ttlMs || nowMs >= entry.expiresAtMs) {
      if (entry.uid === uid) drop(hash);
      return undefined;
    }
    return entry.user;
  };

  return {
    counts,
    peek,
    forget,
    async authenticate(db, uid, sid, now) {
      if (uid === undefined || !sid) throw new AppError('SESSION_EXPIRED', { field: 'sid' });
      const hash = sidHash(sid);
      const nowMs = now.getTime();
      const hit = peek(hash, uid, nowMs);
      if (hit) {
        counts.hits += 1;
        return hit;
      }
      const before = forgets;
      const epoch = bus.epoch();
      const read = await sessionAuthenticateRead(db, uid, sid, now);
      counts.reads += 1;
      if (enabled && before === forgets && epoch === bus.epoch() && bus.live()) {
        drop(hash);
        if (entries.size >= ENTRIES_MAX) drop(entries.keys().next().value as string);
        entries.set(hash, { uid, user: read.user, expiresAtMs: read.expiresAtMs, readAtMs: nowMs, epoch });
        let own = byUid.get(uid);
        if (!own) byUid.set(uid, (own = new Set()));
        own.add(hash);
      }
      return read.user;
    },
    close() {
      unlisten();
      entries.clear();
      byUid.clear();
    },
  };
}
