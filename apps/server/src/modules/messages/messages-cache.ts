import type { DbOrTx } from '../../db/client.ts';
import { saferMarketingAllowed } from '../safer-play/safer-play.service.ts';
import { brandMessagesLive, playerMessagesLive, readerOf, topBarClosedAt, type MessageRow, type Reader } from './messages.repository.ts';

/**
 * The per-node cache behind the message polls (list and unread count; decision 028 "The poll off the database").
 * No shared state: each app instance keeps its own, each entry bounded in age, so another node sees a change within
 * that bound.
 *
 * - Per brand: its live brand and segment messages, dropped when this node publishes or withdraws one of the brand's
 *   and re-read at most every `BRAND_TTL_MS`. Expiry is judged per request against the clock.
 * - Per player: who they are (brand, language, currencies, registration, whether marketing is allowed — decision
 *   027), when they closed the top bar, their own messages (operator's and the product's event messages) and the
 *   ids they have read; dropped when they read or close the bar on this node, when this node publishes or withdraws a
 *   message to them, or when any node in this process sets them a safer-play block (`messagesPlayerChanged`), and
 *   re-read at most every `PLAYER_TTL_MS`.
 */

/** How long a node may answer from a brand's cached messages before reading them again. */
export const BRAND_TTL_MS = 3_000;
/** How long a node may answer from a player's cached state before reading it again. */
export const PLAYER_TTL_MS = 3_000;
/** Players kept at most per node (oldest first out), so a node's memory stays bounded. */
const PLAYERS_MAX = 20_000;

export interface PlayerState {
  /** The reader without the request's country, which each request fills in. */
  reader: Omit<Reader, 'country'>;
  closedAt: Date | undefined;
  own: MessageRow[];
  reads: Set<number>;
}

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

export interface MessagesCache {
  brand(db: DbOrTx, appKey: string, now: Date): Promise<MessageRow[]>;
  /** Undefined when the account no longer exists. */
  player(db: DbOrTx, uid: number, now: Date): Promise<PlayerState | undefined>;
  brandForget(appKey: string): void;
  playerForget(uid: number): void;
  /**
   * True while the entries an answer was built from (the promises `player` and `brand` gave it) are still the cached
   * ones and fresh: the poll lane keeps an answer only so long (decision 041).
   */
  current(stamp: CacheStamp, uid: number, appKey: string, nowMs: number): boolean;
}

/** Which cached reads an answer was built from: the promises `player` and `brand` answered, compared by identity. */
export interface CacheStamp {
  readonly player: Promise<unknown>;
  readonly brand: Promise<unknown>;
}

const caches = new Set<WeakRef<MessagesCache>>();

/** A player's safer-play state changed (decision 027): every cache in this process forgets them at once. */
export function messagesPlayerChanged(uid: number): void {
  for (const ref of caches) {
    const cache = ref.deref();
    if (cache) cache.playerForget(uid);
    else caches.delete(ref);
  }
}

export function messagesCacheCreate(): MessagesCache {
  const brands = new Map<string, Entry<MessageRow[]>>();
  const players = new Map<number, Entry<PlayerState | undefined>>();
  // An entry older than its bound, or stamped in the future (a clock set back), is read again.
  const fresh = (entry: Entry<unknown> | undefined, now: number, ttl: number) => entry !== undefined && now >= entry.at && now - entry.at < ttl;

  const cache: MessagesCache = {
    brand(db, appKey, now) {
      const at = now.getTime();
      const entry = brands.get(appKey);
      if (fresh(entry, at, BRAND_TTL_MS)) return entry!.value;
      const value = brandMessagesLive(db, appKey, now);
      const created = { at, value };
      brands.set(appKey, created);
      value.catch(() => {
        if (brands.get(appKey) === created) brands.delete(appKey);
      });
      return value;
    },
    player(db, uid, now) {
      const at = now.getTime();
      const entry = players.get(uid);
      if (fresh(entry, at, PLAYER_TTL_MS)) return entry!.value;
      const value = (async (): Promise<PlayerState | undefined> => {
        const reader = await readerOf(db, uid, '', await saferMarketingAllowed(db, uid, now));
        if (!reader) return undefined;
        const { own, reads } = await playerMessagesLive(db, uid, now);
        const { country: _country, ...rest } = reader;
        return { reader: rest, closedAt: await topBarClosedAt(db, uid), own, reads };
      })();
      const created = { at, value };
      players.delete(uid);
      players.set(uid, created);
      if (players.size > PLAYERS_MAX) players.delete(players.keys().next().value!);
      value.catch(() => {
        if (players.get(uid) === created) players.delete(uid);
      });
      return value;
    },
    brandForget(appKey) {
      brands.delete(appKey);
    },
    playerForget(uid) {
      players.delete(uid);
    },
    current(stamp, uid, appKey, nowMs) {
      const player = players.get(uid);
      const brand = brands.get(appKey);
      return player?.value === stamp.player && brand?.value === stamp.brand && fresh(player, nowMs, PLAYER_TTL_MS) && fresh(brand, nowMs, BRAND_TTL_MS);
    },
  };
  caches.add(new WeakRef(cache));
  return cache;
}
