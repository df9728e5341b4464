import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betRecords, feedManualCreate, market1x2, multiplePost, placedOk, singlePost, type ManualFeed, type Option } from './betting-fixtures.ts';
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf, idempotencyKey, playerFund } from './payments-fixtures.ts';
import type { OddsThousandths } from '@piranha/domain';
import { transaction } from '../src/db/transaction.ts';
import { betPayoutOf, betSettleApply, legStateOf } from '../src/modules/betting/bet-settle.service.ts';
import { legsOfBets } from '../src/modules/betting/betting.repository.ts';
import { betsOfIdsAny } from '../src/modules/betting/cash-out-auto.repository.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';

/** Cash-out: the price (fair value less the margin), full and partial execution, idempotency and suspensions. */

let t: TestApp;
let feed: ManualFeed;

beforeAll(async () => {
  feed = feedManualCreate(CLOCK_START.getTime());
  t = await testAppCreate({ feed, env: { BET_LIVE_DELAY_MS: '5000', BET_CASH_OUT_MARGIN_BP: '500' } });
});
afterAll(() => t.close());

const state = () => t.built.sports.state;
const upcoming = (): Option => market1x2(state(), feed.matchAdd().id, 1);

async function priceOf(session: IssuedSession, orderId: string) {
  return envelopeOf(await t.post('/api/piranha/fb/proxy/v1/order/cashOut/price', { query: signedIn(session), body: { orderIds: [orderId] } })).data.pr[0] as {
    amt: number;
    st: number;
    smis: number;
    stake: number;
    auto?: number;
  };
}

function cashOut(session: IssuedSession, body: Record<string, unknown>, key = idempotencyKey()) {
  return t.post('/api/piranha/fb/proxy/v1/order/cashOut/bet', { query: signedIn(session), headers: { 'idempotency-key': key }, body });
}

describe('cash-out', () => {
  it('offers the fair value less 5 % while the odds stand, pays it once and settles the bet as cashed out', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const [bet] = await placedOk(await singlePost(t, session, [{ option: upcoming(), stake: 10_00 }]));
    const price = await priceOf(session, bet!.id);
    // Unchanged odds: potential ÷ current odds is the stake; less the 5 % margin.
    expect(price).toMatchObject({ amt: 9_50, st: 1, stake: 10_00 });
    const key = idempotencyKey();
    const first = await cashOut(session, { orderId: bet!.id, cashOutStake: 10_00, unitCashOutPayoutStake: 9_50 }, key);
    expect(envelopeOf(first)).toMatchObject({ dm_error: 0, data: { amount: 9_50, stake: 0 } });
    const retry = await cashOut(session, { orderId: bet!.id, cashOutStake: 10_00, unitCashOutPayoutStake: 9_50 }, key);
    expect(retry.json).toEqual(first.json);
    expect(envelopeOf(await cashOut(session, { orderId: bet!.id, cashOutStake: 10_00, unitCashOutPayoutStake: 9_50 })).dm_error).toBe(6009);
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00 + 9_50);
    const record = (await betRecords(t, session, { isSettled: true })).records.find((candidate) => candidate.id === bet!.id);
    expect(record).toMatchObject({ st: 5, cash_out: 9_50 });
    expect(await auditClean(t)).toBe(true);
  });

  it('refuses a value the player did not accept unless they take changes', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const [bet] = await placedOk(await singlePost(t, session, [{ option: upcoming(), stake: 10_00 }]));
    expect(envelopeOf(await cashOut(session, { orderId: bet!.id, cashOutStake: 10_00, unitCashOutPayoutStake: 9_60 })).dm_error).toBe(6010);
    expect(
      envelopeOf(await cashOut(session, { orderId: bet!.id, cashOutStake: 10_00, unitCashOutPayoutStake: 9_60, acceptOddsChange: true })).data.amount,
    ).toBe(9_50);
  });

  it('makes no offer while a leg is suspended, and a cash-out racing the suspension is refused', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const match = feed.matchAdd({ live: true });
    const option = market1x2(state(), match.id, 1);
    const [bet] = await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]));
    t.clock.advance(5_000);
    await t.built.betting.worker.run();
    expect((await priceOf(session, bet!.id)).st).toBe(1);
    feed.matchSet(match.id, { marketsSuspended: true });
    expect(await priceOf(session, bet!.id)).toMatchObject({ st: 0, amt: 0 });
    expect(envelopeOf(await cashOut(session, { orderId: bet!.id, cashOutStake: 10_00, unitCashOutPayoutStake: 9_50, acceptOddsChange: true })).dm_error).toBe(
      6009,
    );
  });

  it('cashes out part of a multiple and settles the rest on the remaining stake', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const legs = [upcoming(), upcoming()];
    const [double] = await placedOk(await multiplePost(t, session, legs, [{ seriesValue: 2001, unitStake: 10_00 }]));
    expect(envelopeOf(await cashOut(session, { orderId: double!.id, cashOutStake: 9_50, unitCashOutPayoutStake: 1 })).dm_error).toBe(6011);
    const partial = envelopeOf(await cashOut(session, { orderId: double!.id, cashOutStake: 4_00, unitCashOutPayoutStake: 3_80 }));
    expect(partial).toMatchObject({ dm_error: 0, data: { amount: 3_80, stake: 6_00 } });
    feed.matchEnd(legs[0]!.matchId, { home: 1, away: 0 });
    feed.matchEnd(legs[1]!.matchId, { home: 2, away: 0 });
    await t.built.betting.worker.run();
    const payout = Math.floor((6_00 * legs[0]!.oddsThousandths * legs[1]!.oddsThousandths) / 1_000_000);
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00 + 3_80 + payout);
    const cashOuts = envelopeOf(
      await t.post('/api/piranha/fb/proxy/v1/order/getCashOutsByIds', { query: signedIn(session), body: { orderIds: [double!.id] } }),
    ).data;
    expect(cashOuts[0].list).toEqual([expect.objectContaining({ stake: 4_00, amount: 3_80 })]);
    const [row] = await t.rows<{ n: string }>(sql`select count(*) as n from transfers where external_ref like ${`${double!.id}%`}`);
    expect(Number(row!.n)).toBe(3);
    expect(await auditClean(t)).toBe(true);
  });
});

describe('settlement racing a cash-out', () => {
  it('a pass that read the bet before a partial cash-out committed does not pay the old stake; the next pays the rest once', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const leg = upcoming();
    const [bet] = await placedOk(await singlePost(t, session, [{ option: leg, stake: 10_00 }]));
    const { deps } = t.built.betting;
    // The pass reads the bet (stake 10.00) …
    const [stale] = await betsOfIdsAny(deps.db, [Number(bet!.id)]);
    // … a node whose feed has not seen the result yet cashes out half of it …
    expect(envelopeOf(await cashOut(session, { orderId: bet!.id, cashOutStake: 5_00, unitCashOutPayoutStake: 4_75 })).dm_error).toBe(0);
    // … then the result arrives and the pass applies what it decided from its read. (The result also triggers the
    // leader's own pass, which reads the bet afresh and may pay the 5.00 still riding before the stale one applies.)
    feed.matchEnd(leg.matchId, { home: 1, away: 0 });
    const ridingPayoutMinor = Math.floor((5_00 * leg.oddsThousandths) / 1_000);
    const own = await legsOfBets(deps.db, [stale!.id]);
    const states = own.map((row) => legStateOf(deps, row));
    const payoutMinor = betPayoutOf(
      stale!,
      own.map((row, index) => ({ oddsThousandths: row.oddsThousandths as OddsThousandths, state: states[index]! })),
    );
    expect(payoutMinor).toBe(Math.floor((10_00 * leg.oddsThousandths) / 1_000));
    const applied = await transaction(deps.db, (tx) => betSettleApply(deps, tx, { bet: stale!, own, states, payoutMinor, rate: { prizeWithholdingBp: 0 } }));
    expect(applied).toBe(false);
    // Never the old stake's payout: the cash-out alone, or with the rest paid by the triggered pass.
    expect([90_00 + 4_75, 90_00 + 4_75 + ridingPayoutMinor]).toContain(await balanceOf(t, session, 'BRL'));
    // The next passes read the bet again and pay the 5.00 still riding, once.
    await t.built.betting.worker.run();
    await t.built.betting.worker.run();
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00 + 4_75 + ridingPayoutMinor);
    expect(await auditClean(t)).toBe(true);
  });
});

describe('bet records after a cash-out', () => {
  it('a single cashed out whole shows what was paid, nothing riding, and its leg as the match went', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming();
    const [bet] = await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]));
    expect(envelopeOf(await cashOut(session, { orderId: bet!.id, cashOutStake: 10_00, unitCashOutPayoutStake: 9_50 })).dm_error).toBe(0);
    const cashedOut = (await betRecords(t, session, { isSettled: true })).records.find((candidate) => candidate.id === bet!.id);
    // Before: the page added `payout` (which holds the cash-outs) to `cash_out` and showed 19.00.
    expect(cashedOut).toMatchObject({ st: 5, stake: 10_00, stake_open: 0, payout_open: 0, paid: 9_50, cash_out: 9_50, cashed_out: 1 });
    expect(cashedOut!.legs[0]!.sr).toBe(0);
    // Settlement never visits it again, yet its leg says how the match went once it has.
    feed.matchEnd(option.matchId, { home: 2, away: 0 });
    await t.built.betting.worker.run();
    const decided = (await betRecords(t, session, { isSettled: true })).records.find((candidate) => candidate.id === bet!.id);
    expect(decided).toMatchObject({ paid: 9_50, cashed_out: 1 });
    expect(decided!.legs[0]!.sr).toBe(4);
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00 + 9_50);
  });

  it('an open bet cashed out in part shows the stake still riding and its potential return, then what was paid in all', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming();
    const [bet] = await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]));
    const placed = (await betRecords(t, session)).records.find((candidate) => candidate.id === bet!.id)!;
    const fullReturn = Math.floor((10_00 * option.oddsThousandths) / 1000);
    expect(placed).toMatchObject({ stake: 10_00, stake_open: 10_00, payout_open: fullReturn, payout_max: fullReturn, paid: 0, cashed_out: 0 });
    expect(envelopeOf(await cashOut(session, { orderId: bet!.id, cashOutStake: 4_00, unitCashOutPayoutStake: 3_80 })).data).toMatchObject({
      amount: 3_80,
      stake: 6_00,
    });
    const riding = (await betRecords(t, session)).records.find((candidate) => candidate.id === bet!.id);
    const partReturn = Math.floor((6_00 * option.oddsThousandths) / 1000);
    expect(riding).toMatchObject({ st: 4, stake: 10_00, stake_open: 6_00, payout_open: partReturn, paid: 3_80, cash_out: 3_80, cashed_out: 0 });
    feed.matchEnd(option.matchId, { home: 1, away: 0 });
    await t.built.betting.worker.run();
    const settled = (await betRecords(t, session, { isSettled: true })).records.find((candidate) => candidate.id === bet!.id);
    expect(settled).toMatchObject({ st: 5, sr: 4, stake_open: 6_00, paid: 3_80 + partReturn, cashed_out: 0 });
    expect(settled!.legs[0]!.sr).toBe(4);
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00 + 3_80 + partReturn);
    expect(await auditClean(t)).toBe(true);
  });
});

describe('auto cash-out', () => {
  function autoSet(session: IssuedSession, orderId: string, targetAmount: number) {
    return t.post('/api/piranha/fb/proxy/v1/order/cashOut/auto', { query: signedIn(session), body: { orderId, targetAmount } });
  }

  it('cashes the whole bet out once, at the first value at or above the target, while the player is away', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const match = feed.matchAdd({ live: true });
    const option = market1x2(state(), match.id, 1);
    const [bet] = await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]));
    t.clock.advance(5_000);
    await t.built.betting.worker.run();
    expect(envelopeOf(await autoSet(session, bet!.id, 12_00))).toMatchObject({ dm_error: 0, data: { auto: 12_00 } });
    expect(await priceOf(session, bet!.id)).toMatchObject({ amt: 9_50, auto: 12_00 });
    // Below the target: nothing happens.
    await t.built.betting.worker.run();
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00);
    // Two home goals: the home price falls and the bet is worth more than the target.
    feed.matchSet(match.id, { score: { home: 2, away: 0 } });
    await t.built.betting.worker.run();
    await Promise.all([t.built.betting.worker.run(), t.built.betting.worker.run()]);
    const [paid] = await t.rows<{ amount: string; n: string }>(
      sql`select sum(amount_minor) as amount, count(*) as n from bet_cash_outs where bet_id = ${Number(bet!.id)}`,
    );
    expect(Number(paid!.n)).toBe(1);
    expect(Number(paid!.amount)).toBeGreaterThanOrEqual(12_00);
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00 + Number(paid!.amount));
    const record = (await betRecords(t, session, { isSettled: true })).records.find((candidate) => candidate.id === bet!.id);
    expect(record).toMatchObject({ st: 5, cash_out: Number(paid!.amount) });
    const [transfers] = await t.rows<{ n: string }>(
      sql`select count(*) as n from transfers where kind = 'bet_cash_out' and external_ref like ${`${bet!.id}:%`}`,
    );
    expect(Number(transfers!.n)).toBe(1);
    expect(await auditClean(t)).toBe(true);
  });

  it('removes a target with 0, and refuses a bet that is not the player’s or cannot be cashed out', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const [bet] = await placedOk(await singlePost(t, session, [{ option: upcoming(), stake: 10_00 }]));
    expect(envelopeOf(await autoSet(session, bet!.id, 5_00)).dm_error).toBe(0);
    // 5.00 is below today's 9.50: the next pass executes it, as asked; a removed target never does.
    expect(envelopeOf(await autoSet(session, bet!.id, 0)).data).toEqual({ oid: bet!.id });
    expect((await priceOf(session, bet!.id)).auto).toBeUndefined();
    await t.built.betting.worker.run();
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00);
    const other = await playerFund(t, { amountMinor: 50_00 });
    expect(envelopeOf(await autoSet(other.session, bet!.id, 20_00)).dm_error).toBe(
      envelopeOf(await cashOut(other.session, { orderId: bet!.id, cashOutStake: 10_00, unitCashOutPayoutStake: 9_50 })).dm_error,
    );
    expect(envelopeOf(await autoSet(session, bet!.id, -1)).data.field).toBe('targetAmount');
  });
});
