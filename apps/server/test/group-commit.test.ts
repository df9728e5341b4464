import { ERRORS } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Db, type Tx } from '../src/db/client.ts';
import { groupCommitConfigure, groupCommitStats, groupStatement, groupTransaction } from '../src/db/group-commit.ts';
import { transactionScope } from '../src/db/transaction.ts';
import { betsSettle } from '../src/modules/betting/bet-settle.service.ts';
import { depsCrashingBeforeCommit, feedManualCreate, market1x2, placedOk, singlePost, type ManualFeed } from './betting-fixtures.ts';
import { CLOCK_START, envelopeOf, testAppCreate, testDatabaseCreate, type TestApp, type TestDatabase } from './harness.ts';
import { auditClean, balanceOf, playerFund } from './payments-fixtures.ts';

/**
 * Group commit (docs/decisions/074-group-commit.md), on the database of this run (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL). A batch is made to hold exactly the requests of a test by letting it wait (without limit in
 * practice) until `maxBatch` have arrived: what is checked is who shared a commit, never how long anything took.
 */

/** The next `size` requests form one batch. */
function nextBatchOf(db: Db, size: number): void {
  groupCommitConfigure(db, { enabled: true, maxBatch: size, maxWaitMs: 600_000 });
}

const settled = <T>(promises: Promise<T>[]) => Promise.allSettled(promises);

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
  afterEach(() => groupCommitConfigure(db, { enabled: true }));

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
