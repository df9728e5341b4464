import { ERRORS } from '@piranha/contract';
import { activityCampaignId, bonusAllowedInMarket, VARIANT_PROFILES } from '@piranha/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bets } from '../src/db/schema/index.ts';
import { campaignStatusSet } from '../src/modules/bonus/bonus.repository.ts';
import { activityReceivePost } from '../src/modules/activity/activity.service.ts';
import { sessionAuthenticate, type IssuedSession } from '../src/modules/session/session.service.ts';
import { activityCreated, activityDetailOf, activityOpsPost, activityReceive } from './activity-fixtures.ts';
import { dbCrashingBeforeCommit, feedManualCreate } from './betting-fixtures.ts';
import { CLOCK_START, DAY_MS, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf, playerFund } from './payments-fixtures.ts';

/**
 * Activities (issue 19, decision 031) on a real database: operator-made templates, progress from paid deposits, each
 * tier paid once through the bonus engine however many taps arrive together.
 */
let t: TestApp;
const OPS_TOKEN = 'activity-ops-token-0123456789';
const ACTIVITY = '/api/piranha/activity';
const BRAND = 'piranha';

beforeAll(async () => {
  t = await testAppCreate({ feed: feedManualCreate(CLOCK_START.getTime()), env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000', OPS_TOKEN } });
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
const ops = (path: string, body: unknown, token = OPS_TOKEN) => activityOpsPost(t, token, path, body);

async function activityCreate(over: Record<string, unknown> = {}): Promise<string> {
  return activityCreated(t, OPS_TOKEN, {
    app_key: BRAND,
    kind: 'daily_deposit',
    name: 'Daily deposit',
    start_time: nowSeconds() - 3600,
    end_time: nowSeconds() + 10 * 86_400,
    tiers: [
      { threshold_minor: 50_00, reward_minor: 5_00 },
      { threshold_minor: 500_00, reward_minor: 40_00 },
    ],
    wagering: 0,
    ...over,
  });
}

const BASE = () => ({
  name: 'First',
  start_time: nowSeconds() - 60,
  end_time: nowSeconds() + 86_400,
  tiers: [{ threshold_minor: 1, reward_minor: 1 }],
  wagering: 0,
});
const detailOf = (session: IssuedSession, id: string) => activityDetailOf(t, session, id);
const receive = (session: IssuedSession, id: string, tier: number) => activityReceive(t, session, id, tier);

describe('operator endpoints', () => {
  it('refuse without the token and refuse invalid templates', async () => {
    expect(envelopeOf(await ops('/create', {}, 'nope')).dm_error).toBe(ERRORS.UNAUTHORISED.code);
    const base = { app_key: BRAND, kind: 'total_deposit', name: 'x', start_time: nowSeconds(), end_time: nowSeconds() + 60, wagering: 0 };
    const rising = envelopeOf(
      await ops('/create', {
        ...base,
        tiers: [
          { threshold_minor: 10, reward_minor: 1 },
          { threshold_minor: 10, reward_minor: 2 },
        ],
      }),
    );
    expect([rising.dm_error, rising.data.field]).toEqual([ERRORS.VALIDATION_FAILED.code, 'tiers.1.threshold']);
    const backwards = envelopeOf(await ops('/create', { ...base, end_time: nowSeconds() - 60, tiers: [{ threshold_minor: 10, reward_minor: 1 }] }));
    expect(backwards.data.field).toBe('end_time');
    const brand = envelopeOf(await ops('/create', { ...base, app_key: 'nosuchbrand', tiers: [{ threshold_minor: 10, reward_minor: 1 }] }));
    expect(brand.data.field).toBe('app_key');
  });

  it('edit changes the tiers the player sees', async () => {
    const id = await activityCreate({ kind: 'total_deposit' });
    const edited = envelopeOf(
      await ops('/edit', {
        id,
        name: 'Bigger',
        start_time: nowSeconds() - 60,
        end_time: nowSeconds() + 86_400,
        tiers: [{ threshold_minor: 70_00, reward_minor: 7_00 }],
      }),
    );
    expect(edited.dm_error).toBe(0);
    const session = await t.session(BRAND);
    const detail = await detailOf(session, id);
    expect(detail.data).toMatchObject({ name: 'Bigger', tiers: [{ tier: 0, threshold: 70_00, reward: 7_00, status: 0 }] });
    expect(
      envelopeOf(await ops('/edit', { id: '999999', name: 'x', start_time: 1, end_time: 2, tiers: [{ threshold_minor: 1, reward_minor: 1 }] })).dm_error,
    ).toBe(ERRORS.ACTIVITY_NOT_FOUND.code);
  });
});

describe('a daily-deposit activity', () => {
  it('shows progress from a paid deposit and pays a reached tier once of 20 concurrent taps', async () => {
    const id = await activityCreate();
    const session = await t.session(BRAND);
    const before = await detailOf(session, id);
    expect(before.data).toMatchObject({ status: 1, progress: 0, claimable: 0 });
    expect(envelopeOf(await receive(session, id, 0)).dm_error).toBe(ERRORS.ACTIVITY_TIER_NOT_REACHED.code);

    await playerFund(t, { session, amountMinor: 100_00 });
    const after = await detailOf(session, id);
    expect(after.data).toMatchObject({ progress: 100_00, claimable: 1, target: 500_00 });
    expect(after.data.tiers.map((tier: { status: number }) => tier.status)).toEqual([1, 0]);
    const listed = envelopeOf(await t.get(`${ACTIVITY}/list`, { query: signedIn(session) }));
    expect(listed.data.list.find((entry: { id: string }) => entry.id === id)).toMatchObject({ kind: 'daily_deposit', status: 1, claimable: 1 });

    const cash = await balanceOf(t, session, 'BRL');
    const answers = (await Promise.all(Array.from({ length: 20 }, () => receive(session, id, 0)))).map(envelopeOf);
    const codes = answers.map((answer) => answer.dm_error).sort();
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ERRORS.ACTIVITY_CLAIMED.code)).toHaveLength(19);
    const paid = answers.find((answer) => answer.dm_error === 0)!;
    expect(paid.data).toMatchObject({ campaign_id: activityCampaignId(BRAND, Number(id)), amount: 5_00, status: 2 });
    expect(await balanceOf(t, session, 'BRL')).toBe(cash + 5_00);

    const claimed = await detailOf(session, id);
    expect(claimed.data.tiers.map((tier: { status: number }) => tier.status)).toEqual([2, 0]);
    expect(claimed.data.won).toEqual([expect.objectContaining({ tier: 0, amount: 5_00, period_key: claimed.data.period_key })]);
    expect(await auditClean(t)).toBe(true);

    // The next brand day starts from nothing: yesterday's deposit does not count, yesterday's win stays listed.
    t.clock.advance(DAY_MS);
    const tomorrow = await detailOf(session, id);
    expect(tomorrow.data).toMatchObject({ progress: 0, claimable: 0 });
    expect(tomorrow.data.won).toHaveLength(1);
    t.clock.advance(-DAY_MS);
  });

  it('loses and doubles nothing when a claim is killed before commit: the tier stays claimable and the retry pays once', async () => {
    const id = await activityCreate();
    const session = await t.session(BRAND);
    await playerFund(t, { session, amountMinor: 100_00 });
    const cash = await balanceOf(t, session, 'BRL');
    const user = await sessionAuthenticate(t.db, session.uid, session.sid, t.clock.now());
    await expect(activityReceivePost({ db: dbCrashingBeforeCommit(t.db, 1), now: () => t.clock.now() }, user, BRAND, id, 0)).rejects.toThrow(
      'killed before commit',
    );
    expect(await balanceOf(t, session, 'BRL')).toBe(cash);
    expect((await detailOf(session, id)).data.tiers.map((tier: { status: number }) => tier.status)).toEqual([1, 0]);

    expect(envelopeOf(await receive(session, id, 0)).dm_error).toBe(0);
    expect(envelopeOf(await receive(session, id, 0)).dm_error).toBe(ERRORS.ACTIVITY_CLAIMED.code);
    expect(await balanceOf(t, session, 'BRL')).toBe(cash + 5_00);
    expect(await auditClean(t)).toBe(true);
  });

  it('refuses a paused campaign, another brand, a future and an ended activity', async () => {
    const id = await activityCreate({ kind: 'total_deposit' });
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    await campaignStatusSet(t.db, activityCampaignId(BRAND, Number(id)), 'paused', t.clock.now());
    expect(envelopeOf(await receive(session, id, 0)).dm_error).toBe(ERRORS.ACTIVITY_REWARD_UNAVAILABLE.code);

    const other = VARIANT_PROFILES.find((profile) => profile.appKey !== BRAND)!;
    const stranger = await t.session(other.appKey);
    expect((await detailOf(stranger, id)).dm_error).toBe(ERRORS.ACTIVITY_NOT_FOUND.code);

    const future = await activityCreate({ start_time: nowSeconds() + 86_400, end_time: nowSeconds() + 2 * 86_400 });
    expect((await detailOf(session, future)).data.status).toBe(0);
    expect(envelopeOf(await receive(session, future, 0)).dm_error).toBe(ERRORS.ACTIVITY_NOT_STARTED.code);

    const ending = await activityCreate({ kind: 'total_deposit', end_time: nowSeconds() + 60 });
    t.clock.advance(120_000);
    expect((await detailOf(session, ending)).data.status).toBe(3);
    expect(envelopeOf(await receive(session, ending, 0)).dm_error).toBe(ERRORS.ACTIVITY_EXPIRED.code);
  });

  it('first-charge counts only a first deposit made inside its window, and only where acquisition bonuses are allowed', async () => {
    const refused = envelopeOf(await ops('/create', { ...BASE(), app_key: BRAND, kind: 'first_charge' }));
    expect([refused.dm_error, refused.data.field]).toEqual([ERRORS.VALIDATION_FAILED.code, 'kind']);

    const open = VARIANT_PROFILES.find((profile) => profile.appKey === 'aguila')!;
    expect(bonusAllowedInMarket(open.market, 'acquisition')).toBe(true);
    const { session } = await playerFund(t, { appKey: open.appKey });
    const created = envelopeOf(await ops('/create', { ...BASE(), app_key: open.appKey, kind: 'first_charge', start_time: nowSeconds() + 1 }));
    expect(created.dm_error).toBe(0);
    const late = created.data.id as string;
    t.clock.advance(5_000);
    await playerFund(t, { appKey: open.appKey, session });
    expect((await detailOf(session, late)).data.progress).toBe(0);
    const { session: fresh, order } = await playerFund(t, { appKey: open.appKey });
    expect((await detailOf(fresh, late)).data).toMatchObject({ progress: order.amount, claimable: 1 });
    expect(envelopeOf(await receive(fresh, late, 0)).dm_error).toBe(0);
  });

  it('bet-reward counts the stakes of settled sports bets in its window, not free bets nor pushes', async () => {
    const id = await activityCreate({ kind: 'bet_reward', tiers: [{ threshold_minor: 100_00, reward_minor: 10_00 }] });
    const session = await t.session(BRAND);
    const settled = (stakeMinor: number, outcome: number, freeBet = false) =>
      t.db.insert(bets).values({
        userId: session.uid,
        currency: 'BRL',
        kind: 'single_bet',
        seriesCode: 1,
        unitStakeMinor: stakeMinor,
        lineCount: 1,
        stakeMinor,
        stakePlacedMinor: stakeMinor,
        payoutMinorMax: stakeMinor * 2,
        payoutMinor: outcome === 4 ? stakeMinor * 2 : 0,
        status: 5,
        outcome,
        oddsChange: 0,
        live: false,
        freeBet,
        createdAt: t.clock.now(),
        settledAt: t.clock.now(),
      });
    await settled(60_00, 3);
    await settled(50_00, 2);
    await settled(80_00, 4, true);
    expect((await detailOf(session, id)).data).toMatchObject({ kind: 'bet_reward', progress: 60_00, claimable: 0 });
    await settled(40_00, 4);
    expect((await detailOf(session, id)).data).toMatchObject({ progress: 100_00, claimable: 1 });
  });
});
