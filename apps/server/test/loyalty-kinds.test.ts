import { ERRORS } from '@piranha/contract';
import {
  brandTimeZone,
  CASINO_DEFAULT_PARAMS,
  loyaltyCampaignId,
  periodWindowOf,
  rankBoardKey,
  rankingPrizesMinor,
  tasksOf,
  variantFindByKey,
} from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betLegs, bets } from '../src/db/schema/index.ts';
import { loyaltyPass } from '../src/modules/loyalty/loyalty-pass.service.ts';
import { rankClosePass } from '../src/modules/loyalty/loyalty-rank-close.service.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { CASINO_ENV, playerWithGame, playRound } from './casino-fixtures.ts';
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf } from './payments-fixtures.ts';

/**
 * Loyalty, fourth round (issue 18, decision 045) on a real database: the task kinds play_game (settled rounds of a
 * game) and multiple (settled multiples of enough legs), a resettled bet's VIP points recounted exactly once, and the
 * biggest-win boards closed and paid once like the turnover boards.
 */
let t: TestApp;
const BRAND = 'piranha';
const profile = variantFindByKey(BRAND)!;
const ACTIVITY = '/api/piranha/activity';
const NO_SUCH_MATCH = 900_000_003;

beforeAll(async () => {
  t = await testAppCreate({ env: CASINO_ENV });
}, 180_000);
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

/** A settled bet written as settlement leaves it: `legs` legs (a multiple when more than one). Outcome 4 won ×2, 3 lost, 2 void. */
async function betSettled(userId: number, stakeMinor: number, outcome: number, options: { legs?: number; at?: Date } = {}): Promise<number> {
  const at = options.at ?? t.clock.now();
  const legs = options.legs ?? 1;
  const payout = outcome === 4 ? stakeMinor * 2 : outcome === 2 ? stakeMinor : 0;
  const [bet] = await t.db
    .insert(bets)
    .values({
      userId,
      currency: profile.currency,
      kind: legs > 1 ? 'bet_multi' : 'single_bet',
      seriesCode: legs > 1 ? legs * 1000 + 1 : 1,
      unitStakeMinor: stakeMinor,
      lineCount: 1,
      stakeMinor,
      stakePlacedMinor: stakeMinor,
      payoutMinorMax: stakeMinor * 2,
      payoutMinor: payout,
      status: 5,
      outcome,
      oddsChange: 0,
      live: false,
      freeBet: false,
      createdAt: at,
      settledAt: at,
    })
    .returning({ id: bets.id });
  await t.db.insert(betLegs).values(
    Array.from({ length: legs }, (_, legIndex) => ({
      betId: bet!.id,
      legIndex,
      matchId: NO_SUCH_MATCH,
      marketId: 1,
      marketType: 1,
      period: 0,
      optionType: 1,
      matchName: 'A v B',
      oddsThousandths: 1260,
      live: false,
      scoreHome: 0,
      scoreAway: 0,
      outcome,
    })),
  );
  return bet!.id;
}

/** What a resettlement leaves on the bet row (decision 009): a new outcome and return, and a new settled_at. */
async function betResettled(betId: number, stakeMinor: number, outcome: number, at: Date): Promise<void> {
  const payout = outcome === 4 ? stakeMinor * 2 : outcome === 2 ? stakeMinor : 0;
  await t.rows(sql`update bets set outcome = ${outcome}, payout_minor = ${payout}, settled_at = ${at.toISOString()}::timestamptz where id = ${betId}`);
}

async function pointsMinorOf(userId: number): Promise<number> {
  const [row] = await t.rows<{ points_minor: string }>(sql`select points_minor from loyalty_accounts where user_id = ${userId}`);
  return Number(row?.points_minor ?? 0);
}

interface TaskView {
  task_id: string;
  task_name: string;
  unit: 'minor' | 'count';
  game: string;
  min_legs: number;
  conf_num: number;
  progress_num: number;
  status: number;
}

async function task(session: IssuedSession, taskId: string): Promise<TaskView> {
  const answer = envelopeOf(await t.get(`${ACTIVITY}/task/center/info`, { query: signedIn(session) }));
  expect(answer.dm_error).toBe(0);
  const all = [...answer.data.daily.list, ...answer.data.weekly.list] as TaskView[];
  return all.find((each) => each.task_id === taskId)!;
}

describe('task kinds', () => {
  it('counts settled dice rounds for play_game and pays the claim once to 20 taps', async () => {
    const daily = tasksOf(profile).find((each) => each.id === 'daily_play_game')!;
    expect(daily).toMatchObject({ kind: 'play_game', game: 'dice', confMinor: 5 });
    const player = await playerWithGame(t, 'dice', 100_000);
    for (let round = 0; round < 4; round += 1) expect((await playRound(t, player, 'dice', 100, CASINO_DEFAULT_PARAMS.dice)).dm_error).toBe(0);
    await Promise.all(Array.from({ length: 3 }, () => loyaltyPass(t.db, t.clock.now())));
    expect(await task(player.session, 'daily_play_game')).toMatchObject({ unit: 'count', game: 'dice', conf_num: 5, progress_num: 4, status: 0 });
    const early = envelopeOf(await t.post(`${ACTIVITY}/task/receive`, { query: signedIn(player.session), body: { task_id: 'daily_play_game' } }));
    expect(early.dm_error).toBe(ERRORS.TASK_NOT_COMPLETE.code);

    expect((await playRound(t, player, 'dice', 100, CASINO_DEFAULT_PARAMS.dice)).dm_error).toBe(0);
    await loyaltyPass(t.db, t.clock.now());
    expect(await task(player.session, 'daily_play_game')).toMatchObject({ progress_num: 5, status: 1 });
    const cash = await balanceOf(t, player.session, profile.currency);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.post(`${ACTIVITY}/task/receive`, { query: signedIn(player.session), body: { task_id: 'daily_play_game' } })),
    );
    const envelopes = answers.map(envelopeOf);
    expect(envelopes.filter((each) => each.dm_error === 0)).toHaveLength(1);
    expect(envelopes.filter((each) => each.dm_error === ERRORS.TASK_CLAIMED.code)).toHaveLength(19);
    expect(await balanceOf(t, player.session, profile.currency)).toBe(cash + daily.rewardMinor);
    expect(await task(player.session, 'daily_play_game')).toMatchObject({ status: 2 });
  });

  it('counts a settled multiple of three legs or more for multiple, not a double, a single or a void multiple', async () => {
    const session = await t.player(BRAND);
    await betSettled(session.uid, 1_000, 3, { legs: 2 });
    await betSettled(session.uid, 1_000, 3, { legs: 1 });
    await betSettled(session.uid, 1_000, 2, { legs: 4 });
    await loyaltyPass(t.db, t.clock.now());
    expect(await task(session, 'daily_multiple')).toMatchObject({ unit: 'count', min_legs: 3, conf_num: 1, progress_num: 0, status: 0 });
    await betSettled(session.uid, 1_000, 3, { legs: 3 });
    await betSettled(session.uid, 1_000, 4, { legs: 5 });
    await Promise.all(Array.from({ length: 5 }, () => loyaltyPass(t.db, t.clock.now())));
    expect(await task(session, 'daily_multiple')).toMatchObject({ progress_num: 1, status: 1 });
    expect(await task(session, 'weekly_multiple')).toMatchObject({ conf_num: 3, progress_num: 2, status: 0 });
  });
});

describe('resettled bets', () => {
  it('moves the VIP points by the difference exactly once, whatever number of passes race', async () => {
    const session = await t.player(BRAND);
    const first = new Date(t.clock.now().getTime() - 60_000);
    const betId = await betSettled(session.uid, 4_000, 4, { at: first });
    await betSettled(session.uid, 1_000, 3, { at: first });
    await loyaltyPass(t.db, t.clock.now());
    expect(await pointsMinorOf(session.uid)).toBe(5_000);

    // Corrected to void: the stake no longer counted.
    await betResettled(betId, 4_000, 2, new Date(first.getTime() + 10_000));
    await Promise.all(Array.from({ length: 5 }, () => loyaltyPass(t.db, t.clock.now())));
    await loyaltyPass(t.db, t.clock.now());
    expect(await pointsMinorOf(session.uid)).toBe(1_000);
    const [fact] = await t.rows<{ points_minor: string }>(sql`select points_minor from loyalty_facts where source = 'bet' and source_ref = ${String(betId)}`);
    expect(Number(fact!.points_minor)).toBe(0);

    // Corrected again (lost): the stake counts again, once.
    await betResettled(betId, 4_000, 3, new Date(first.getTime() + 20_000));
    await Promise.all(Array.from({ length: 5 }, () => loyaltyPass(t.db, t.clock.now())));
    expect(await pointsMinorOf(session.uid)).toBe(5_000);
    // The same settlement seen again changes nothing.
    await loyaltyPass(t.db, t.clock.now());
    expect(await pointsMinorOf(session.uid)).toBe(5_000);
  });
  it('moves task progress and board scores by the difference once, in the period of each settlement, with passes racing', async () => {
    const session = await t.player(BRAND);
    const zone = brandTimeZone(profile.market);
    const started = t.clock.now();
    const first = new Date(started.getTime() - 60_000);
    const day = periodWindowOf(first, zone, 'daily').key;
    const progressOf = async (taskId: string, periodKey: string) => {
      const [row] = await t.rows<{ progress_minor: string }>(
        sql`select progress_minor::text as progress_minor from loyalty_task_progress where user_id = ${session.uid} and task_id = ${taskId} and period_key = ${periodKey}`,
      );
      return Number(row?.progress_minor ?? 0);
    };
    const scoreOf = async (boardKey: string) => {
      const [row] = await t.rows<{ score_minor: string }>(
        sql`select score_minor::text as score_minor from loyalty_rank_scores where app_key = ${BRAND} and period_key = ${boardKey} and user_id = ${session.uid}`,
      );
      return Number(row?.score_minor ?? 0);
    };
    const standing = async (periodKey: string) => [
      await progressOf('daily_bet_amount', periodKey),
      await progressOf('daily_bet_win', periodKey),
      await progressOf('daily_multiple', periodKey),
      await scoreOf(periodKey),
      await scoreOf(rankBoardKey('win', periodKey)),
    ];
    // A won three-leg multiple (stake 4,000, net win 4,000) and a won single (stake 1,000, net win 1,000).
    const betId = await betSettled(session.uid, 4_000, 4, { at: first, legs: 3 });
    await betSettled(session.uid, 1_000, 4, { at: first });
    await loyaltyPass(t.db, t.clock.now());
    expect(await standing(day)).toEqual([5_000, 5_000, 1, 5_000, 4_000]);

    // Corrected to void the same day: its stake, win and multiple are taken back once; the best win is the single's.
    await betResettled(betId, 4_000, 2, new Date(first.getTime() + 10_000));
    await Promise.all(Array.from({ length: 5 }, () => loyaltyPass(t.db, t.clock.now())));
    await loyaltyPass(t.db, t.clock.now());
    expect(await standing(day)).toEqual([1_000, 1_000, 0, 1_000, 1_000]);

    // Corrected to won again the next day: it counts in the next day, once; the first day keeps the single only.
    const dayEnd = periodWindowOf(first, zone, 'daily').endsAt;
    const later = new Date(dayEnd.getTime() + 60_000);
    const next = periodWindowOf(later, zone, 'daily').key;
    t.clock.set(new Date(later.getTime() + 60_000));
    try {
      await betResettled(betId, 4_000, 4, later);
      await Promise.all(Array.from({ length: 5 }, () => loyaltyPass(t.db, t.clock.now())));
      await loyaltyPass(t.db, t.clock.now());
      expect(await standing(day)).toEqual([1_000, 1_000, 0, 1_000, 1_000]);
      expect(await standing(next)).toEqual([4_000, 4_000, 1, 4_000, 4_000]);
      // The next day's board shows it once the pass has counted its places.
      const board = envelopeOf(await t.get(`${ACTIVITY}/rank/list`, { query: { ...signedIn(session), period: 'daily' } }));
      expect(board.data).toMatchObject({ period_key: next, own: { score: 4_000 } });
    } finally {
      t.clock.set(started);
    }
  });
});

describe('biggest-win boards', () => {
  it('ranks the largest single net win, ties to who won first, and closes and pays once beside the turnover board', async () => {
    const brand = 'jeepney';
    const manila = variantFindByKey(brand)!;
    const day = 'd:2026-03-02';
    const [a, b, c] = [await t.player(brand), await t.player(brand), await t.player(brand)];
    const insert = async (userId: number, stake: number, outcome: number, iso: string) => {
      const at = new Date(iso);
      const [bet] = await t.db
        .insert(bets)
        .values({
          userId,
          currency: manila.currency,
          kind: 'single_bet',
          seriesCode: 1,
          unitStakeMinor: stake,
          lineCount: 1,
          stakeMinor: stake,
          stakePlacedMinor: stake,
          payoutMinorMax: stake * 2,
          payoutMinor: outcome === 4 ? stake * 2 : 0,
          status: 5,
          outcome,
          oddsChange: 0,
          live: false,
          createdAt: at,
          settledAt: at,
        })
        .returning({ id: bets.id });
      return bet!.id;
    };
    // A: wins 3,000 at 09:00 and 3,000 again at 11:00 (a win, not a sum); B: 3,000 at 10:00; C: a 50,000 loss and a 1,000 win.
    await insert(a.uid, 3_000, 4, '2026-03-02T09:00:00Z');
    await insert(b.uid, 3_000, 4, '2026-03-02T10:00:00Z');
    await insert(a.uid, 3_000, 4, '2026-03-02T11:00:00Z');
    await insert(c.uid, 50_000, 3, '2026-03-02T08:00:00Z');
    await insert(c.uid, 1_000, 4, '2026-03-02T08:30:00Z');
    await t.rows(sql`delete from loyalty_pass_cursors`);
    await loyaltyPass(t.db, t.clock.now());
    const board = await t.rows<{ user_id: string; score_minor: string }>(
      sql`select user_id, score_minor from loyalty_rank_scores where app_key = ${brand} and period_key = ${rankBoardKey('win', day)}
          order by score_minor desc, reached_at asc, user_id asc`,
    );
    expect(board.map((row) => [Number(row.user_id), Number(row.score_minor)])).toEqual([
      [a.uid, 3_000],
      [b.uid, 3_000],
      [c.uid, 1_000],
    ]);

    const before = await Promise.all([a, b, c].map((session) => balanceOf(t, session, manila.currency)));
    try {
      t.clock.set(new Date('2026-03-02T16:15:00Z'));
      await Promise.all(Array.from({ length: 5 }, () => rankClosePass(t.db, t.clock.now())));
      await rankClosePass(t.db, t.clock.now());
      const prizes = await t.rows<{ place: number; user_id: string; paid_at: Date | null }>(
        sql`select place, user_id, paid_at from loyalty_rank_prizes where app_key = ${brand} and period_key = ${rankBoardKey('win', day)} order by place`,
      );
      expect(prizes.map((row) => [row.place, Number(row.user_id), row.paid_at !== null])).toEqual([
        [1, a.uid, true],
        [2, b.uid, true],
        [3, c.uid, true],
      ]);
      const wins = rankingPrizesMinor(manila, 'daily', 'win');
      const turnover = rankingPrizesMinor(manila, 'daily', 'turnover');
      // Turnover board that day: C (51,000), A (6,000), B (3,000).
      const after = await Promise.all([a, b, c].map((session) => balanceOf(t, session, manila.currency)));
      expect(after.map((balance, index) => balance - before[index]!)).toEqual([wins[0]! + turnover[1]!, wins[1]! + turnover[2]!, wins[2]! + turnover[0]!]);
      const grants = await t.rows<{ n: string }>(
        sql`select count(*)::text as n from bonuses where campaign_id = ${loyaltyCampaignId(brand, 'rank_prize')} and trigger_ref like ${`rank:win:${day}:%`}`,
      );
      expect(Number(grants[0]!.n)).toBe(3);

      const answer = envelopeOf(await t.get(`${ACTIVITY}/rank/list`, { query: { ...signedIn(b), period: 'daily', kind: 'win' } }));
      expect(answer.dm_error).toBe(0);
    } finally {
      t.clock.set(CLOCK_START);
    }
    expect(await auditClean(t)).toBe(true);
  });

  it('answers the win board of today with the player’s place and the single win that passes the one above', async () => {
    const [first, second] = [await t.player(BRAND), await t.player(BRAND)];
    await betSettled(first.uid, 9_000, 4);
    await betSettled(second.uid, 2_000, 4);
    await betSettled(second.uid, 50_000, 3);
    await loyaltyPass(t.db, t.clock.now());
    const board = envelopeOf(await t.get(`${ACTIVITY}/rank/list`, { query: { ...signedIn(second), period: 'daily', kind: 'win' } }));
    expect(board.dm_error).toBe(0);
    expect(board.data.kind).toBe('win');
    expect(board.data.prizes).toEqual(rankingPrizesMinor(profile, 'daily', 'win'));
    const ownPlace = board.data.own.rank as number;
    const mine = [...board.data.top, ...board.data.list].find((row: { is_self: number }) => row.is_self === 1);
    expect(mine).toMatchObject({ rank: ownPlace, score: 2_000 });
    const above = [...board.data.top, ...board.data.list].find((row: { rank: number }) => row.rank === ownPlace - 1);
    expect(board.data.own).toMatchObject({ score: 2_000, gap: above.score + 1 });
    const turnover = envelopeOf(await t.get(`${ACTIVITY}/rank/list`, { query: { ...signedIn(second), period: 'daily' } }));
    expect(turnover.data).toMatchObject({ kind: 'turnover', own: { score: 52_000 } });
  });
});
