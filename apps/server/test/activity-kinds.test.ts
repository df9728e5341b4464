import { ERRORS } from '@piranha/contract';
import { activityCampaignId, VARIANT_PROFILES } from '@piranha/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bets, freeBetGrants } from '../src/db/schema/index.ts';
import { activityReceivePost } from '../src/modules/activity/activity.service.ts';
import { sessionAuthenticate, sessionIssue, type IssuedSession } from '../src/modules/session/session.service.ts';
import { activityCreated, activityDetailOf, activityOpsPost, activityReceive } from './activity-fixtures.ts';
import { dbCrashingBeforeCommit, feedManualCreate } from './betting-fixtures.ts';
import { CLOCK_START, DAY_MS, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf } from './payments-fixtures.ts';

/**
 * The activity kinds of decision 061 on a real database: daily-cash and week-cash (settled sports stakes of the brand's
 * day / week, closing at its midnight / Monday), free-bet (a free bet through the engine's grant), ui-switch-reward
 * (turning the newer UI on, once per player ever, as the server recorded it) and the christmas theme. Each pays once
 * of 20 concurrent taps; an ended one refuses.
 */
let t: TestApp;
const OPS_TOKEN = 'activity-kinds-ops-token-0123456789';
const ACTIVITY = '/api/piranha/activity';
const BRAND = 'piranha';
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  t = await testAppCreate({ feed: feedManualCreate(CLOCK_START.getTime()), env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000', OPS_TOKEN } });
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
const ops = (path: string, body: unknown) => activityOpsPost(t, OPS_TOKEN, path, body);

async function activityCreate(over: Record<string, unknown>): Promise<string> {
  return activityCreated(t, OPS_TOKEN, {
    app_key: BRAND,
    name: 'Activity',
    start_time: nowSeconds() - 3600,
    end_time: nowSeconds() + 30 * 86_400,
    tiers: [
      { threshold_minor: 100_00, reward_minor: 10_00 },
      { threshold_minor: 300_00, reward_minor: 40_00 },
    ],
    wagering: 0,
    ...over,
  });
}

const detailOf = (session: IssuedSession, id: string) => activityDetailOf(t, session, id);
const receive = (session: IssuedSession, id: string, tier: number) => activityReceive(t, session, id, tier);
const statesOf = (detail: { data: { tiers: { status: number }[] } }) => detail.data.tiers.map((tier) => tier.status);

/** A sports bet of the player settled now (outcome 3 lost, 4 won, 2 push), in the brand's currency. */
function settledBet(session: IssuedSession, stakeMinor: number, over: { outcome?: number; freeBet?: boolean; currency?: string } = {}) {
  const outcome = over.outcome ?? 3;
  return t.db.insert(bets).values({
    userId: session.uid,
    currency: over.currency ?? 'BRL',
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
    freeBet: over.freeBet ?? false,
    createdAt: t.clock.now(),
    settledAt: t.clock.now(),
  });
}

/** Of 20 taps at once exactly one pays; the others are told it was claimed. */
async function twentyTaps(session: IssuedSession, id: string, tier: number) {
  const answers = (await Promise.all(Array.from({ length: 20 }, () => receive(session, id, tier)))).map(envelopeOf);
  expect(answers.filter((answer) => answer.dm_error === 0)).toHaveLength(1);
  expect(answers.filter((answer) => answer.dm_error === ERRORS.ACTIVITY_CLAIMED.code)).toHaveLength(19);
  return answers.find((answer) => answer.dm_error === 0)!;
}

describe('daily-cash', () => {
  it('counts settled stakes of the brand day, pays a tier once of 20 taps, and starts again at the brand midnight', async () => {
    // Monday 2026-03-02 22:00 in São Paulo (01:00Z on Tuesday): two hours before the brand's midnight.
    t.clock.set(new Date('2026-03-03T01:00:00Z'));
    const id = await activityCreate({ kind: 'daily_cash' });
    const session = await t.session(BRAND);
    await settledBet(session, 60_00);
    await settledBet(session, 50_00, { outcome: 2 });
    await settledBet(session, 70_00, { freeBet: true });
    await settledBet(session, 90_00, { currency: 'USD' });
    expect((await detailOf(session, id)).data).toMatchObject({
      kind: 'daily_cash',
      theme: 'standard',
      period_key: 'd:2026-03-02',
      progress: 60_00,
      claimable: 0,
    });
    expect(envelopeOf(await receive(session, id, 0)).dm_error).toBe(ERRORS.ACTIVITY_TIER_NOT_REACHED.code);

    await settledBet(session, 45_00, { outcome: 4 });
    const ready = await detailOf(session, id);
    expect(ready.data).toMatchObject({ progress: 105_00, claimable: 1, target: 300_00 });
    expect(ready.data.period_end_time).toBe(Date.parse('2026-03-03T03:00:00Z') / 1000);

    const cash = await balanceOf(t, session, 'BRL');
    const paid = await twentyTaps(session, id, 0);
    expect(paid.data).toMatchObject({ campaign_id: activityCampaignId(BRAND, Number(id)), amount: 10_00, status: 2 });
    expect(await balanceOf(t, session, 'BRL')).toBe(cash + 10_00);
    expect(statesOf(await detailOf(session, id))).toEqual([2, 0]);

    // One second before the brand's midnight it is still Monday; at midnight Tuesday starts from nothing, and a
    // stake settled then counts for Tuesday only. Monday's win stays listed.
    t.clock.set(new Date('2026-03-03T02:59:59Z'));
    expect((await detailOf(session, id)).data).toMatchObject({ period_key: 'd:2026-03-02', progress: 105_00 });
    t.clock.set(new Date('2026-03-03T03:00:00Z'));
    await settledBet(session, 100_00);
    const tuesday = await detailOf(session, id);
    expect(tuesday.data).toMatchObject({ period_key: 'd:2026-03-03', progress: 100_00, claimable: 1 });
    expect(statesOf(tuesday)).toEqual([1, 0]);
    expect(tuesday.data.won).toEqual([expect.objectContaining({ tier: 0, amount: 10_00, period_key: 'd:2026-03-02' })]);
    expect(envelopeOf(await receive(session, id, 0)).dm_error).toBe(0);
    expect(await balanceOf(t, session, 'BRL')).toBe(cash + 20_00);
    expect(await auditClean(t)).toBe(true);
  });

  it('pays a bonus to wager when the template says so, and refuses once ended', async () => {
    t.clock.set(CLOCK_START);
    const id = await activityCreate({ kind: 'daily_cash', wagering: 5, end_time: nowSeconds() + 60 });
    const session = await t.session(BRAND);
    await settledBet(session, 100_00);
    const paid = envelopeOf(await receive(session, id, 0));
    expect(paid.data).toMatchObject({ amount: 10_00, requirement: 50_00, status: 0 });

    const ending = await activityCreate({ kind: 'daily_cash', end_time: nowSeconds() + 60 });
    t.clock.advance(120_000);
    expect((await detailOf(session, ending)).data.status).toBe(3);
    expect(envelopeOf(await receive(session, ending, 0)).dm_error).toBe(ERRORS.ACTIVITY_EXPIRED.code);
  });
});

describe('week-cash', () => {
  it('counts the brand week from Monday, closes at the next Monday midnight, and pays a tier once of 20 taps', async () => {
    // Sunday 2026-03-08 23:30 in São Paulo: the last half hour of the week that began on Monday the 2nd.
    t.clock.set(new Date('2026-03-02T12:00:00Z'));
    const id = await activityCreate({ kind: 'week_cash', theme: 'christmas' });
    const session = await t.session(BRAND);
    await settledBet(session, 120_00);
    t.clock.set(new Date('2026-03-09T02:30:00Z'));
    await settledBet(session, 200_00);
    const sunday = await detailOf(session, id);
    expect(sunday.data).toMatchObject({ kind: 'week_cash', theme: 'christmas', period_key: 'w:2026-03-02', progress: 320_00, claimable: 2 });
    expect(sunday.data.period_end_time).toBe(Date.parse('2026-03-09T03:00:00Z') / 1000);
    const paid = await twentyTaps(session, id, 1);
    expect(paid.data).toMatchObject({ amount: 40_00, status: 2 });
    expect(statesOf(await detailOf(session, id))).toEqual([1, 2]);

    t.clock.set(new Date('2026-03-09T03:00:00Z'));
    const monday = await detailOf(session, id);
    expect(monday.data).toMatchObject({ period_key: 'w:2026-03-09', progress: 0, claimable: 0 });
    expect(monday.data.won).toEqual([expect.objectContaining({ tier: 1, period_key: 'w:2026-03-02' })]);
    // Last week's unclaimed tier is gone with its week.
    expect(envelopeOf(await receive(session, id, 0)).dm_error).toBe(ERRORS.ACTIVITY_TIER_NOT_REACHED.code);
  });
});

describe('free-bet', () => {
  it('grants a free bet through the engine once of 20 taps, lists it as won, and never wagers', async () => {
    t.clock.set(CLOCK_START);
    const refused = envelopeOf(
      await ops('/create', {
        app_key: BRAND,
        kind: 'free_bet',
        name: 'x',
        start_time: nowSeconds(),
        end_time: nowSeconds() + 60,
        tiers: [{ threshold_minor: 1, reward_minor: 1 }],
        wagering: 3,
      }),
    );
    expect([refused.dm_error, refused.data.field]).toEqual([ERRORS.VALIDATION_FAILED.code, 'wagering']);

    const id = await activityCreate({ kind: 'free_bet', tiers: [{ threshold_minor: 50_00, reward_minor: 20_00 }] });
    const session = await t.session(BRAND);
    await settledBet(session, 50_00);
    expect((await detailOf(session, id)).data).toMatchObject({ kind: 'free_bet', progress: 50_00, claimable: 1 });
    const cash = await balanceOf(t, session, 'BRL');
    const paid = await twentyTaps(session, id, 0);
    expect(paid.data).toMatchObject({ kind: 'free_bet', amount: 20_00, status: 0, campaign_id: activityCampaignId(BRAND, Number(id)) });
    expect(paid.data.id).toMatch(/^fb\d+$/);
    // No money moves at the grant: the free bet waits to be staked.
    expect(await balanceOf(t, session, 'BRL')).toBe(cash);
    const grants = await t.db
      .select()
      .from(freeBetGrants)
      .where(and(eq(freeBetGrants.userId, session.uid), eq(freeBetGrants.campaignId, activityCampaignId(BRAND, Number(id)))));
    expect(grants.map((grant) => [grant.amountMinor, grant.remainingMinor, grant.currency])).toEqual([[20_00, 20_00, 'BRL']]);
    expect(grants[0]!.expiresAt!.getTime()).toBe(t.clock.now().getTime() + 7 * DAY_MS);
    // The slip's free-bet balance shows it, ready to stake.
    const info = envelopeOf(await t.get('/api/piranha/fb/proxy/v1/order/free_activity_info', { query: signedIn(session) }));
    expect(info.data).toMatchObject({ balance: 20_00, currency: 'BRL' });

    const after = await detailOf(session, id);
    expect(after.data).toMatchObject({ status: 2, claimable: 0 });
    expect(after.data.won).toEqual([expect.objectContaining({ tier: 0, amount: 20_00, period_key: 'all' })]);
  });

  it('grants nothing when a free-bet claim is killed before commit; the retry grants one free bet', async () => {
    t.clock.set(CLOCK_START);
    const id = await activityCreate({ kind: 'free_bet', tiers: [{ threshold_minor: 50_00, reward_minor: 20_00 }] });
    const session = await t.session(BRAND);
    await settledBet(session, 50_00);
    const user = await sessionAuthenticate(t.db, session.uid, session.sid, t.clock.now());
    await expect(activityReceivePost({ db: dbCrashingBeforeCommit(t.db, 1), now: () => t.clock.now() }, user, BRAND, id, 0)).rejects.toThrow(
      'killed before commit',
    );
    const grantsOf = () =>
      t.db
        .select()
        .from(freeBetGrants)
        .where(and(eq(freeBetGrants.userId, session.uid), eq(freeBetGrants.campaignId, activityCampaignId(BRAND, Number(id)))));
    expect(await grantsOf()).toHaveLength(0);
    expect((await detailOf(session, id)).data).toMatchObject({ claimable: 1, won: [] });

    expect(envelopeOf(await receive(session, id, 0)).dm_error).toBe(0);
    expect(envelopeOf(await receive(session, id, 0)).dm_error).toBe(ERRORS.ACTIVITY_CLAIMED.code);
    expect((await grantsOf()).map((grant) => grant.amountMinor)).toEqual([20_00]);
  });
});

describe('ui-switch-reward', () => {
  const uiSwitch = (session: IssuedSession, value: '1' | '2') =>
    t.get('/api/piranha/pg_game/hall/ui/switch', { query: { ...signedIn(session), switch: value } });

  it('is reached only by switching the newer UI on (recorded by the server), pays once ever of 20 taps, one per brand', async () => {
    t.clock.set(CLOCK_START);
    const base = { app_key: BRAND, kind: 'ui_switch_reward', name: 'New look', start_time: nowSeconds() - 60, end_time: nowSeconds() + 86_400, wagering: 0 };
    const twoTiers = envelopeOf(
      await ops('/create', {
        ...base,
        tiers: [
          { threshold_minor: 1, reward_minor: 1 },
          { threshold_minor: 2, reward_minor: 1 },
        ],
      }),
    );
    expect([twoTiers.dm_error, twoTiers.data.field]).toEqual([ERRORS.VALIDATION_FAILED.code, 'tiers']);
    const id = await activityCreate({ ...base, tiers: [{ threshold_minor: 1, reward_minor: 5_00 }] });
    const second = envelopeOf(await ops('/create', { ...base, tiers: [{ threshold_minor: 1, reward_minor: 5_00 }] }));
    expect([second.dm_error, second.data.field, second.data.issue]).toEqual([ERRORS.VALIDATION_FAILED.code, 'kind', 'one_per_brand']);

    const session = await t.session(BRAND);
    // Switching it off, or only saying so in the browser, reaches nothing.
    expect(envelopeOf(await uiSwitch(session, '2')).dm_error).toBe(0);
    expect((await detailOf(session, id)).data).toMatchObject({ progress: 0, target: 1, claimable: 0 });
    expect(envelopeOf(await receive(session, id, 0)).dm_error).toBe(ERRORS.ACTIVITY_TIER_NOT_REACHED.code);

    expect(envelopeOf(await uiSwitch(session, '1')).dm_error).toBe(0);
    t.clock.advance(HOUR_MS);
    // Switching back off keeps the first time it was on.
    expect(envelopeOf(await uiSwitch(session, '2')).dm_error).toBe(0);
    expect((await detailOf(session, id)).data).toMatchObject({ progress: 1, claimable: 1 });
    const cash = await balanceOf(t, session, 'BRL');
    const paid = await twentyTaps(session, id, 0);
    expect(paid.data).toMatchObject({ amount: 5_00, status: 2 });
    expect(await balanceOf(t, session, 'BRL')).toBe(cash + 5_00);

    // Switching on again, later, pays nothing more: once per player ever, even after the operator moves the window.
    expect(envelopeOf(await uiSwitch(session, '1')).dm_error).toBe(0);
    const moved = envelopeOf(
      await ops('/edit', {
        id,
        name: 'New look',
        start_time: nowSeconds() - 60,
        end_time: nowSeconds() + 90 * 86_400,
        tiers: [{ threshold_minor: 1, reward_minor: 6_00 }],
      }),
    );
    expect(moved.dm_error).toBe(0);
    t.clock.advance(40 * DAY_MS);
    const stranger = await t.session(BRAND);
    expect(envelopeOf(await receive(stranger, id, 0)).dm_error).toBe(ERRORS.ACTIVITY_TIER_NOT_REACHED.code);
    const again = await sessionIssue(t.db, session.uid, t.clock.now());
    expect(statesOf(await detailOf(again, id))).toEqual([2]);
    expect(envelopeOf(await receive(again, id, 0)).dm_error).toBe(ERRORS.ACTIVITY_CLAIMED.code);
    expect(await balanceOf(t, again, 'BRL')).toBe(cash + 5_00);
    expect(await auditClean(t)).toBe(true);
  });

  it('refuses once ended', async () => {
    t.clock.set(CLOCK_START);
    const other =
      VARIANT_PROFILES.find((profile) => profile.appKey !== BRAND && profile.market === 'BR') ?? VARIANT_PROFILES.find((p) => p.appKey === 'aguila')!;
    const created = envelopeOf(
      await ops('/create', {
        app_key: other.appKey,
        kind: 'ui_switch_reward',
        name: 'New look',
        start_time: nowSeconds() - 60,
        end_time: nowSeconds() + 60,
        tiers: [{ threshold_minor: 1, reward_minor: 1_00 }],
        wagering: 0,
      }),
    );
    expect(created.dm_error).toBe(0);
    const session = await t.session(other.appKey);
    expect(envelopeOf(await uiSwitch(session, '1')).dm_error).toBe(0);
    t.clock.advance(120_000);
    const detail = await detailOf(session, created.data.id);
    expect(detail.data).toMatchObject({ status: 3, claimable: 1 });
    expect(envelopeOf(await receive(session, created.data.id, 0)).dm_error).toBe(ERRORS.ACTIVITY_EXPIRED.code);
  });
});

describe('christmas', () => {
  it('is a theme of any kind: listed with it, kept on edit unless changed, and an unknown theme is refused', async () => {
    t.clock.set(CLOCK_START);
    const id = await activityCreate({ kind: 'daily_deposit', theme: 'christmas', name: 'Christmas deposits' });
    const session = await t.session(BRAND);
    const listed = envelopeOf(await t.get(`${ACTIVITY}/list`, { query: signedIn(session) }));
    expect(listed.data.list.find((entry: { id: string }) => entry.id === id)).toMatchObject({ kind: 'daily_deposit', theme: 'christmas' });
    const edit = {
      id,
      name: 'Christmas deposits',
      start_time: nowSeconds() - 60,
      end_time: nowSeconds() + 86_400,
      tiers: [{ threshold_minor: 1, reward_minor: 1 }],
    };
    expect(envelopeOf(await ops('/edit', edit)).data.theme).toBe('christmas');
    expect(envelopeOf(await ops('/edit', { ...edit, theme: 'standard' })).data.theme).toBe('standard');
    const bad = envelopeOf(
      await ops('/create', { app_key: BRAND, kind: 'daily_cash', theme: 'easter', name: 'x', start_time: 1, end_time: 2, tiers: [], wagering: 0 }),
    );
    expect(bad.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    const badKind = envelopeOf(await ops('/create', { app_key: BRAND, kind: 'christmas', name: 'x', start_time: 1, end_time: 2, tiers: [], wagering: 0 }));
    expect(badKind.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
  });
});
