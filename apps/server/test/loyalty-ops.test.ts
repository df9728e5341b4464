import { ERRORS } from '@piranha/contract';
import { variantFindByKey, vipConfigOf, vipWheelOf, vipWheelVerify } from '@piranha/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bets } from '../src/db/schema/index.ts';
import { loyaltyPass } from '../src/modules/loyalty/loyalty-pass.service.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
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
  const at = t.clock.now();
  await t.db.insert(bets).values({
    userId,
    currency: profile.currency,
    kind: 'single_bet',
    seriesCode: 1,
    unitStakeMinor: stakeMinor,
    lineCount: 1,
    stakeMinor,
    stakePlacedMinor: stakeMinor,
    payoutMinorMax: stakeMinor * 2,
    payoutMinor: 0,
    status: 5,
    outcome: 3,
    oddsChange: 0,
    live: false,
    createdAt: at,
    settledAt: at,
  });
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
});
