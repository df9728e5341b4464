import { marketIdOf, minorUnits, oddsThousandths, prizeWithholdingMinor, systemBetFullCover, systemBetSettle, JURISDICTIONS } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betsSettle } from '../src/modules/betting/bet-settle.service.ts';
import { freeBetGrant } from '../src/modules/betting/free-bet.service.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { sportsQuoteGet } from '../src/modules/sports/sports.service.ts';
import {
  betRecords,
  depsCrashingBeforeCommit,
  feedManualCreate,
  market1x2,
  multiplePost,
  placedOk,
  singlePost,
  type ManualFeed,
  type Option,
} from './betting-fixtures.ts';
import { fund } from './casino-fixtures.ts';
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf, idempotencyKey, playerFund } from './payments-fixtures.ts';

/**
 * Mexico's prize withholding on sports bets (decision 060): 1 % (the default setting) of each bet's net win — its
 * cash-outs and its settlement's credit less the stake as placed — kept back in the payment's own transfer into
 * `tax_withheld`, stored on the bet, moved by the difference when a corrected result resettles it, and 0 elsewhere.
 */

let t: TestApp;
let feed: ManualFeed;
const OPS_TOKEN = 'ops-withholding-test';

beforeAll(async () => {
  feed = feedManualCreate(CLOCK_START.getTime());
  t = await testAppCreate({ feed, env: { BET_LIVE_DELAY_MS: '0', OPS_TOKEN } });
});
afterAll(() => t.close());

const MX = JURISDICTIONS.MX;
const state = () => t.built.sports.state;
const upcoming = (optionType: 1 | 2 | 3 = 1): Option => market1x2(state(), feed.matchAdd().id, optionType);
const workerRun = () => t.built.betting.worker.run();
const returnOf = (option: Option, stake: number) => Math.floor((stake * option.oddsThousandths) / 1000);
/** 1 % of what a bet returned above its stake, rounded down. */
const withheldOf = (stake: number, returned: number) => prizeWithholdingMinor(MX, stake, returned);

async function mexican(amountMinor = 1_000_00): Promise<IssuedSession> {
  const session = await t.session('aguila');
  if (amountMinor > 0) await fund(t, session.uid, amountMinor, 'MXN');
  return session;
}

async function taxWithheld(currency: string): Promise<number> {
  const [row] = await t.rows<{ sum: string | null }>(
    sql`select sum(l.amount_minor) as sum from ledger_lines l join ledger_accounts a on a.id = l.account_id
      where a.house_kind = 'tax_withheld' and a.currency = ${currency}`,
  );
  return Number(row?.sum ?? 0);
}

/** The bet as the player's history answers it (settled or open). */
async function recordOf(session: IssuedSession, betId: string) {
  for (const isSettled of [true, false]) {
    const found = (await betRecords(t, session, { isSettled })).records.find((record) => record.id === betId);
    if (found) return found as typeof found & { withheld: number };
  }
  throw new Error(`bet ${betId} not in the records`);
}

async function withheldColumnOf(betId: string): Promise<number> {
  const [row] = await t.rows<{ withheld_minor: string }>(sql`select withheld_minor from bets where id = ${Number(betId)}`);
  return Number(row!.withheld_minor);
}

/** The operator corrects a finished match's result to the next revision (first half 0-0). */
async function correct(matchId: number, score: { home: number; away: number }) {
  const current = feed.results().find((result) => result.matchId === matchId);
  const answer = envelopeOf(
    await t.post('/api/ops/feed/result', {
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
      body: {
        match_id: matchId,
        revision: (current?.revision ?? 1) + 1,
        home: score.home,
        away: score.away,
        period_scores: [
          { pe: 1002, home: 0, away: 0 },
          { pe: 1003, home: score.home, away: score.away },
        ],
      },
    }),
  );
  expect(answer.dm_error).toBe(0);
  await workerRun();
}

async function cashOutPrice(session: IssuedSession, orderId: string): Promise<number> {
  const data = envelopeOf(await t.post('/api/piranha/fb/proxy/v1/order/cashOut/price', { query: signedIn(session), body: { orderIds: [orderId] } })).data;
  return (data.pr[0] as { amt: number }).amt;
}

async function cashOut(session: IssuedSession, orderId: string, cashOutStake: number, value: number) {
  const answer = envelopeOf(
    await t.post('/api/piranha/fb/proxy/v1/order/cashOut/bet', {
      query: signedIn(session),
      headers: { 'idempotency-key': idempotencyKey() },
      body: { orderId, cashOutStake, unitCashOutPayoutStake: value },
    }),
  );
  expect(answer).toMatchObject({ dm_error: 0, data: { amount: value } });
}

describe('Mexican prize withholding at settlement', { timeout: 120_000 }, () => {
  it('withholds 1 % of a won single’s net win, nothing on a lost one, and the record shows it', async () => {
    const session = await mexican();
    const before = await taxWithheld('MXN');
    const winner = upcoming(1);
    const loser = upcoming(2);
    const [won] = await placedOk(await singlePost(t, session, [{ option: winner, stake: 100_00 }]));
    const [lost] = await placedOk(await singlePost(t, session, [{ option: loser, stake: 50_00 }]));
    feed.matchEnd(winner.matchId, { home: 2, away: 0 });
    feed.matchEnd(loser.matchId, { home: 2, away: 0 });
    await workerRun();
    const payout = returnOf(winner, 100_00);
    const withheld = withheldOf(100_00, payout);
    expect(withheld).toBeGreaterThan(0);
    expect(await balanceOf(t, session, 'MXN')).toBe(1_000_00 - 150_00 + payout - withheld);
    expect((await taxWithheld('MXN')) - before).toBe(withheld);
    // The record keeps the return before withholding and shows what was withheld.
    expect(await recordOf(session, won!.id)).toMatchObject({ st: 5, sr: 4, payout, paid: payout, withheld });
    expect(await recordOf(session, lost!.id)).toMatchObject({ st: 5, sr: 3, paid: 0, withheld: 0 });
    expect(await withheldColumnOf(won!.id)).toBe(withheld);
    // The activity statement's withheld column counts the sports withholding too (decision 050's ledger rule).
    const statement = envelopeOf(await t.get('/api/piranha/safer_play/statement', { query: signedIn(session, { days: '7' }) })).data;
    expect(statement.days[0]).toMatchObject({ withheld });
    expect(await auditClean(t)).toBe(true);
  });

  it('withholds once when five settlement passes (one killed before commit) race over a won single', async () => {
    const session = await mexican();
    const before = await taxWithheld('MXN');
    const winner = upcoming(1);
    const [won] = await placedOk(await singlePost(t, session, [{ option: winner, stake: 100_00 }]));
    feed.matchEnd(winner.matchId, { home: 2, away: 0 });
    const { deps } = t.built.betting;
    await expect(betsSettle(depsCrashingBeforeCommit(deps, 1))).rejects.toThrow('killed before commit');
    // The feed's own follower may settle it meanwhile too: however many passes run and die, it withholds once.
    await Promise.all(Array.from({ length: 5 }, () => betsSettle(deps)));
    const payout = returnOf(winner, 100_00);
    const withheld = withheldOf(100_00, payout);
    expect(await withheldColumnOf(won!.id)).toBe(withheld);
    expect((await taxWithheld('MXN')) - before).toBe(withheld);
    expect(await balanceOf(t, session, 'MXN')).toBe(1_000_00 - 100_00 + payout - withheld);
    expect(await auditClean(t)).toBe(true);
  });

  it('withholds nothing on a push, whose return is the stake', async () => {
    const session = await mexican();
    const before = await taxWithheld('MXN');
    const matchId = feed.matchAdd().id;
    const entry = state().entry(matchId)!;
    // A whole-goal Asian handicap: the home side's margin plus the line at 0 is a push.
    const whole = state()
      .bookOf(entry)
      .find((market) => market.type === 1000 && market.period === 1001 && market.line !== undefined && Number.isInteger(market.line));
    expect(whole).toBeDefined();
    const marketId = marketIdOf({ matchId, type: 1000, period: 1001, line: whole!.line });
    const quote = sportsQuoteGet(state(), { matchId, marketId, optionType: 1 })!;
    const option = { matchId, marketId, optionType: 1, odds: quote.odds! / 1000, oddsThousandths: quote.odds! } as Option;
    const [bet] = await placedOk(await singlePost(t, session, [{ option, stake: 100_00 }]));
    const line = quote.optionLine!;
    const home = 1 + Math.max(0, -line);
    feed.matchEnd(matchId, { home, away: home + line });
    await workerRun();
    expect(await recordOf(session, bet!.id)).toMatchObject({ st: 5, sr: 2, payout: 100_00, withheld: 0 });
    expect(await balanceOf(t, session, 'MXN')).toBe(1_000_00);
    expect(await taxWithheld('MXN')).toBe(before);
  });

  it('withholds on the net win of a double and of a Trixie, the whole bet’s return against its whole stake', async () => {
    const session = await mexican();
    const before = await taxWithheld('MXN');
    const legs = [upcoming(1), upcoming(1), upcoming(1)];
    const [double] = await placedOk(await multiplePost(t, session, legs.slice(0, 2), [{ seriesValue: 2001, unitStake: 20_00 }]));
    const [trixie] = await placedOk(await multiplePost(t, session, legs, [{ seriesValue: 3004, unitStake: 10_00 }]));
    feed.matchEnd(legs[0]!.matchId, { home: 1, away: 0 });
    feed.matchEnd(legs[1]!.matchId, { home: 2, away: 0 });
    feed.matchEnd(legs[2]!.matchId, { home: 0, away: 0 });
    await workerRun();
    const doublePayout = Math.floor((20_00 * legs[0]!.oddsThousandths * legs[1]!.oddsThousandths) / 1_000_000);
    const settled = systemBetSettle(
      systemBetFullCover('trixie'),
      minorUnits(10_00),
      legs.map((leg, index) => ({ oddsThousandths: oddsThousandths(leg.oddsThousandths), state: index < 2 ? ('won' as const) : ('lost' as const) })),
    );
    if (!settled.ok) throw new Error('the Trixie did not settle');
    // One double of the Trixie's four lines won: its return is set against all 40.00 staked.
    const trixieWithheld = withheldOf(40_00, settled.payoutMinor);
    const doubleWithheld = withheldOf(20_00, doublePayout);
    expect(doubleWithheld).toBeGreaterThan(0);
    expect(await recordOf(session, double!.id)).toMatchObject({ sr: 4, payout: doublePayout, withheld: doubleWithheld });
    expect(await recordOf(session, trixie!.id)).toMatchObject({ payout: settled.payoutMinor, withheld: trixieWithheld });
    expect((await taxWithheld('MXN')) - before).toBe(doubleWithheld + trixieWithheld);
    expect(await balanceOf(t, session, 'MXN')).toBe(1_000_00 - 60_00 + doublePayout - doubleWithheld + settled.payoutMinor - trixieWithheld);
    expect(await auditClean(t)).toBe(true);
  });

  it('a free bet’s stake counts 0: its whole winnings are the prize', async () => {
    const session = await mexican(0);
    expect(await freeBetGrant(t.db, { userId: session.uid, currency: 'MXN', amountMinor: 100_00, reason: 'welcome-mx', at: t.clock.now() })).toBe(true);
    const option = upcoming(1);
    const placed = envelopeOf(
      await t.post('/api/piranha/fb/proxy/v1/order/free', {
        query: signedIn(session),
        headers: { 'idempotency-key': idempotencyKey() },
        body: { unitStake: 100_00, oddsChange: 0, betOptionList: [{ matchId: option.matchId, marketId: option.marketId, optionType: 1, odds: option.odds }] },
      }),
    );
    expect(placed.dm_error).toBe(0);
    feed.matchEnd(option.matchId, { home: 1, away: 0 });
    await workerRun();
    const winnings = returnOf(option, 100_00) - 100_00;
    const withheld = withheldOf(0, winnings);
    expect(withheld).toBe(Math.floor(winnings / 100));
    expect(await balanceOf(t, session, 'MXN')).toBe(winnings - withheld);
    const [bet] = await t.rows<{ id: string }>(sql`select id from bets where user_id = ${session.uid}`);
    expect(await recordOf(session, String(bet!.id))).toMatchObject({ free: 1, paid: winnings, withheld });
    expect(await auditClean(t)).toBe(true);
  });
});

describe('Mexican prize withholding at cash-out', { timeout: 120_000 }, () => {
  it('withholds on a cash-out above the stake, counts it with the settlement of the rest, and nothing on one below', async () => {
    const session = await mexican();
    const before = await taxWithheld('MXN');
    // Below the stake (unchanged odds: the stake less the 5 % margin): no prize.
    const [flat] = await placedOk(await singlePost(t, session, [{ option: upcoming(1), stake: 100_00 }]));
    const flatValue = await cashOutPrice(session, flat!.id);
    expect(flatValue).toBe(95_00);
    await cashOut(session, flat!.id, 100_00, flatValue);
    expect(await recordOf(session, flat!.id)).toMatchObject({ cashed_out: 1, paid: 95_00, withheld: 0 });
    expect(await taxWithheld('MXN')).toBe(before);

    // A double whose first leg has won is worth more than its stake: a partial cash-out of half is a prize in part.
    const legs = [upcoming(1), upcoming(1)];
    const [double] = await placedOk(await multiplePost(t, session, legs, [{ seriesValue: 2001, unitStake: 100_00 }]));
    feed.matchEnd(legs[0]!.matchId, { home: 1, away: 0 });
    await workerRun();
    const full = await cashOutPrice(session, double!.id);
    expect(full).toBeGreaterThan(100_00);
    const partStake = 50_00;
    const partValue = Math.floor((full * partStake) / 100_00);
    const priced = envelopeOf(
      await t.post('/api/piranha/fb/proxy/v1/order/cashOut/bet', {
        query: signedIn(session),
        headers: { 'idempotency-key': idempotencyKey() },
        body: { orderId: double!.id, cashOutStake: partStake, unitCashOutPayoutStake: partValue, acceptOddsChange: true },
      }),
    );
    expect(priced.dm_error).toBe(0);
    const partPaid = priced.data.amount as number;
    // The bet's net win so far is what the part paid above the whole stake: nothing yet unless it paid over 100.00.
    const afterPart = withheldOf(100_00, partPaid);
    expect(await recordOf(session, double!.id)).toMatchObject({ st: 4, cash_out: partPaid, withheld: afterPart });
    // The rest wins: the whole bet's return (the part and the rest) is set against the 100.00 staked.
    feed.matchEnd(legs[1]!.matchId, { home: 1, away: 0 });
    await workerRun();
    const rest = Math.floor((partStake * legs[0]!.oddsThousandths * legs[1]!.oddsThousandths) / 1_000_000);
    const total = withheldOf(100_00, partPaid + rest);
    expect(await recordOf(session, double!.id)).toMatchObject({ st: 5, sr: 4, paid: partPaid + rest, withheld: total });
    expect((await taxWithheld('MXN')) - before).toBe(total);
    expect(await balanceOf(t, session, 'MXN')).toBe(1_000_00 - 100_00 + 95_00 - 100_00 + partPaid + rest - total);

    // A whole cash-out above the stake: the prize is what it pays above the stake.
    const other = [upcoming(1), upcoming(1)];
    const [whole] = await placedOk(await multiplePost(t, session, other, [{ seriesValue: 2001, unitStake: 100_00 }]));
    feed.matchEnd(other[0]!.matchId, { home: 1, away: 0 });
    await workerRun();
    const value = await cashOutPrice(session, whole!.id);
    await cashOut(session, whole!.id, 100_00, value);
    expect(await recordOf(session, whole!.id)).toMatchObject({ cashed_out: 1, paid: value, withheld: withheldOf(100_00, value) });
    expect((await taxWithheld('MXN')) - before).toBe(total + withheldOf(100_00, value));
    expect(await auditClean(t)).toBe(true);
  });
});

describe('Mexican prize withholding when a result is corrected', { timeout: 120_000 }, () => {
  it('won → lost → won: gives the withholding back, then takes it again, once per revision', async () => {
    const session = await mexican();
    const before = await taxWithheld('MXN');
    const option = upcoming(1);
    const [bet] = await placedOk(await singlePost(t, session, [{ option, stake: 100_00 }]));
    feed.matchEnd(option.matchId, { home: 2, away: 0 });
    await workerRun();
    const payout = returnOf(option, 100_00);
    const withheld = withheldOf(100_00, payout);
    const wonBalance = 1_000_00 - 100_00 + payout - withheld;
    expect(await balanceOf(t, session, 'MXN')).toBe(wonBalance);
    expect((await taxWithheld('MXN')) - before).toBe(withheld);

    await correct(option.matchId, { home: 0, away: 1 });
    // The player gives back what the win paid them (the return less the tax), and the tax leaves tax_withheld.
    expect(await balanceOf(t, session, 'MXN')).toBe(1_000_00 - 100_00);
    expect(await taxWithheld('MXN')).toBe(before);
    expect(await recordOf(session, bet!.id)).toMatchObject({ sr: 3, payout: 0, withheld: 0 });

    await correct(option.matchId, { home: 3, away: 1 });
    expect(await balanceOf(t, session, 'MXN')).toBe(wonBalance);
    expect((await taxWithheld('MXN')) - before).toBe(withheld);
    expect(await recordOf(session, bet!.id)).toMatchObject({ sr: 4, payout, withheld });
    // The same revision again moves nothing.
    feed.resultRepublish(option.matchId);
    await workerRun();
    expect(await balanceOf(t, session, 'MXN')).toBe(wonBalance);
    expect(await withheldColumnOf(bet!.id)).toBe(withheld);
    expect(await auditClean(t)).toBe(true);
  });

  it('a win whose wallet was spent: the reversal takes what the player received, and the tax still comes back whole', async () => {
    const session = await mexican(100_00);
    const before = await taxWithheld('MXN');
    const option = upcoming(1);
    await placedOk(await singlePost(t, session, [{ option, stake: 100_00 }]));
    feed.matchEnd(option.matchId, { home: 1, away: 0 });
    await workerRun();
    const payout = returnOf(option, 100_00);
    const withheld = withheldOf(100_00, payout);
    // The player stakes all the winnings on a bet still open.
    const spent = payout - withheld;
    await placedOk(await singlePost(t, session, [{ option: upcoming(1), stake: spent }]));
    expect(await balanceOf(t, session, 'MXN')).toBe(0);
    await correct(option.matchId, { home: 0, away: 0 });
    expect(await balanceOf(t, session, 'MXN')).toBe(0);
    expect(await taxWithheld('MXN')).toBe(before);
    // What the player owes is what they were paid, not the return before tax.
    const [debt] = await t.rows<{ owed_minor: string }>(
      sql`select r.owed_minor from bet_resettlements r join bets b on b.id = r.bet_id where b.user_id = ${session.uid} order by r.id desc limit 1`,
    );
    expect(Number(debt!.owed_minor)).toBe(spent);
    expect(await auditClean(t)).toBe(true);
  });

  it('a lost leg of a double corrected to won while the other is open: the bet reopens, gives back nothing it did not withhold, and withholds once at its settlement', async () => {
    const session = await mexican();
    const before = await taxWithheld('MXN');
    const legs = [upcoming(1), upcoming(1)];
    const [double] = await placedOk(await multiplePost(t, session, legs, [{ seriesValue: 2001, unitStake: 10_00 }]));
    feed.matchEnd(legs[0]!.matchId, { home: 0, away: 1 });
    await workerRun();
    expect(await recordOf(session, double!.id)).toMatchObject({ st: 5, sr: 3, withheld: 0 });
    await correct(legs[0]!.matchId, { home: 1, away: 0 });
    expect(await recordOf(session, double!.id)).toMatchObject({ st: 4, withheld: 0 });
    feed.matchEnd(legs[1]!.matchId, { home: 1, away: 0 });
    await workerRun();
    const payout = Math.floor((10_00 * legs[0]!.oddsThousandths * legs[1]!.oddsThousandths) / 1_000_000);
    expect(await recordOf(session, double!.id)).toMatchObject({ st: 5, sr: 4, payout, withheld: withheldOf(10_00, payout) });
    expect((await taxWithheld('MXN')) - before).toBe(withheldOf(10_00, payout));
    expect(await auditClean(t)).toBe(true);
  });

  it('a won double whose leg is corrected to lost gives its withholding back', async () => {
    const session = await mexican();
    const before = await taxWithheld('MXN');
    const legs = [upcoming(1), upcoming(1)];
    const [double] = await placedOk(await multiplePost(t, session, legs, [{ seriesValue: 2001, unitStake: 10_00 }]));
    feed.matchEnd(legs[0]!.matchId, { home: 1, away: 0 });
    feed.matchEnd(legs[1]!.matchId, { home: 1, away: 0 });
    await workerRun();
    const payout = Math.floor((10_00 * legs[0]!.oddsThousandths * legs[1]!.oddsThousandths) / 1_000_000);
    const withheld = withheldOf(10_00, payout);
    expect(await recordOf(session, double!.id)).toMatchObject({ st: 5, sr: 4, withheld });
    // The first leg is corrected to lost: the double loses outright (no reopen) and the tax comes back.
    await correct(legs[0]!.matchId, { home: 0, away: 2 });
    expect(await recordOf(session, double!.id)).toMatchObject({ st: 5, sr: 3, withheld: 0 });
    expect(await taxWithheld('MXN')).toBe(before);
    expect(await balanceOf(t, session, 'MXN')).toBe(1_000_00 - 10_00);
    expect(await auditClean(t)).toBe(true);
  });
});

describe('other markets', () => {
  it('withholds nothing on a Brazilian win: the bet and the ledger carry 0', async () => {
    const before = await taxWithheld('BRL');
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming(1);
    const [bet] = await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]));
    feed.matchEnd(option.matchId, { home: 3, away: 0 });
    await workerRun();
    const payout = returnOf(option, 10_00);
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00 + payout);
    expect(await recordOf(session, bet!.id)).toMatchObject({ sr: 4, paid: payout, withheld: 0 });
    expect(await taxWithheld('BRL')).toBe(before);
  });
});
