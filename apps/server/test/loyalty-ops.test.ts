import { ERRORS } from '@piranha/contract';
import { brandTimeZone, periodWindowOf, RANKING_CLOSE_GRACE_MS, variantFindByKey, vipConfigOf, vipWheelOf, vipWheelVerify } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bets } from '../src/db/schema/index.ts';
import { loyaltyPass } from '../src/modules/loyalty/loyalty-pass.service.ts';
import { rankBoardsCloseDue, rankPrizesPay } from '../src/modules/loyalty/loyalty-rank-close.service.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { lostSingleInsert } from './betting-fixtures.ts';
import { auditClean, balanceOf } from './payments-fixtures.ts';

/**
 * Operator loyalty settings (issue 18, decision 045) on a real database: behind OPS_TOKEN, validated (shape, then the
 * rules a shape cannot say), versioned; tasks, the ladder and the cash-back rates in force are what players see and
 * are paid by; a spin keeps the wheel it was drawn on, so it still verifies after the prizes changed.
 */
let t: TestApp;
const OPS_TOKEN = 'loyalty-ops-token';
// A brand of its own, so the settings changed here reach no other test's players.
const BRAND = 'capivara';
const profile = variantFindByKey(BRAND)!;
/** One point of turnover, in minor units. */
const STEP = vipConfigOf(profile).minorPerPoint;
const ACTIVITY = '/api/piranha/activity';
const CONFIG = '/api/ops/loyalty/config';

beforeAll(async () => {
  t = await testAppCreate({ env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000', OPS_TOKEN } });
}, 180_000);
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

const ops = (body: unknown, token = OPS_TOKEN) => t.post(CONFIG, { headers: { authorization: `Bearer ${token}` }, body }).then(envelopeOf);
const ladder = (first: number) => Array.from({ length: 31 }, (_, level) => (level === 0 ? 0 : first * level));

async function get<T>(session: IssuedSession, path: string, query: Record<string, string> = {}): Promise<T> {
  const answer = envelopeOf(await t.get(`${ACTIVITY}/${path}`, { query: { ...signedIn(session), ...query } }));
  expect(answer.dm_error).toBe(0);
  return answer.data as T;
}

async function betSettled(userId: number, stakeMinor: number): Promise<void> {
  await lostSingleInsert(t.db, { userId, currency: profile.currency, stakeMinor, at: t.clock.now() });
}

describe('operator loyalty settings', () => {
  it('refuses without the token, and names the field of a bad change without writing anything', async () => {
    expect((await ops({ app_key: BRAND, level_points: ladder(5) }, 'wrong')).dm_error).toBe(ERRORS.UNAUTHORISED.code);
    const refused: [unknown, number, string][] = [
      [{ app_key: BRAND, level_points: [0, 5] }, ERRORS.VALIDATION_FAILED.code, 'level_points'],
      [{ app_key: BRAND, level_points: [...ladder(5).slice(0, 30), 1] }, ERRORS.LOYALTY_CONFIG_INVALID.code, 'level_points'],
      [{ app_key: BRAND, level_points: [1, ...ladder(5).slice(1)] }, ERRORS.LOYALTY_CONFIG_INVALID.code, 'level_points'],
      [
        { app_key: BRAND, tasks: [{ id: 'daily_spin', period: 'daily', kind: 'play_game', conf: 3, reward: 100, game: 'pachinko' }] },
        ERRORS.LOYALTY_CONFIG_INVALID.code,
        'tasks.0.game',
      ],
      [
        { app_key: BRAND, tasks: [{ id: 'weekly_spin', period: 'daily', kind: 'bet_amount', conf: 3, reward: 100 }] },
        ERRORS.LOYALTY_CONFIG_INVALID.code,
        'tasks.0.id',
      ],
      [
        { app_key: BRAND, tasks: [{ id: 'daily_bet', period: 'daily', kind: 'bet_amount', conf: 0, reward: 100 }] },
        ERRORS.VALIDATION_FAILED.code,
        'tasks.0.conf',
      ],
      [
        {
          app_key: BRAND,
          wheel: [
            { amount: 100, weight: 0 },
            { amount: 0, weight: 0 },
          ],
        },
        ERRORS.LOYALTY_CONFIG_INVALID.code,
        'wheel',
      ],
      [{ app_key: BRAND, wheel: [{ amount: 100, weight: 1 }] }, ERRORS.VALIDATION_FAILED.code, 'wheel'],
      [{ app_key: BRAND, cashback_bp: { daily: Array(31).fill(9_000), weekly: Array(31).fill(0) } }, ERRORS.VALIDATION_FAILED.code, 'cashback_bp.daily.0'],
      [{ app_key: 'no-such-brand', level_points: ladder(5) }, ERRORS.LOYALTY_CONFIG_INVALID.code, 'app_key'],
      [{ app_key: BRAND, surprise: 1 }, ERRORS.VALIDATION_FAILED.code, ''],
    ];
    for (const [body, code, field] of refused) {
      const answer = await ops(body);
      expect([answer.dm_error, field === '' ? '' : answer.data.field]).toEqual([code, field]);
      expect(answer.error_msg).not.toBe('');
    }
    const current = envelopeOf(await t.get(CONFIG, { headers: { authorization: `Bearer ${OPS_TOKEN}` }, query: { app_key: BRAND } }));
    expect(current.data.version).toBe(0);
    expect(current.data.wheel).toEqual(vipWheelOf(profile).map((segment) => ({ amount: segment.amountMinor, weight: segment.weight })));
  });

  it('pays players by the tasks, ladder and rates in force, and keeps each spin verifiable on its own wheel', async () => {
    const session = await t.player(BRAND);
    // The default ladder: 1 point (one currency step of turnover) is level 0.
    await betSettled(session.uid, STEP);
    await loyaltyPass(t.db, t.clock.now());
    expect((await get<{ level: number }>(session, 'vip/info')).level).toBe(0);

    // Five operators at once: five versions, none lost.
    const changes = await Promise.all([
      ops({ app_key: BRAND, level_points: ladder(1) }),
      ops({ app_key: BRAND, tasks: [{ id: 'daily_small_bet', period: 'daily', kind: 'bet_amount', conf: 5 * STEP, reward: 300 }] }),
      ops({ app_key: BRAND, cashback_bp: { daily: Array(31).fill(250), weekly: Array(31).fill(500) } }),
      ops({ app_key: BRAND, level_points: ladder(1) }),
      ops({ app_key: BRAND, level_points: ladder(1) }),
    ]);
    expect(changes.map((answer) => answer.dm_error)).toEqual([0, 0, 0, 0, 0]);
    expect(changes.map((answer) => answer.data.version).sort()).toEqual([1, 2, 3, 4, 5]);
    const now = envelopeOf(await t.get(CONFIG, { headers: { authorization: `Bearer ${OPS_TOKEN}` }, query: { app_key: BRAND } })).data;
    expect(now).toMatchObject({ version: 5, level_points: ladder(1), cashback_bp: { daily: Array(31).fill(250) } });
    expect(now.tasks).toEqual([{ id: 'daily_small_bet', period: 'daily', kind: 'bet_amount', conf: 5 * STEP, reward: 300 }]);

    // The ladder in force: a point a level now, so 6 points are VIP 6; the counted fact grants the tickets reached.
    await betSettled(session.uid, 5 * STEP);
    await loyaltyPass(t.db, t.clock.now());
    expect((await get<{ level: number }>(session, 'vip/info')).level).toBe(6);
    const centre = await get<{ daily: { list: { task_id: string; status: number }[] } }>(session, 'task/center/info');
    expect(centre.daily.list).toEqual([expect.objectContaining({ task_id: 'daily_small_bet', status: 1 })]);
    const cash = await balanceOf(t, session, profile.currency);
    const claim = envelopeOf(await t.post(`${ACTIVITY}/task/receive`, { query: signedIn(session), body: { task_id: 'daily_small_bet' } }));
    expect(claim.dm_error).toBe(0);
    expect(await balanceOf(t, session, profile.currency)).toBe(cash + 300);
    expect(await get<{ daily_rate_bp: number; weekly_rate_bp: number }>(session, 'cashback/history')).toMatchObject({
      daily_rate_bp: 250,
      weekly_rate_bp: 500,
    });

    // A spin on the default wheel, then the prizes change (version 6), then a spin on the new wheel.
    const first = envelopeOf(await t.post(`${ACTIVITY}/vip/spin`, { query: signedIn(session), body: {} }));
    expect(first.dm_error).toBe(0);
    expect(first.data.spin.wheel_version).toBe(0);
    const newWheel = [
      { amount: 0, weight: 1 },
      { amount: 7, weight: 1 },
      { amount: 11, weight: 2 },
    ];
    const changed = await ops({ app_key: BRAND, wheel: newWheel });
    expect(changed.data).toMatchObject({ version: 6, wheel_version: 6, level_points: ladder(1) });
    const balance = await get<{ segments: { amount: number; weight: number }[] }>(session, 'vip/spin/balance');
    expect(balance.segments).toEqual(newWheel);
    const second = envelopeOf(await t.post(`${ACTIVITY}/vip/spin`, { query: signedIn(session), body: {} }));
    expect(second.dm_error).toBe(0);
    expect(second.data.spin).toMatchObject({ wheel_version: 6 });
    expect(newWheel.map((segment) => segment.amount)).toContain(second.data.spin.amount);

    expect(envelopeOf(await t.post(`${ACTIVITY}/vip/spin/seed/rotate`, { query: signedIn(session), body: {} })).dm_error).toBe(0);
    const draws = await get<{
      list: { wheel_version: number; segment: number; server_seed: string; server_seed_hash: string; client_seed: string; nonce: number }[];
      wheels: { wheel_version: number; segments: { amount: number; weight: number }[] }[];
    }>(session, 'vip/spin/draw_list');
    expect(draws.wheels.map((wheel) => wheel.wheel_version).sort()).toEqual([0, 6]);
    for (const spin of draws.list) {
      const wheel = draws.wheels
        .find((each) => each.wheel_version === spin.wheel_version)!
        .segments.map((segment) => ({
          amountMinor: segment.amount,
          weight: segment.weight,
        }));
      const proof = { serverSeed: spin.server_seed, serverSeedHash: spin.server_seed_hash, clientSeed: spin.client_seed, nonce: spin.nonce };
      expect(vipWheelVerify({ ...proof, segment: spin.segment }, wheel)).toBe(true);
    }
    expect(await auditClean(t)).toBe(true);
  });

  it('pays reward amounts and prizes of the version in force, and a paid or frozen one keeps its version (decision 048)', async () => {
    // A brand of its own again: its ladder, rewards and prizes change here.
    const brand = 'araraazul';
    const arara = variantFindByKey(brand)!;
    const step = vipConfigOf(arara).minorPerPoint;
    const opsOf = (body: Record<string, unknown>) => ops({ app_key: brand, ...body });
    const byLevel = (amounts: Record<number, number>) => Array.from({ length: 31 }, (_, level) => amounts[level] ?? 0);
    expect((await opsOf({ level_points: ladder(1) })).data.version).toBe(1);
    const rewards = await opsOf({ level_up_reward: byLevel({ 1: 123, 2: 456 }), week_free: byLevel({ 2: 45 }), month_free: byLevel({ 2: 67 }) });
    expect(rewards.data).toMatchObject({ version: 2, level_up_reward: byLevel({ 1: 123, 2: 456 }), level_points: ladder(1) });

    const session = await t.player(brand);
    await t.db.insert(bets).values({
      userId: session.uid,
      currency: arara.currency,
      kind: 'single_bet',
      seriesCode: 1,
      unitStakeMinor: 2 * step,
      lineCount: 1,
      stakeMinor: 2 * step,
      stakePlacedMinor: 2 * step,
      payoutMinorMax: 4 * step,
      payoutMinor: 0,
      status: 5,
      outcome: 3,
      oddsChange: 0,
      live: false,
      createdAt: t.clock.now(),
      settledAt: t.clock.now(),
    });
    await loyaltyPass(t.db, t.clock.now());
    const info = await get<{ level: number; rewards: { kind: string; level: number; amount: number }[] }>(session, 'vip/info');
    expect(info.level).toBe(2);
    expect(info.rewards.map((reward) => [reward.kind, reward.amount])).toEqual([
      ['vip_bonus', 123],
      ['vip_bonus', 456],
      ['week_free', 45],
      ['month_free', 67],
    ]);
    const receive = (body: Record<string, unknown>) => t.post(`${ACTIVITY}/vip/receive`, { query: signedIn(session), body }).then(envelopeOf);
    const levelOne = await receive({ kind: 'vip_bonus', level: 1 });
    expect(levelOne.data.amount).toBe(123);

    // The operator changes level 2's reward (version 3): the next receipt pays it; the first keeps 123 and version 2.
    expect((await opsOf({ level_up_reward: byLevel({ 1: 1, 2: 789 }) })).data.version).toBe(3);
    const levelTwo = await receive({ kind: 'vip_bonus', level: 2 });
    expect(levelTwo.data.amount).toBe(789);
    const week = await receive({ kind: 'week_free' });
    expect(week.data.amount).toBe(45);
    const versions = await t.rows<{ bonus_id: string; config_version: number; amount_minor: string }>(
      sql`select v.bonus_id::text as bonus_id, v.config_version, b.amount_minor::text as amount_minor
          from loyalty_reward_versions v join bonuses b on b.id = v.bonus_id where b.user_id = ${session.uid} order by v.bonus_id`,
    );
    expect(versions.map((row) => [row.bonus_id, row.config_version, Number(row.amount_minor)])).toEqual([
      [levelOne.data.id, 2, 123],
      [levelTwo.data.id, 3, 789],
      [week.data.id, 3, 45],
    ]);

    // Ranking and raffle prizes in force are what the pages show (version 4).
    const prizes = { daily: [500, 200], weekly: [900], daily_win: [], weekly_win: [50] };
    expect((await opsOf({ rank_prizes: prizes, raffle_prizes: [300, 0, 100] })).data.version).toBe(4);
    const board = await get<{ prizes: number[] }>(session, 'rank/list', { period: 'daily' });
    expect(board.prizes).toEqual([500, 200]);
    expect((await get<{ prizes: number[] }>(session, 'rank/list', { period: 'daily', kind: 'win' })).prizes).toEqual([]);
    expect((await get<{ current: { prizes: number[] } }>(session, 'raffle/info')).current.prizes).toEqual([300, 0, 100]);

    // The day closes on version 4's prizes; a change before payment (version 5) does not touch them.
    const started = t.clock.now();
    const day = periodWindowOf(started, brandTimeZone(arara.market), 'daily');
    try {
      t.clock.set(new Date(day.endsAt.getTime() + RANKING_CLOSE_GRACE_MS + 60_000));
      await rankBoardsCloseDue(t.db, t.clock.now());
      expect((await opsOf({ rank_prizes: { ...prizes, daily: [1, 1] } })).data.version).toBe(5);
      await rankPrizesPay(t.db, t.clock.now());
      const [prize] = await t.rows<{ amount_minor: string; config_version: number; paid_at: Date | null }>(
        sql`select amount_minor::text as amount_minor, config_version, paid_at from loyalty_rank_prizes
            where app_key = ${brand} and period_key = ${day.key} and user_id = ${session.uid}`,
      );
      expect([Number(prize!.amount_minor), prize!.config_version, prize!.paid_at !== null]).toEqual([500, 4, true]);
      const [paid] = await t.rows<{ config_version: number; amount_minor: string }>(
        sql`select v.config_version, b.amount_minor::text as amount_minor from loyalty_reward_versions v join bonuses b on b.id = v.bonus_id
            where b.user_id = ${session.uid} and b.trigger_ref = ${`rank:${day.key}:1`}`,
      );
      expect([paid!.config_version, Number(paid!.amount_minor)]).toEqual([4, 500]);
    } finally {
      t.clock.set(started);
    }
    expect(await auditClean(t)).toBe(true);
  });
});
