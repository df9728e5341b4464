import type { Db } from '../../db/client.ts';
import type { LaneAnswer } from '../../plugins/poll-lane.ts';
import type { NodeSignal, RealtimeBus } from '../../realtime/realtime-bus.ts';
import type { SessionCache } from '../session/session-cache.ts';

/**
 * `rank/list` answers served by the poll lane (decision 055). A leaderboard answer is built from the board's snapshot
 * of places (decision 048), so it cannot change between two counts of that board: what a player is answered is a
 * function of the player, the board, the snapshot's `refreshed_at`, the brand's settings (the prizes shown) and the
 * clock only through the period's end. Each node keeps the answers Fastify built, keyed by the player's session and the
 * request, with what they were built from, and the lane repeats one only while all of that still holds:
 *
 * - **The snapshot.** Every node keeps the newest `refreshed_at` it knows of each board: the one its own reads saw and
 *   the one a `rank_changed` signal announced (the refresh signals every node after its commit and waits for Redis to
 *   acknowledge). An answer built from an older count never answers again, on any node. Nodes agree because the stamp
 *   is the database's, not a node's clock: two nodes holding the same stamp built the same bytes.
 * - **The settings.** An operator's loyalty settings change signals every node too; answers built before it are dropped.
 * - **The session.** As the message polls (decision 041): the lane answers only while the session is in this node's
 *   session cache (`peek`, no database), for the same player and sid the answer was built for.
 * - **Only while the node hears every signal.** `bus.live()` and the answer made in the bus's current epoch; a read
 *   that a signal overtook (the settings changed during it) is never kept.
 * - **The clock.** An answer stops at its period's end (the board of the next day is another board).
 *
 * A lost Redis message (a PUBLISH acknowledged, a subscriber that missed it yet stayed connected) shows within the
 * session cache's bound (5 s): the next Fastify read of any player of that board sees the new stamp, and with it every
 * answer of the older count stops.
 */

/** Answers kept per node (oldest first out): their keys come from clients' sessions. */
const ANSWERS_MAX = 20_000;
/** Boards whose stamp a node remembers; board keys come from the server, this is only a fence. */
const STAMPS_MAX = 10_000;

/** What an answer was built from beside the request's own key. */
export interface RankBasis {
  uid: number;
  appKey: string;
  boardKey: string;
  /** The snapshot's `refreshed_at` (0: never counted). */
  refreshedAtMs: number;
  /** The period's end: the answer names the period, so it stops there. */
  validUntilMs: number;
}

/** Taken before the read: a settings signal or a dropped subscription since then makes the read's answer unkept. */
export interface RankReadStart {
  generation: number;
  epoch: number;
}

export interface RankAnswers {
  /** Before the read (`keep` compares). */
  start(): RankReadStart;
  /** A read saw this board's stamp: the newest one known answers from now on. */
  seen(appKey: string, boardKey: string, refreshedAtMs: number): void;
  /**
   * Keeps an answer Fastify sent; false when something overtook its read, or when the lane could not answer it anyway
   * (the session is not in this node's session cache: PostgreSQL with the local bus) — then the lane must not
   * remember it.
   */
  keep(cacheKey: string, started: RankReadStart, basis: RankBasis, sidHash: string, answer: LaneAnswer, nowMs: number): boolean;
  /** The kept answer while everything it was built from still holds at `nowMs`; else undefined (and it is dropped). */
  lookup(cacheKey: string, nowMs: number): LaneAnswer | undefined;
  /** Answers kept and hits since start, and how many are held now (tests). */
  readonly counts: { kept: number; hits: number };
  size(): number;
  close(): void;
}

interface Entry {
  basis: RankBasis;
  sidHash: string;
  answer: LaneAnswer;
  generation: number;
  epoch: number;
}

const boardOf = (appKey: string, boardKey: string) => `${appKey}|${boardKey}`;

export function rankAnswersCreate(options: {
  bus: Pick<RealtimeBus, 'onSignal' | 'live' | 'epoch'>;
  sessions: Pick<SessionCache, 'peek'> | undefined;
  maxAnswers?: number;
}): RankAnswers {
  const { bus, sessions } = options;
  const maxAnswers = options.maxAnswers ?? ANSWERS_MAX;
  const answers = new Map<string, Entry>();
  const stamps = new Map<string, number>();
  const counts = { kept: 0, hits: 0 };
  // Bumped by every settings signal: the prizes an answer shows may have changed, for any brand.
  let generation = 0;

  const stampSet = (board: string, refreshedAtMs: number) => {
    const known = stamps.get(board);
    if (known !== undefined && known >= refreshedAtMs) return;
    if (known === undefined && stamps.size >= STAMPS_MAX) stamps.clear();
    stamps.set(board, refreshedAtMs);
  };
  const unlisten = bus.onSignal((signal: NodeSignal) => {
    if (signal.kind !== 'rank_changed') return;
    if (signal.boardKey !== undefined && signal.refreshedAtMs !== undefined) stampSet(boardOf(signal.appKey, signal.boardKey), signal.refreshedAtMs);
    else generation += 1;
  });

  return {
    counts,
    size: () => answers.size,
    start: () => ({ generation, epoch: bus.epoch() }),
    seen(appKey, boardKey, refreshedAtMs) {
      stampSet(boardOf(appKey, boardKey), refreshedAtMs);
    },
    keep(cacheKey, started, basis, sidHash, answer, nowMs) {
      if (!sessions || started.generation !== generation || started.epoch !== bus.epoch() || !bus.live()) return false;
      if (sessions.peek(sidHash, basis.uid, nowMs) === undefined) return false;
      answers.delete(cacheKey);
      if (answers.size >= maxAnswers) answers.delete(answers.keys().next().value as string);
      answers.set(cacheKey, { basis, sidHash, answer, generation: started.generation, epoch: started.epoch });
      counts.kept += 1;
      return true;
    },
    lookup(cacheKey, nowMs) {
      const entry = answers.get(cacheKey);
      if (!entry || !sessions) return undefined;
      const { basis } = entry;
      const current =
        bus.live() &&
        entry.epoch === bus.epoch() &&
        entry.generation === generation &&
        nowMs < basis.validUntilMs &&
        stamps.get(boardOf(basis.appKey, basis.boardKey)) === basis.refreshedAtMs &&
        sessions.peek(entry.sidHash, basis.uid, nowMs) !== undefined;
      if (!current) {
        answers.delete(cacheKey);
        return undefined;
      }
      counts.hits += 1;
      return entry.answer;
    },
    close() {
      unlisten();
      answers.clear();
      stamps.clear();
    },
  };
}

/**
 * The bus a database's leaderboard changes are signalled through: the first app attached to it (several apps on one
 * database in tests, as for balance events). Its node hears at once; the others over Redis.
 */
const signallers = new WeakMap<Db, Pick<RealtimeBus, 'signal'>[]>();

export function rankSignalsAttach(db: Db, bus: Pick<RealtimeBus, 'signal'>): () => void {
  const list = signallers.get(db) ?? [];
  list.push(bus);
  signallers.set(db, list);
  return () => {
    const at = list.indexOf(bus);
    if (at >= 0) list.splice(at, 1);
  };
}

async function rankSignal(db: Db, signal: Extract<NodeSignal, { kind: 'rank_changed' }>): Promise<void> {
  await signallers.get(db)?.[0]?.signal(signal);
}

/** After a board's count committed: every node answers from the new count on (resolves once Redis acknowledged). */
export async function rankBoardRefreshed(db: Db, appKey: string, boardKey: string, refreshedAt: Date): Promise<void> {
  await rankSignal(db, { kind: 'rank_changed', appKey, boardKey, refreshedAtMs: refreshedAt.getTime() });
}

/** After a brand's loyalty settings changed: every node drops the answers showing the old prizes. */
export async function rankSettingsChanged(db: Db, appKey: string): Promise<void> {
  await rankSignal(db, { kind: 'rank_changed', appKey });
}
