import { ERRORS, type ErrorName } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betRecords, feedManualCreate, market1x2, multiplePost, placedOk, singlePost, type ManualFeed, type Option } from './betting-fixtures.ts';
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type TestApp, type TestResponse } from './harness.ts';
import { auditClean, balanceOf, idempotencyKey, playerFund } from './payments-fixtures.ts';

/** Placement through the real route: re-pricing, limits, funds, idempotency and concurrency on one wallet. */

let t: TestApp;
let feed: ManualFeed;

beforeAll(async () => {
  feed = feedManualCreate(CLOCK_START.getTime());
  t = await testAppCreate({ feed, env: { BET_LIVE_DELAY_MS: '5000' } });
});
afterAll(() => t.close());

const state = () => t.built.sports.state;
const upcoming = (optionType: 1 | 2 | 3 = 1): Option => market1x2(state(), feed.matchAdd().id, optionType);

function refusedWith(response: TestResponse, name: ErrorName, field?: string): void {
  const envelope = envelopeOf(response);
  expect(envelope.dm_error, JSON.stringify(envelope)).toBe(ERRORS[name].code);
  expect(envelope.error_msg.length).toBeGreaterThan(0);
  if (field) expect(envelope.data.field).toBe(field);
}

async function betCount(uid: number): Promise<number> {
  const [row] = await t.rows<{ n: string }>(sql`select count(*) as n from bets where user_id = ${uid}`);
  return Number(row!.n);
}

describe('placing a single', () => {
  it('debits the stake, records the bet at the live odds and keeps the ledger balanced', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming();
    const [bet] = await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]));
    // The slip's receipt shows the potential return the server struck, not one it works out again.
    expect(bet).toMatchObject({ st: 4, stake: 10_00, odds: [option.odds], payout_max: Math.floor((10_00 * option.oddsThousandths) / 1000) });
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00);
    const records = await betRecords(t, session);
    expect(records.records[0]).toMatchObject({ id: bet!.id, kind: 'single_bet', st: 4, sr: 0, stake: 10_00 });
    const [transfer] = await t.rows<{ kind: string }>(sql`select kind from transfers where external_ref = ${bet!.id} and kind = 'bet_place'`);
    expect(transfer?.kind).toBe('bet_place');
    expect(await auditClean(t)).toBe(true);
  });
});

describe('every refusal names its reason and writes nothing', () => {
  it('refuses a closed market', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming();
    feed.matchEnd(option.matchId, { home: 1, away: 0 });
    refusedWith(await singlePost(t, session, [{ option, stake: 5_00 }]), 'MARKET_CLOSED', 'singleBetList.0.betOptionList.0');
    expect(await betCount(session.uid)).toBe(0);
    expect(await balanceOf(t, session, 'BRL')).toBe(100_00);
  });

  it('refuses a suspended market', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const match = feed.matchAdd({ live: true });
    const option = market1x2(state(), match.id, 1);
    feed.matchSet(match.id, { marketsSuspended: true });
    refusedWith(await singlePost(t, session, [{ option, stake: 5_00 }]), 'MARKET_SUSPENDED');
    expect(await betCount(session.uid)).toBe(0);
  });

  it('refuses changed odds unless the preference takes them, and records the odds accepted', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming();
    const higher = Math.round((option.odds + 0.05) * 1000) / 1000;
    const lower = Math.round((option.odds - 0.05) * 1000) / 1000;
    // The player saw a higher price: the live one is worse.
    refusedWith(await singlePost(t, session, [{ option, stake: 5_00, odds: higher, oddsChange: 0 }]), 'ODDS_CHANGED');
    refusedWith(await singlePost(t, session, [{ option, stake: 5_00, odds: higher, oddsChange: 1 }]), 'ODDS_CHANGED');
    // The player saw a lower price: the live one is better.
    refusedWith(await singlePost(t, session, [{ option, stake: 5_00, odds: lower, oddsChange: 0 }]), 'ODDS_CHANGED');
    const [better] = await placedOk(await singlePost(t, session, [{ option, stake: 5_00, odds: lower, oddsChange: 1 }]));
    expect(better!.odds).toEqual([option.odds]);
    const [any] = await placedOk(await singlePost(t, session, [{ option, stake: 5_00, odds: higher, oddsChange: 2 }]));
    expect(any!.odds).toEqual([option.odds]);
    const legs = await t.rows<{ odds_thousandths: number }>(
      sql`select l.odds_thousandths from bet_legs l join bets b on b.id = l.bet_id where b.user_id = ${session.uid}`,
    );
    expect(legs.map((leg) => leg.odds_thousandths)).toEqual([option.oddsThousandths, option.oddsThousandths]);
  });

  it('refuses a stake below the minimum or above the maximum', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming();
    refusedWith(await singlePost(t, session, [{ option, stake: 99 }]), 'STAKE_BELOW_MIN', 'singleBetList.0.unitStake');
    refusedWith(await singlePost(t, session, [{ option, stake: 10_000_01 }]), 'STAKE_ABOVE_MAX', 'singleBetList.0.unitStake');
  });

  it('refuses a bet that could return more than the maximum payout', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    // Ten legs at their longest 1X2 price: the largest stake would return far above the payout cap.
    const legs = Array.from({ length: 10 }, () => {
      const matchId = feed.matchAdd().id;
      return ([1, 2, 3] as const).map((type) => market1x2(state(), matchId, type)).reduce((best, option) => (option.odds > best.odds ? option : best));
    });
    expect(legs.reduce((product, leg) => product * leg.odds, 1)).toBeGreaterThan(50);
    refusedWith(await multiplePost(t, session, legs, [{ seriesValue: 10_001, unitStake: 10_000_00 }]), 'PAYOUT_ABOVE_MAX', 'betMultipleData.0.unitStake');
  });

  it('refuses a stake the wallet does not cover and leaves the balance as it was', async () => {
    const { session } = await playerFund(t, { amountMinor: 30_00 });
    refusedWith(await singlePost(t, session, [{ option: upcoming(), stake: 30_01 }]), 'INSUFFICIENT_FUNDS');
    expect(await balanceOf(t, session, 'BRL')).toBe(30_00);
    expect(await betCount(session.uid)).toBe(0);
  });

  it('refuses legs of the same match in a multiple, too many legs, and a series that does not fit', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const first = upcoming(1);
    const sameMatch = market1x2(state(), first.matchId, 2);
    refusedWith(await multiplePost(t, session, [first, sameMatch], [{ seriesValue: 2001, unitStake: 2_00 }]), 'BET_SAME_MATCH', 'betOptionList.1.matchId');
    const eleven = Array.from({ length: 11 }, () => upcoming());
    refusedWith(await multiplePost(t, session, eleven, [{ seriesValue: 2001, unitStake: 2_00 }]), 'BET_TOO_MANY_LEGS');
    refusedWith(
      await multiplePost(t, session, [upcoming(), upcoming()], [{ seriesValue: 3004, unitStake: 2_00 }]),
      'BET_SERIES_INVALID',
      'betMultipleData.0.seriesValue',
    );
    expect(await betCount(session.uid)).toBe(0);
  });

  it('refuses a multiple of two matches of one team, and the slip is offered no series of them (issue 15)', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const team = 990_001;
    const first = market1x2(state(), feed.matchAdd({ homeTeamId: team }).id, 1);
    const other = upcoming(1);
    const again = market1x2(state(), feed.matchAdd({ startsAtMs: CLOCK_START.getTime() + 26 * 3600_000, awayTeamId: team }).id, 2);
    refusedWith(await multiplePost(t, session, [first, other, again], [{ seriesValue: 3001, unitStake: 2_00 }]), 'BET_SAME_TEAM', 'betOptionList.2.matchId');
    refusedWith(await multiplePost(t, session, [first, other, again], [{ seriesValue: 2001, unitStake: 2_00 }]), 'BET_SAME_TEAM');
    expect(await betCount(session.uid)).toBe(0);
    // As singles they stand on their own.
    expect(
      await placedOk(
        await singlePost(t, session, [
          { option: first, stake: 2_00 },
          { option: again, stake: 2_00 },
        ]),
      ),
    ).toHaveLength(2);
    const info = envelopeOf(
      await t.post('/api/piranha/fb/proxy/v1/order/batchBetMatchMarketOfJumpLine', {
        query: signedIn(session),
        body: {
          betMatchMarketList: [first, other, again].map((leg) => ({ type: leg.optionType, matchId: leg.matchId, marketId: leg.marketId })),
          isSelectSeries: true,
        },
      }),
    ).data;
    expect(info.bms.map((entry: { tids: number[] }) => entry.tids[0] === team || entry.tids[1] === team)).toEqual([true, false, true]);
    expect(info.sos).toEqual([]);
  });

  it('refuses a placement without an Idempotency-Key', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const response = await t.post('/api/piranha/fb/proxy/v1/order/bet/singlePass', {
      query: signedIn(session),
      body: { singleBetList: [{ unitStake: 5_00, oddsChange: 0, betOptionList: [{ ...upcoming(), oddsThousandths: undefined }] }] },
    });
    refusedWith(response, 'VALIDATION_FAILED', 'Idempotency-Key');
  });
});

describe('multiples and systems', () => {
  it('places an accumulator and a Trixie on the same three legs with their lines and total stakes', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const legs = [upcoming(), upcoming(), upcoming()];
    const placed = await placedOk(
      await multiplePost(t, session, legs, [
        { seriesValue: 3001, unitStake: 2_00 },
        { seriesValue: 3004, unitStake: 1_00 },
      ]),
    );
    expect(placed.map((bet) => bet.stake)).toEqual([2_00, 4_00]);
    expect(await balanceOf(t, session, 'BRL')).toBe(94_00);
    const { records } = await betRecords(t, session);
    expect(records.map((record) => record.kind).sort()).toEqual(['bet_multi', 'system_bet']);
  });
});

describe('the past-posting guard: no market on an event whose outcome exists', () => {
  it('refuses a pre-match market once its start time has passed, even while the feed still shows it not started', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    // A feed late to say "live" (or replaying its past): the match started a minute ago and still shows not started.
    const late = market1x2(state(), feed.matchAdd({ startsAtMs: CLOCK_START.getTime() - 60_000 }).id, 1);
    refusedWith(await singlePost(t, session, [{ option: late, stake: 5_00 }]), 'MARKET_CLOSED', 'singleBetList.0.betOptionList.0');
    expect(envelopeOf(await singlePost(t, session, [{ option: late, stake: 5_00 }])).data.issue).toBe('match_started');
    refusedWith(await multiplePost(t, session, [upcoming(), late], [{ seriesValue: 2001, unitStake: 2_00 }]), 'MARKET_CLOSED', 'betOptionList.1');
    // At its very start time too: the start is when betting pre-match ends.
    const now = market1x2(state(), feed.matchAdd({ startsAtMs: CLOCK_START.getTime() }).id, 1);
    refusedWith(await singlePost(t, session, [{ option: now, stake: 5_00 }]), 'MARKET_CLOSED');
    expect(await betCount(session.uid)).toBe(0);
    expect(await balanceOf(t, session, 'BRL')).toBe(100_00);
  });

  it('refuses a market of a match with a published result, whatever status the feed shows', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming();
    const live = market1x2(state(), feed.matchAdd({ live: true }).id, 1);
    feed.matchEnd(option.matchId, { home: 2, away: 0 });
    feed.matchEnd(live.matchId, { home: 0, away: 1 });
    // A feed that shows them again as they were before (the replay of issue 14): the result exists, so no bet.
    feed.matchSet(option.matchId, { status: 'notStarted' });
    feed.matchSet(live.matchId, { status: 'live' });
    expect(market1x2(state(), option.matchId, 1).odds).toBeGreaterThan(1);
    const refused = envelopeOf(await singlePost(t, session, [{ option, stake: 5_00 }]));
    expect(refused).toMatchObject({ dm_error: ERRORS.MARKET_CLOSED.code, data: { issue: 'result_published' } });
    refusedWith(await singlePost(t, session, [{ option: market1x2(state(), live.matchId, 1), stake: 5_00 }]), 'MARKET_CLOSED');
    refusedWith(await multiplePost(t, session, [upcoming(), option], [{ seriesValue: 2001, unitStake: 2_00 }]), 'MARKET_CLOSED', 'betOptionList.1');
    expect(await betCount(session.uid)).toBe(0);
    // The slip is told before the player taps: the market shows closed.
    const info = envelopeOf(
      await t.post('/api/piranha/fb/proxy/v1/order/batchBetMatchMarketOfJumpLine', {
        query: signedIn(session),
        body: { betMatchMarketList: [{ type: 1, matchId: option.matchId, marketId: option.marketId }] },
      }),
    ).data;
    expect(info.bms[0]).toMatchObject({ ss: -1, op: { od: 0 } });
  });
});

describe('bet info names the feed version it was read at', () => {
  it('answers the version of the view its odds come from, later after the feed moves, so a slip polling two nodes keeps the newest', async () => {
    const option = upcoming();
    const infoOf = async () =>
      envelopeOf(
        await t.post('/api/piranha/fb/proxy/v1/order/batchBetMatchMarketOfJumpLine', {
          body: { betMatchMarketList: [{ type: option.optionType, matchId: option.matchId, marketId: option.marketId }] },
        }),
      ).data as { ver: number; bms: { op: { od: number } }[] };
    const before = await infoOf();
    expect(before.ver).toBe(state().version());
    feed.matchSet(option.matchId, { status: 'live' });
    const after = await infoOf();
    expect(after.ver).toBe(state().version());
    expect(after.ver).toBeGreaterThan(before.ver);
  });
});

describe('idempotency and concurrency', () => {
  it('answers retries of one key with the first result and places once', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming();
    const key = idempotencyKey();
    const first = await singlePost(t, session, [{ option, stake: 5_00 }], key);
    const answers = await Promise.all(Array.from({ length: 20 }, () => singlePost(t, session, [{ option, stake: 5_00 }], key)));
    for (const answer of answers) expect(answer.json).toEqual(first.json);
    expect(await betCount(session.uid)).toBe(1);
    expect(await balanceOf(t, session, 'BRL')).toBe(95_00);
    refusedWith(await singlePost(t, session, [{ option, stake: 6_00 }], key), 'DUPLICATE_REQUEST');
  });

  it('places exactly one bet when many copies of one key race, the others told it is in progress', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming();
    const key = idempotencyKey();
    const answers = await Promise.all(Array.from({ length: 30 }, () => singlePost(t, session, [{ option, stake: 5_00 }], key)));
    const codes = answers.map((answer) => envelopeOf(answer).dm_error);
    expect(codes.every((code) => code === 0 || code === ERRORS.REQUEST_IN_PROGRESS.code)).toBe(true);
    const accepted = answers.filter((answer) => envelopeOf(answer).dm_error === 0).map((answer) => answer.json);
    expect(accepted.length).toBeGreaterThan(0);
    for (const answer of accepted) expect(answer).toEqual(accepted[0]);
    expect(await betCount(session.uid)).toBe(1);
  });

  it('never overdraws a wallet under 32 concurrent placements: exactly floor(B / s) are accepted', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming();
    const answers = await Promise.all(Array.from({ length: 32 }, () => singlePost(t, session, [{ option, stake: 7_00 }])));
    const codes = answers.map((answer) => envelopeOf(answer).dm_error);
    expect(codes.filter((code) => code === 0)).toHaveLength(14);
    expect(codes.filter((code) => code !== 0).every((code) => code === ERRORS.INSUFFICIENT_FUNDS.code)).toBe(true);
    expect(await balanceOf(t, session, 'BRL')).toBe(2_00);
    expect(await betCount(session.uid)).toBe(14);
    expect(await auditClean(t)).toBe(true);
  });
});

describe('a session ended after the route read it', () => {
  it('moves no money: the statement or transaction that debits checks the session again', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    // This placement reads the session; the next ones within seconds take that read and re-check it where they debit.
    await placedOk(await singlePost(t, session, [{ option: upcoming(), stake: 5_00 }]));
    await t.rows(sql`update sessions set revoked_at = ${t.clock.now().toISOString()}::timestamptz where id = ${session.sessionId}`);
    refusedWith(await singlePost(t, session, [{ option: upcoming(), stake: 5_00 }]), 'SESSION_EXPIRED', 'sid');
    // Two singles in one request: written in one transaction, which checks the session first.
    const two = [
      { option: upcoming(), stake: 2_00 },
      { option: upcoming(), stake: 2_00 },
    ];
    refusedWith(await singlePost(t, session, two), 'SESSION_EXPIRED', 'sid');
    expect(await betCount(session.uid)).toBe(1);
    const [wallet] = await t.rows<{ balance_minor: string }>(sql`select balance_minor from wallets where user_id = ${session.uid} and currency = 'BRL'`);
    expect(Number(wallet!.balance_minor)).toBe(95_00);
    expect(await auditClean(t)).toBe(true);
  });

  it('keeps placing for a live session that was read moments ago, on both paths', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    await placedOk(await singlePost(t, session, [{ option: upcoming(), stake: 5_00 }]));
    await placedOk(await singlePost(t, session, [{ option: upcoming(), stake: 5_00 }]));
    await placedOk(
      await singlePost(t, session, [
        { option: upcoming(), stake: 2_00 },
        { option: upcoming(), stake: 2_00 },
      ]),
    );
    expect(await balanceOf(t, session, 'BRL')).toBe(86_00);
  });
});

describe('an idle session', () => {
  it('must sign in again before a bet: REAUTH_REQUIRED, no bet, no debit (last: it moves the shared clock)', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming();
    t.clock.advance(31 * 60_000);
    refusedWith(await singlePost(t, session, [{ option, stake: 5_00 }]), 'REAUTH_REQUIRED');
    expect(await betCount(session.uid)).toBe(0);
    expect(await balanceOf(t, session, 'BRL')).toBe(100_00);
  });
});
