import { ERRORS } from '@piranha/contract';
import { BOOSTER_STATUS, boosterExtraMinor } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betLegs, bets } from '../src/db/schema/index.ts';
import { dynconfigUpdate } from '../src/modules/config/config.repository.ts';
import { boostersPass } from '../src/modules/bonus/bonus-booster.service.ts';
import { bonusPass } from '../src/modules/bonus/bonus-jobs.ts';
import { bonusRealTimeGrant, bonusRepeatDepositsConsume } from '../src/modules/bonus/bonus-offers.service.ts';
import { dbCrashingBeforeCommit, feedManualCreate } from './betting-fixtures.ts';
import { NO_WAGERING_TERMS } from './bonus-fixtures.ts';
import { CASINO_ENV, playerWithGame, playRound } from './casino-fixtures.ts';
import { CLOCK_START, DAY_MS, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf, checkoutOf, payinCreateOk, playerFund, webhookPost } from './payments-fixtures.ts';

/**
 * Booster cards, real-time bonuses and reload offers (issue 17, decision 044) on a real database: each granted or
 * paid exactly once however many requests, webhooks or passes race, and a pass killed before commit loses nothing.
 */
let t: TestApp;
const BONUS = '/api/piranha/bonus';
const BRAND = 'aguila';
const CURRENCY = 'MXN';
const OPS_TOKEN = 'bonus-booster-ops-token-0123456789';

beforeAll(async () => {
  // A feed with no matches: the bets below are the test's own rows, which no settlement pass may touch.
  t = await testAppCreate({ feed: feedManualCreate(CLOCK_START.getTime()), env: { ...CASINO_ENV, OPS_TOKEN } });
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

const ops = (path: string, body: unknown) => t.post(`/api/ops/bonus${path}`, { headers: { authorization: `Bearer ${OPS_TOKEN}` }, body });
const expireIn = (days: number) => Math.floor((t.clock.now().getTime() + days * DAY_MS) / 1000);
let codes = 0;

/** A booster campaign with one code of `uses` uses; answers the code. */
async function boosterCampaign(name: string, booster: Record<string, unknown>, brand = BRAND): Promise<string> {
  const id = `${brand}:${name}`;
  const created = envelopeOf(await ops('/campaign/create', { id, kind: 'booster', terms: { ...NO_WAGERING_TERMS, booster } }));
  expect(created.dm_error).toBe(0);
  codes += 1;
  const code = `BOOST-${codes}`;
  expect(envelopeOf(await ops('/code/create', { code, campaign_id: id, uses_max: 100, expire_time: expireIn(30) })).dm_error).toBe(0);
  return code;
}

async function cardOf(session: Awaited<ReturnType<TestApp['session']>>, code: string): Promise<string> {
  const used = envelopeOf(await t.post(`${BONUS}/promo_code/use`, { query: signedIn(session), body: { code } }));
  expect(used.dm_error).toBe(0);
  expect(used.data).toMatchObject({ kind: 'booster', status: 0 });
  return String(used.data.id).slice(2);
}

const use = (session: Awaited<ReturnType<TestApp['session']>>, id: string) =>
  t.post(`${BONUS}/new_bonus_boost`, { query: signedIn(session), body: { id } }).then(envelopeOf);

async function cardsOf(session: Awaited<ReturnType<TestApp['session']>>) {
  const listed = envelopeOf(await t.get(`${BONUS}/booster/list`, { query: signedIn(session) }));
  expect(listed.dm_error).toBe(0);
  return listed.data.list as { id: string; status: number; bet_id: string; paid: number }[];
}

/** A placed (confirmed, status 4) single bet at `odds`, as placement writes it; settle it with `betSettle`. */
async function betPlaced(userId: number, stakeMinor: number, oddsThousandths: number): Promise<number> {
  const [bet] = await t.db
    .insert(bets)
    .values({
      userId,
      currency: CURRENCY,
      kind: 'single_bet',
      seriesCode: 1,
      unitStakeMinor: stakeMinor,
      lineCount: 1,
      stakeMinor,
      stakePlacedMinor: stakeMinor,
      payoutMinorMax: Math.floor((stakeMinor * oddsThousandths) / 1000),
      status: 4,
      oddsChange: 0,
      live: false,
      createdAt: t.clock.now(),
    })
    .returning({ id: bets.id });
  await t.db.insert(betLegs).values({
    betId: bet!.id,
    legIndex: 0,
    matchId: 900_000_002,
    marketId: 1,
    marketType: 1,
    period: 0,
    optionType: 1,
    matchName: 'A v B',
    oddsThousandths,
    live: false,
    scoreHome: 0,
    scoreAway: 0,
    outcome: 0,
  });
  return bet!.id;
}

/** Settles (or resettles) a bet: outcome 4 won pays `payoutMinor`, 3 lost pays nothing; a new settled_at each time. */
async function betSettle(betId: number, outcome: 3 | 4, payoutMinor: number): Promise<void> {
  t.clock.advance(1_000);
  await t.db
    .update(bets)
    .set({ status: 5, outcome, payoutMinor, settledAt: t.clock.now() })
    .where(sql`${bets.id} = ${betId}`);
}

async function boosterTransfers(cardId: string) {
  return t.rows<{ external_ref: string; amount: string }>(
    sql`select t.external_ref, l.amount_minor::text as amount from transfers t join ledger_lines l on l.transfer_id = t.id
        join ledger_accounts a on a.id = l.account_id
        where t.kind = 'booster_pay' and t.external_ref like ${`${cardId}:%`} and a.user_id is not null and a.kind = 'cash' order by t.id`,
  );
}

describe('booster cards', () => {
  const SPORTS = { target: 'sports', rate_bp: 5_000, cap_minor: 20_000, pay_as: 'cash', odds_min: 1_500, stake_max_minor: 50_000 };

  it('activates a card once when the player taps 20 times, and refuses a second card while one is active', async () => {
    const code = await boosterCampaign('boost-taps', SPORTS);
    const session = await t.session(BRAND);
    const first = await cardOf(session, code);
    const answers = await Promise.all(Array.from({ length: 20 }, () => use(session, first)));
    expect(answers.filter((answer) => answer.dm_error === 0)).toHaveLength(1);
    expect(new Set(answers.filter((answer) => answer.dm_error !== 0).map((answer) => answer.dm_error))).toEqual(new Set([ERRORS.BOOSTER_NOT_READY.code]));

    const second = await cardOf(session, await boosterCampaign('boost-second', SPORTS));
    expect((await use(session, second)).dm_error).toBe(ERRORS.BOOSTER_ANOTHER_ACTIVE.code);
    expect((await use(session, '999999999')).dm_error).toBe(ERRORS.BOOSTER_NOT_FOUND.code);
    // Another player's card is not found either.
    expect((await use(await t.session(BRAND), second)).dm_error).toBe(ERRORS.BOOSTER_NOT_FOUND.code);
    expect((await cardsOf(session)).map((card) => card.status).sort()).toEqual([BOOSTER_STATUS.ready, BOOSTER_STATUS.active]);
  });

  it('raises the next qualifying bet once at settlement, through a crash and concurrent passes, and adjusts on resettlement', async () => {
    const code = await boosterCampaign('boost-pay', SPORTS);
    const { session } = await playerFund(t, { appKey: BRAND, amountMinor: 100_000 });
    const card = await cardOf(session, code);
    // A bet placed before activation is not raised.
    const before = await betPlaced(session.uid, 10_000, 2_000);
    t.clock.advance(1_000);
    expect((await use(session, card)).dm_error).toBe(0);
    t.clock.advance(1_000);
    const lowOdds = await betPlaced(session.uid, 10_000, 1_400);
    const tooLarge = await betPlaced(session.uid, 60_000, 2_000);
    const boosted = await betPlaced(session.uid, 10_000, 2_500);
    await boostersPass(t.db, t.clock.now());
    expect((await cardsOf(session)).find((row) => row.id === card)).toMatchObject({ status: BOOSTER_STATUS.attached, bet_id: String(boosted), paid: 0 });
    for (const other of [before, lowOdds, tooLarge]) await betSettle(other, 4, 20_000);

    const cash = await balanceOf(t, session, CURRENCY);
    await betSettle(boosted, 4, 25_000);
    // Killed before commit: nothing paid; then five passes at once pay once (+50 % of the 15,000 won = 7,500).
    await expect(boostersPass(dbCrashingBeforeCommit(t.db, 2), t.clock.now())).rejects.toThrow('killed before commit');
    expect(await boosterTransfers(card)).toEqual([]);
    await Promise.all(Array.from({ length: 5 }, () => boostersPass(t.db, t.clock.now())));
    await bonusPass(t.db, t.clock.now());
    expect((await boosterTransfers(card)).map((row) => Number(row.amount))).toEqual([7_500]);
    expect(await balanceOf(t, session, CURRENCY)).toBe(cash + 7_500);
    expect((await cardsOf(session)).find((row) => row.id === card)).toMatchObject({ status: BOOSTER_STATUS.paid, paid: 7_500 });

    // Resettled as lost: the extra is taken back; resettled as won at a larger payout: capped at 20,000.
    await betSettle(boosted, 3, 0);
    await bonusPass(t.db, t.clock.now());
    expect(await balanceOf(t, session, CURRENCY)).toBe(cash);
    await betSettle(boosted, 4, 100_000);
    await bonusPass(t.db, t.clock.now());
    await bonusPass(t.db, t.clock.now());
    expect((await boosterTransfers(card)).map((row) => Number(row.amount))).toEqual([7_500, -7_500, 20_000]);
    expect(await balanceOf(t, session, CURRENCY)).toBe(cash + 20_000);
  });

  it('pays a bonus-card extra as a bonus, and nothing on a lost bet', async () => {
    const code = await boosterCampaign('boost-bonus', { ...SPORTS, pay_as: 'bonus' });
    const session = await t.session(BRAND);
    const card = await cardOf(session, code);
    expect((await use(session, card)).dm_error).toBe(0);
    t.clock.advance(1_000);
    const bet = await betPlaced(session.uid, 10_000, 2_000);
    await bonusPass(t.db, t.clock.now());
    await betSettle(bet, 4, 20_000);
    await Promise.all([bonusPass(t.db, t.clock.now()), bonusPass(t.db, t.clock.now())]);
    const granted = await t.rows<{ amount_minor: string }>(sql`select amount_minor from bonuses where user_id = ${session.uid}`);
    expect(granted.map((row) => Number(row.amount_minor))).toEqual([5_000]);

    const loser = await t.session(BRAND);
    const lostCard = await cardOf(loser, code);
    expect((await use(loser, lostCard)).dm_error).toBe(0);
    t.clock.advance(1_000);
    await betSettle(await betPlaced(loser.uid, 10_000, 2_000), 3, 0);
    await bonusPass(t.db, t.clock.now());
    expect((await cardsOf(loser))[0]).toMatchObject({ status: BOOSTER_STATUS.paid, paid: 0 });
    expect(await t.rows(sql`select 1 from bonuses where user_id = ${loser.uid}`)).toEqual([]);
  });

  it('raises a casino session: the net win of its rounds, paid once when the session ends', async () => {
    const code = await boosterCampaign(
      'boost-casino',
      { target: 'casino', rate_bp: 10_000, cap_minor: 1_000_000, pay_as: 'cash', session_minutes: 30 },
      // The casino fixtures' players are on the default brand.
      'piranha',
    );
    const player = await playerWithGame(t, 'limbo', 100_000);
    const card = await cardOf(player.session, code);
    // A round before activation does not count.
    expect((await playRound(t, player, 'limbo', 500, { target: 110 })).dm_error).toBe(0);
    t.clock.advance(1_000);
    expect((await use(player.session, card)).dm_error).toBe(0);
    t.clock.advance(1_000);
    for (let index = 0; index < 8; index += 1) expect((await playRound(t, player, 'limbo', 500, { target: 110 })).dm_error).toBe(0);
    await bonusPass(t.db, t.clock.now());
    expect((await cardsOf(player.session))[0]).toMatchObject({ status: BOOSTER_STATUS.active, paid: 0 });

    t.clock.advance(31 * 60_000);
    const [activated] = await t.rows<{ activated_at: Date }>(sql`select activated_at from bonus_boosters where id = ${Number(card)}`);
    const [net] = await t.rows<{ net: string }>(
      sql`select coalesce(sum(win - stake), 0)::text as net from casino_rounds where user_id = ${player.session.uid} and created_at >= ${activated!.activated_at}`,
    );
    const due = boosterExtraMinor(Number(net!.net), { rateBp: 10_000, capMinor: 1_000_000 }, 'BRL');
    await expect(boostersPass(dbCrashingBeforeCommit(t.db, 3), t.clock.now())).rejects.toThrow('killed before commit');
    await Promise.all([bonusPass(t.db, t.clock.now()), bonusPass(t.db, t.clock.now())]);
    expect((await cardsOf(player.session))[0]).toMatchObject({ status: BOOSTER_STATUS.paid, paid: due });
    expect((await boosterTransfers(card)).map((row) => Number(row.amount))).toEqual(due > 0 ? [due] : []);
  }, 120_000);

  it('expires an active card that met no bet', async () => {
    const code = await boosterCampaign('boost-expire', SPORTS);
    const session = await t.session(BRAND);
    const card = await cardOf(session, code);
    expect((await use(session, card)).dm_error).toBe(0);
    t.clock.advance(8 * DAY_MS);
    await bonusPass(t.db, t.clock.now());
    expect((await cardsOf(session))[0]).toMatchObject({ status: BOOSTER_STATUS.expired, paid: 0 });
  });
});

describe('reload and daily-deposit offers', () => {
  it('grants one daily match for a second deposit whose webhook arrives 20 times, and none for a third the same day', async () => {
    const id = `${BRAND}:daily-match`;
    const terms = { ...NO_WAGERING_TERMS, amount_minor: undefined, rate_bp: 5_000, max_minor: 30_000, wagering: { multiplier: 5, base: 'bonus' } };
    expect(envelopeOf(await ops('/campaign/create', { id, kind: 'daily_deposit', terms })).dm_error).toBe(0);
    // A first deposit is the first-deposit offer's, never a daily one.
    const { session } = await playerFund(t, { appKey: BRAND, amountMinor: 40_000 });
    await bonusRepeatDepositsConsume(t.db, t.clock.now());
    expect(await t.rows(sql`select 1 from bonuses where campaign_id = ${id}`)).toEqual([]);

    const order = await payinCreateOk(t, session, { channel: 'SPEI', amount: 20_000, currency: CURRENCY });
    const { provider, ref } = checkoutOf(order);
    const notice = {
      event_id: `evt_${order.order_id}`,
      type: 'payin.paid',
      provider_ref: ref,
      order_id: order.order_id,
      amount: order.amount,
      currency: order.currency,
      occurred_at: t.clock.now().toISOString(),
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => webhookPost(t, provider, notice)));
    expect(answers.filter((answer) => answer.json.outcome === 'applied')).toHaveLength(1);
    await expect(bonusRepeatDepositsConsume(dbCrashingBeforeCommit(t.db, 1), t.clock.now())).rejects.toThrow('killed before commit');
    expect(await t.rows(sql`select 1 from bonuses where campaign_id = ${id}`)).toEqual([]);
    await Promise.all(Array.from({ length: 5 }, () => bonusRepeatDepositsConsume(t.db, t.clock.now())));
    const granted = await t.rows<{ amount_minor: string }>(sql`select amount_minor from bonuses where campaign_id = ${id} and user_id = ${session.uid}`);
    expect(granted.map((row) => Number(row.amount_minor))).toEqual([10_000]);

    await playerFund(t, { appKey: BRAND, session, amountMinor: 80_000 });
    await bonusPass(t.db, t.clock.now());
    expect(await t.rows(sql`select 1 from bonuses where campaign_id = ${id} and user_id = ${session.uid}`)).toHaveLength(1);
    const bonusesOfPlayer = await t.rows<{ amount_minor: string }>(sql`select amount_minor from bonuses where user_id = ${session.uid} order by id`);
    // The first deposit's own match and the one daily match (the next day's key is tested in the domain's tables).
    expect(bonusesOfPlayer).toHaveLength(2);
    expect(envelopeOf(await ops('/campaign/status', { id, status: 'ended' })).dm_error).toBe(0);
  });
});

describe('real-time bonus', () => {
  it('grants once a day on a losing streak, only while the real_time_bonus switch is on', async () => {
    const id = `${BRAND}:losing-streak`;
    const terms = { ...NO_WAGERING_TERMS, amount_minor: 3_000, real_time_rule: { kind: 'losing_streak', count: 3 } };
    expect(envelopeOf(await ops('/campaign/create', { id, kind: 'real_time', terms })).dm_error).toBe(0);
    const session = await t.session(BRAND);
    for (let index = 0; index < 3; index += 1) await betSettle(await betPlaced(session.uid, 1_000, 2_000), 3, 0);

    await dynconfigUpdate(t.db, 'real_time_bonus', 0, 0, {});
    await bonusPass(t.db, t.clock.now());
    expect(await t.rows(sql`select 1 from bonuses where campaign_id = ${id}`)).toEqual([]);
    expect(envelopeOf(await t.get(`${BONUS}/real_time/info`, { query: signedIn(session) })).data).toMatchObject({ enabled: 0, rules: [] });

    await dynconfigUpdate(t.db, 'real_time_bonus', 1, 0, {});
    await expect(bonusRealTimeGrant(dbCrashingBeforeCommit(t.db, 1), t.clock.now())).rejects.toThrow('killed before commit');
    await Promise.all(Array.from({ length: 4 }, () => bonusRealTimeGrant(t.db, t.clock.now())));
    // Three more losses the same day earn nothing more.
    for (let index = 0; index < 3; index += 1) await betSettle(await betPlaced(session.uid, 1_000, 2_000), 3, 0);
    await bonusPass(t.db, t.clock.now());
    const granted = await t.rows<{ amount_minor: string; trigger_ref: string }>(sql`select amount_minor, trigger_ref from bonuses where campaign_id = ${id}`);
    expect(granted).toEqual([{ amount_minor: expect.anything(), trigger_ref: `day:${t.clock.now().toISOString().slice(0, 10)}` }]);
    expect(Number(granted[0]!.amount_minor)).toBe(3_000);
    const info = envelopeOf(await t.get(`${BONUS}/real_time/info`, { query: signedIn(session) }));
    expect(info.data).toMatchObject({ enabled: 1, rules: [{ campaign_id: id, rule: 'losing_streak', count: 3, amount: 3_000, granted_today: 1, streak: 6 }] });

    // A win breaks the streak on the next day: nothing until three losses in a row again.
    t.clock.advance(DAY_MS);
    await betSettle(await betPlaced(session.uid, 1_000, 2_000), 3, 0);
    await betSettle(await betPlaced(session.uid, 1_000, 2_000), 4, 2_000);
    await bonusPass(t.db, t.clock.now());
    expect(await t.rows(sql`select 1 from bonuses where campaign_id = ${id}`)).toHaveLength(1);
    for (let index = 0; index < 3; index += 1) await betSettle(await betPlaced(session.uid, 1_000, 2_000), 3, 0);
    await bonusPass(t.db, t.clock.now());
    expect(await t.rows(sql`select 1 from bonuses where campaign_id = ${id}`)).toHaveLength(2);
    await dynconfigUpdate(t.db, 'real_time_bonus', 0, 0, {});
  });
});
