import { brandTimeZone, loyaltyCampaignId, periodWindowOf, RANKING_CLOSE_GRACE_MS, rankingPrizesMinor, rankingSorted, variantFindByKey } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadershipSingle } from '../src/jobs/leadership.ts';
import { loyaltyFactsConsume, loyaltyPass, rankSnapshotsRefresh } from '../src/modules/loyalty/loyalty-pass.service.ts';
import { rankClosePass } from '../src/modules/loyalty/loyalty-rank-close.service.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { lostSingleInsert } from './betting-fixtures.ts';
import { auditClean } from './payments-fixtures.ts';
import { LOYALTY_PASS_JOB } from '../src/modules/loyalty/loyalty-jobs.ts';

/**
 * The ranking snapshot (issue 18, decision 048) on a real database: `rank/list` answers places the loyalty pass
 * counted after moving the board, says when, and never mixes two counts; ties go to who got there first; a player
 * with no score is unranked; passes and refreshes racing leave a snapshot that, once not stale, is the board.
 */
let t: TestApp;
let other: TestApp;
// A brand of its own: its boards hold only this file's players.
const BRAND = 'jacare';
const profile = variantFindByKey(BRAND)!;
const ACTIVITY = '/api/piranha/activity';

beforeAll(async () => {
  // The loyalty job is held on both: the tests run each pass themselves, so "not on the board until a pass counts it"
  // is never met by the job's own pass (every 5 s) landing between two steps.
  t = await testAppCreate({ env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000' }, jobsHeld: [LOYALTY_PASS_JOB] });
  // A second node on the same database and clock (two leaders for a moment during a leader change).
  other = await testAppCreate({
    database: t.testDatabase,
    clock: t.clock,
    env: { RATE_LIMIT_PER_IP: '100000' },
    leadership: leadershipSingle(),
    jobsHeld: [LOYALTY_PASS_JOB],
  });
}, 180_000);
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await other.close();
  await t.close();
});

/** A lost single settled at `at` (turnover = the stake). */
async function betLost(userId: number, stakeMinor: number, at = t.clock.now()): Promise<void> {
  await lostSingleInsert(t.db, { userId, currency: profile.currency, stakeMinor, at });
}

interface Board {
  refreshed_time: number;
  players: number;
  top: { rank: number; score: number; is_self: number }[];
  list: { rank: number; score: number; is_self: number }[];
  own: { rank: number; score: number; gap: number };
}

async function board(session: IssuedSession): Promise<Board> {
  const answer = envelopeOf(await t.get(`${ACTIVITY}/rank/list`, { query: { ...signedIn(session), period: 'daily' } }));
  expect(answer.dm_error).toBe(0);
  return answer.data as Board;
}

const today = () => periodWindowOf(t.clock.now(), brandTimeZone(profile.market), 'daily').key;

/** The board recomputed from the scores: user ids in ranking order. */
async function bruteForce(): Promise<{ userId: number; scoreMinor: number }[]> {
  const rows = await t.rows<{ user_id: string; score_minor: string; reached_at: Date | string }>(
    sql`select user_id::text as user_id, score_minor::text as score_minor, reached_at from loyalty_rank_scores
        where app_key = ${BRAND} and period_key = ${today()} and score_minor > 0`,
  );
  return rankingSorted(
    rows.map((row) => ({ userId: Number(row.user_id), scoreMinor: Number(row.score_minor), reachedAtMs: new Date(row.reached_at).getTime() })),
  );
}

async function places(): Promise<{ userId: number; place: number; scoreMinor: number }[]> {
  const rows = await t.rows<{ user_id: string; place: number; score_minor: string }>(
    sql`select user_id::text as user_id, place, score_minor::text as score_minor from loyalty_rank_places
        where app_key = ${BRAND} and period_key = ${today()} order by place`,
  );
  return rows.map((row) => ({ userId: Number(row.user_id), place: row.place, scoreMinor: Number(row.score_minor) }));
}

async function stale(): Promise<boolean | undefined> {
  const [row] = await t.rows<{ stale: boolean }>(sql`select stale from loyalty_rank_snapshots where app_key = ${BRAND} and period_key = ${today()}`);
  return row?.stale;
}

describe('ranking snapshot', () => {
  it('answers an empty board before the first count, and a player with no score as unranked after it', async () => {
    const nobody = await t.player(BRAND);
    expect(await board(nobody)).toMatchObject({ refreshed_time: 0, players: 0, top: [], list: [], own: { rank: 0, score: 0, gap: 0 } });
    const player = await t.player(BRAND);
    await betLost(player.uid, 3_000);
    await loyaltyPass(t.db, t.clock.now());
    const seen = await board(nobody);
    expect(seen).toMatchObject({ refreshed_time: Math.floor(t.clock.now().getTime() / 1000), players: 1, own: { rank: 0, score: 0, gap: 0 } });
    expect(seen.top).toEqual([{ rank: 1, nick: expect.any(String), score: 3_000, is_self: 0 }]);
    // The file's first pass reads the whole history once: slow on a loaded machine.
  }, 180_000);

  it('shows places right after a pass, not before it, ties to who got there first, with the gap to the place above', async () => {
    const [a, b, c, d] = [await t.player(BRAND), await t.player(BRAND), await t.player(BRAND), await t.player(BRAND)];
    // Seconds back, inside the pass's overlap behind its cursor. b and c tie on 10,000: c got there first.
    const at = (secondsAgo: number) => new Date(t.clock.now().getTime() - secondsAgo * 1_000);
    await betLost(a.uid, 20_000, at(30));
    await betLost(b.uid, 10_000, at(10));
    await betLost(c.uid, 10_000, at(20));
    await betLost(d.uid, 4_000, at(5));
    await loyaltyPass(t.db, t.clock.now());
    const before = await board(d);
    const order = await bruteForce();
    expect(order.slice(0, 4).map((row) => row.userId)).toEqual([a.uid, c.uid, b.uid, d.uid]);
    expect([...before.top, ...before.list].map((row) => row.score)).toEqual(order.map((row) => row.scoreMinor));
    expect(before.own).toEqual({ rank: 4, score: 4_000, gap: 10_000 - 4_000 + 1 });
    const ofB = await board(b);
    // Tied with the one above: one minor unit more passes them.
    expect(ofB.own).toEqual({ rank: 3, score: 10_000, gap: 1 });
    expect((await board(a)).own).toEqual({ rank: 1, score: 20_000, gap: 0 });

    // d's new bet is not on the board until a pass counts it; then d passes b and c, and the stamp moves.
    await betLost(d.uid, 7_000);
    expect((await board(d)).own).toEqual(before.own);
    t.clock.advance(2_000);
    await loyaltyPass(t.db, t.clock.now());
    const after = await board(d);
    expect(after.refreshed_time).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(after.own).toEqual({ rank: 2, score: 11_000, gap: 20_000 - 11_000 + 1 });
    expect((await board(c)).own).toEqual({ rank: 3, score: 10_000, gap: 11_000 - 10_000 + 1 });
    expect(await stale()).toBe(false);
    expect((await places()).map((row) => row.userId)).toEqual((await bruteForce()).map((row) => row.userId));
  });

  it('leaves a snapshot that is the board whenever it is not stale, with passes and refreshes racing', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => t.player(BRAND)));
    for (let round = 0; round < 4; round += 1) {
      for (const [index, player] of players.entries()) await betLost(player.uid, 1_000 + ((index * 7 + round * 3) % 5) * 500);
      t.clock.advance(1_000);
      const now = t.clock.now();
      await Promise.all([
        loyaltyFactsConsume(t.db, now),
        loyaltyFactsConsume(other.db, now),
        rankSnapshotsRefresh(t.db, now),
        loyaltyPass(t.db, now),
        rankSnapshotsRefresh(other.db, now),
        loyaltyPass(other.db, now),
      ]);
      if ((await stale()) === false) {
        expect((await places()).map((row) => [row.userId, row.scoreMinor])).toEqual((await bruteForce()).map((row) => [row.userId, row.scoreMinor]));
      }
    }
    await loyaltyPass(t.db, t.clock.now());
    expect(await stale()).toBe(false);
    const counted = await places();
    expect(counted.map((row) => row.place)).toEqual(counted.map((_row, index) => index + 1));
    expect(counted.map((row) => [row.userId, row.scoreMinor])).toEqual((await bruteForce()).map((row) => [row.userId, row.scoreMinor]));
    const shown = await board(players[0]!);
    expect(shown.players).toBe(counted.length);
    expect(shown.own.rank).toBe(counted.find((row) => row.userId === players[0]!.uid)!.place);
  });

  it('closes the day on the live scores and pays each prize once with both nodes running the close', async () => {
    const started = t.clock.now();
    const day = periodWindowOf(started, brandTimeZone(profile.market), 'daily');
    const order = await bruteForce();
    const prizes = rankingPrizesMinor(profile, 'daily');
    try {
      t.clock.set(new Date(day.endsAt.getTime() + RANKING_CLOSE_GRACE_MS + 60_000));
      await Promise.all(Array.from({ length: 10 }, (_, index) => rankClosePass((index % 2 === 0 ? t : other).db, t.clock.now())));
      const paid = await t.rows<{ place: number; user_id: string; paid_at: Date | null }>(
        sql`select place, user_id::text as user_id, paid_at from loyalty_rank_prizes where app_key = ${BRAND} and period_key = ${day.key} order by place`,
      );
      expect(paid.map((row) => [row.place, Number(row.user_id), row.paid_at !== null])).toEqual(
        prizes.map((_amount, index) => [index + 1, order[index]!.userId, true]),
      );
      const grants = await t.rows<{ n: string }>(
        sql`select count(*)::text as n from bonuses where campaign_id = ${loyaltyCampaignId(BRAND, 'rank_prize')} and trigger_ref like ${`rank:${day.key}:%`}`,
      );
      expect(Number(grants[0]!.n)).toBe(prizes.length);
    } finally {
      t.clock.set(started);
    }
  });
});
