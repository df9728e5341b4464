import { ERRORS } from '@piranha/contract';
import { BONUS_STATUS, cashbackRateBp, cashbackRatesOf, loyaltyCampaignId, rankingPrizesMinor, tasksOf, variantFindByKey, vipConfigOf } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betLegs, bets } from '../src/db/schema/index.ts';
import { LOYALTY_PASS_OVERLAP_MS, loyaltyFactsConsume, loyaltyPass } from '../src/modules/loyalty/loyalty-pass.service.ts';
import { cashbackCloseDue, cashbackPass, cashbackPeriodClose, cashbacksPay } from '../src/modules/loyalty/loyalty-cashback.service.ts';
import { rankBoardsCloseDue, rankClosePass, rankPrizesPay } from '../src/modules/loyalty/loyalty-rank-close.service.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { dbCrashingBeforeCommit, feedManualCreate, type ManualFeed } from './betting-fixtures.ts';
import { CLOCK_START, DAY_MS, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf, playerFund } from './payments-fixtures.ts';

/**
 * Loyalty (issue 18) on a real database: VIP points and task progress from settled bets, casino rounds and deposits,
 * each counted once however often the pass runs or dies; VIP level-up and task rewards paid by the bonus engine once,
 * however many taps arrive together.
 */
let t: TestApp;
let feed: ManualFeed;
const BRAND = 'piranha';
const profile = variantFindByKey(BRAND)!;
const CURRENCY = profile.currency;
const config = vipConfigOf(profile);
const ACTIVITY = '/api/piranha/activity';

beforeAll(async () => {
  // A feed with no matches: the settled bets below are the test's own rows, which no settlement pass may touch.
  feed = feedManualCreate(CLOCK_START.getTime());
  t = await testAppCreate({ feed, env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000' } });
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

const NO_SUCH_MATCH = 900_000_002;

/** A settled single, as the settlement writes it. Outcome 4 won (returns stake × odds), 3 lost, 2 push. */
async function betSettled(
  userId: number,
  stakeMinor: number,
  outcome: number,
  options: { freeBet?: boolean; currency?: string; at?: Date } = {},
): Promise<number> {
  const at = options.at ?? t.clock.now();
  const payout = outcome === 4 ? Math.floor((stakeMinor * 2000) / 1000) : outcome === 2 ? stakeMinor : 0;
  const [bet] = await t.db
    .insert(bets)
    .values({
      userId,
      currency: options.currency ?? CURRENCY,
      kind: 'single_bet',
      seriesCode: 1,
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
      freeBet: options.freeBet ?? false,
      createdAt: at,
      settledAt: at,
    })
    .returning({ id: bets.id });
  await t.db.insert(betLegs).values({
    betId: bet!.id,
    legIndex: 0,
    matchId: NO_SUCH_MATCH,
    marketId: 1,
    marketType: 1,
    period: 0,
    optionType: 1,
    matchName: 'A v B',
    oddsThousandths: 2000,
    live: false,
    scoreHome: 0,
    scoreAway: 0,
    outcome,
  });
  return bet!.id;
}

/**
 * Tests below write facts stamped hours back, as history written before loyalty was deployed. Forgetting the cursors
 * is that deployment's state: the next pass reads the whole history once, as a first pass does.
 */
async function historyReplayed(): Promise<void> {
  await t.rows(sql`delete from loyalty_pass_cursors`);
}

async function cursorOf(source: string): Promise<Date | undefined> {
  const [row] = await t.rows<{ cursor_at: Date | string }>(sql`select cursor_at from loyalty_pass_cursors where source = ${source}`);
  return row === undefined ? undefined : new Date(row.cursor_at);
}

async function pointsMinorOf(userId: number): Promise<number> {
  const [row] = await t.rows<{ points_minor: string }>(sql`select points_minor from loyalty_accounts where user_id = ${userId}`);
  return Number(row?.points_minor ?? 0);
}

async function vipInfo(session: IssuedSession) {
  const answer = envelopeOf(await t.get(`${ACTIVITY}/vip/info`, { query: signedIn(session) }));
  expect(answer.dm_error).toBe(0);
  return answer.data;
}

async function tasksInfo(session: IssuedSession) {
  const answer = envelopeOf(await t.get(`${ACTIVITY}/task/center/info`, { query: signedIn(session) }));
  expect(answer.dm_error).toBe(0);
  return answer.data;
}

describe('VIP points', () => {
  it('counts deposits at half and settled stakes in full, each fact once however often the pass runs', async () => {
    const { session } = await playerFund(t, { appKey: BRAND, amountMinor: 10_000 });
    await betSettled(session.uid, 1_000, 3);
    await betSettled(session.uid, 500, 4);
    await Promise.all(Array.from({ length: 5 }, () => loyaltyPass(t.db, t.clock.now())));
    await loyaltyPass(t.db, t.clock.now());
    expect(await pointsMinorOf(session.uid)).toBe(5_000 + 1_000 + 500);
    const info = await vipInfo(session);
    // 65 points: level 2 (50) on the way to level 3 (100).
    expect(info).toMatchObject({ level: 2, stage: 1, points: 65, level_points: 50, next_level_points: 100, progress: 30, max_level: 30, currency: 'BRL' });
    expect(info.rewards).toEqual([
      { kind: 'vip_bonus', level: 1, amount: config.levelUpRewardMinor[1], period: '' },
      { kind: 'vip_bonus', level: 2, amount: config.levelUpRewardMinor[2], period: '' },
      { kind: 'week_free', level: 2, amount: config.weekFreeMinor[2], period: 'w:2026-03-02' },
      { kind: 'month_free', level: 2, amount: config.monthFreeMinor[2], period: 'm:2026-03' },
    ]);
    expect(info.stages).toHaveLength(6);
    expect(info.support_contact).toBe('');
  });

  it('gives no points for free bets, pushes or another currency, and still reads each of them only once', async () => {
    const session = await t.player(BRAND);
    await betSettled(session.uid, 5_000, 4, { freeBet: true });
    await betSettled(session.uid, 5_000, 2);
    await betSettled(session.uid, 5_000, 3, { currency: 'USDT' });
    await loyaltyPass(t.db, t.clock.now());
    expect(await pointsMinorOf(session.uid)).toBe(0);
    const [facts] = await t.rows<{ count: string }>(sql`select count(*) as count from loyalty_facts where user_id = ${session.uid}`);
    // The free bet is never a fact; the push and the USDT bet are recorded with nothing to add.
    expect(Number(facts!.count)).toBe(2);
  });

  it('loses and doubles nothing when a pass is killed before commit', async () => {
    const session = await t.player(BRAND);
    await betSettled(session.uid, 2_000, 3);
    await expect(loyaltyFactsConsume(dbCrashingBeforeCommit(t.db, 1), t.clock.now())).rejects.toThrow('killed before commit');
    expect(await pointsMinorOf(session.uid)).toBe(0);
    await loyaltyPass(t.db, t.clock.now());
    await loyaltyPass(t.db, t.clock.now());
    expect(await pointsMinorOf(session.uid)).toBe(2_000);
  });
});

describe('the pass cursor', () => {
  it('reads only a short window behind its cursor, and still counts a fact committed late behind it', async () => {
    const session = await t.player(BRAND);
    const now = t.clock.now();
    await betSettled(session.uid, 1_000, 3);
    await loyaltyPass(t.db, now);
    expect(await cursorOf('bet')).toEqual(now);
    // A settlement that stamped its bet two minutes ago and committed only now, after the cursor moved past it.
    await betSettled(session.uid, 700, 3, { at: new Date(now.getTime() - 2 * 60_000) });
    // A fact stamped before the cursor less the overlap is not read again: that is what bounds the pass's cost.
    await betSettled(session.uid, 50, 3, { at: new Date(now.getTime() - LOYALTY_PASS_OVERLAP_MS - 60_000) });
    await loyaltyPass(t.db, now);
    expect(await pointsMinorOf(session.uid)).toBe(1_700);
    // Rereading the window counts nothing twice.
    await loyaltyPass(t.db, now);
    expect(await pointsMinorOf(session.uid)).toBe(1_700);
    expect(await cursorOf('bet')).toEqual(now);
  });

  it('never moves past the pass clock, and a pass killed between batches loses nothing', async () => {
    const session = await t.player(BRAND);
    const now = t.clock.now();
    const before = await cursorOf('bet');
    // Five bets a second apart, behind the cursor but inside the overlap; one stamped a minute ahead of the pass clock.
    for (let index = 5; index >= 1; index -= 1) await betSettled(session.uid, 100 * index, 3, { at: new Date(now.getTime() - index * 1_000) });
    await betSettled(session.uid, 10_000, 3, { at: new Date(now.getTime() + 60_000) });
    // Two at a time; the second batch dies before commit: the first two are counted, the cursor never moves back.
    await expect(loyaltyPass(dbCrashingBeforeCommit(t.db, 2), now, 2)).rejects.toThrow('killed before commit');
    expect(await pointsMinorOf(session.uid)).toBe(500 + 400);
    expect(await cursorOf('bet')).toEqual(before);
    await loyaltyPass(t.db, now, 2);
    expect(await pointsMinorOf(session.uid)).toBe(500 + 400 + 300 + 200 + 100 + 10_000);
    // The bet stamped ahead of the clock moved the cursor only to the clock.
    expect(await cursorOf('bet')).toEqual(now);
  });
});

describe('VIP rewards', () => {
  it('pays a level-up reward exactly once to 20 concurrent taps, through the bonus engine', async () => {
    const session = await t.player(BRAND);
    await betSettled(session.uid, 1_000, 3);
    await loyaltyPass(t.db, t.clock.now());
    expect((await vipInfo(session)).level).toBe(1);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.post(`${ACTIVITY}/vip/receive`, { query: signedIn(session), body: { kind: 'vip_bonus', level: 1 } })),
    );
    const envelopes = answers.map(envelopeOf);
    const paid = envelopes.filter((answer) => answer.dm_error === 0);
    expect(paid).toHaveLength(1);
    expect(envelopes.filter((answer) => answer.dm_error === ERRORS.VIP_REWARD_RECEIVED.code)).toHaveLength(19);
    // Level-up rewards are bonus money wagered once: locked until the player starts it.
    expect(paid[0]!.data).toMatchObject({
      kind: 'vip_level_up',
      status: BONUS_STATUS.locked,
      amount: config.levelUpRewardMinor[1],
      requirement: config.levelUpRewardMinor[1],
    });
    const grants = await t.rows(sql`select 1 from bonuses where user_id = ${session.uid} and campaign_id = ${loyaltyCampaignId(BRAND, 'vip_level_up')}`);
    expect(grants).toHaveLength(1);
    const [wallet] = await t.rows<{ balance_minor: string }>(sql`select balance_minor from bonus_wallets where user_id = ${session.uid}`);
    expect(Number(wallet!.balance_minor)).toBe(config.levelUpRewardMinor[1]);
    expect((await vipInfo(session)).rewards.filter((reward: { kind: string }) => reward.kind === 'vip_bonus')).toEqual([]);
    expect(await auditClean(t)).toBe(true);
  });

  it('refuses a level not reached, and a paused campaign', async () => {
    const session = await t.player(BRAND);
    const early = envelopeOf(await t.post(`${ACTIVITY}/vip/receive`, { query: signedIn(session), body: { kind: 'vip_bonus', level: 1 } }));
    expect(early).toMatchObject({ dm_error: ERRORS.VIP_REWARD_NOT_REACHED.code, data: { field: 'level' } });

    await betSettled(session.uid, 1_000, 3);
    await loyaltyPass(t.db, t.clock.now());
    await t.rows(sql`update bonus_campaigns set status = 'paused' where id = ${loyaltyCampaignId(BRAND, 'vip_level_up')}`);
    try {
      const paused = envelopeOf(await t.post(`${ACTIVITY}/vip/receive`, { query: signedIn(session), body: { kind: 'vip_bonus', level: 1 } }));
      expect(paused.dm_error).toBe(ERRORS.LOYALTY_REWARD_UNAVAILABLE.code);
    } finally {
      await t.rows(sql`update bonus_campaigns set status = 'active' where id = ${loyaltyCampaignId(BRAND, 'vip_level_up')}`);
    }
    expect((await vipInfo(session)).rewards.filter((reward: { kind: string }) => reward.kind === 'vip_bonus')).toHaveLength(1);
  });
});

describe('weekly and monthly free VIP rewards', () => {
  it('pays each once a brand week / month to 20 concurrent taps, and again in the next period', async () => {
    const session = await t.player(BRAND);
    const refused = envelopeOf(await t.post(`${ACTIVITY}/vip/receive`, { query: signedIn(session), body: { kind: 'week_free' } }));
    expect(refused).toMatchObject({ dm_error: ERRORS.VIP_FREE_NOT_REACHED.code, data: { field: 'kind' } });

    await betSettled(session.uid, 1_000, 3);
    await loyaltyPass(t.db, t.clock.now());
    // CLOCK_START is Monday 2 March 2026, 09:00 in São Paulo.
    const waiting = (await vipInfo(session)).rewards.filter((reward: { kind: string }) => reward.kind !== 'vip_bonus');
    expect(waiting).toEqual([
      { kind: 'week_free', level: 1, amount: config.weekFreeMinor[1], period: 'w:2026-03-02' },
      { kind: 'month_free', level: 1, amount: config.monthFreeMinor[1], period: 'm:2026-03' },
    ]);

    for (const kind of ['week_free', 'month_free'] as const) {
      const answers = (
        await Promise.all(Array.from({ length: 20 }, () => t.post(`${ACTIVITY}/vip/receive`, { query: signedIn(session), body: { kind } })))
      ).map(envelopeOf);
      const paid = answers.filter((answer) => answer.dm_error === 0);
      expect(paid).toHaveLength(1);
      expect(answers.filter((answer) => answer.dm_error === ERRORS.VIP_FREE_RECEIVED.code)).toHaveLength(19);
      expect(paid[0]!.data).toMatchObject({ kind, amount: kind === 'week_free' ? config.weekFreeMinor[1] : config.monthFreeMinor[1] });
    }
    expect((await vipInfo(session)).rewards.filter((reward: { kind: string }) => reward.kind !== 'vip_bonus')).toEqual([]);
    const grants = async (kind: 'week_free' | 'month_free') =>
      (
        await t.rows<{ trigger_ref: string }>(
          sql`select trigger_ref from bonuses where user_id = ${session.uid} and campaign_id = ${loyaltyCampaignId(BRAND, kind)} order by trigger_ref`,
        )
      ).map((row) => row.trigger_ref);
    expect(await grants('week_free')).toEqual(['week_free:w:2026-03-02']);

    try {
      // Sunday 23:59 São Paulo is still the same week; Monday 00:00 is the next one, same month.
      t.clock.set(new Date('2026-03-09T02:59:00Z'));
      expect((await vipInfo(session)).rewards.filter((reward: { kind: string }) => reward.kind !== 'vip_bonus')).toEqual([]);
      t.clock.set(new Date('2026-03-09T03:00:00Z'));
      const next = envelopeOf(await t.post(`${ACTIVITY}/vip/receive`, { query: signedIn(session), body: { kind: 'week_free' } }));
      expect(next.dm_error).toBe(0);
      const again = envelopeOf(await t.post(`${ACTIVITY}/vip/receive`, { query: signedIn(session), body: { kind: 'month_free' } }));
      expect(again.dm_error).toBe(ERRORS.VIP_FREE_RECEIVED.code);
      expect(await grants('week_free')).toEqual(['week_free:w:2026-03-02', 'week_free:w:2026-03-09']);
      // 1 April 00:00 in São Paulo opens the next month.
      t.clock.set(new Date('2026-04-01T03:00:00Z'));
      expect(envelopeOf(await t.post(`${ACTIVITY}/vip/receive`, { query: signedIn(session), body: { kind: 'month_free' } })).dm_error).toBe(0);
      expect(await grants('month_free')).toEqual(['month_free:m:2026-03', 'month_free:m:2026-04']);
    } finally {
      t.clock.set(CLOCK_START);
    }
    expect(await auditClean(t)).toBe(true);
  });

  it('asks for a level with vip_bonus and refuses an unknown kind', async () => {
    const session = await t.player(BRAND);
    const noLevel = envelopeOf(await t.post(`${ACTIVITY}/vip/receive`, { query: signedIn(session), body: { kind: 'vip_bonus' } }));
    expect(noLevel).toMatchObject({ dm_error: ERRORS.VIP_REWARD_NOT_REACHED.code, data: { field: 'level' } });
    const unknown = envelopeOf(await t.post(`${ACTIVITY}/vip/receive`, { query: signedIn(session), body: { kind: 'customer_service' } }));
    expect(unknown.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
  });
});

describe('task centre', () => {
  const dailyBet = tasksOf(profile).find((task) => task.id === 'daily_bet_amount')!;
  const weeklyBet = tasksOf(profile).find((task) => task.id === 'weekly_bet_amount')!;

  it('fills tasks from settled stakes and pays a claim once to 20 concurrent taps, in cash', async () => {
    const session = await t.player(BRAND);
    await betSettled(session.uid, dailyBet.confMinor, 4);
    await loyaltyPass(t.db, t.clock.now());
    const info = await tasksInfo(session);
    expect(info).toMatchObject({
      currency: 'BRL',
      time_zone: 'America/Sao_Paulo',
      daily: { period_key: 'd:2026-03-02' },
      weekly: { period_key: 'w:2026-03-02' },
    });
    // Midnight in São Paulo (UTC−3) after 2026-03-02.
    expect(info.daily.end_time).toBe(Date.parse('2026-03-03T03:00:00Z') / 1000);
    const byId = Object.fromEntries([...info.daily.list, ...info.weekly.list].map((task: { task_id: string }) => [task.task_id, task]));
    expect(byId.daily_bet_amount).toMatchObject({ task_name: 'bet_amount', conf_num: dailyBet.confMinor, progress_num: dailyBet.confMinor, status: 1 });
    expect(byId.daily_bet_win).toMatchObject({ progress_num: dailyBet.confMinor, status: 1 });
    expect(byId.weekly_bet_amount).toMatchObject({ progress_num: dailyBet.confMinor, conf_num: weeklyBet.confMinor, status: 0 });
    expect(byId.daily_recharge).toMatchObject({ progress_num: 0, status: 0 });
    const hint = envelopeOf(await t.get(`${ACTIVITY}/task/hint`, { query: signedIn(session) }));
    expect(hint).toMatchObject({ dm_error: 0, data: { claimable: 2, task: { status: 1 } } });

    const before = await balanceOf(t, session, CURRENCY);
    const answers = (
      await Promise.all(
        Array.from({ length: 20 }, () => t.post(`${ACTIVITY}/task/receive`, { query: signedIn(session), body: { task_id: 'daily_bet_amount' } })),
      )
    ).map(envelopeOf);
    expect(answers.filter((answer) => answer.dm_error === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.dm_error === ERRORS.TASK_CLAIMED.code)).toHaveLength(19);
    // Task rewards have nothing to wager: the engine converts them to cash in the claim's transaction.
    expect(answers.find((answer) => answer.dm_error === 0)!.data).toMatchObject({
      kind: 'task_reward',
      status: BONUS_STATUS.unlocked,
      amount: dailyBet.rewardMinor,
    });
    expect(await balanceOf(t, session, CURRENCY)).toBe(before + dailyBet.rewardMinor);
    const after = await tasksInfo(session);
    expect(after.daily.list.find((task: { task_id: string }) => task.task_id === 'daily_bet_amount').status).toBe(2);
    expect(await auditClean(t)).toBe(true);
  });

  it('refuses an unfinished or unknown task', async () => {
    const session = await t.player(BRAND);
    const unfinished = envelopeOf(await t.post(`${ACTIVITY}/task/receive`, { query: signedIn(session), body: { task_id: 'daily_recharge' } }));
    expect(unfinished).toMatchObject({ dm_error: ERRORS.TASK_NOT_COMPLETE.code, data: { field: 'task_id' } });
    const unknown = envelopeOf(await t.post(`${ACTIVITY}/task/receive`, { query: signedIn(session), body: { task_id: 'daily_lottery' } }));
    expect(unknown.dm_error).toBe(ERRORS.TASK_NOT_FOUND.code);
  });

  it('resets daily tasks at midnight in the brand time zone and weekly ones on Monday', async () => {
    const session = await t.player(BRAND);
    // 23:30 in São Paulo on Monday 2 March: counts for that day.
    t.clock.set(new Date('2026-03-03T02:30:00Z'));
    try {
      await betSettled(session.uid, 300, 3);
      await loyaltyPass(t.db, t.clock.now());
      expect((await tasksInfo(session)).daily.list.find((task: { task_id: string }) => task.task_id === 'daily_bet_amount').progress_num).toBe(300);
      // 00:30 on Tuesday: a new day, the same week.
      t.clock.set(new Date('2026-03-03T03:30:00Z'));
      const tuesday = await tasksInfo(session);
      expect(tuesday.daily.period_key).toBe('d:2026-03-03');
      expect(tuesday.daily.list.find((task: { task_id: string }) => task.task_id === 'daily_bet_amount').progress_num).toBe(0);
      expect(tuesday.weekly.list.find((task: { task_id: string }) => task.task_id === 'weekly_bet_amount').progress_num).toBe(300);
      // The next Monday: a new week.
      t.clock.set(new Date(Date.parse('2026-03-03T03:30:00Z') + 6 * DAY_MS));
      expect((await tasksInfo(session)).weekly).toMatchObject({
        period_key: 'w:2026-03-09',
        list: expect.arrayContaining([expect.objectContaining({ progress_num: 0 })]),
      });
    } finally {
      t.clock.set(CLOCK_START);
    }
  });
});

describe('rankings', () => {
  it('agrees with a brute-force recomputation on random data: order, top three, 50 rows, own place and gap', async () => {
    // Mexico (UTC−6): every bet below settles on the brand's Monday 2 March, between 00:00 and 06:00 local time.
    const brand = 'aguila';
    let seed = 42;
    const random = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % max;
    };
    const players: IssuedSession[] = [];
    const expected = new Map<number, { score: number; reached: number }>();
    for (let index = 0; index < 70; index += 1) {
      const session = await t.player(brand);
      players.push(session);
      for (let bet = 0; bet <= random(3); bet += 1) {
        // Few distinct stakes and times, so ties (broken by who got there first, then id) are common.
        const stake = (1 + random(4)) * 1_000;
        const at = new Date(CLOCK_START.getTime() - random(6) * 3_600_000);
        const outcome = [3, 4, 2][random(3)]!;
        await betSettled(session.uid, stake, outcome, { currency: 'MXN', at });
        if (outcome === 2) continue;
        const entry = expected.get(session.uid) ?? { score: 0, reached: 0 };
        expected.set(session.uid, { score: entry.score + stake, reached: Math.max(entry.reached, at.getTime()) });
      }
    }
    await historyReplayed();
    await loyaltyPass(t.db, t.clock.now());
    // More ranked players than a full board, and some with pushes only (unranked).
    expect(expected.size).toBeGreaterThan(50);
    expect(expected.size).toBeLessThan(70);

    const order = [...expected].sort(([a, x], [b, y]) => y.score - x.score || x.reached - y.reached || a - b).map(([uid]) => uid);
    const board = envelopeOf(await t.get(`${ACTIVITY}/rank/list`, { query: { ...signedIn(players[0]!), period: 'daily' } }));
    expect(board).toMatchObject({
      dm_error: 0,
      data: { period_key: 'd:2026-03-02', full: 50, currency: 'MXN', prizes: rankingPrizesMinor(variantFindByKey(brand)!, 'daily') },
    });
    expect(board.data.top).toHaveLength(3);
    expect(board.data.list).toHaveLength(47);
    const shown = [...board.data.top, ...board.data.list] as { rank: number; score: number }[];
    expect(shown.map((entry) => entry.rank)).toEqual(Array.from({ length: 50 }, (_unused, index) => index + 1));
    expect(shown.map((entry) => entry.score)).toEqual(order.slice(0, 50).map((uid) => expected.get(uid)!.score));

    for (const session of players) {
      const { own } = envelopeOf(await t.get(`${ACTIVITY}/rank/list`, { query: { ...signedIn(session), period: 'weekly' } })).data;
      const place = order.indexOf(session.uid);
      if (place < 0) {
        expect(own).toEqual({ rank: 0, score: 0, gap: 0 });
        continue;
      }
      const score = expected.get(session.uid)!.score;
      expect(own).toEqual({ rank: place + 1, score, gap: place === 0 ? 0 : expected.get(order[place - 1]!)!.score - score + 1 });
    }
    // A second pass changes nothing.
    await loyaltyPass(t.db, t.clock.now());
    const again = envelopeOf(await t.get(`${ACTIVITY}/rank/list`, { query: { ...signedIn(players[0]!), period: 'daily' } }));
    expect(again.data.top).toEqual(board.data.top);
  });
});

describe('ranking close', () => {
  it('freezes the winners once after the grace and pays each prize once, even killed halfway and run five times at once', async () => {
    // The Philippines (UTC+8): the bets settle on Monday 2 March local time; that day ends at 16:00 UTC.
    const brand = 'jeepney';
    const manila = variantFindByKey(brand)!;
    const [a, b, c, d] = [await t.player(brand), await t.player(brand), await t.player(brand), await t.player(brand)];
    const at = (iso: string) => ({ currency: manila.currency, at: new Date(iso) });
    await betSettled(a.uid, 4_000, 3, at('2026-03-02T10:00:00Z'));
    await betSettled(c.uid, 3_000, 4, at('2026-03-02T11:00:00Z'));
    await betSettled(b.uid, 3_000, 3, at('2026-03-02T09:00:00Z'));
    await betSettled(d.uid, 1_000, 3, at('2026-03-02T12:00:00Z'));
    await historyReplayed();
    await loyaltyPass(t.db, t.clock.now());
    const prizesOf = () =>
      t.rows<{ place: number; user_id: string; amount_minor: string; paid_at: Date | null }>(
        sql`select place, user_id, amount_minor, paid_at from loyalty_rank_prizes where app_key = ${brand} and period_key = 'd:2026-03-02' order by place`,
      );
    const before = await Promise.all([a, b, c].map((session) => balanceOf(t, session, manila.currency)));
    try {
      // Within the grace after midnight: not closed yet.
      t.clock.set(new Date('2026-03-02T16:05:00Z'));
      await rankBoardsCloseDue(t.db, t.clock.now());
      expect(await prizesOf()).toEqual([]);

      t.clock.set(new Date('2026-03-02T16:15:00Z'));
      await rankBoardsCloseDue(t.db, t.clock.now());
      const amounts = rankingPrizesMinor(manila, 'daily');
      // B reached 3,000 before C did: B is second.
      expect((await prizesOf()).map((row) => [row.place, Number(row.user_id), Number(row.amount_minor), row.paid_at])).toEqual([
        [1, a.uid, amounts[0], null],
        [2, b.uid, amounts[1], null],
        [3, c.uid, amounts[2], null],
      ]);

      // Killed while paying the second prize: the first is paid, the second and third wait.
      await expect(rankPrizesPay(dbCrashingBeforeCommit(t.db, 2), t.clock.now())).rejects.toThrow('killed before commit');
      expect((await prizesOf()).map((row) => row.paid_at !== null)).toEqual([true, false, false]);

      // A late bet of D's for that day, counted after the close, changes nothing: the winners are frozen.
      await betSettled(d.uid, 90_000, 3, at('2026-03-02T15:59:00Z'));
      await loyaltyPass(t.db, t.clock.now());
      await Promise.all(Array.from({ length: 5 }, () => rankClosePass(t.db, t.clock.now())));
      const prizes = await prizesOf();
      expect(prizes.map((row) => [row.place, Number(row.user_id), row.paid_at !== null])).toEqual([
        [1, a.uid, true],
        [2, b.uid, true],
        [3, c.uid, true],
      ]);
      const grants = await t.rows<{ user_id: string; amount_minor: string; status: number }>(
        sql`select user_id, amount_minor, status from bonuses where campaign_id = ${loyaltyCampaignId(brand, 'rank_prize')} and trigger_ref like 'rank:d:%'
            order by amount_minor desc`,
      );
      expect(grants.map((row) => [Number(row.user_id), Number(row.amount_minor), row.status])).toEqual([
        [a.uid, amounts[0], BONUS_STATUS.unlocked],
        [b.uid, amounts[1], BONUS_STATUS.unlocked],
        [c.uid, amounts[2], BONUS_STATUS.unlocked],
      ]);
      const after = await Promise.all([a, b, c].map((session) => balanceOf(t, session, manila.currency)));
      // C's 3,000 net win is also the day's biggest (the only win): first on the win board, paid beside (decision 045).
      const winFirst = rankingPrizesMinor(manila, 'daily', 'win')[0]!;
      expect(after.map((balance, index) => balance - before[index]!)).toEqual([amounts[0], amounts[1], amounts[2]! + winFirst]);
      expect(await auditClean(t)).toBe(true);
    } finally {
      t.clock.set(CLOCK_START);
    }
  });
});

describe('cash-back', () => {
  it('pays net-loss cash-back by level once per period, even killed mid-run and rerun five times at once', async () => {
    // São Paulo (UTC−3): Friday 20 February 2026 runs from 03:00 UTC to 03:00 UTC on the 21st; no other test plays then.
    const rates = cashbackRatesOf(profile);
    const [a, d] = [
      (await playerFund(t, { appKey: BRAND, amountMinor: 10_000 })).session,
      (await playerFund(t, { appKey: BRAND, amountMinor: 10_000 })).session,
    ];
    const winner = (await playerFund(t, { appKey: BRAND, amountMinor: 10_000 })).session;
    const levelZero = await t.player(BRAND);
    await loyaltyPass(t.db, t.clock.now());
    // R$100 deposited counts 50 points: VIP 2.
    expect((await vipInfo(a)).level).toBe(2);
    const friday = (iso: string) => ({ at: new Date(`2026-02-20T${iso}Z`) });
    await betSettled(a.uid, 100_000, 3, friday('15:00:00'));
    await betSettled(a.uid, 20_000, 4, friday('16:00:00')); // returns 40,000
    await betSettled(a.uid, 50_000, 3, { ...friday('17:00:00'), freeBet: true }); // the house's money: no loss
    await betSettled(a.uid, 9_000, 3, friday('02:59:59')); // Thursday in São Paulo
    await betSettled(d.uid, 7_000, 3, friday('23:00:00'));
    await betSettled(d.uid, 3_000, 2, friday('23:30:00')); // a push: neither staked nor returned
    await betSettled(winner.uid, 1_000, 4, friday('12:00:00'));
    await betSettled(levelZero.uid, 5_000, 3, friday('12:00:00'));
    const rate = cashbackRateBp(rates, 'daily', 2);
    const owedA = Math.floor((80_000 * rate) / 10_000);
    const owedD = Math.floor((7_000 * rate) / 10_000);
    const before = await Promise.all([a, d].map((session) => balanceOf(t, session, CURRENCY)));
    const rowsOf = () =>
      t.rows<{ user_id: string; stake_minor: string; return_minor: string; net_loss_minor: string; amount_minor: string; level: number; paid_at: Date | null }>(
        sql`select user_id, stake_minor, return_minor, net_loss_minor, amount_minor, level, paid_at from loyalty_cashbacks
            where app_key = ${BRAND} and period_key = 'd:2026-02-20' order by user_id`,
      );
    try {
      // Before the period ended plus the grace: nothing.
      t.clock.set(new Date('2026-02-21T03:05:00Z'));
      await cashbackPass(t.db, t.clock.now());
      expect(await rowsOf()).toEqual([]);
      expect(await t.rows(sql`select user_id::text as user_id from loyalty_cashbacks where period_key = 'd:2026-02-19' and paid_at is not null`)).toEqual([
        { user_id: String(a.uid) },
      ]);

      t.clock.set(new Date('2026-02-21T03:15:00Z'));
      // A close killed before commit leaves neither the close nor any row.
      const window = { key: 'd:2026-02-20', startsAt: new Date('2026-02-20T03:00:00Z'), endsAt: new Date('2026-02-21T03:00:00Z') };
      await expect(cashbackPeriodClose(dbCrashingBeforeCommit(t.db, 1), profile, 'daily', window, t.clock.now())).rejects.toThrow('killed before commit');
      expect(await t.rows(sql`select 1 from loyalty_cashback_closes where app_key = ${BRAND} and period_key = 'd:2026-02-20'`)).toEqual([]);

      // Five closes at once compute the period once.
      await Promise.all(Array.from({ length: 5 }, () => cashbackCloseDue(t.db, t.clock.now())));
      expect(
        (await rowsOf()).map((row) => [
          Number(row.user_id),
          Number(row.stake_minor),
          Number(row.return_minor),
          Number(row.net_loss_minor),
          Number(row.amount_minor),
          row.level,
        ]),
      ).toEqual([
        [a.uid, 120_000, 40_000, 80_000, owedA, 2],
        [d.uid, 7_000, 0, 7_000, owedD, 2],
      ]);

      // Thursday's was closed and paid by the 03:05 pass. Payment killed at its second payment: one of Friday's is
      // paid, the other still owed.
      await expect(cashbacksPay(dbCrashingBeforeCommit(t.db, 2), t.clock.now())).rejects.toThrow('killed before commit');
      const paidSoFar = await t.rows<{ paid: string; owed: string }>(
        sql`select count(paid_at)::text as paid, count(*)::text as owed from loyalty_cashbacks where app_key = ${BRAND} and period_key in ('d:2026-02-19', 'd:2026-02-20')`,
      );
      expect(paidSoFar).toEqual([{ paid: '2', owed: '3' }]);

      // A late bet of the closed day changes nothing; five reruns at once pay the rest once.
      await betSettled(d.uid, 90_000, 3, friday('22:00:00'));
      await Promise.all(Array.from({ length: 5 }, () => cashbackPass(t.db, t.clock.now())));
      expect((await rowsOf()).map((row) => [Number(row.amount_minor), row.paid_at !== null])).toEqual([
        [owedA, true],
        [owedD, true],
      ]);
      const grants = await t.rows<{ user_id: string; trigger_ref: string; amount_minor: string; status: number }>(
        sql`select user_id, trigger_ref, amount_minor, status from bonuses where campaign_id = ${loyaltyCampaignId(BRAND, 'cash_back')} order by user_id, trigger_ref`,
      );
      // Thursday closed too (the last two days are): A's 9,000 lost before Friday's midnight is Thursday's.
      const owedThursday = Math.floor((9_000 * rate) / 10_000);
      expect(grants.map((row) => [Number(row.user_id), row.trigger_ref, Number(row.amount_minor), row.status])).toEqual([
        [a.uid, 'cashback:d:2026-02-19', owedThursday, BONUS_STATUS.unlocked],
        [a.uid, 'cashback:d:2026-02-20', owedA, BONUS_STATUS.unlocked],
        [d.uid, 'cashback:d:2026-02-20', owedD, BONUS_STATUS.unlocked],
      ]);
      const after = await Promise.all([a, d].map((session) => balanceOf(t, session, CURRENCY)));
      expect(after.map((balance, index) => balance - before[index]!)).toEqual([owedA + owedThursday, owedD]);
      expect(await auditClean(t)).toBe(true);

      // The player's history.
      const history = envelopeOf(await t.get(`${ACTIVITY}/cashback/history`, { query: signedIn(a) }));
      expect(history.dm_error).toBe(0);
      expect(history.data).toMatchObject({ currency: CURRENCY, level: 2, daily_rate_bp: rate, has_more: 0 });
      expect(history.data.list).toEqual([
        expect.objectContaining({
          period: 'daily',
          period_key: 'd:2026-02-20',
          stake: 120_000,
          returned: 40_000,
          bonus_used: 0,
          net_loss: 80_000,
          amount: owedA,
          status: 1,
        }),
        expect.objectContaining({ period: 'daily', period_key: 'd:2026-02-19', stake: 9_000, amount: owedThursday, status: 1 }),
      ]);
      const none = envelopeOf(await t.get(`${ACTIVITY}/cashback/history`, { query: signedIn(levelZero) }));
      expect(none.data.list).toEqual([]);
    } finally {
      t.clock.set(CLOCK_START);
    }
  });
});
