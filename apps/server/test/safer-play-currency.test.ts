import { ERRORS, type ErrorName } from '@piranha/contract';
import { PLAY_HEARTBEAT_CAP_SECONDS } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { feedManualCreate, market1x2, optionWire, placedOk, singlePost, type ManualFeed, type Option } from './betting-fixtures.ts';
import { CASINO_ENV, expectLedgerClean, fund, playRound } from './casino-fixtures.ts';
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type TestApp, type TestResponse } from './harness.ts';
import { balanceOf, payinCreateRequest } from './payments-fixtures.ts';

/**
 * Limits per currency on a multi-currency brand (issue 20, decision 065): a limit binds the currency it is set in, and
 * money of its kind in a currency without a limit of its own is refused (SAFER_LIMIT_CURRENCY) on every path — pay-in,
 * bet, casino round — with nothing written; a limit set per currency counts only its currency, exactly under 32
 * concurrent bets. Also the game room's heartbeat on the play-time clock, and limits that count only the play after
 * they took effect. Orbit's currencies: USDT (its own), BRL, MXN, PHP, INR.
 */

let t: TestApp;
let feed: ManualFeed;

beforeAll(async () => {
  feed = feedManualCreate(CLOCK_START.getTime());
  t = await testAppCreate({ feed, env: CASINO_ENV });
}, 240_000);
afterAll(() => t?.close());

const BRL_ID = 22;
const upcoming = (): Option => market1x2(t.built.sports.state, feed.matchAdd({ startsAtMs: t.clock.now().getTime() + 3_600_000 }).id, 1);

function refusedWith(response: TestResponse, name: ErrorName) {
  const envelope = envelopeOf(response);
  expect(envelope.dm_error, JSON.stringify(envelope)).toBe(ERRORS[name].code);
  expect(envelope.error_msg.length).toBeGreaterThan(0);
  return envelope;
}

const limitSet = (session: IssuedSession, body: Record<string, unknown>) => t.post('/api/piranha/safer_play/limit', { query: signedIn(session), body });
const stateOf = async (session: IssuedSession) => envelopeOf(await t.get('/api/piranha/safer_play/state', { query: signedIn(session) })).data;
const heartbeat = (session: IssuedSession) => t.post('/api/piranha/safer_play/heartbeat', { query: signedIn(session), body: {} });

function betIn(session: IssuedSession, stake: number, currencyId?: number) {
  return t.post('/api/piranha/fb/proxy/v1/order/bet/singlePass', {
    query: signedIn(session),
    headers: { 'idempotency-key': `cur-${Math.random().toString(36).slice(2)}${Date.now()}` },
    body: {
      singleBetList: [{ unitStake: stake, oddsChange: 0, betOptionList: [optionWire(upcoming())] }],
      ...(currencyId === undefined ? {} : { currencyId }),
    },
  });
}

async function orbitPlayer(): Promise<IssuedSession> {
  const session = await t.session('orbit');
  await fund(t, session.uid, 1_000_00, 'USDT');
  await fund(t, session.uid, 1_000_00, 'BRL');
  return session;
}

async function launchIn(session: IssuedSession, currency: string) {
  return envelopeOf(await t.get('/api/piranha/pg_game/hall/launch', { query: signedIn(session, { game_platform: 'house', game_id: 'dice', currency }) }));
}

describe('a limit binds its currency (decision 065)', () => {
  it('refuses a bet in a currency without a loss limit of its own, with nothing debited, until one is set there', async () => {
    const session = await orbitPlayer();
    expect(envelopeOf(await limitSet(session, { kind: 'loss', period: 'day', amount: 50_00 })).data.limits).toMatchObject([
      { kind: 'loss', currency: 'USDT', amount: 50_00 },
    ]);
    const refused = refusedWith(await betIn(session, 5_00, BRL_ID), 'SAFER_LIMIT_CURRENCY');
    expect(refused.data).toMatchObject({ field: 'currency', issue: 'loss_limit_in_BRL' });
    expect(await balanceOf(t, session, 'BRL')).toBe(1_000_00);
    await placedOk(await betIn(session, 5_00));

    const state = envelopeOf(await limitSet(session, { kind: 'loss', period: 'week', amount: 20_00, currency: 'BRL' })).data;
    expect(state.limits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'loss', period: 'day', currency: 'USDT', amount: 50_00, used: 5_00 }),
        expect.objectContaining({ kind: 'loss', period: 'week', currency: 'BRL', amount: 20_00, used: 0 }),
      ]),
    );
    await placedOk(await betIn(session, 15_00, BRL_ID));
    refusedWith(await betIn(session, 6_00, BRL_ID), 'SAFER_LOSS_LIMIT');
    // Each currency counts its own money: the BRL bets left the USDT limit where it was.
    const after = (await stateOf(session)).limits as { currency: string; used: number }[];
    expect(after.find((limit) => limit.currency === 'USDT')).toMatchObject({ used: 5_00 });
    expect(after.find((limit) => limit.currency === 'BRL')).toMatchObject({ used: 15_00 });
    await expectLedgerClean(t);
  });

  it('refuses a pay-in in another currency than the deposit limit’s, writing no order, and takes it once that currency has one', async () => {
    const session = await t.session('orbit');
    await limitSet(session, { kind: 'deposit', period: 'month', amount: 500_00 });
    const refused = refusedWith(await payinCreateRequest(t, session, { channel: 'PIX', amount: 100_00, currency: 'BRL' }), 'SAFER_LIMIT_CURRENCY');
    expect(refused.data).toMatchObject({ field: 'currency', issue: 'deposit_limit_in_BRL' });
    expect(await t.rows(sql`select 1 from payment_orders where user_id = ${session.uid}`)).toHaveLength(0);
    // A wager limit elsewhere does not bind deposits: only a deposit limit does.
    await limitSet(session, { kind: 'deposit', period: 'day', amount: 180_00, currency: 'BRL' });
    expect(envelopeOf(await payinCreateRequest(t, session, { channel: 'PIX', amount: 100_00, currency: 'BRL' })).dm_error).toBe(0);
    refusedWith(await payinCreateRequest(t, session, { channel: 'PIX', amount: 90_00, currency: 'BRL' }), 'SAFER_DEPOSIT_LIMIT');
  });

  it('refuses a casino round in a currency without a wager limit of its own, with nothing debited', async () => {
    const session = await orbitPlayer();
    const launch = await launchIn(session, 'BRL');
    expect(launch.dm_error).toBe(0);
    await limitSet(session, { kind: 'wager', period: 'day', amount: 100_00 });
    const round = await playRound(t, { session, token: launch.data.token }, 'dice', 1_00, { target: 5000, direction: 'under' });
    expect(round.dm_error, JSON.stringify(round)).toBe(ERRORS.SAFER_LIMIT_CURRENCY.code);
    expect(await balanceOf(t, session, 'BRL')).toBe(1_000_00);
    await limitSet(session, { kind: 'wager', period: 'day', amount: 100_00, currency: 'BRL' });
    const played = await playRound(t, { session, token: launch.data.token }, 'dice', 1_00, { target: 5000, direction: 'under' });
    expect(played.dm_error, JSON.stringify(played)).toBe(0);
    await expectLedgerClean(t);
  });

  it('accepts exactly up to a BRL wager limit under 32 concurrent BRL bets', async () => {
    const session = await orbitPlayer();
    await limitSet(session, { kind: 'wager', period: 'day', amount: 10_00, currency: 'BRL' });
    const answers = await Promise.all(Array.from({ length: 32 }, () => betIn(session, 1_00, BRL_ID)));
    const codes = answers.map((answer) => envelopeOf(answer).dm_error);
    expect(codes.filter((code) => code === 0)).toHaveLength(10);
    expect(codes.filter((code) => code !== 0).every((code) => code === ERRORS.SAFER_WAGER_LIMIT.code)).toBe(true);
    expect(await balanceOf(t, session, 'BRL')).toBe(990_00);
    // The brand's own currency has no wager limit now, while BRL has one: USDT bets are refused the same way.
    refusedWith(await betIn(session, 1_00), 'SAFER_LIMIT_CURRENCY');
    await expectLedgerClean(t);
  });

  it('holds a raise in one currency for the cooling period and leaves the other currency’s limit as it is', async () => {
    t.clock.set(CLOCK_START);
    const session = await t.session('orbit');
    await limitSet(session, { kind: 'wager', period: 'week', amount: 100_00 });
    await limitSet(session, { kind: 'wager', period: 'week', amount: 50_00, currency: 'MXN' });
    const state = envelopeOf(await limitSet(session, { kind: 'wager', period: 'week', amount: 90_00, currency: 'MXN' })).data;
    const cooling = state.cooling_hours as number;
    const of = (limits: { currency: string }[], currency: string) => limits.find((limit) => limit.currency === currency);
    expect(of(state.limits, 'MXN')).toMatchObject({
      amount: 50_00,
      pending: { amount: 90_00, apply_time: Math.floor(t.clock.now().getTime() / 1000) + cooling * 3600 },
    });
    expect(of(state.limits, 'USDT')).toMatchObject({ amount: 100_00, pending: null });
    // A decrease in USDT applies at once, whatever waits in MXN.
    expect(of(envelopeOf(await limitSet(session, { kind: 'wager', period: 'week', amount: 80_00 })).data.limits, 'USDT')).toMatchObject({ amount: 80_00 });
    t.clock.advance(cooling * 3_600_000);
    const later = (await stateOf(session)).limits;
    expect(of(later, 'MXN')).toMatchObject({ amount: 90_00, pending: null });
    expect(of(later, 'USDT')).toMatchObject({ amount: 80_00, pending: null });
    t.clock.set(CLOCK_START);
  });

  it('refuses a currency the brand does not hold, and a currency on a play-time limit', async () => {
    const session = await t.session('orbit');
    expect(
      refusedWith(await limitSet(session, { kind: 'loss', period: 'day', amount: 1_00, currency: 'KES' }), 'SAFER_LIMIT_CURRENCY_INVALID').data,
    ).toMatchObject({
      field: 'currency',
      issue: 'not_offered',
    });
    refusedWith(await limitSet(session, { kind: 'time', period: 'day', amount: 30, currency: 'BRL' }), 'SAFER_LIMIT_CURRENCY_INVALID');
    refusedWith(await limitSet(session, { kind: 'loss', period: 'day', amount: 1_00, currency: 'brl' }), 'VALIDATION_FAILED');
    refusedWith(await limitSet(session, { kind: 'loss', period: 'day', amount: 1_00, currency: 22 }), 'VALIDATION_FAILED');
    expect((await stateOf(session)).limits).toEqual([]);
  });

  it('keeps a single-currency brand as it was: the Brazilian law’s loss limit in BRL lets bets through', async () => {
    const session = await t.session('piranha');
    await fund(t, session.uid, 100_00, 'BRL');
    await placedOk(await singlePost(t, session, [{ option: upcoming(), stake: 1_00 }]));
  });
});

describe('the game room heartbeat (decision 065)', () => {
  it('counts open-game time between beats, clamped, a replayed beat once, and closes the game at the limit', async () => {
    t.clock.set(CLOCK_START);
    const session = await t.session('orbit');
    // Without a time limit nothing is clocked.
    expect(envelopeOf(await heartbeat(session)).data).toEqual({ play_seconds: 0, limit_seconds: null });
    t.clock.advance(120_000);
    await limitSet(session, { kind: 'time', period: 'day', amount: 3 });
    // The two minutes before the limit are not counted: the clock starts when it took effect.
    t.clock.advance(30_000);
    expect(envelopeOf(await heartbeat(session)).data).toEqual({ play_seconds: 30, limit_seconds: 180 });
    // A duplicate or replayed beat at the same instant adds nothing.
    const replays = await Promise.all(Array.from({ length: 8 }, () => heartbeat(session)));
    expect(replays.map((answer) => envelopeOf(answer).data.play_seconds)).toEqual(Array(8).fill(30));
    // A page hidden for ten minutes counts at most the heartbeat's clamp.
    t.clock.advance(600_000);
    expect(envelopeOf(await heartbeat(session)).data.play_seconds).toBe(30 + PLAY_HEARTBEAT_CAP_SECONDS);
    t.clock.advance(60_000);
    expect(envelopeOf(await heartbeat(session)).data.play_seconds).toBe(165);
    t.clock.advance(15_000);
    const closed = refusedWith(await heartbeat(session), 'SAFER_TIME_LIMIT');
    expect(closed.data).toMatchObject({ field: 'day', issue: 'limit_3' });
    t.clock.set(CLOCK_START);
  });

  it('a time limit set again after its removal applied counts from then, not the day’s earlier clocked play', async () => {
    t.clock.set(CLOCK_START);
    const session = await t.session('orbit');
    const cooling = (await stateOf(session)).cooling_hours as number;
    await limitSet(session, { kind: 'time', period: 'day', amount: 60 });
    await limitSet(session, { kind: 'time', period: 'day', amount: null });
    // The removal waits the cooling period; meanwhile the clock still runs.
    t.clock.advance(cooling * 3_600_000 - 60_000);
    await heartbeat(session);
    t.clock.advance(30_000);
    expect(envelopeOf(await heartbeat(session)).data.play_seconds).toBeGreaterThanOrEqual(30);
    t.clock.advance(60_000);
    expect((await stateOf(session)).limits).toEqual([]);
    const again = envelopeOf(await limitSet(session, { kind: 'time', period: 'day', amount: 60 })).data.limits;
    expect(again).toMatchObject([{ kind: 'time', amount: 60, used: 0 }]);
    t.clock.advance(30_000);
    expect(envelopeOf(await heartbeat(session)).data.play_seconds).toBe(30);
    t.clock.set(CLOCK_START);
  });

  it('refuses a beat while a time-out is in force, and a beat signed out', async () => {
    const session = await t.session('orbit');
    await t.post('/api/piranha/safer_play/block', { query: signedIn(session), body: { kind: 'time_out', hours: 24, confirm: 1 } });
    refusedWith(await heartbeat(session), 'SAFER_TIMED_OUT');
    expect(envelopeOf(await t.post('/api/piranha/safer_play/heartbeat', { body: {} })).dm_error).not.toBe(0);
  });
});
