import { ERRORS } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeRedeem } from '../src/modules/bonus/bonus-code.service.ts';
import { dbCrashingBeforeCommit, feedManualCreate, market1x2, type ManualFeed } from './betting-fixtures.ts';
import { NO_WAGERING_TERMS } from './bonus-fixtures.ts';
import { CLOCK_START, DAY_MS, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf, idempotencyKey } from './payments-fixtures.ts';

/**
 * Free bets granted through the bonus engine (issue 17, decision 024): an operator's free_bet campaign and its code,
 * redeemed exactly once however many players race, staked once from the slip's `order/free`, the ledger balanced.
 */
let t: TestApp;
let feed: ManualFeed;
const BONUS = '/api/piranha/bonus';
const BRAND = 'aguila';
const OPS_TOKEN = 'bonus-free-bet-ops-token-0123456789';
const AMOUNT = 2_000;

beforeAll(async () => {
  feed = feedManualCreate(CLOCK_START.getTime());
  t = await testAppCreate({ feed, env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000', OPS_TOKEN } });
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

const ops = (path: string, body: unknown) => t.post(`/api/ops/bonus${path}`, { headers: { authorization: `Bearer ${OPS_TOKEN}` }, body });

function optionsOfMatch() {
  const matchId = feed.matchAdd().id;
  const options = ([1, 2, 3] as const).map((side) => market1x2(t.built.sports.state, matchId, side));
  return options.sort((a, b) => a.oddsThousandths - b.oddsThousandths);
}

describe('free bets from a free_bet campaign', () => {
  it('grants one free bet when 20 players race for a single-use code, and it is staked once', async () => {
    const [lowest, , highest] = optionsOfMatch();
    expect(lowest!.oddsThousandths).toBeLessThan(highest!.oddsThousandths);
    const campaign = `${BRAND}:free-bet-race`;
    const terms = { ...NO_WAGERING_TERMS, amount_minor: AMOUNT, free_bet_odds_min: highest!.oddsThousandths };
    expect(envelopeOf(await ops('/campaign/create', { id: campaign, kind: 'free_bet', terms })).dm_error).toBe(0);
    const expire = Math.floor((t.clock.now().getTime() + DAY_MS) / 1000);
    expect(envelopeOf(await ops('/code/create', { code: 'FREE-ONCE', campaign_id: campaign, uses_max: 1, expire_time: expire })).dm_error).toBe(0);

    const players = await Promise.all(Array.from({ length: 20 }, () => t.session(BRAND)));
    const answers = await Promise.all(
      players.map(async (player) => envelopeOf(await t.post(`${BONUS}/promo_code/use`, { query: signedIn(player), body: { code: 'FREE-ONCE' } }))),
    );
    const won = answers.flatMap((answer, index) => (answer.dm_error === 0 ? [{ answer, player: players[index]! }] : []));
    expect(won).toHaveLength(1);
    expect(new Set(answers.filter((answer) => answer.dm_error !== 0).map((answer) => answer.dm_error))).toEqual(new Set([ERRORS.PROMO_CODE_INVALID.code]));
    const { answer, player } = won[0]!;
    expect(answer.data).toMatchObject({ kind: 'free_bet', campaign_id: campaign, status: 0, amount: AMOUNT, currency: 'MXN', requirement: 0 });
    expect(answer.data.expire_time).toBe(Math.floor(t.clock.now().getTime() / 1000) + 7 * 86_400);
    const [grants] = await t.rows<{ granted: string }>(sql`select count(*) as granted from free_bet_grants where campaign_id = ${campaign}`);
    expect(Number(grants!.granted)).toBe(1);
    // No bonus money moved: a free bet is not a bonus balance.
    const [bonusRows] = await t.rows<{ n: string }>(sql`select count(*) as n from bonuses where campaign_id = ${campaign}`);
    expect(Number(bonusRows!.n)).toBe(0);

    const query = signedIn(player);
    const listed = envelopeOf(await t.get(`${BONUS}/list`, { query: { ...query, status: 'available' } }));
    expect(listed.data.list).toEqual([answer.data]);
    const info = envelopeOf(await t.get('/api/piranha/fb/proxy/v1/order/free_activity_info', { query })).data;
    expect(info).toMatchObject({ balance: AMOUNT, currency: 'MXN' });

    const free = (option: typeof lowest) =>
      t.post('/api/piranha/fb/proxy/v1/order/free', {
        query,
        headers: { 'idempotency-key': idempotencyKey() },
        body: {
          unitStake: AMOUNT,
          oddsChange: 0,
          betOptionList: [{ matchId: option!.matchId, marketId: option!.marketId, optionType: option!.optionType, odds: option!.odds }],
        },
      });
    // Below the campaign's minimum odds the free bet cannot be staked.
    expect(envelopeOf(await free(lowest)).dm_error).toBe(ERRORS.FREE_BET_INSUFFICIENT.code);
    const placed = await Promise.all(Array.from({ length: 5 }, () => free(highest)));
    expect(placed.map((reply) => envelopeOf(reply).dm_error).sort()).toEqual([0, 6012, 6012, 6012, 6012]);
    const [bets] = await t.rows<{ n: string }>(sql`select count(*) as n from bets where user_id = ${player.uid} and free_bet`);
    expect(Number(bets!.n)).toBe(1);
    expect(await balanceOf(t, player, 'MXN')).toBe(0);

    const spent = envelopeOf(await t.get(`${BONUS}/list`, { query: { ...query, status: 'unavailable' } }));
    expect(spent.data.list).toMatchObject([{ kind: 'free_bet', status: 2, amount: AMOUNT }]);
    expect(envelopeOf(await t.get(`${BONUS}/list`, { query: { ...query, status: 'available' } })).data.list).toEqual([]);
    expect(await auditClean(t)).toBe(true);
  });

  it('grants nothing when a redeem is killed before commit: the code keeps its use and the retry grants one free bet', async () => {
    const campaign = `${BRAND}:free-bet-crash`;
    expect(envelopeOf(await ops('/campaign/create', { id: campaign, kind: 'free_bet', terms: { ...NO_WAGERING_TERMS, amount_minor: AMOUNT } })).dm_error).toBe(
      0,
    );
    const expire = Math.floor((t.clock.now().getTime() + DAY_MS) / 1000);
    expect(envelopeOf(await ops('/code/create', { code: 'FREE-CRASH', campaign_id: campaign, uses_max: 1, expire_time: expire })).dm_error).toBe(0);
    const player = await t.session(BRAND);
    const grantsOf = async () => Number((await t.rows<{ n: string }>(sql`select count(*) as n from free_bet_grants where campaign_id = ${campaign}`))[0]!.n);

    await expect(
      codeRedeem(dbCrashingBeforeCommit(t.db, 1), { userId: player.uid, appKey: BRAND, currency: 'MXN' }, 'FREE-CRASH', t.clock.now()),
    ).rejects.toThrow('killed before commit');
    expect(await grantsOf()).toBe(0);

    expect(envelopeOf(await t.post(`${BONUS}/promo_code/use`, { query: signedIn(player), body: { code: 'FREE-CRASH' } })).data).toMatchObject({
      kind: 'free_bet',
      amount: AMOUNT,
    });
    expect(await grantsOf()).toBe(1);
  });

  it('cannot stake an expired free bet, and lists it as expired', async () => {
    const campaign = `${BRAND}:free-bet-expiry`;
    expect(
      envelopeOf(await ops('/campaign/create', { id: campaign, kind: 'free_bet', terms: { ...NO_WAGERING_TERMS, amount_minor: AMOUNT, lifetime_days: 1 } }))
        .dm_error,
    ).toBe(0);
    const expire = Math.floor((t.clock.now().getTime() + 30 * DAY_MS) / 1000);
    expect(envelopeOf(await ops('/code/create', { code: 'FREE-EXPIRES', campaign_id: campaign, uses_max: 5, expire_time: expire })).dm_error).toBe(0);
    const player = await t.session(BRAND);
    const first = signedIn(player);
    expect(envelopeOf(await t.post(`${BONUS}/promo_code/use`, { query: first, body: { code: 'FREE-EXPIRES' } })).dm_error).toBe(0);
    expect(envelopeOf(await t.post(`${BONUS}/promo_code/use`, { query: first, body: { code: 'FREE-EXPIRES' } })).dm_error).toBe(ERRORS.PROMO_CODE_USED.code);
    const [, , highest] = optionsOfMatch();
    const query = first;
    // The feed's matches start within the day, so the grant is aged instead of the clock moved.
    await t.db.execute(
      sql`update free_bet_grants set expires_at = ${new Date(t.clock.now().getTime() - 1).toISOString()}::timestamptz where campaign_id = ${campaign}`,
    );
    const reply = await t.post('/api/piranha/fb/proxy/v1/order/free', {
      query,
      headers: { 'idempotency-key': idempotencyKey() },
      body: {
        unitStake: AMOUNT,
        oddsChange: 0,
        betOptionList: [{ matchId: highest!.matchId, marketId: highest!.marketId, optionType: highest!.optionType, odds: highest!.odds }],
      },
    });
    expect(envelopeOf(reply).dm_error).toBe(ERRORS.FREE_BET_INSUFFICIENT.code);
    expect(envelopeOf(await t.get(`${BONUS}/list`, { query: { ...query, status: 'unavailable' } })).data.list).toMatchObject([{ kind: 'free_bet', status: 3 }]);
  });
});
