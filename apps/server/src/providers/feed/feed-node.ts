import { feedSimulatorOpen, feedSimulatorReplicaOpen, type FeedSimulator, type FeedSimulatorOpenOptions } from './feed-simulator.ts';
import type { FeedStore } from './feed-store.ts';
import type { FeedSnapshot, SportsFeed } from './sports-feed.ts';

/**
 * The simulated feed of one server node among several on one database (docs/decisions/021-jobs-and-nodes.md). The
 * leader runs the durable simulator (it plays, adds days and stores); every other node runs a replica resumed from
 * the store, which plays the stored matches exactly as the leader does and reloads only when the store gains what
 * play cannot derive — a new day of fixtures or a correction. When leadership moves, the node swaps one for the other
 * behind the same `SportsFeed`, so the API, prices and placement never notice.
 *
 * Versions are comparable across nodes: a snapshot's version is the simulated millisecond it was taken at (or one
 * more than the last), so a client's `incr_cursor` from one node means the same on the other — everything a node
 * shows as changed after it happened after that instant in the one simulation both play.
 */
export interface FeedNode extends SportsFeed {
  /** Whether the durable simulator (not a replica) is in place. */
  leading(): boolean;
  /** Asks for the durable simulator (true) or a replica (false); a change already under way goes first. */
  leadSet(leader: boolean): Promise<void>;
  /** The follower's reload check, and a retry of a swap that failed; run by a node job. */
  sync(): Promise<void>;
  /** No more swaps (the server is closing). */
  stop(): void;
}

export interface FeedNodeOptions {
  store: FeedStore;
  /** Changes when the store holds something a replica must reload for (`feedStoreChangeMark`). */
  changeMark: () => Promise<string | undefined>;
  simulator: Omit<FeedSimulatorOpenOptions, 'startMs'>;
  /** Wall-clock now, in milliseconds. */
  now: () => number;
  leader: boolean;
  log: (message: string, details: Record<string, unknown>) => void;
}

/** How long a follower waits, at start, for a leader starting beside it to store its first batch. */
const REPLICA_WAIT_MS = 60_000;
const REPLICA_RETRY_MS = 250;

export async function feedNodeOpen(options: FeedNodeOptions): Promise<FeedNode> {
  const { store, simulator, now, log } = options;

  const leaderOpen = () => feedSimulatorOpen(store, { ...simulator, startMs: now() });
  /** The mark is read before the load: a change between the two is reloaded once more, never missed. */
  const replicaOpen = async (): Promise<{ feed: FeedSimulator; mark: string | undefined }> => {
    for (let waited = 0; ; waited += REPLICA_RETRY_MS) {
      const mark = await options.changeMark();
      const feed = await feedSimulatorReplicaOpen(store, { seed: simulator.seed, speedFactor: simulator.speedFactor, startMs: now() });
      if (feed) return { feed, mark };
      if (waited >= REPLICA_WAIT_MS) throw new Error('no stored feed to follow: the leader node has not stored its first batch');
      await new Promise((resolve) => setTimeout(resolve, REPLICA_RETRY_MS));
    }
  };

  let inner: FeedSimulator;
  let mark: string | undefined;
  let leading = options.leader;
  if (leading) inner = await leaderOpen();
  else ({ feed: inner, mark } = await replicaOpen());

  let wanted = leading;
  let stopped = false;
  /** Swaps and reloads run one after another on this chain; `queued` is one not started yet (it reads `wanted` then). */
  let chain: Promise<void> = Promise.resolve();
  let queued: Promise<void> | undefined;
  const listeners = new Set<(snapshot: FeedSnapshot) => void>();
  let version = Math.floor(inner.simulatedNowMs());
  let snapshot: FeedSnapshot = { version, matches: inner.snapshot().matches };

  const publishFrom = (innerSnapshot: FeedSnapshot) => {
    version = Math.max(version + 1, Math.floor(inner.simulatedNowMs()));
    snapshot = { version, matches: innerSnapshot.matches };
    for (const listener of listeners) listener(snapshot);
  };
  let unsubscribe = inner.subscribe(publishFrom);

  const swap = (next: FeedSimulator) => {
    unsubscribe();
    inner = next;
    unsubscribe = inner.subscribe(publishFrom);
    publishFrom(inner.snapshot());
  };

  /** Brings the feed in line with `wanted`, or reloads a replica whose store changed. One at a time. */
  const reconcile = async () => {
    if (stopped) return;
    if (wanted && !leading) {
      swap(await leaderOpen());
      leading = true;
      mark = undefined;
      log('this node now runs the sports feed', {});
    } else if (!wanted && leading) {
      // What the old leader published is stored if it can be; the next leader resumes from the store either way.
      await inner.persisted().catch(() => {});
      const replica = await replicaOpen();
      swap(replica.feed);
      mark = replica.mark;
      leading = false;
      log('this node now follows the stored sports feed', {});
    } else if (!leading) {
      const current = await options.changeMark();
      if (current === mark) return;
      const replica = await replicaOpen();
      if (stopped || leading || wanted) return;
      swap(replica.feed);
      mark = replica.mark;
    }
  };
  const reconcileRun = (): Promise<void> =>
    (queued ??= chain =
      chain.then(async () => {
        queued = undefined;
        await reconcile().catch((error: unknown) => log('switching the sports feed failed; it is retried', { err: error }));
      }));

  return {
    snapshot: () => snapshot,
    match: (matchId) => inner.match(matchId),
    results: () => inner.results(),
    result: (matchId) => inner.result(matchId),
    clockMs: (wallNowMs) => inner.clockMs(wallNowMs),
    // Settlement waits for a swap under way: it pays only on results the durable simulator has stored.
    persisted: async () => {
      await chain;
      await inner.persisted();
    },
    resultCorrect: (correction) => (leading ? inner.resultCorrect(correction) : { ok: false, code: 'FEED_NOT_LEADER' }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tick: (nowMs) => inner.tick(nowMs),
    leading: () => leading,
    leadSet(leader) {
      wanted = leader;
      return reconcileRun();
    },
    sync: () => reconcileRun(),
    stop() {
      stopped = true;
    },
  };
}
