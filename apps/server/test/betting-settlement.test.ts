import { marketIdOf } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betsSettle } from '../src/modules/betting/bet-settle.service.ts';
import { freeBetGrant } from '../src/modules/betting/free-bet.service.ts';
import { sessionIssue } from '../src/modules/session/session.service.ts';
import { sportsQuoteGet } from '../src/modules/sports/sports.service.ts';
import {
  betRecords,
  feedManualCreate,
  market1x2,
  multiplePost,
  orderStatusOf,
  placedOk,
  singlePost,
  type ManualFeed,
  type Option,
} from './betting-fixtures.ts';
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf, idempotencyKey, playerFund } from './payments-fixtures.ts';

/** The live acceptance delay, settlement from the feed's results, free bets and the records' filters. */

let t: TestApp;
let feed: ManualFeed;

beforeAll(async () => {
  feed = feedManualCreate(CLOCK_START.getTime());
  t = await testAppCreate({ feed, env: { BET_LIVE_DELAY_MS: '5000' } });
});
afterAll(() => t.close());

const state = () => t.built.sports.state;
// An hour after the test's clock, which one test moves a day on: a match whose start has passed takes no pre-match bet.
const upcoming = (optionType: 1 | 2 | 3 = 1): Option => market1x2(state(), feed.matchAdd({ startsAtMs: t.clock.now().getTime() + 3600_000 }).id, optionType);
const settleRun = () => t.built.betting.worker.run();

describe('the live acceptance delay', () => {
  it('keeps an in-play bet confirming until the delay passes, then confirms it', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = market1x2(state(), feed.matchAdd({ live: true }).id, 1);
    const [bet] = await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]));
    expect(bet!.st).toBe(1);
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00);
    t.clock.advance(4_000);
    expect(await orderStatusOf(t, session, [bet!.id])).toEqual([{ oid: bet!.id, st: 1 }]);
    t.clock.advance(1_000);
    expect(await orderStatusOf(t, session, [bet!.id])).toEqual([{ oid: bet!.id, st: 4 }]);
  });

  it('rejects and refunds an in-play bet when a goal is scored during the delay', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const match = feed.matchAdd({ live: true });
    const option = market1x2(state(), match.id, 1);
    const [bet] = await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]));
    feed.matchSet(match.id, { score: { home: 1, away: 0 } });
    await settleRun();
    t.clock.advance(5_000);
    expect(await orderStatusOf(t, session, [bet!.id])).toEqual([{ oid: bet!.id, st: 2, rj: 4 }]);
    expect(await balanceOf(t, session, 'BRL')).toBe(100_00);
    expect(await auditClean(t)).toBe(true);
  });

  it('rejects and refunds when the market suspends during the delay, even if it reopens before the end', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const match = feed.matchAdd({ live: true });
    const option = market1x2(state(), match.id, 2);
    const [bet] = await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]));
    feed.matchSet(match.id, { marketsSuspended: true });
    await settleRun();
    feed.matchSet(match.id, { marketsSuspended: false });
    t.clock.advance(5_000);
    expect(await orderStatusOf(t, session, [bet!.id])).toEqual([{ oid: bet!.id, st: 2, rj: 4 }]);
    expect(await balanceOf(t, session, 'BRL')).toBe(100_00);
  });
});

describe('settlement from results', () => {
  it('pays a winning single floor(stake × odds), keeps a losing one, and pays each once however often it runs', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const win = upcoming(1);
    const lose = upcoming(1);
    const [winner, loser] = await placedOk(
      await singlePost(t, session, [
        { option: win, stake: 10_00 },
        { option: lose, stake: 10_00 },
      ]),
    );
    feed.matchEnd(win.matchId, { home: 2, away: 0 });
    feed.matchEnd(lose.matchId, { home: 0, away: 1 });
    await settleRun();
    await betsSettle(t.built.betting.deps);
    await betsSettle(t.built.betting.deps);
    const expected = Math.floor((10_00 * win.oddsThousandths) / 1000);
    expect(await balanceOf(t, session, 'BRL')).toBe(80_00 + expected);
    const { records } = await betRecords(t, session, { isSettled: true });
    const byId = new Map(records.map((record) => [record.id, record]));
    expect(byId.get(winner!.id)).toMatchObject({ st: 5, sr: 4, payout: expected });
    expect(byId.get(loser!.id)).toMatchObject({ st: 5, sr: 3, payout: 0 });
    const transfers = await t.rows<{ n: string }>(
      sql`select count(*) as n from transfers where kind = 'bet_settle' and external_ref in (${winner!.id}, ${loser!.id})`,
    );
    expect(Number(transfers[0]!.n)).toBe(2);
    expect(await auditClean(t)).toBe(true);
  });

  it('pays each bet once when settlement passes race (two nodes, or a restart while a pass runs)', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming(2);
    const placed = await placedOk(
      await singlePost(
        t,
        session,
        Array.from({ length: 5 }, () => ({ option, stake: 2_00 })),
      ),
    );
    feed.matchEnd(option.matchId, { home: 0, away: 2 });
    const deps = t.built.betting.deps;
    await Promise.all([betsSettle(deps), betsSettle(deps), settleRun(), betsSettle(deps)]);
    const ids = placed.map((bet) => bet.id);
    const refs = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const [row] = await t.rows<{ n: string }>(sql`select count(*) as n from transfers where kind = 'bet_settle' and external_ref in (${refs})`);
    expect(Number(row!.n)).toBe(5);
    const payout = Math.floor((2_00 * option.oddsThousandths) / 1000);
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00 + 5 * payout);
    expect(await auditClean(t)).toBe(true);
  });

  it('settles a Trixie line by line: two winners pay one double, the loser kills the rest', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const legs = [upcoming(1), upcoming(1), upcoming(1)];
    const [trixie] = await placedOk(await multiplePost(t, session, legs, [{ seriesValue: 3004, unitStake: 2_00 }]));
    feed.matchEnd(legs[0]!.matchId, { home: 1, away: 0 });
    feed.matchEnd(legs[1]!.matchId, { home: 3, away: 1 });
    await settleRun();
    expect((await betRecords(t, session)).records[0]).toMatchObject({ id: trixie!.id, st: 4 });
    feed.matchEnd(legs[2]!.matchId, { home: 0, away: 0 });
    await settleRun();
    const double = Math.floor((2_00 * legs[0]!.oddsThousandths * legs[1]!.oddsThousandths) / 1_000_000);
    const { records } = await betRecords(t, session, { isSettled: true });
    expect(records[0]).toMatchObject({ id: trixie!.id, kind: 'system_bet', st: 5, payout: double, sr: double > 8_00 ? 4 : 6 });
    expect(records[0]!.legs.map((leg) => leg.sr)).toEqual([4, 4, 3]);
    expect(await balanceOf(t, session, 'BRL')).toBe(100_00 - 8_00 + double);
  });

  it('settles an Asian handicap quarter line as half won or half lost', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const matchId = feed.matchAdd().id;
    const entry = state().entry(matchId)!;
    const quarter = state()
      .bookOf(entry)
      .find(
        (market) =>
          market.type === 1000 && market.period === 1001 && market.line !== undefined && Math.abs(market.line) < 1 && Math.abs((market.line * 4) % 2) === 1,
      );
    expect(quarter).toBeDefined();
    const marketId = marketIdOf({ matchId, type: 1000, period: 1001, line: quarter!.line });
    const quote = sportsQuoteGet(state(), { matchId, marketId, optionType: 1 })!;
    const option = { matchId, marketId, optionType: 1, odds: quote.odds! / 1000, oddsThousandths: quote.odds! } as Option;
    const [bet] = await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]));
    // Home line h (say −0.25 or +0.25): a draw leaves the home side on h, between the two half-lines.
    const homeLine = quote.optionLine!;
    feed.matchEnd(matchId, { home: 1, away: 1 });
    await settleRun();
    const record = (await betRecords(t, session, { isSettled: true })).records.find((candidate) => candidate.id === bet!.id)!;
    const halfWon = Math.floor((10_00 * (1000 + quote.odds!)) / 2000);
    const full = Math.floor((10_00 * quote.odds!) / 1000);
    // betting.md §3 at 1-1: −0.25 half lost, +0.25 half won, −0.75 lost, +0.75 won.
    const expected: Record<string, { sr: number; payout: number }> = {
      '-0.25': { sr: 6, payout: 5_00 },
      '0.25': { sr: 5, payout: halfWon },
      '-0.75': { sr: 3, payout: 0 },
      '0.75': { sr: 4, payout: full },
    };
    expect(expected[String(homeLine)], `line ${homeLine}`).toBeDefined();
    expect(record).toMatchObject(expected[String(homeLine)]!);
  });
});

describe('free bets', () => {
  it('stakes from the free-bet balance and pays only the winnings', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    expect(await freeBetGrant(t.db, { userId: session.uid, currency: 'BRL', amountMinor: 10_00, reason: 'welcome', at: t.clock.now() })).toBe(true);
    expect(await freeBetGrant(t.db, { userId: session.uid, currency: 'BRL', amountMinor: 10_00, reason: 'welcome', at: t.clock.now() })).toBe(false);
    const info = envelopeOf(await t.get('/api/piranha/fb/proxy/v1/order/free_activity_info', { query: signedIn(session) })).data;
    expect(info).toMatchObject({ balance: 10_00, currency: 'BRL' });
    const option = upcoming(1);
    const free = (stake: number) =>
      t.post('/api/piranha/fb/proxy/v1/order/free', {
        query: signedIn(session),
        headers: { 'idempotency-key': idempotencyKey() },
        body: { unitStake: stake, oddsChange: 0, betOptionList: [{ matchId: option.matchId, marketId: option.marketId, optionType: 1, odds: option.odds }] },
      });
    expect(envelopeOf(await free(10_01)).dm_error).toBe(6012);
    expect(envelopeOf(await free(10_00)).dm_error).toBe(0);
    expect(await balanceOf(t, session, 'BRL')).toBe(100_00);
    feed.matchEnd(option.matchId, { home: 1, away: 0 });
    await settleRun();
    const winnings = Math.floor((10_00 * option.oddsThousandths) / 1000) - 10_00;
    expect(await balanceOf(t, session, 'BRL')).toBe(100_00 + winnings);
    expect(envelopeOf(await t.get('/api/piranha/fb/proxy/v1/order/free_activity_info', { query: signedIn(session) })).data.balance).toBe(0);
    expect(await auditClean(t)).toBe(true);
  });
});

describe('bet records', () => {
  it('filters outstanding and settled bets by range and pages them', async () => {
    const { session: first } = await playerFund(t, { amountMinor: 100_00 });
    await placedOk(await singlePost(t, first, [{ option: upcoming(), stake: 1_00 }]));
    t.clock.advance(24 * 3600_000);
    // A day later the money guard asks for a fresh sign-in (account README): the player signs in again.
    const session = await sessionIssue(t.db, first.uid, t.clock.now());
    await placedOk(
      await singlePost(t, session, [
        { option: upcoming(), stake: 1_00 },
        { option: upcoming(), stake: 1_00 },
      ]),
    );
    expect((await betRecords(t, session, { range: 'today' })).total).toBe(2);
    expect((await betRecords(t, session, { range: 'yesterday' })).total).toBe(1);
    expect((await betRecords(t, session, { range: 'last7days' })).total).toBe(3);
    expect((await betRecords(t, session, { isSettled: true })).total).toBe(0);
    const page2 = await betRecords(t, session, { current: 2, size: 2 });
    expect(page2.records).toHaveLength(1);
  });
});
