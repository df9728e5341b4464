/**
 * Two server nodes on one database (issue 16, docs/decisions/021-jobs-and-nodes.md): the leader runs the simulated
 * feed and the once-only jobs; the follower replays the stored feed, so it shows the same matches, prices and results,
 * and a bet placed on it is priced as on the leader and settled once. When the leader dies in the middle of a
 * settlement pass, the other node takes the lock, the feed and the jobs over, and settles the rest: every bet once,
 * the ledger clean. On PostgreSQL the nodes elect through the real advisory lock; on PGlite through the stand-in
 * (jobs-fixtures.ts). The clock is the test's and both feeds are moved with `tick`, so everything is reproducible.
 */
import { betLatestInfo, ERRORS, matchListGetNew } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betsSettle } from '../src/modules/betting/bet-settle.service.ts';
import { depsCrashingBeforeCommit, market1x2, placedOk, singlePost } from './betting-fixtures.ts';
import { envelopeOf, testAppCreate, testClock, testDatabaseCreate, type TestApp, type TestClock, type TestDatabase } from './harness.ts';
import type { MatchResult } from '../src/providers/feed/sports-feed.ts';
import { lockServerOf, until } from './jobs-fixtures.ts';
import { auditClean, balanceOf, playerFund } from './payments-fixtures.ts';

const SPEED = 60;
const OPS_TOKEN = 'ops-token-for-two-nodes';
const env = { FEED_SEED: '11', FEED_SPEED: String(SPEED), BET_LIVE_DELAY_MS: '0', OPS_TOKEN };
const minuteMs = 60_000;

let database: TestDatabase;
let clock: TestClock;
let a: TestApp;
let b: TestApp;
let aClosed = false;

beforeAll(async () => {
  database = await testDatabaseCreate();
  const lockServer = lockServerOf(database);
  clock = testClock();
  a = await testAppCreate({ database, clock, env, leadership: await lockServer.leadership(100) });
  await a.app.ready();
  b = await testAppCreate({ database, clock, env, leadership: await lockServer.leadership(100) });
  await b.app.ready();
}, 180_000);

afterAll(async () => {
  if (!aClosed) await a.close();
  await b.close();
  await database.close();
}, 120_000);

/**
 * Moves the shared clock and both nodes' feeds with it (their own tickers read the same pinned clock), then lets the
 * follower's sync job see what the leader stored (a new day of fixtures), as it would within its interval.
 */
async function advance(ms: number): Promise<void> {
  clock.advance(ms);
  for (const node of aClosed ? [b] : [a, b]) node.built.sports.feed.tick(clock.now().getTime());
  if (aClosed) return;
  await a.built.sports.feed.persisted();
  await b.built.jobs.trigger('feed-sync');
}

/** An operator's correction of a soccer result: a goal more for the home side, in the second half. */
function correctionPost(node: TestApp, result: MatchResult) {
  const firstHalf = result.periodScores.find((period) => period.periodCode === 1002) ?? { periodCode: 1002, home: 0, away: 0 };
  const home = result.score.home + 1;
  return node.post('/api/ops/feed/result', {
    headers: { authorization: `Bearer ${OPS_TOKEN}` },
    body: {
      match_id: result.matchId,
      revision: 2,
      home,
      away: result.score.away,
      period_scores: [
        { pe: 1002, home: firstHalf.home, away: firstHalf.away },
        { pe: 1003, home: home - firstHalf.home, away: result.score.away - firstHalf.away },
      ],
    },
  });
}

async function settleTransfersOf(ids: readonly string[]): Promise<number> {
  const refs = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [row] = await a.rows<{ n: string }>(sql`select count(*) as n from transfers where kind = 'bet_settle' and external_ref in (${refs})`);
  return Number(row!.n);
}

// Each step is quick; a loaded machine (eight sessions on two cores) needs room, and a test cut short keeps moving the
// shared clock under the next one.
describe('two nodes on one database', { timeout: 240_000 }, () => {
  it('elect one leader; the follower shows the feed the leader plays, and its corrections once stored', async () => {
    expect([a.built.leadership.isLeader(), b.built.leadership.isLeader()]).toEqual([true, false]);
    // An hour of simulated play on both.
    await advance(minuteMs);
    const leader = a.built.sports.feed;
    const follower = b.built.sports.feed;
    expect(leader.snapshot().matches.filter((match) => match.status === 'live').length).toBeGreaterThan(3);
    expect(follower.snapshot().matches).toEqual(leader.snapshot().matches);
    expect(follower.results()).toEqual(leader.results());
    // A cursor means the same instant on both nodes: a client polling either gets every change since, not a reset
    // (the follower may repeat a few it took in late, by a reload: a client applies a repeat as a no-op).
    const cursor = a.built.sports.state.version();
    await advance(minuteMs / 6);
    const changesOn = async (node: TestApp) => {
      const { data } = envelopeOf(await node.get(matchListGetNew.path, { query: { cursor } }));
      return { reset: data.reset as number, ids: (data.records as { id: number }[]).map((record) => record.id).sort() };
    };
    const onLeader = await changesOn(a);
    expect(onLeader.reset).toBe(0);
    expect(onLeader.ids.length).toBeGreaterThan(0);
    const onFollower = await changesOn(b);
    expect(onFollower.reset).toBe(0);
    expect(onFollower.ids).toEqual(expect.arrayContaining(onLeader.ids));

    // A correction goes to the node that runs the feed; the follower says so and changes nothing.
    const corrected = leader.results().find((result) => result.sportId === 1)!;
    const refused = envelopeOf(await correctionPost(b, corrected));
    expect(refused.dm_error).toBe(ERRORS.FEED_NOT_LEADER.code);
    expect(refused.error_msg).not.toBe('');
    expect(follower.result(corrected.matchId)?.revision).toBe(1);
    expect(envelopeOf(await correctionPost(a, corrected))).toMatchObject({ dm_error: 0, data: { revision: 2, changed: 1 } });
    // The follower's sync job finds it in the store and reloads.
    await until(() => follower.result(corrected.matchId)?.revision === 2, 'the follower reloads the correction');
    await advance(minuteMs / 2);
    expect(follower.snapshot().matches).toEqual(leader.snapshot().matches);
    expect(follower.results()).toEqual(leader.results());
  });

  it("answers the slip's bet info (prices, open markets, multiples and systems) the same on both nodes", async () => {
    // The browser's slip polls bet info through a round-robin front, so each answer may come from the other node
    // (decision 047): pre-match legs of three matches with no team in common, as the slip offers a Trixie for them.
    const soon = b.built.sports.feed.clockMs(clock.now().getTime()) + 3 * 60 * minuteMs;
    const teams = new Set<number>();
    const legs = b.built.sports.feed
      .snapshot()
      .matches.filter((candidate) => candidate.sportId === 1 && candidate.startsAtMs > soon)
      .filter((candidate) => {
        if (teams.has(candidate.home.id) || teams.has(candidate.away.id)) return false;
        teams.add(candidate.home.id).add(candidate.away.id);
        return true;
      })
      .slice(0, 3)
      .map((match) => market1x2(b.built.sports.state, match.id, 1));
    expect(legs).toHaveLength(3);
    const body = { betMatchMarketList: legs.map((leg) => ({ type: leg.optionType, matchId: leg.matchId, marketId: leg.marketId })), isSelectSeries: true };
    for (let step = 0; step < 4; step += 1) {
      const onLeader = envelopeOf(await a.post(betLatestInfo.path, { body }));
      const onFollower = envelopeOf(await b.post(betLatestInfo.path, { body }));
      expect(onLeader.dm_error).toBe(0);
      expect(onFollower).toEqual(onLeader);
      const data = onLeader.data as { bms: { ss: number }[]; sos: { nm: string }[] };
      expect(data.bms.map((entry) => entry.ss)).toEqual([1, 1, 1]);
      expect(data.sos.map((entry) => entry.nm)).toContain('trixie');
      await advance(minuteMs / 12);
    }
  });

  it('prices a bet placed on the follower as the leader does; the leader dies mid-settlement and the other node settles the rest once', async () => {
    const { session } = await playerFund(a, { amountMinor: 100_00 });
    const soon = b.built.sports.feed.clockMs(clock.now().getTime()) + 30 * minuteMs;
    const match = b.built.sports.feed.snapshot().matches.find((candidate) => candidate.sportId === 1 && candidate.startsAtMs > soon)!;
    const option = market1x2(b.built.sports.state, match.id, 1);
    expect(market1x2(a.built.sports.state, match.id, 1)).toEqual(option);
    const placed = await placedOk(
      await singlePost(
        b,
        session,
        Array.from({ length: 6 }, () => ({ option, stake: 2_00 })),
      ),
    );
    const ids = placed.map((bet) => bet.id);
    expect(await balanceOf(b, session, 'BRL')).toBe(88_00);

    // The leader's automatic passes are held back: the pass below is run by hand and dies in the middle.
    await a.built.betting.worker.stop();
    await advance((match.startsAtMs - clock.now().getTime() + 3 * 60 * minuteMs) / SPEED);
    const result = a.built.sports.feed.result(match.id)!;
    expect(b.built.sports.feed.result(match.id)).toEqual(result);
    await a.built.sports.feed.persisted();
    // The third bet's writes all run and the process dies before COMMIT; then the leader is gone.
    await expect(betsSettle(depsCrashingBeforeCommit(a.built.betting.deps, 3))).rejects.toThrow('killed before commit');
    expect(await settleTransfersOf(ids)).toBeLessThan(6);
    await a.close();
    aClosed = true;

    await until(() => b.built.leadership.isLeader(), 'the follower takes the lock over');
    await b.built.betting.worker.run();
    expect(await settleTransfersOf(ids)).toBe(6);
    // Settled on the very result the first leader published and stored.
    expect(b.built.sports.feed.result(match.id)).toEqual(result);
    const payout = result.score.home > result.score.away ? Math.floor((2_00 * option.oddsThousandths) / 1000) : 0;
    expect(await balanceOf(b, session, 'BRL')).toBe(88_00 + 6 * payout);
    // The new leader runs the feed now: corrections are taken here, and play goes on from the stored state.
    const before = b.built.sports.feed.snapshot().version;
    await advance(minuteMs / 4);
    expect(b.built.sports.feed.snapshot().version).toBeGreaterThan(before);
    expect(await auditClean(b)).toBe(true);
  });
});
