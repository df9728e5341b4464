/**
 * Leader election for tests with several nodes on one database. On PostgreSQL (TEST_DATABASE_URL) each node holds a
 * real session and the real advisory lock; on PGlite, where one process is always the leader, an in-memory stand-in
 * for the lock server gives the same behaviour — one holder, released when its session ends or is killed — so the
 * same leadership code (jobs/leadership.ts) runs in both suites.
 */
import { sql } from 'drizzle-orm';
import type { DedicatedConnection } from '../src/db/client.ts';
import { leadershipOpen, type Leadership } from '../src/jobs/leadership.ts';
import type { TestDatabase } from './harness.ts';

/** One advisory lock in memory, held by the connection that took it until that connection ends or is killed. */
function lockServerFake() {
  let holder: object | undefined;
  const killers = new Map<object, () => void>();
  const connectionOpen = async (): Promise<DedicatedConnection> => {
    const self = {};
    let dead = false;
    let lost: ((error: Error) => void)[] = [];
    const release = () => {
      if (holder === self) holder = undefined;
    };
    killers.set(self, () => {
      dead = true;
      release();
      lost.splice(0).forEach((listener) => listener(new Error('terminating connection due to administrator command')));
    });
    return {
      query: async <T>(text: string) => {
        if (dead) throw new Error('connection terminated');
        if (!text.includes('pg_try_advisory_lock')) return [{}] as T[];
        holder ??= self;
        return [{ acquired: holder === self }] as T[];
      },
      onLost: (listener) => void lost.push(listener),
      end: async () => {
        dead = true;
        lost = [];
        release();
      },
    };
  };
  return { connectionOpen, killHolder: () => (holder ? killers.get(holder)!() : undefined) };
}

export interface LockServer {
  /** A node's leadership: it tries the lock every `retryMs`. */
  leadership: (retryMs: number) => Promise<Leadership>;
  /** What kill -9 of the leader (or a cut network) does to its lock: the session ends under it. */
  killLeaderSession: () => Promise<void>;
}

export function lockServerOf(testDatabase: TestDatabase): LockServer {
  const log = () => {};
  if (testDatabase.database.connectionOpen) {
    return {
      leadership: (retryMs) => leadershipOpen(testDatabase.database, { retryMs, log }),
      killLeaderSession: async () => {
        await testDatabase.db.execute(
          sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`,
        );
      },
    };
  }
  const fake = lockServerFake();
  return {
    leadership: (retryMs) => leadershipOpen({ ...testDatabase.database, connectionOpen: fake.connectionOpen }, { retryMs, log }),
    killLeaderSession: async () => fake.killHolder(),
  };
}

/** Generous: the machine is shared; tests assert that it happens, not how fast. */
const UNTIL_WAIT_MS = 20_000;

export async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > UNTIL_WAIT_MS) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
