import { BONUS_STATUS, bonusCampaignsDefault, variantFindByKey } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonuses, bonusCodes, betLegs, bets } from '../src/db/schema/index.ts';
import { transaction } from '../src/db/transaction.ts';
import { bonusCodeRedeem } from '../src/modules/bonus/bonus-code.service.ts';
import { bonusContributionsConsume, bonusDepositEventsConsume, bonusExpirySweep } from '../src/modules/bonus/bonus-engine.service.ts';
import { bonusPass } from '../src/modules/bonus/bonus-jobs.ts';
import { bonusStart } from '../src/modules/bonus/bonus-ledger.service.ts';
import { dbCrashingBeforeCommit, feedManualCreate, market1x2, singlePost, type ManualFeed } from './betting-fixtures.ts';
import { CLOCK_START, DAY_MS, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf, checkoutOf, idempotencyKey, payinCreateOk, playerFund, webhookPost } from './payments-fixtures.ts';

/**
 * The bonus engine (issue 17) on a real database: grants from payment events, wagering from settled bets and rounds,
 * conversion and forfeit transfers — each exactly once, however often its event arrives or a pass dies.
 */
let t: TestApp;
let feed: ManualFeed;
// Mexico: bonuses are allowed (Brazil refuses acquisition offers, regulation.md).
const BRAND = 'aguila';
const CURRENCY = 'MXN';
const firstDeposit = bonusCampaignsDefault(variantFindByKey(BRAND)!).find((campaign) => campaign.kind === 'first_deposit')!;

beforeAll(async () => {
  // A feed with no matches: the settled bets below are the test's own rows, which no settlement pass may touch.
  feed = feedManualCreate(CLOCK_START.getTime());
  t = await testAppCreate({ feed, env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000' } });
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

async function bonusesOf(userId: number) {
  return t.db
    .select()
    .from(bonuses)
    .where(sql`${bonuses.userId} = ${userId}`)
    .orderBy(bonuses.id);
}

async function bonusBalanceOf(userId: number): Promise<number> {
  const [row] = await t.rows<{ balance_minor: string }>(sql`select balance_minor from bonus_wallets where user_id = ${userId} and currency = ${CURRENCY}`);
  return Number(row?.balance_minor ?? 0);
}

/** A player whose first deposit of `amountMinor` has been granted its first-deposit bonus, started. */
async function playerUnlocking(amountMinor: number) {
  const { session } = await playerFund(t, { appKey: BRAND, amountMinor });
  await bonusDepositEventsConsume(t.db, t.clock.now());
  const [bonus] = await bonusesOf(session.uid);
  await transaction(t.db, (tx) => bonusStart(tx, session.uid, bonus!.id, t.clock.now()));
  return { session, bonusId: bonus!.id };
}

const NO_SUCH_MATCH = 900_000_001;

/** A settled single bet, as the settlement writes it (the contribution reads only the bet and its leg). */
async function betSettled(userId: number, stakeMinor: number, oddsThousandths: number, outcome: number): Promise<number> {
  const at = t.clock.now();
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
      status: 5,
      outcome,
      oddsChange: 0,
      live: false,
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
    oddsThousandths,
    live: false,
    scoreHome: 0,
    scoreAway: 0,
    outcome,
  });
  return bet!.id;
}

describe('first-deposit bonus', () => {
  it('grants exactly one bonus when the deposit webhook arrives 20 times at once', async () => {
    const session = await t.session(BRAND);
    const order = await payinCreateOk(t, session, { channel: 'SPEI', amount: 50_000, currency: CURRENCY });
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
    await Promise.all(Array.from({ length: 5 }, () => bonusDepositEventsConsume(t.db, t.clock.now())));
    await bonusPass(t.db, t.clock.now());

    const granted = await bonusesOf(session.uid);
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({ campaignId: firstDeposit.id, amountMinor: 50_000, status: BONUS_STATUS.locked, requirementMinor: 500_000 });
    expect(await bonusBalanceOf(session.uid)).toBe(50_000);
    // Bonus money is never cash: the wallet holds only the deposit.
    expect(await balanceOf(t, session, CURRENCY)).toBe(50_000);
    const transfers = await t.rows(sql`select 1 from transfers where kind = 'bonus_grant' and external_ref = ${String(granted[0]!.id)}`);
    expect(transfers).toHaveLength(1);
  });

  it('caps the match at the country maximum (spec §9: $5000 in Mexico)', async () => {
    const { session } = await playerFund(t, { appKey: BRAND, amountMinor: 900_000 });
    await bonusDepositEventsConsume(t.db, t.clock.now());
    const [bonus] = await bonusesOf(session.uid);
    expect(bonus?.amountMinor).toBe(Math.min(900_000, firstDeposit.terms.maxMinor!, 500_000));
  });

  it('grants nothing on a Brazilian brand, where acquisition bonuses are forbidden', async () => {
    const { session } = await playerFund(t, { appKey: 'piranha' });
    await bonusDepositEventsConsume(t.db, t.clock.now());
    expect(await bonusesOf(session.uid)).toEqual([]);
  });
});

describe('wagering', () => {
  it('counts settled bets at the minimum odds and converts the bonus to cash once the requirement is met', async () => {
    const { session, bonusId } = await playerUnlocking(50_000);
    const cashBefore = await balanceOf(t, session, CURRENCY);
    await betSettled(session.uid, 200_000, 1400, 3); // below the minimum odds: counts nothing
    await betSettled(session.uid, 300_000, 1500, 3);
    await betSettled(session.uid, 100_000, 2000, 7); // cancelled: the stake came back
    await bonusContributionsConsume(t.db, t.clock.now());
    let [bonus] = await t.db
      .select()
      .from(bonuses)
      .where(sql`${bonuses.id} = ${bonusId}`);
    expect(bonus).toMatchObject({ wageredMinor: 300_000, status: BONUS_STATUS.unlocking });

    await betSettled(session.uid, 250_000, 2500, 4);
    await bonusContributionsConsume(t.db, t.clock.now());
    [bonus] = await t.db
      .select()
      .from(bonuses)
      .where(sql`${bonuses.id} = ${bonusId}`);
    expect(bonus).toMatchObject({ wageredMinor: 500_000, status: BONUS_STATUS.unlocked });
    expect(await balanceOf(t, session, CURRENCY)).toBe(cashBefore + 50_000);
    expect(await bonusBalanceOf(session.uid)).toBe(0);
    expect(await auditClean(t)).toBe(true);
  });

  it('loses nothing and counts nothing twice when a pass dies between the settled bet and its contribution', async () => {
    const { session, bonusId } = await playerUnlocking(50_000);
    await betSettled(session.uid, 100_000, 1800, 3);
    await betSettled(session.uid, 50_000, 1800, 4);
    await expect(bonusContributionsConsume(dbCrashingBeforeCommit(t.db, 1), t.clock.now())).rejects.toThrow('killed before commit');
    expect((await bonusesOf(session.uid))[0]!.wageredMinor).toBe(0);

    await bonusContributionsConsume(t.db, t.clock.now());
    await bonusContributionsConsume(t.db, t.clock.now());
    const [bonus] = await t.db
      .select()
      .from(bonuses)
      .where(sql`${bonuses.id} = ${bonusId}`);
    expect(bonus!.wageredMinor).toBe(150_000);
    const rows = await t.rows(sql`select 1 from bonus_contributions where bonus_id = ${bonusId}`);
    expect(rows).toHaveLength(2);
  });

  it('takes a contribution back when its bet is resettled as void', async () => {
    const { bonusId, session } = await playerUnlocking(50_000);
    const betId = await betSettled(session.uid, 120_000, 1800, 3);
    await bonusContributionsConsume(t.db, t.clock.now());
    t.clock.advance(60_000);
    await t.db
      .update(bets)
      .set({ outcome: 7, settledAt: t.clock.now() })
      .where(sql`${bets.id} = ${betId}`);
    await bonusContributionsConsume(t.db, t.clock.now());
    const [bonus] = await t.db
      .select()
      .from(bonuses)
      .where(sql`${bonuses.id} = ${bonusId}`);
    expect(bonus!.wageredMinor).toBe(0);
  });

  it('refuses a stake above the bonus maximum while it unlocks, and takes one within it', async () => {
    const { session } = await playerUnlocking(50_000);
    const stakeMaxMinor = firstDeposit.terms.stakeMaxMinor!;
    const option = market1x2(t.built.sports.state, feed.matchAdd().id, 1);
    const refused = envelopeOf(await singlePost(t, session, [{ option, stake: stakeMaxMinor + 100 }]));
    expect(refused).toMatchObject({ dm_error: 8004, data: { field: 'stake' } });
    const placed = envelopeOf(await singlePost(t, session, [{ option, stake: stakeMaxMinor }]));
    expect(placed.dm_error).toBe(0);
  });

  it('lets only one bonus unlock at a time', async () => {
    const { session } = await playerUnlocking(50_000);
    const code = `ONE-AT-A-TIME-${session.uid}`;
    await t.db
      .insert(bonusCodes)
      .values({ code, campaignId: `${BRAND}:redeem_code`, usesMax: 1, expiresAt: new Date(t.clock.now().getTime() + DAY_MS), createdAt: t.clock.now() });
    const second = await bonusCodeRedeem(t.db, { userId: session.uid, appKey: BRAND, currency: CURRENCY }, code, t.clock.now());
    await expect(transaction(t.db, (tx) => bonusStart(tx, session.uid, second.id, t.clock.now()))).rejects.toMatchObject({
      errorName: 'BONUS_ANOTHER_UNLOCKING',
    });
  });
});

describe('expiry', () => {
  it('forfeits an open bonus at its deadline with its own transfer, leaving the ledger balanced', async () => {
    const { session } = await playerFund(t, { appKey: BRAND, amountMinor: 40_000 });
    await bonusDepositEventsConsume(t.db, t.clock.now());
    const [bonus] = await bonusesOf(session.uid);
    expect(await bonusBalanceOf(session.uid)).toBe(40_000);
    t.clock.set(new Date(bonus!.expiresAt.getTime() + 1));
    expect(await bonusExpirySweep(t.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect((await bonusesOf(session.uid))[0]!.status).toBe(BONUS_STATUS.expired);
    expect(await bonusBalanceOf(session.uid)).toBe(0);
    expect(await bonusExpirySweep(t.db, t.clock.now())).toBe(0);
    expect(await auditClean(t)).toBe(true);
  });
});

describe('redeem codes', () => {
  it('grants a code with 10 uses exactly 10 times when 50 players claim it at once', async () => {
    const code = 'TEN-USES';
    await t.db
      .insert(bonusCodes)
      .values({ code, campaignId: `${BRAND}:redeem_code`, usesMax: 10, expiresAt: new Date(t.clock.now().getTime() + DAY_MS), createdAt: t.clock.now() });
    const players = await Promise.all(Array.from({ length: 50 }, () => t.session(BRAND)));
    const results = await Promise.allSettled(
      players.map((player) => bonusCodeRedeem(t.db, { userId: player.uid, appKey: BRAND, currency: CURRENCY }, code, t.clock.now())),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(new Set(refused.map((result) => (result.reason as { errorName: string }).errorName))).toEqual(new Set(['PROMO_CODE_INVALID']));
    const [row] = await t.rows<{ granted: string }>(sql`select count(*) as granted from bonuses where trigger_ref = ${`code:${code}`}`);
    expect(Number(row!.granted)).toBe(10);
  });

  it('grants a code once per player and gives the use back when refused', async () => {
    const code = 'ONCE-EACH';
    await t.db
      .insert(bonusCodes)
      .values({ code, campaignId: `${BRAND}:redeem_code`, usesMax: 5, expiresAt: new Date(t.clock.now().getTime() + DAY_MS), createdAt: t.clock.now() });
    const player = await t.session(BRAND);
    const who = { userId: player.uid, appKey: BRAND, currency: CURRENCY };
    await bonusCodeRedeem(t.db, who, code, t.clock.now());
    await expect(bonusCodeRedeem(t.db, who, code, t.clock.now())).rejects.toMatchObject({ errorName: 'PROMO_CODE_USED' });
    const [row] = await t.db
      .select()
      .from(bonusCodes)
      .where(sql`${bonusCodes.code} = ${code}`);
    expect(row!.uses).toBe(1);
  });
});

describe('withdrawal while a bonus is unlocking', () => {
  it('is refused until the player confirms, then forfeits the bonus with the payout, leaving the ledger balanced', async () => {
    const { session } = await playerFund(t, { appKey: BRAND, amountMinor: 60_000, session: await t.player(BRAND) });
    await bonusDepositEventsConsume(t.db, t.clock.now());
    const [bonus] = await bonusesOf(session.uid);
    await transaction(t.db, (tx) => bonusStart(tx, session.uid, bonus!.id, t.clock.now()));
    const spei = { clabe: '002010077777777771', document_type: 'RFC', document: 'GODE561231GR8', holder_name: 'Eva Ruiz' };
    const saved = envelopeOf(
      await t.post('/api/piranha/finance/account/elements/set', { query: signedIn(session), body: { channel: 'SPEI', elements: spei } }),
    );
    expect(saved.dm_error).toBe(0);
    const payout = (body: Record<string, unknown>) =>
      t.post('/api/piranha/finance/payout/order/create', { query: signedIn(session), headers: { 'idempotency-key': idempotencyKey() }, body });

    const unconfirmed = envelopeOf(await payout({ channel: 'SPEI', amount: 20_000, currency: CURRENCY }));
    expect(unconfirmed).toMatchObject({ dm_error: 8009, data: { field: 'forfeit_bonus' } });
    expect(await balanceOf(t, session, CURRENCY)).toBe(60_000);
    expect((await bonusesOf(session.uid))[0]!.status).toBe(BONUS_STATUS.unlocking);

    const confirmed = envelopeOf(await payout({ channel: 'SPEI', amount: 20_000, currency: CURRENCY, forfeit_bonus: 1 }));
    expect(confirmed.dm_error).toBe(0);
    expect(await balanceOf(t, session, CURRENCY)).toBe(40_000);
    expect((await bonusesOf(session.uid))[0]!.status).toBe(BONUS_STATUS.expired);
    expect(await bonusBalanceOf(session.uid)).toBe(0);
    expect(await auditClean(t)).toBe(true);
  });
});
