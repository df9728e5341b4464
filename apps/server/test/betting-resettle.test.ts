import { minorUnits, oddsThousandths, systemBetFullCover, systemBetSettle } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betsResettle } from '../src/modules/betting/bet-resettle.service.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
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
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf, idempotencyKey, playerFund } from './payments-fixtures.ts';

/**
 * Resettlement: a finished match's result is corrected (through the operator endpoint, as in a demo, or by the feed
 * itself, as a provider would), and every bet settled under the old result is reversed and settled again, once per
 * revision, with its own transfers — the ledger stays balanced and no wallet goes below zero.
 */

let t: TestApp;
let feed: ManualFeed;
const OPS_TOKEN = 'ops-resettle-test';
const OPS = { authorization: `Bearer ${OPS_TOKEN}` };

beforeAll(async () => {
  feed = feedManualCreate(CLOCK_START.getTime());
  t = await testAppCreate({ feed, env: { BET_LIVE_DELAY_MS: '0', OPS_TOKEN } });
});
afterAll(() => t.close());

const state = () => t.built.sports.state;
const upcoming = (optionType: 1 | 2 | 3 = 1): Option => market1x2(state(), feed.matchAdd().id, optionType);
const workerRun = () => t.built.betting.worker.run();
const single = (option: Option, stake: number) => Math.floor((stake * option.oddsThousandths) / 1000);

type Score = { home: number; away: number };

/** The operator corrects a result: halves as given (first half 0-0 unless said), the next revision unless said. */
async function correct(matchId: number, score: Score, options: { firstHalf?: Score; revision?: number } = {}) {
  const current = feed.results().find((result) => result.matchId === matchId);
  const firstHalf = options.firstHalf ?? { home: 0, away: 0 };
  const answer = envelopeOf(
    await t.post('/api/ops/feed/result', {
      headers: OPS,
      body: {
        match_id: matchId,
        revision: options.revision ?? (current?.revision ?? 1) + 1,
        home: score.home,
        away: score.away,
        period_scores: [
          { pe: 1002, ...firstHalf },
          { pe: 1003, home: score.home - firstHalf.home, away: score.away - firstHalf.away },
        ],
      },
    }),
  );
  await workerRun();
  return answer;
}

/** Every transfer of a bet, oldest first: its placement, settlement and resettlements. */
async function transfersOf(betId: string) {
  return t.rows<{ kind: string; external_ref: string }>(
    sql`select kind, external_ref from transfers where external_ref = ${betId} or external_ref like ${`${betId}:%`} order by id`,
  );
}

async function recordOf(session: IssuedSession, betId: string) {
  for (const isSettled of [true, false]) {
    const found = (await betRecords(t, session, { isSettled })).records.find((record) => record.id === betId);
    if (found) return found;
  }
  throw new Error(`bet ${betId} not in the records`);
}

describe('a corrected result of a single', () => {
  it('turns a won single into a lost one: the winnings come back, the record shows the corrected result', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming(1);
    const [bet] = await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]));
    feed.matchEnd(option.matchId, { home: 2, away: 0 });
    await workerRun();
    const payout = single(option, 10_00);
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00 + payout);
    expect(await recordOf(session, bet!.id)).toMatchObject({ st: 5, sr: 4, payout });

    const answer = await correct(option.matchId, { home: 0, away: 1 });
    expect(answer).toMatchObject({ dm_error: 0, data: { match_id: option.matchId, revision: 2, home: 0, away: 1, changed: 1 } });
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00);
    const record = await recordOf(session, bet!.id);
    expect(record).toMatchObject({ st: 5, sr: 3, payout: 0 });
    expect(record.legs[0]).toMatchObject({ sr: 3, rv: 2, rs: '0-1' });
    const ref = `${bet!.id}:${option.matchId}r2`;
    expect(await transfersOf(bet!.id)).toEqual([
      { kind: 'bet_place', external_ref: expect.any(String) },
      { kind: 'bet_settle', external_ref: bet!.id },
      { kind: 'bet_resettle', external_ref: ref },
      { kind: 'bet_resettle_reverse', external_ref: ref },
    ]);
    expect(await auditClean(t)).toBe(true);
  });

  it('turns a lost single into a won one and pays it', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming(2);
    const [bet] = await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]));
    feed.matchEnd(option.matchId, { home: 2, away: 0 });
    await workerRun();
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00);
    await correct(option.matchId, { home: 1, away: 2 }, { firstHalf: { home: 1, away: 0 } });
    const payout = single(option, 10_00);
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00 + payout);
    expect(await recordOf(session, bet!.id)).toMatchObject({ st: 5, sr: 4, payout, legs: [{ sr: 4, rv: 2, rs: '1-2' }] });
    expect(await auditClean(t)).toBe(true);
  });

  it('changes nothing when the same revision is published again, through the endpoint or as a new object from the feed', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming(1);
    const [bet] = await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]));
    feed.matchEnd(option.matchId, { home: 1, away: 0 });
    await workerRun();
    await correct(option.matchId, { home: 1, away: 1 });
    const balance = await balanceOf(t, session, 'BRL');
    const transfers = await transfersOf(bet!.id);
    expect(transfers.map((transfer) => transfer.kind)).toEqual(['bet_place', 'bet_settle', 'bet_resettle', 'bet_resettle_reverse']);
    // The operator sends revision 2 again: the feed says nothing changed.
    expect(await correct(option.matchId, { home: 1, away: 1 }, { revision: 2 })).toMatchObject({ dm_error: 0, data: { revision: 2, changed: 0 } });
    // A provider repeats its message: a new result object, the same revision. The worker looks, and moves nothing.
    feed.resultRepublish(option.matchId);
    await workerRun();
    expect(await transfersOf(bet!.id)).toEqual(transfers);
    expect(await balanceOf(t, session, 'BRL')).toBe(balance);
    expect(await recordOf(session, bet!.id)).toMatchObject({ sr: 3, payout: 0 });
  });

  it('keeps a cash-out as it stands when the result is corrected', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming(1);
    const [bet] = await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]));
    const cashedOut = envelopeOf(
      await t.post('/api/piranha/fb/proxy/v1/order/cashOut/bet', {
        query: signedIn(session),
        headers: { 'idempotency-key': idempotencyKey() },
        body: { orderId: bet!.id, cashOutStake: 10_00, unitCashOutPayoutStake: 9_50 },
      }),
    );
    expect(cashedOut).toMatchObject({ dm_error: 0, data: { amount: 9_50 } });
    feed.matchEnd(option.matchId, { home: 0, away: 1 });
    await workerRun();
    await correct(option.matchId, { home: 3, away: 1 });
    expect(await balanceOf(t, session, 'BRL')).toBe(99_50);
    expect((await transfersOf(bet!.id)).map((transfer) => transfer.kind)).toEqual(['bet_place', 'bet_cash_out']);
    expect(await recordOf(session, bet!.id)).toMatchObject({ st: 5, sr: 0, payout: 9_50, cash_out: 9_50 });
  });
});

describe('a corrected leg of a multiple or a system bet', () => {
  it('resettles a double on one corrected leg, and again when a later revision corrects it back', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const legs = [upcoming(1), upcoming(1)];
    const [double] = await placedOk(await multiplePost(t, session, legs, [{ seriesValue: 2001, unitStake: 10_00 }]));
    feed.matchEnd(legs[0]!.matchId, { home: 2, away: 1 }, { home: 1, away: 0 });
    feed.matchEnd(legs[1]!.matchId, { home: 1, away: 0 });
    await workerRun();
    const payout = Math.floor((10_00 * legs[0]!.oddsThousandths * legs[1]!.oddsThousandths) / 1_000_000);
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00 + payout);

    await correct(legs[1]!.matchId, { home: 1, away: 1 }, { firstHalf: { home: 1, away: 0 } });
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00);
    const lost = await recordOf(session, double!.id);
    expect(lost).toMatchObject({ kind: 'bet_multi', st: 5, sr: 3, payout: 0 });
    expect(lost.legs.map((leg) => [leg.sr, leg.rv, leg.rs])).toEqual([
      [4, undefined, undefined],
      [3, 2, '1-1'],
    ]);

    // Revision 3 restores the home win: the bet wins again, with transfers of its own.
    await correct(legs[1]!.matchId, { home: 2, away: 1 }, { firstHalf: { home: 1, away: 0 } });
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00 + payout);
    expect(await recordOf(session, double!.id)).toMatchObject({ sr: 4, payout, legs: [{ sr: 4 }, { sr: 4, rv: 3, rs: '2-1' }] });
    expect((await transfersOf(double!.id)).map((transfer) => transfer.external_ref)).toEqual([
      expect.any(String),
      double!.id,
      `${double!.id}:${legs[1]!.matchId}r2`,
      `${double!.id}:${legs[1]!.matchId}r2`,
      `${double!.id}:${legs[1]!.matchId}r3`,
      `${double!.id}:${legs[1]!.matchId}r3`,
    ]);
    expect(await auditClean(t)).toBe(true);
  });

  it('corrects the saved leg of an open double, which then settles on the corrected result', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const legs = [upcoming(1), upcoming(1)];
    const [double] = await placedOk(await multiplePost(t, session, legs, [{ seriesValue: 2001, unitStake: 10_00 }]));
    feed.matchEnd(legs[0]!.matchId, { home: 1, away: 0 });
    await workerRun();
    expect(await recordOf(session, double!.id)).toMatchObject({ st: 4, legs: [{ sr: 4 }, { sr: 0 }] });
    // The first leg was a draw after all: a lost leg decides the double at once.
    await correct(legs[0]!.matchId, { home: 1, away: 1 });
    expect(await recordOf(session, double!.id)).toMatchObject({ st: 5, sr: 3, payout: 0, legs: [{ sr: 3, rv: 2, rs: '1-1' }, { sr: 0 }] });
    expect((await transfersOf(double!.id)).map((transfer) => transfer.kind)).toEqual(['bet_place', 'bet_settle']);
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00);
  });

  it('reopens a double settled early on a lost leg that is corrected to won, and settles it again when the other leg ends', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const legs = [upcoming(1), upcoming(1)];
    const [double] = await placedOk(await multiplePost(t, session, legs, [{ seriesValue: 2001, unitStake: 10_00 }]));
    feed.matchEnd(legs[0]!.matchId, { home: 0, away: 2 });
    await workerRun();
    expect(await recordOf(session, double!.id)).toMatchObject({ st: 5, sr: 3, payout: 0 });
    await correct(legs[0]!.matchId, { home: 2, away: 0 });
    expect(await recordOf(session, double!.id)).toMatchObject({ st: 4, sr: 0, legs: [{ sr: 4, rv: 2 }, { sr: 0 }] });
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00);
    feed.matchEnd(legs[1]!.matchId, { home: 3, away: 0 });
    await workerRun();
    const payout = Math.floor((10_00 * legs[0]!.oddsThousandths * legs[1]!.oddsThousandths) / 1_000_000);
    expect(await recordOf(session, double!.id)).toMatchObject({ st: 5, sr: 4, payout });
    expect(await balanceOf(t, session, 'BRL')).toBe(90_00 + payout);
    expect(await transfersOf(double!.id)).toEqual([
      { kind: 'bet_place', external_ref: expect.any(String) },
      { kind: 'bet_settle', external_ref: double!.id },
      { kind: 'bet_resettle_reverse', external_ref: `${double!.id}:${legs[0]!.matchId}r2` },
      { kind: 'bet_settle', external_ref: `${double!.id}:2` },
    ]);
    expect(await auditClean(t)).toBe(true);
  });

  it('resettles a Trixie line by line when its losing leg is corrected to a winner', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const legs = [upcoming(1), upcoming(1), upcoming(1)];
    const [trixie] = await placedOk(await multiplePost(t, session, legs, [{ seriesValue: 3004, unitStake: 2_00 }]));
    feed.matchEnd(legs[0]!.matchId, { home: 1, away: 0 });
    feed.matchEnd(legs[1]!.matchId, { home: 2, away: 0 });
    feed.matchEnd(legs[2]!.matchId, { home: 0, away: 0 });
    await workerRun();
    const settleOf = (states: ('won' | 'lost')[]) => {
      const settled = systemBetSettle(
        systemBetFullCover('trixie'),
        minorUnits(2_00),
        legs.map((leg, index) => ({ oddsThousandths: oddsThousandths(leg.oddsThousandths), state: states[index]! })),
      );
      if (!settled.ok) throw new Error('not settled');
      return settled.payoutMinor;
    };
    const before = settleOf(['won', 'won', 'lost']);
    expect(await recordOf(session, trixie!.id)).toMatchObject({ st: 5, payout: before });
    await correct(legs[2]!.matchId, { home: 1, away: 0 });
    const after = settleOf(['won', 'won', 'won']);
    expect(await recordOf(session, trixie!.id)).toMatchObject({
      kind: 'system_bet',
      st: 5,
      sr: 4,
      payout: after,
      legs: [{ sr: 4 }, { sr: 4 }, { sr: 4, rv: 2 }],
    });
    expect(await balanceOf(t, session, 'BRL')).toBe(100_00 - 8_00 + after);
    expect(await auditClean(t)).toBe(true);
  });
});

describe('a reversal the wallet cannot cover', () => {
  it('takes what the wallet holds, records the rest as owed on the bet, and collects it when a later revision pays again', async () => {
    const { session } = await playerFund(t, { amountMinor: 30_00 });
    const option = upcoming(1);
    const [bet] = await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]));
    feed.matchEnd(option.matchId, { home: 1, away: 0 });
    await workerRun();
    const payout = single(option, 10_00);
    // The player stakes all but 2.00 of the winnings on another match.
    const spent = 20_00 + payout - 2_00;
    await placedOk(await singlePost(t, session, [{ option: upcoming(1), stake: spent }]));
    expect(await balanceOf(t, session, 'BRL')).toBe(2_00);

    await correct(option.matchId, { home: 0, away: 0 });
    expect(await balanceOf(t, session, 'BRL')).toBe(0);
    expect(await recordOf(session, bet!.id)).toMatchObject({ st: 5, sr: 3, payout: 0 });
    const [owed] = await t.rows<{ taken_minor: string; owed_minor: string }>(
      sql`select taken_minor, owed_minor from bet_resettlements where bet_id = ${bet!.id} order by id desc limit 1`,
    );
    expect({ taken: Number(owed!.taken_minor), owed: Number(owed!.owed_minor) }).toEqual({ taken: 2_00, owed: payout - 2_00 });
    expect(await auditClean(t)).toBe(true);

    // Revision 3: a home win after all. The new credit pays the debt first; the player ends where the win left them.
    await correct(option.matchId, { home: 2, away: 0 });
    expect(await balanceOf(t, session, 'BRL')).toBe(2_00);
    const [settled] = await t.rows<{ owed_minor: string }>(sql`select owed_minor from bet_resettlements where bet_id = ${bet!.id} order by id desc limit 1`);
    expect(Number(settled!.owed_minor)).toBe(0);
    expect(await recordOf(session, bet!.id)).toMatchObject({ sr: 4, payout });
    expect(await auditClean(t)).toBe(true);
  });
});

describe('the operator endpoint', () => {
  it('is refused without the token, and names the field of a bad correction', async () => {
    const matchId = feed.matchAdd().id;
    const post = (body: unknown, headers: Record<string, string> = OPS) => t.post('/api/ops/feed/result', { headers, body }).then(envelopeOf);
    const body = { match_id: matchId, revision: 2, home: 1, away: 0, period_scores: [{ pe: 1003, home: 1, away: 0 }] };
    expect((await post(body, {})).dm_error).toBe(1002);
    expect((await post(body, { authorization: 'Bearer wrong' })).dm_error).toBe(1002);
    expect(await post({ ...body, home: -1 })).toMatchObject({ dm_error: 1001, data: { field: 'home' } });
    expect(await post({ ...body, extra: 1 })).toMatchObject({ dm_error: 1001 });
    expect(await post(body)).toMatchObject({ dm_error: 6013, data: { field: 'match_id' } });
    feed.matchEnd(matchId, { home: 0, away: 0 });
    expect(await post({ ...body, revision: 3 })).toMatchObject({ dm_error: 6014, data: { field: 'revision' } });
    expect(await post({ ...body, home: 2 })).toMatchObject({ dm_error: 6015, data: { field: 'period_scores' } });
    expect(await post(body)).toMatchObject({
      dm_error: 0,
      data: { revision: 2, home: 1, away: 0, period_scores: [{ pe: 1003, home: 1, away: 0 }], changed: 1 },
    });
    await workerRun();
  });
});

describe('exactly once per revision', () => {
  it('resettles every bet once after a crash inside one bet, then a restart with two racing passes', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming(1);
    const placed = await placedOk(
      await singlePost(
        t,
        session,
        Array.from({ length: 6 }, () => ({ option, stake: 2_00 })),
      ),
    );
    feed.matchEnd(option.matchId, { home: 1, away: 0 });
    await workerRun();
    const payout = single(option, 2_00);
    expect(await balanceOf(t, session, 'BRL')).toBe(88_00 + 6 * payout);
    // The worker is not told of the correction: the passes below run by hand, a crashing one first.
    await t.built.betting.worker.stop();
    expect(feed.matchCorrect(option.matchId, { home: 1, away: 2 })).toMatchObject({ ok: true, changed: true });
    // The third bet's writes all run and the process dies before COMMIT.
    const deps = t.built.betting.deps;
    const crashing = depsCrashingBeforeCommit(deps, 3);
    await expect(betsResettle(crashing)).rejects.toThrow('killed before commit');
    const reversals = async () => {
      const counts = await Promise.all(
        placed.map(async (bet) => (await transfersOf(bet.id)).filter((transfer) => transfer.kind === 'bet_resettle_reverse').length),
      );
      return counts;
    };
    const before = await reversals();
    expect(before.every((count) => count <= 1)).toBe(true);
    expect(before.filter((count) => count === 1).length).toBeLessThan(6);
    await Promise.all([betsResettle(deps), betsResettle(deps)]);
    expect(await reversals()).toEqual([1, 1, 1, 1, 1, 1]);
    await betsResettle(deps);
    expect(await reversals()).toEqual([1, 1, 1, 1, 1, 1]);
    expect(await balanceOf(t, session, 'BRL')).toBe(88_00);
    expect(await auditClean(t)).toBe(true);
  });
});
