import { ERRORS } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Db, type Tx } from '../src/db/client.ts';
import { groupCommitConfigure, groupCommitStats, groupStatement, groupTransaction } from '../src/db/group-commit.ts';
import { transactionScope } from '../src/db/transaction.ts';
import { betsSettle } from '../src/modules/betting/bet-settle.service.ts';
import { dbCrashingBeforeCommit, depsCrashingBeforeCommit, feedManualCreate, market1x2, placedOk, singlePost, type ManualFeed } from './betting-fixtures.ts';
import { CLOCK_START, envelopeOf, testAppCreate, testDatabaseCreate, type TestApp, type TestDatabase } from './harness.ts';
import { auditClean, balanceOf, playerFund } from './payments-fixtures.ts';

/**
 * Group commit (docs/decisions/074-group-commit.md), on the database of this run (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL). A batch is made to hold exactly the requests of a test by letting it wait (without limit in
 * practice) until `maxBatch` have arrived: what is checked is who shared a commit, never how long anything took.
 */

/** The next `size` requests form one batch. */
function nextBatchOf(db: Db, size: number): void {
  groupCommitConfigure(db, { enabled: true, maxBatch: size, maxWaitMs: 600_000, pipeline: true });
}

const settled = <T>(promises: Promise<T>[]) => Promise.allSettled(promises);

/** The SQLSTATE a rejected member was given (Drizzle may wrap the driver's error). */
function codeOfRejection(result: PromiseSettledResult<unknown>): string | undefined {
  let at = (result as PromiseRejectedResult).reason as unknown;
  for (let depth = 0; depth < 4 && typeof at === 'object' && at !== null; depth += 1) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    at = (at as { cause?: unknown }).cause;
  }
  return undefined;
}

describe('the batcher', () => {
  let tdb: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    tdb = await testDatabaseCreate();
    db = tdb.db;
    await db.execute(sql`create table gc_probe (id integer primary key, note text not null)`);
    // Checked only at COMMIT: two members inserting the same key make the shared COMMIT fail.
    await db.execute(sql`create table gc_deferred (k integer, constraint gc_deferred_k unique (k) deferrable initially deferred)`);
  });
  afterAll(() => tdb.close());
  afterEach(() => groupCommitConfigure(db, { enabled: true, pipeline: true }));

  const probeIds = async () => (await rowsOf<{ id: number }>(db, sql`select id from gc_probe order by id`)).map((row) => Number(row.id));
  const insert = (tx: Tx, id: number) => tx.execute(sql`insert into gc_probe (id, note) values (${id}, 'x')`);
  const txid = async (tx: Tx) => String((await rowsOf<{ id: string }>(tx, sql`select txid_current()::text as id`))[0]!.id);

  it('runs requests that arrive together in one transaction, one commit for all', async () => {
    const before = groupCommitStats(db);
    nextBatchOf(db, 3);
    const ids = await Promise.all([groupTransaction(db, txid), groupTransaction(db, txid), groupStatement(db, (handle) => txid(handle as Tx))]);
    expect(new Set(ids).size).toBe(1);
    const after = groupCommitStats(db);
    expect(after.batches - before.batches).toBe(1);
    expect(after.members - before.members).toBe(3);
  });

  it('queues one key in one lane: with two lanes, players 1 and 3 share a batch, 2 and 4 another', async () => {
    const before = groupCommitStats(db);
    groupCommitConfigure(db, { enabled: true, lanes: 2, maxBatch: 2, maxWaitMs: 600_000 });
    const [one, two, three, four] = await Promise.all([1, 2, 3, 4].map((player) => groupTransaction(db, txid, player)));
    expect(one).toBe(three);
    expect(two).toBe(four);
    expect(one).not.toBe(two);
    expect(groupCommitStats(db).batches - before.batches).toBe(2);
    groupCommitConfigure(db, { enabled: true, lanes: 1 });
  });

  it('starts a lone request at once when nothing waits to join it', async () => {
    groupCommitConfigure(db, { enabled: true });
    const first = await groupTransaction(db, txid);
    const second = await groupTransaction(db, txid);
    expect(first).not.toBe(second);
  });

  it('refuses one member alone: the others commit, and each error is its own', async () => {
    nextBatchOf(db, 4);
    const results = await settled([
      groupTransaction(db, (tx) => insert(tx, 1)),
      groupTransaction(db, async (tx) => {
        await insert(tx, 2);
        throw new Error('refused: insufficient funds');
      }),
      // A statement error aborts only the member's savepoint, not the shared transaction.
      groupTransaction(db, (tx) => insert(tx, 1)),
      groupTransaction(db, (tx) => insert(tx, 3)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('insufficient funds');
    expect(String((results[2] as PromiseRejectedResult).reason)).not.toContain('insufficient funds');
    expect(await probeIds()).toEqual([1, 3]);
  });

  it('answers a member that caught its own failed statement, and commits the others', async () => {
    nextBatchOf(db, 3);
    const [caught] = await Promise.all([
      groupStatement(db, async (handle) => {
        try {
          await handle.execute(sql`insert into gc_probe (id, note) values (30, null)`);
          return 'written';
        } catch {
          return 'nothing written';
        }
      }),
      groupTransaction(db, (tx) => insert(tx, 31)),
      groupTransaction(db, (tx) => insert(tx, 32)),
    ]);
    expect(caught).toBe('nothing written');
    expect(await probeIds()).toEqual(expect.arrayContaining([31, 32]));
    expect(await probeIds()).not.toContain(30);
  });

  it('answers a last member that caught its own failed statement, and commits those before it', async () => {
    nextBatchOf(db, 3);
    const [, , caught] = await Promise.all([
      groupTransaction(db, (tx) => insert(tx, 33)),
      groupTransaction(db, (tx) => insert(tx, 34)),
      groupStatement(db, async (handle) => {
        try {
          await handle.execute(sql`insert into gc_probe (id, note) values (35, null)`);
          return 'written';
        } catch {
          return 'nothing written';
        }
      }),
    ]);
    expect(caught).toBe('nothing written');
    expect(await probeIds()).toEqual(expect.arrayContaining([33, 34]));
    expect(await probeIds()).not.toContain(35);
  });

  it('fails every member when the COMMIT fails, and writes nothing', async () => {
    nextBatchOf(db, 3);
    let hookRan = false;
    const results = await settled([
      groupTransaction(db, async (tx) => {
        await insert(tx, 10);
        transactionScope(tx)!.afterCommit.push(() => (hookRan = true));
      }),
      groupTransaction(db, (tx) => tx.execute(sql`insert into gc_deferred (k) values (1)`)),
      groupTransaction(db, (tx) => tx.execute(sql`insert into gc_deferred (k) values (1)`)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(hookRan).toBe(false);
    expect(await probeIds()).not.toContain(10);
    expect(await rowsOf(db, sql`select k from gc_deferred`)).toEqual([]);
  });

  it('runs a member’s afterCommit hooks after the shared commit, and only for members that succeeded', async () => {
    nextBatchOf(db, 3);
    const seen: string[] = [];
    const hooked = (name: string, fail: boolean) => (tx: Tx) => {
      transactionScope(tx)!.afterCommit.push(() => seen.push(`hook ${name}`));
      seen.push(`work ${name}`);
      return fail ? Promise.reject(new Error(`${name} refused`)) : Promise.resolve(name);
    };
    const results = await settled([
      groupTransaction(db, hooked('a', false)),
      groupTransaction(db, hooked('b', true)),
      groupTransaction(db, hooked('c', false)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // Every member's work ran before any hook: the hooks waited for the COMMIT that followed the last member.
    expect(seen).toEqual(['work a', 'work b', 'work c', 'hook a', 'hook c']);
  });

  it('runs a member again after a deadlock, with its first try rolled back', async () => {
    nextBatchOf(db, 2);
    let tries = 0;
    const deadlocked = async (tx: Tx) => {
      tries += 1;
      await insert(tx, 20);
      if (tries === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      return tries;
    };
    const [retried, other] = await Promise.all([groupTransaction(db, deadlocked), groupTransaction(db, (tx) => insert(tx, 21))]);
    expect(retried).toBe(2);
    expect(other).toBeDefined();
    expect(await probeIds()).toEqual(expect.arrayContaining([20, 21]));
  });

  describe('savepoint-free members (one statement that never catches its own failure)', () => {
    const lean = { savepointFree: true };
    /**
     * A savepoint-free member inserting `id`, counting its runs; with `refuseFirst` its statement fails on its first run
     * (a NULL note breaks NOT NULL), as a refusal the statement raises itself (funds, a limit) would.
     */
    const member = (id: number, runs: Map<number, number>, refuseFirst = false) =>
      groupStatement(
        db,
        async (handle) => {
          runs.set(id, (runs.get(id) ?? 0) + 1);
          const note = refuseFirst && runs.get(id) === 1 ? null : 'lean';
          // rowsOf sends at once, as the money statements do: on PostgreSQL COMMIT is then in the batch's one pipeline.
          await rowsOf(handle, sql`insert into gc_probe (id, note) values (${id}, ${note})`);
          return id;
        },
        undefined,
        lean,
      );
    const seed = (id: number) => db.execute(sql`insert into gc_probe (id, note) values (${id}, 'x')`);
    const countOf = async (id: number) => Number((await rowsOf<{ n: string }>(db, sql`select count(*) as n from gc_probe where id = ${id}`))[0]!.n);

    it('run in one transaction and one commit, with no fallback', async () => {
      const before = groupCommitStats(db);
      nextBatchOf(db, 3);
      const ids = await Promise.all([0, 1, 2].map(() => groupStatement(db, (handle) => txid(handle as Tx), undefined, lean)));
      expect(new Set(ids).size).toBe(1);
      const after = groupCommitStats(db);
      expect(after.batches - before.batches).toBe(1);
      expect(after.committed - before.committed).toBe(1);
      expect(after.fallbacks - before.fallbacks).toBe(0);
      // On PostgreSQL: BEGIN, the three statements and COMMIT went out as one pipeline (PGlite has none).
      expect(after.pipelined - before.pipelined).toBe(tdb.driver === 'postgres' ? 1 : 0);
    });

    it('one refused: the batch is rolled back, run again with savepoints; the others commit once, the refusal is its own', async () => {
      await seed(51);
      const before = groupCommitStats(db);
      const runs = new Map<number, number>();
      nextBatchOf(db, 3);
      // 51 exists already: its insert fails (a constraint), as a refusal raised by the statement would.
      const results = await settled([member(50, runs), member(51, runs), member(52, runs)]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(codeOfRejection(results[1]!)).toBe('23505');
      expect([await countOf(50), await countOf(51), await countOf(52)]).toEqual([1, 1, 1]);
      const after = groupCommitStats(db);
      expect(after.fallbacks - before.fallbacks).toBe(1);
      expect(after.committed - before.committed).toBe(1);
      expect(after.refused - before.refused).toBe(1);
      // Every member ran at most twice: once without savepoints (rolled back), once in its savepoint.
      expect([...runs.values()].every((count) => count <= 2)).toBe(true);
      expect(runs.get(50)).toBe(2);
    });

    it('waits for a member that sends its statement late before COMMIT, so it is inside the transaction too', async () => {
      const before = groupCommitStats(db);
      nextBatchOf(db, 3);
      const late = groupStatement(
        db,
        async (handle) => {
          await Promise.resolve();
          return txid(handle as Tx);
        },
        undefined,
        lean,
      );
      const ids = await Promise.all([
        groupStatement(db, (handle) => txid(handle as Tx), undefined, lean),
        late,
        groupStatement(db, (handle) => txid(handle as Tx), undefined, lean),
      ]);
      expect(new Set(ids).size).toBe(1);
      const after = groupCommitStats(db);
      expect(after.committed - before.committed).toBe(1);
      expect(after.fallbacks - before.fallbacks).toBe(0);
    });

    it('decides a refusal again: a member refused only on its first run commits on the second', async () => {
      const runs = new Map<number, number>();
      nextBatchOf(db, 3);
      const results = await settled([member(60, runs), member(61, runs, true), member(62, runs)]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      expect([await countOf(60), await countOf(61), await countOf(62)]).toEqual([1, 1, 1]);
    });

    it('many refused in one batch: one fallback, each member run at most twice, the next batches with savepoints', async () => {
      for (const id of [71, 72, 74, 76, 77]) await seed(id);
      const before = groupCommitStats(db);
      const runs = new Map<number, number>();
      nextBatchOf(db, 8);
      const ids = [70, 71, 72, 73, 74, 75, 76, 77];
      const results = await settled(ids.map((id) => member(id, runs)));
      expect(results.map((result) => result.status)).toEqual(ids.map((id) => ([71, 72, 74, 76, 77].includes(id) ? 'rejected' : 'fulfilled')));
      for (const id of ids) expect(await countOf(id)).toBe(1);
      expect([...runs.values()].every((count) => count <= 2)).toBe(true);
      expect(groupCommitStats(db).fallbacks - before.fallbacks).toBe(1);
      // Refusals come in bursts: the lane's next batch goes straight to savepoints (no second fallback).
      const next = await settled([71, 110, 111, 112, 113, 114, 115, 116].map((id) => member(id, runs)));
      expect(next.map((result) => result.status)).toEqual(['rejected', ...Array.from({ length: 7 }, () => 'fulfilled')]);
      expect(runs.get(110)).toBe(1);
      expect(groupCommitStats(db).fallbacks - before.fallbacks).toBe(1);
    });

    it('never answers a commit that did not happen: a member that swallows its failed statement makes the batch fall back', async () => {
      await seed(81);
      const before = groupCommitStats(db);
      nextBatchOf(db, 3);
      const swallowing = groupStatement(
        db,
        async (handle) => {
          // Breaks the promise of a savepoint-free member: alone, its statement would have written nothing.
          await rowsOf(handle, sql`insert into gc_probe (id, note) values (81, 'again')`).catch(() => undefined);
          return 'answered anyway';
        },
        undefined,
        lean,
      );
      const runs = new Map<number, number>();
      const results = await settled<unknown>([member(80, runs), member(82, runs), swallowing]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      // Without the check, COMMIT would have answered ROLLBACK and 80 and 82 would be answered but missing.
      expect([await countOf(80), await countOf(81), await countOf(82)]).toEqual([1, 1, 1]);
      expect(groupCommitStats(db).fallbacks - before.fallbacks).toBe(1);
    });

    it('fails every member when the COMMIT fails, and writes nothing', async () => {
      const before = groupCommitStats(db);
      nextBatchOf(db, 3);
      const deferred = () => groupStatement(db, (handle) => rowsOf(handle, sql`insert into gc_deferred (k) values (2)`), undefined, lean);
      const runs = new Map<number, number>();
      const results = await settled<unknown>([member(90, runs), deferred(), deferred()]);
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(await countOf(90)).toBe(0);
      expect(await rowsOf(db, sql`select k from gc_deferred where k = 2`)).toEqual([]);
      const after = groupCommitStats(db);
      expect(after.failed - before.failed).toBe(1);
      expect(after.fallbacks - before.fallbacks).toBe(0);
    });

    it('answers nobody when the connection is lost before COMMIT; the pool carries on, and sent again each commits once', async () => {
      const sent = (on: Db, id: number) =>
        groupStatement(on, (handle) => handle.execute(sql`insert into gc_probe (id, note) values (${id}, 'x') on conflict (id) do nothing`), undefined, lean);
      // PostgreSQL: the batch's own backend ends between its statements and its COMMIT (a restart, a failover, an
      // operator's pg_terminate_backend), inside the one pipeline. PGlite has no backend to lose: there the batch's
      // transaction dies before its COMMIT, as a killed process's would.
      const onPostgres = tdb.driver === 'postgres';
      const on = onPostgres ? db : dbCrashingBeforeCommit(db, 1);
      nextBatchOf(on, 3);
      const lost = onPostgres
        ? groupStatement(db, (handle) => handle.execute(sql`select pg_terminate_backend(pg_backend_pid())`), undefined, lean)
        : sent(on, 122);
      const results = await settled<unknown>([sent(on, 120), sent(on, 121), lost]);
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect([await countOf(120), await countOf(121), await countOf(122)]).toEqual([0, 0, 0]);
      // The clients retry by their keys (here the row's id); the database's other connections were never touched.
      nextBatchOf(db, 3);
      await Promise.all([120, 121, 122].map((id) => sent(db, id)));
      expect([await countOf(120), await countOf(121), await countOf(122)]).toEqual([1, 1, 1]);
    });

    it('answers nobody when the process dies before COMMIT; sent again, each commits once', async () => {
      const crashing = dbCrashingBeforeCommit(db, 1);
      groupCommitConfigure(crashing, { enabled: true, maxBatch: 3, maxWaitMs: 600_000 });
      const sent = (on: Db, id: number) =>
        groupStatement(on, (handle) => handle.execute(sql`insert into gc_probe (id, note) values (${id}, 'x') on conflict (id) do nothing`), undefined, lean);
      const results = await settled([100, 101, 102].map((id) => sent(crashing, id)));
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(results.map((result) => String((result as PromiseRejectedResult).reason))).toEqual(
        results.map(() => expect.stringContaining('killed before commit') as unknown as string),
      );
      expect([await countOf(100), await countOf(101), await countOf(102)]).toEqual([0, 0, 0]);
      // The clients retry (by their keys: here the row's id), on the restarted node.
      nextBatchOf(db, 3);
      await Promise.all([100, 101, 102].map((id) => sent(db, id)));
      expect([await countOf(100), await countOf(101), await countOf(102)]).toEqual([1, 1, 1]);
    });
  });

  it('gives each request its own commit when turned off', async () => {
    const before = groupCommitStats(db);
    groupCommitConfigure(db, { enabled: false });
    const ids = await Promise.all([groupTransaction(db, txid), groupTransaction(db, txid)]);
    expect(new Set(ids).size).toBe(2);
    expect(groupCommitStats(db)).toEqual(before);
  });
});

describe('placements in one batch', () => {
  let t: TestApp;
  let feed: ManualFeed;

  beforeAll(async () => {
    feed = feedManualCreate(CLOCK_START.getTime());
    t = await testAppCreate({ feed });
  });
  afterAll(() => t.close());

  it('refuses the one that cannot pay and commits and answers the others', async () => {
    const players = await Promise.all([1, 2, 3].map(() => playerFund(t, { amountMinor: 100_00 })));
    const option = market1x2(t.built.sports.state, feed.matchAdd().id, 1);
    const before = groupCommitStats(t.db);
    nextBatchOf(t.db, 3);
    const stakes = [10_00, 150_00, 10_00];
    const responses = await Promise.all(players.map(({ session }, index) => singlePost(t, session, [{ option, stake: stakes[index]! }])));
    groupCommitConfigure(t.db, { enabled: true });
    const after = groupCommitStats(t.db);
    expect(after.batches - before.batches).toBe(1);
    expect(after.members - before.members).toBe(3);
    expect(responses.map((response) => envelopeOf(response).dm_error)).toEqual([0, ERRORS.INSUFFICIENT_FUNDS.code, 0]);
    const balances = await Promise.all(players.map(({ session }) => balanceOf(t, session, 'BRL')));
    expect(balances).toEqual([90_00, 100_00, 90_00]);
    expect(await auditClean(t)).toBe(true);
  });

  it('commits placements that all pay with no savepoint and no fallback', async () => {
    const players = await Promise.all([1, 2, 3].map(() => playerFund(t, { amountMinor: 100_00 })));
    const option = market1x2(t.built.sports.state, feed.matchAdd().id, 1);
    const before = groupCommitStats(t.db);
    nextBatchOf(t.db, 3);
    const responses = await Promise.all(players.map(({ session }) => singlePost(t, session, [{ option, stake: 25_00 }])));
    groupCommitConfigure(t.db, { enabled: true });
    const after = groupCommitStats(t.db);
    expect([after.batches - before.batches, after.committed - before.committed, after.fallbacks - before.fallbacks]).toEqual([1, 1, 0]);
    expect(responses.map((response) => envelopeOf(response).dm_error)).toEqual([0, 0, 0]);
    expect(await Promise.all(players.map(({ session }) => balanceOf(t, session, 'BRL')))).toEqual([75_00, 75_00, 75_00]);
    expect(await auditClean(t)).toBe(true);
  });

  it('a storm of refusals in one batch: each refused alone, the others commit exactly once, one fallback', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => playerFund(t, { amountMinor: 100_00 })));
    const option = market1x2(t.built.sports.state, feed.matchAdd().id, 1);
    const before = groupCommitStats(t.db);
    nextBatchOf(t.db, 8);
    const stakes = [150_00, 10_00, 150_00, 150_00, 20_00, 150_00, 150_00, 150_00];
    const responses = await Promise.all(players.map(({ session }, index) => singlePost(t, session, [{ option, stake: stakes[index]! }])));
    groupCommitConfigure(t.db, { enabled: true });
    const after = groupCommitStats(t.db);
    expect(after.fallbacks - before.fallbacks).toBe(1);
    expect(after.refused - before.refused).toBe(6);
    const paid = (stake: number) => stake <= 100_00;
    expect(responses.map((response) => envelopeOf(response).dm_error)).toEqual(stakes.map((stake) => (paid(stake) ? 0 : ERRORS.INSUFFICIENT_FUNDS.code)));
    const balances = await Promise.all(players.map(({ session }) => balanceOf(t, session, 'BRL')));
    expect(balances).toEqual(stakes.map((stake) => (paid(stake) ? 100_00 - stake : 100_00)));
    // Exactly once: one bet and one stake transfer for each placement answered, none for the refused.
    const [row] = await t.rows<{ n: string }>(
      sql`select count(*) as n from bets where user_id in (${sql.join(
        players.map(({ session }) => sql`${session.uid}`),
        sql`, `,
      )})`,
    );
    expect(Number(row!.n)).toBe(2);
    expect(await auditClean(t)).toBe(true);
  });
});

describe('settlement in batches', () => {
  let t: TestApp;
  let feed: ManualFeed;

  beforeAll(async () => {
    feed = feedManualCreate(CLOCK_START.getTime());
    t = await testAppCreate({ feed });
    // The passes below are run by hand, so that exactly their bets share each batch.
    await t.built.betting.worker.stop();
  });
  afterAll(() => t.close());
  afterEach(() => groupCommitConfigure(t.db, { enabled: true }));

  const settleTransfersOf = async (ids: readonly string[]) => {
    const refs = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const [row] = await t.rows<{ n: string }>(sql`select count(*) as n from transfers where kind = 'bet_settle' and external_ref in (${refs})`);
    return Number(row!.n);
  };

  /** One winning single of 10.00 for each of `count` funded players, on one match that then ends 2–0. */
  async function winnersOfOneMatch(count: number) {
    const players = await Promise.all(Array.from({ length: count }, () => playerFund(t, { amountMinor: 100_00 })));
    const option = market1x2(t.built.sports.state, feed.matchAdd().id, 1);
    const ids: string[] = [];
    for (const { session } of players) ids.push(...(await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]))).map((bet) => bet.id));
    feed.matchEnd(option.matchId, { home: 2, away: 0 });
    return { players, ids, payout: Math.floor((10_00 * option.oddsThousandths) / 1000) };
  }

  it('settles each bet of a batch in its own savepoint: one that fails rolls back alone, the others commit, the next pass settles it once', async () => {
    const { players, ids, payout } = await winnersOfOneMatch(3);
    // The second bet's settlement fails inside the database, after its first writes.
    await t.rows(
      sql.raw(`create function gc_settle_refused() returns trigger language plpgsql as $$
        begin if new.id = ${Number(ids[1])} and new.status = 5 then raise exception 'settlement refused for the test'; end if; return new; end $$`),
    );
    await t.rows(sql`create trigger gc_settle_refused before update on bets for each row execute function gc_settle_refused()`);
    const before = groupCommitStats(t.db);
    nextBatchOf(t.db, 3);
    try {
      const failure = await betsSettle(t.built.betting.deps).then(
        () => undefined,
        (error: unknown) => error as Error & { cause?: Error },
      );
      // The pass throws its first failure (Drizzle's, naming the statement, with the database's as its cause).
      expect(`${failure?.message} ${failure?.cause?.message}`).toContain('settlement refused for the test');
    } finally {
      await t.rows(sql`drop trigger gc_settle_refused on bets`);
      await t.rows(sql`drop function gc_settle_refused()`);
    }
    const after = groupCommitStats(t.db);
    expect(after.batches - before.batches).toBe(1);
    expect(after.members - before.members).toBe(3);
    expect(after.refused - before.refused).toBe(1);
    expect(await settleTransfersOf(ids)).toBe(2);
    const balances = () => Promise.all(players.map(({ session }) => balanceOf(t, session, 'BRL')));
    expect(await balances()).toEqual([90_00 + payout, 90_00, 90_00 + payout]);
    groupCommitConfigure(t.db, { enabled: true });
    await betsSettle(t.built.betting.deps);
    await betsSettle(t.built.betting.deps);
    expect(await settleTransfersOf(ids)).toBe(3);
    expect(await balances()).toEqual([90_00 + payout, 90_00 + payout, 90_00 + payout]);
    expect(await auditClean(t)).toBe(true);
  });

  it('settles every bet once when the process dies before a batch commits, then restarts', async () => {
    const { players, ids, payout } = await winnersOfOneMatch(6);
    // The second transaction — the second batch of three — runs all its writes and dies before COMMIT.
    const deps = t.built.betting.deps;
    const crashing = depsCrashingBeforeCommit(deps, 2);
    groupCommitConfigure(crashing.db, { enabled: true, maxBatch: 3, maxWaitMs: 600_000 });
    await expect(betsSettle(crashing)).rejects.toThrow('killed before commit');
    expect(await settleTransfersOf(ids)).toBe(3);
    // The restart: two nodes (or a restarted one and a late pass) run at once.
    await Promise.all([betsSettle(deps), betsSettle(deps)]);
    await betsSettle(deps);
    expect(await settleTransfersOf(ids)).toBe(6);
    const balances = await Promise.all(players.map(({ session }) => balanceOf(t, session, 'BRL')));
    expect(balances).toEqual(players.map(() => 90_00 + payout));
    expect(await auditClean(t)).toBe(true);
  });
});
