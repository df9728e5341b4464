import { betList, ERRORS, type ErrorName } from '@piranha/contract';
import { limitWindowEnd, limitWindowStart } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { feedManualCreate, market1x2, placedOk, singlePost, type ManualFeed, type Option } from './betting-fixtures.ts';
import { CASINO_ENV, expectLedgerClean, fund, playRound, playerWithGame } from './casino-fixtures.ts';
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type TestApp, type TestResponse } from './harness.ts';
import { balanceOf, playerFund } from './payments-fixtures.ts';

/**
 * The daily play-time limit (issue 20, decision 054) through the real routes, on a pinned clock moved by the test: the
 * gaps between play actions counted (at most five minutes each, split at the brand's midnight), the limit reached
 * exactly at its boundary, 32 concurrent actions counting one gap once, a raise waiting for the cooling period, and
 * the refusal of bets, casino rounds and launches while the history stays open. The default brand is Brazilian: its
 * day is São Paulo's, its cooling period 7 days, and its idle re-authentication 30 minutes (so no gap here is longer).
 */

let t: TestApp;
let feed: ManualFeed;

beforeAll(async () => {
  feed = feedManualCreate(CLOCK_START.getTime());
  t = await testAppCreate({ feed, env: CASINO_ENV });
}, 240_000);
afterAll(() => t?.close());

const SAO_PAULO = 'America/Sao_Paulo';
const MINUTE_MS = 60_000;
const unix = (at: Date) => Math.floor(at.getTime() / 1000);
/** A match an hour after the clock's now, so moving the clock never starts it before the bet. */
const upcoming = (): Option => market1x2(t.built.sports.state, feed.matchAdd({ startsAtMs: t.clock.now().getTime() + 3_600_000 }).id, 1);

function refusedWith(response: TestResponse, name: ErrorName) {
  const envelope = envelopeOf(response);
  expect(envelope.dm_error, JSON.stringify(envelope)).toBe(ERRORS[name].code);
  expect(envelope.error_msg.length).toBeGreaterThan(0);
  return envelope;
}

const limitSet = (session: IssuedSession, amount: number | null, period = 'day') =>
  t.post('/api/piranha/safer_play/limit', { query: signedIn(session), body: { kind: 'time', period, amount } });
const timeLimitOf = async (session: IssuedSession) =>
  (envelopeOf(await t.get('/api/piranha/safer_play/state', { query: signedIn(session) })).data.limits as { kind: string }[]).find(
    (limit) => limit.kind === 'time',
  );
const bet = (session: IssuedSession) => singlePost(t, session, [{ option: upcoming(), stake: 1_00 }]);
const dayEnd = () => unix(limitWindowEnd('day', t.clock.now(), SAO_PAULO));

/** A funded player with a time limit of `minutes`, the clock at `at`; the first bet starts their clock (it counts 0). */
async function playerTimed(minutes: number, at = CLOCK_START) {
  t.clock.set(at);
  const { session } = await playerFund(t, { amountMinor: 500_00 });
  expect(envelopeOf(await limitSet(session, minutes)).dm_error).toBe(0);
  await placedOk(await bet(session));
  return session;
}

/** The time limit in a state answer (a Brazilian player also holds the law's loss limit, decision 057). */
const timeLimitIn = (state: { limits: { kind: string }[] }) => state.limits.find((limit) => limit.kind === 'time');

describe('the play-time limit', () => {
  it('is minutes a day, shown with the seconds used and when the day resets', async () => {
    t.clock.set(CLOCK_START);
    // Without the loss limit Brazil asks of a player before money enters play (decision 057): the time limit alone.
    const session = await t.session('piranha', { mandatoryLimit: false });
    const state = envelopeOf(await limitSet(session, 45)).data;
    expect(state.limits).toEqual([expect.objectContaining({ kind: 'time', period: 'day', amount: 45, used: 0, reset_time: dayEnd(), pending: null })]);
  });

  it('counts the gaps between bets and refuses the bet at exactly the limit, naming when the day resets', async () => {
    const session = await playerTimed(10);
    t.clock.advance(5 * MINUTE_MS);
    await placedOk(await bet(session));
    t.clock.advance(5 * MINUTE_MS - 1000);
    await placedOk(await bet(session));
    expect(await timeLimitOf(session)).toMatchObject({ used: 599, amount: 10 });
    t.clock.advance(1000);
    const refused = refusedWith(await bet(session), 'SAFER_TIME_LIMIT');
    expect(refused.data).toMatchObject({ field: 'day', issue: 'limit_10', reset_at: dayEnd() });
    // The refused attempt's second was played: the counter shows the limit, never more.
    expect(await timeLimitOf(session)).toMatchObject({ used: 600 });
    t.clock.advance(MINUTE_MS);
    refusedWith(await bet(session), 'SAFER_TIME_LIMIT');
    expect(await timeLimitOf(session)).toMatchObject({ used: 600 });
    // Three bets of 1.00 staked; the refusals took nothing.
    expect(await balanceOf(t, session, 'BRL')).toBe(497_00);
    // The history stays open.
    const list = envelopeOf(await t.post(betList.path, { query: signedIn(session), body: { isSettled: false } }));
    expect(list).toMatchObject({ dm_error: 0, data: { total: 3 } });
    await expectLedgerClean(t);
  });

  it('counts at most five minutes of a longer gap', async () => {
    const session = await playerTimed(60);
    t.clock.advance(20 * MINUTE_MS);
    await placedOk(await bet(session));
    expect(await timeLimitOf(session)).toMatchObject({ used: 300 });
  });

  it('splits a gap at the brand’s midnight: the new day counts only its own part and resets the counter', async () => {
    // 23:58 in São Paulo (UTC−3) on 2 March.
    const session = await playerTimed(10, new Date('2026-03-03T02:58:00Z'));
    t.clock.advance(MINUTE_MS);
    await placedOk(await bet(session));
    expect(await timeLimitOf(session)).toMatchObject({ used: 60 });
    t.clock.advance(3 * MINUTE_MS);
    await placedOk(await bet(session));
    // 23:59 → 00:02: one minute was yesterday's, two are today's.
    expect(t.clock.now().getTime() - limitWindowStart('day', t.clock.now(), SAO_PAULO).getTime()).toBe(2 * MINUTE_MS);
    expect(await timeLimitOf(session)).toMatchObject({ used: 120 });
    const rows = await rowsOf<{ used: number }>(
      t.db,
      sql`select used_minor::int as used from player_limit_usage where user_id = ${session.uid} and kind = 'time' order by window_start`,
    );
    expect(rows.map((row) => row.used)).toEqual([60, 120]);
  });

  it('32 concurrent bets at one instant count the gap since the last action once', async () => {
    const session = await playerTimed(10);
    t.clock.advance(9 * MINUTE_MS);
    // 5 minutes counted (capped), then 4 more after the next bet: 540 of 600 seconds.
    await placedOk(await bet(session));
    t.clock.advance(4 * MINUTE_MS);
    await placedOk(await bet(session));
    expect(await timeLimitOf(session)).toMatchObject({ used: 540 });
    t.clock.advance(30_000);
    const answers = await Promise.all(Array.from({ length: 32 }, () => bet(session)));
    expect(answers.map((answer) => envelopeOf(answer).dm_error)).toEqual(Array.from({ length: 32 }, () => 0));
    expect(await timeLimitOf(session)).toMatchObject({ used: 570 });
    // And past the limit, 32 concurrent bets are all refused and the counter stops at the limit.
    t.clock.advance(MINUTE_MS);
    const late = await Promise.all(Array.from({ length: 32 }, () => bet(session)));
    expect(late.map((answer) => envelopeOf(answer).dm_error)).toEqual(Array.from({ length: 32 }, () => ERRORS.SAFER_TIME_LIMIT.code));
    expect(await timeLimitOf(session)).toMatchObject({ used: 600 });
    await expectLedgerClean(t);
  });

  it('a raise or removal waits the cooling period; a decrease applies at once', async () => {
    const session = await playerTimed(30);
    t.clock.advance(5 * MINUTE_MS);
    await placedOk(await bet(session));
    // Lowered under what was played: the next bet is refused.
    expect(timeLimitIn(envelopeOf(await limitSet(session, 5)).data)).toMatchObject({ kind: 'time', amount: 5, pending: null });
    refusedWith(await bet(session), 'SAFER_TIME_LIMIT');
    const raised = timeLimitIn(envelopeOf(await limitSet(session, 60)).data);
    expect(raised).toMatchObject({ amount: 5, pending: { amount: 60, apply_time: unix(t.clock.now()) + 168 * 3600 } });
    refusedWith(await bet(session), 'SAFER_TIME_LIMIT');
    const removing = timeLimitIn(envelopeOf(await limitSet(session, null)).data);
    expect(removing).toMatchObject({ amount: 5, pending: { amount: null } });
    refusedWith(await bet(session), 'SAFER_TIME_LIMIT');
  });

  it('refuses casino rounds and game launches once the day’s minutes are used up', async () => {
    t.clock.set(CLOCK_START);
    const player = await playerWithGame(t, 'dice', 0);
    await fund(t, player.session.uid, 100_00);
    await limitSet(player.session, 10);
    expect((await playRound(t, player, 'dice', 1_00, { target: 5000, direction: 'under' })).dm_error).toBe(0);
    t.clock.advance(5 * MINUTE_MS);
    expect((await playRound(t, player, 'dice', 1_00, { target: 5000, direction: 'under' })).dm_error).toBe(0);
    t.clock.advance(5 * MINUTE_MS);
    const refused = await playRound(t, player, 'dice', 1_00, { target: 5000, direction: 'under' });
    expect(refused).toMatchObject({ dm_error: ERRORS.SAFER_TIME_LIMIT.code, data: { field: 'day', reset_at: dayEnd() } });
    refusedWith(
      await t.get('/api/piranha/pg_game/hall/launch', { query: signedIn(player.session, { game_platform: 'house', game_id: 'dice' }) }),
      'SAFER_TIME_LIMIT',
    );
    expect(await timeLimitOf(player.session)).toMatchObject({ used: 600 });
    await expectLedgerClean(t);
  });

  it('counts nothing for a player without a time limit', async () => {
    t.clock.set(CLOCK_START);
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    await placedOk(await bet(session));
    t.clock.advance(5 * MINUTE_MS);
    await placedOk(await bet(session));
    expect(await rowsOf(t.db, sql`select 1 from player_limit_usage where user_id = ${session.uid} and kind = 'time'`)).toHaveLength(0);
  });
});
