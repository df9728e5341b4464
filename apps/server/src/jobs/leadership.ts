import type { Database, DedicatedConnection } from '../db/client.ts';

/**
 * Which node runs the jobs that must run once (docs/decisions/021-jobs-and-nodes.md): the one holding a PostgreSQL
 * session-level advisory lock on a connection of its own. The lock lives exactly as long as that session, so a node
 * that dies (kill -9, a lost network) lets it go with its socket and the next attempt of another node takes it. On
 * PGlite the one process that holds the data directory is the leader.
 */
export interface Leadership {
  isLeader(): boolean;
  /** Hears every change, leader or not; returns the unsubscribe function. */
  onChange(listener: (leader: boolean) => void): () => void;
  /** Gives the lock up (closing the connection) and stops trying. */
  close(): Promise<void>;
}

export interface LeadershipOptions {
  /** How often a follower tries the lock and a leader checks its connection still lives. */
  retryMs?: number;
  log: (message: string, details?: Record<string, unknown>) => void;
}

export const LEADERSHIP_RETRY_MS = 1_000;

/**
 * One lock per database and schema: the test harness (and an operator) may run several apps' schemas or databases
 * on one server, and advisory locks are server-wide within a database.
 */
const LOCK_QUERY = `select pg_try_advisory_lock(hashtext('piranha:leader:' || current_database() || ':' || current_schema())) as acquired`;

/** The leader for good: PGlite, where no second process may open the database. */
export function leadershipSingle(): Leadership {
  return { isLeader: () => true, onChange: () => () => {}, close: async () => {} };
}

/**
 * Tries the lock at once (resolving once that first attempt is answered, so a lone node starts as the leader) and
 * then every `retryMs`: a follower tries again, a leader runs a trivial query so a dead connection is noticed even
 * when the socket does not say so.
 */
export async function leadershipOpen(database: Database, options: LeadershipOptions): Promise<Leadership> {
  const connectionOpen = database.connectionOpen;
  if (!connectionOpen) return leadershipSingle();
  const retryMs = options.retryMs ?? LEADERSHIP_RETRY_MS;
  const listeners = new Set<(leader: boolean) => void>();
  let connection: DedicatedConnection | undefined;
  let leader = false;
  let closed = false;
  let attempt: Promise<void> | undefined;

  const leaderSet = (value: boolean) => {
    if (leader === value) return;
    leader = value;
    options.log(value ? 'this node leads the jobs' : 'this node no longer leads the jobs', {});
    for (const listener of listeners) listener(value);
  };

  /** The session is gone, and with it the lock: step down at once, before another node can take over. */
  const connectionDrop = (lost: DedicatedConnection, error: unknown) => {
    if (connection !== lost) return;
    connection = undefined;
    options.log('the leader lock connection was lost', { err: error });
    leaderSet(false);
    lost.end().catch(() => {});
  };

  const tryOnce = async () => {
    try {
      if (!connection) {
        const opened = await connectionOpen();
        if (closed) {
          await opened.end();
          return;
        }
        connection = opened;
        opened.onLost((error) => connectionDrop(opened, error));
      }
      const current = connection;
      if (leader) {
        await current.query('select 1');
        return;
      }
      const [row] = await current.query<{ acquired: boolean }>(LOCK_QUERY);
      if (!closed && connection === current && row?.acquired === true) leaderSet(true);
    } catch (error) {
      if (connection) connectionDrop(connection, error);
    }
  };

  const attemptRun = () => (attempt ??= tryOnce().finally(() => (attempt = undefined)));
  await attemptRun();
  const timer = setInterval(() => void attemptRun(), retryMs);
  timer.unref();

  return {
    isLeader: () => leader,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await attempt;
      const held = connection;
      connection = undefined;
      leaderSet(false);
      // Ending the session releases the lock; the next node's attempt takes it.
      await held?.end().catch(() => {});
    },
  };
}
