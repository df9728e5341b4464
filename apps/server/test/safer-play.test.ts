import { ERRORS, type ErrorName } from '@piranha/contract';
import { limitWindowEnd } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { configLoad } from '../src/config.ts';
import { betsSettle } from '../src/modules/betting/bet-settle.service.ts';
import { feedManualCreate, market1x2, placedOk, singlePost, type ManualFeed, type Option } from './betting-fixtures.ts';
import { NO_WAGERING_TERMS } from './bonus-fixtures.ts';
import { CASINO_ENV, expectLedgerClean, fund, playRound, playerWithGame, uniqueId, walletPost, type Player } from './casino-fixtures.ts';
import { groupCommitConfigure, groupCommitStats } from '../src/db/group-commit.ts';
import { CLOCK_START, DAY_MS, envelopeOf, signedIn, testAppCreate, type TestApp, type TestResponse } from './harness.ts';
import { balanceOf, payinCreateRequest, playerFund } from './payments-fixtures.ts';
import { codeMake, emailUnique, PASSWORD, SIGNUP_ACCEPT } from './account-fixtures.ts';

/**
 * Safer play (issue 20, decision 027) through the real routes: limits with cooling periods, enforcement where money
 * enters play (pay-in order, bet, casino debit) with no overshoot under 32 concurrent requests, time-out and
 * self-exclusion, the append-only audit and the operator's read of it.
 */

const OPS_TOKEN = 'safer-play-ops-token';
let t: TestApp;
let feed: ManualFeed;

beforeAll(async () => {
  feed = feedManualCreate(CLOCK_START.getTime());
  t = await testAppCreate({ feed, env: { ...CASINO_ENV, OPS_TOKEN } });
}, 240_000);
afterAll(() => t?.close());

const upcoming = (): Option => market1x2(t.built.sports.state, feed.matchAdd().id, 1);
const SAO_PAULO = 'America/Sao_Paulo';

function refusedWith(response: TestResponse, name: ErrorName) {
  const envelope = envelopeOf(response);
  expect(envelope.dm_error, JSON.stringify(envelope)).toBe(ERRORS[name].code);
  expect(envelope.error_msg.length).toBeGreaterThan(0);
  return envelope;
}

const limitSet = (session: IssuedSession, kind: string, period: string, amount: number | null) =>
  t.post('/api/piranha/safer_play/limit', { query: signedIn(session), body: { kind, period, amount } });
const blockSet = (session: IssuedSession, body: Record<string, unknown>) =>
  t.post('/api/piranha/safer_play/block', { query: signedIn(session), body: { confirm: 1, ...body } });
const stateOf = async (session: IssuedSession) => envelopeOf(await t.get('/api/piranha/safer_play/state', { query: signedIn(session) })).data;
const unix = (at: Date) => Math.floor(at.getTime() / 1000);

describe('the jurisdiction and the limits', () => {
  it('answers the Brazilian profile: 7-day cooling, loss limit asked at sign-up, the national self-exclusion link', async () => {
    const session = await t.session('piranha', { mandatoryLimit: false });
    const state = await stateOf(session);
    expect(state).toMatchObject({ jurisdiction: 'BR', cooling_hours: 168, mandatory_limits: ['loss'], limits_asked_at: 'signup', limits: [], block: null });
    expect(state.national_self_exclusion_url).toMatch(/^https:\/\/www\.gov\.br\//);
  });

  it('applies a decrease at once and holds a raise or removal for the cooling period, then applies it', async () => {
    const session = await t.session();
    expect(envelopeOf(await limitSet(session, 'deposit', 'week', 500_00)).data.limits[0]).toMatchObject({
      kind: 'deposit',
      period: 'week',
      amount: 500_00,
      pending: null,
    });
    expect(envelopeOf(await limitSet(session, 'deposit', 'week', 200_00)).data.limits[0]).toMatchObject({ amount: 200_00, pending: null });
    const raised = envelopeOf(await limitSet(session, 'deposit', 'week', 900_00)).data.limits[0];
    expect(raised).toMatchObject({ amount: 200_00, pending: { amount: 900_00, apply_time: unix(t.clock.now()) + 168 * 3600 } });
    t.clock.advance(168 * 3600 * 1000 - 1000);
    expect((await stateOf(session)).limits[0]).toMatchObject({ amount: 200_00 });
    t.clock.advance(1000);
    expect((await stateOf(session)).limits[0]).toMatchObject({ amount: 900_00, pending: null });
    const removing = envelopeOf(await limitSet(session, 'deposit', 'week', null)).data.limits[0];
    expect(removing).toMatchObject({ amount: 900_00, pending: { amount: null } });
    t.clock.set(CLOCK_START);
  });
});

describe('deposit limits', () => {
  it('refuses the order that would pass the daily limit, naming when it resets, and accepts exactly up to it', async () => {
    const session = await t.session();
    await limitSet(session, 'deposit', 'day', 100_00);
    const pix = (amount: number) => payinCreateRequest(t, session, { channel: 'PIX', amount, currency: 'BRL' });
    expect(envelopeOf(await pix(60_00)).dm_error).toBe(0);
    const refused = refusedWith(await pix(60_00), 'SAFER_DEPOSIT_LIMIT');
    expect(refused.data).toMatchObject({ field: 'day', reset_at: unix(limitWindowEnd('day', t.clock.now(), SAO_PAULO)) });
    expect(envelopeOf(await pix(40_00)).dm_error).toBe(0);
  });

  it('never overshoots under 32 concurrent orders', async () => {
    const session = await t.session();
    await limitSet(session, 'deposit', 'day', 300_00);
    const answers = await Promise.all(Array.from({ length: 32 }, () => payinCreateRequest(t, session, { channel: 'PIX', amount: 30_00, currency: 'BRL' })));
    const codes = answers.map((answer) => envelopeOf(answer).dm_error);
    expect(codes.filter((code) => code === 0)).toHaveLength(10);
    expect(codes.filter((code) => code === ERRORS.SAFER_DEPOSIT_LIMIT.code)).toHaveLength(22);
  });

  it('refuses crypto on a Brazilian brand by the law, not as a missing channel', async () => {
    const session = await t.session();
    refusedWith(await payinCreateRequest(t, session, { channel: 'USDT', amount: 100_00, currency: 'USDT', network: 'TRC20' }), 'SAFER_PAYMENT_FORBIDDEN');
  });
});

describe('wager and loss limits on bets', () => {
  it('accepts exactly up to a wager limit under 32 concurrent placements, and the ledger stays clean', async () => {
    const { session } = await playerFund(t, { amountMinor: 500_00 });
    await limitSet(session, 'wager', 'day', 10_00);
    const option = upcoming();
    const answers = await Promise.all(Array.from({ length: 32 }, () => singlePost(t, session, [{ option, stake: 1_00 }])));
    const codes = answers.map((answer) => envelopeOf(answer).dm_error);
    expect(codes.filter((code) => code === 0)).toHaveLength(10);
    expect(codes.filter((code) => code === ERRORS.SAFER_WAGER_LIMIT.code)).toHaveLength(22);
    expect(await balanceOf(t, session, 'BRL')).toBe(490_00);
    const refused = refusedWith(await singlePost(t, session, [{ option, stake: 1_00 }]), 'SAFER_WAGER_LIMIT');
    expect(refused.data).toMatchObject({ field: 'day', reset_at: unix(limitWindowEnd('day', t.clock.now(), SAO_PAULO)) });
    expect((await stateOf(session)).limits.find((limit: { kind: string }) => limit.kind === 'wager')).toMatchObject({ used: 10_00, amount: 10_00 });
    await expectLedgerClean(t);
  });

  it('several singles at once count their total in their one transaction, all or nothing', async () => {
    const { session } = await playerFund(t, { amountMinor: 500_00 });
    await limitSet(session, 'wager', 'week', 10_00);
    const first = upcoming();
    const second = upcoming();
    refusedWith(
      await singlePost(t, session, [
        { option: first, stake: 6_00 },
        { option: second, stake: 5_00 },
      ]),
      'SAFER_WAGER_LIMIT',
    );
    expect(await balanceOf(t, session, 'BRL')).toBe(500_00);
    const placed = await placedOk(
      await singlePost(t, session, [
        { option: first, stake: 5_00 },
        { option: second, stake: 5_00 },
      ]),
    );
    expect(placed).toHaveLength(2);
    expect((await stateOf(session)).limits.find((limit: { kind: string }) => limit.kind === 'wager')).toMatchObject({ period: 'week', used: 10_00 });
  });

  it('counts only the play after a limit took effect, not the window’s earlier bets (decision 065)', async () => {
    const { session } = await playerFund(t, { amountMinor: 500_00 });
    await placedOk(await singlePost(t, session, [{ option: upcoming(), stake: 8_00 }]));
    await limitSet(session, 'loss', 'day', 10_00);
    await limitSet(session, 'wager', 'day', 12_00);
    const limits = (await stateOf(session)).limits;
    expect(limits.find((limit: { kind: string }) => limit.kind === 'loss')).toMatchObject({ used: 0 });
    expect(limits.find((limit: { kind: string }) => limit.kind === 'wager')).toMatchObject({ used: 0 });
    await placedOk(await singlePost(t, session, [{ option: upcoming(), stake: 10_00 }]));
    refusedWith(await singlePost(t, session, [{ option: upcoming(), stake: 1_00 }]), 'SAFER_LOSS_LIMIT');
    // A decrease of a limit in force keeps what it counted; a removal and a new limit start again from 0.
    await limitSet(session, 'wager', 'day', 11_00);
    expect((await stateOf(session)).limits.find((limit: { kind: string }) => limit.kind === 'wager')).toMatchObject({ amount: 11_00, used: 10_00 });
  });

  it('a winning bet gives loss headroom back', async () => {
    const { session } = await playerFund(t, { amountMinor: 500_00 });
    await limitSet(session, 'loss', 'day', 10_00);
    const option = upcoming();
    await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]));
    refusedWith(await singlePost(t, session, [{ option: upcoming(), stake: 1_00 }]), 'SAFER_LOSS_LIMIT');
    feed.matchEnd(option.matchId, { home: 2, away: 0 });
    await betsSettle(t.built.betting.deps);
    // Staked 10, won more than 10 back: no net loss in the window, shown as 0 used.
    expect((await stateOf(session)).limits[0]).toMatchObject({ kind: 'loss', used: 0 });
    await placedOk(await singlePost(t, session, [{ option: upcoming(), stake: 1_00 }]));
  });
});

describe('casino debits', () => {
  it('refuses the round that would pass a wager limit, with the reset time, and never overshoots under 32 rounds', async () => {
    const player = await playerWithGame(t, 'dice', 0);
    await fund(t, player.session.uid, 100_00);
    await limitSet(player.session, 'wager', 'day', 10_00);
    const rounds = await Promise.all(Array.from({ length: 32 }, () => playRound(t, player, 'dice', 1_00, { target: 5000, direction: 'under' })));
    const codes = rounds.map((round) => round.dm_error);
    expect(codes.filter((code) => code === 0)).toHaveLength(10);
    const refusals = rounds.filter((round) => round.dm_error === ERRORS.SAFER_WAGER_LIMIT.code);
    expect(refusals.length + 10).toBe(32);
    expect(refusals[0]!.data).toMatchObject({ field: 'day', reset_at: unix(limitWindowEnd('day', t.clock.now(), SAO_PAULO)) });
    await expectLedgerClean(t);
  });

  /** A wallet bet of `player`'s game, as an outside studio sends it. */
  const walletBet = (player: Player, amount: number) => ({
    request_uuid: uniqueId('req'),
    user: String(player.session.uid),
    token: player.token,
    game_code: 'dice',
    transaction_uuid: uniqueId('bet'),
    round: uniqueId('round'),
    round_closed: false,
    amount,
    currency: 'BRL',
  });
  const rowsOfTxn = async (uuids: readonly string[]) =>
    (
      await t.rows<{ n: number }>(
        sql`select count(*)::int as n from casino_wallet_txns where transaction_uuid in (${sql.join(
          uuids.map((uuid) => sql`${uuid}`),
          sql`, `,
        )})`,
      )
    )[0]!.n;

  // A paid wallet bet is one statement (decision 074): its refusals are decided in it, in the order of the transaction
  // it replaced — a block, then a limit, then the funds — and a replay is answered before any of them.
  it('refuses a wallet bet for a block before a limit, and for a limit before the funds, writing nothing; a replay is answered first', async () => {
    const player = await playerWithGame(t, 'dice', 0);
    await fund(t, player.session.uid, 5_00);
    await limitSet(player.session, 'wager', 'day', 10_00);
    const paid = walletBet(player, 1_00);
    const first = await walletPost(t, 'bet', paid);
    expect(first).toMatchObject({ status: 'RS_OK', balance: 4_00 });
    // Over the funds and over the limit (1 + 20 > 10): the limit. Over the funds only (1 + 6 ≤ 10): the funds.
    const overBoth = walletBet(player, 20_00);
    const overFunds = walletBet(player, 6_00);
    expect(await walletPost(t, 'bet', overBoth)).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED', balance: 4_00 });
    expect(await walletPost(t, 'bet', overFunds)).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 4_00 });
    // Timed out: a block comes before both.
    await blockSet(player.session, { kind: 'time_out', hours: 24 });
    const blockedBoth = walletBet(player, 20_00);
    const blockedFunds = walletBet(player, 6_00);
    expect(await walletPost(t, 'bet', blockedBoth)).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', balance: 4_00 });
    expect(await walletPost(t, 'bet', blockedFunds)).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', balance: 4_00 });
    // The bet taken before the block is replayed with its stored answer.
    expect(await walletPost(t, 'bet', { ...paid, request_uuid: 'replay' })).toEqual({ ...first, request_uuid: 'replay' });
    // Nothing of the refused was written: no row, no money, no usage beyond the one stake.
    expect(await rowsOfTxn([overBoth, overFunds, blockedBoth, blockedFunds].map((body) => body.transaction_uuid))).toBe(0);
    expect(await balanceOf(t, player.session, 'BRL')).toBe(4_00);
    const [usage] = await t.rows<{ used: number }>(
      sql`select coalesce(sum(used_minor), 0)::int as used from player_limit_usage where user_id = ${player.session.uid} and kind = 'wager'`,
    );
    expect(usage!.used).toBe(1_00);
    await expectLedgerClean(t);
  });

  it('decides the same refusals for wallet bets batched together without savepoints, each its own', async () => {
    const blocked = await playerWithGame(t, 'dice', 0);
    const limited = await playerWithGame(t, 'dice', 0);
    const poor = await playerWithGame(t, 'dice', 0);
    const payer = await playerWithGame(t, 'dice', 0);
    for (const player of [blocked, limited, poor, payer]) await fund(t, player.session.uid, 5_00);
    await limitSet(limited.session, 'wager', 'day', 3_00);
    await blockSet(blocked.session, { kind: 'self_exclusion', months: 6 });
    const bodies = [walletBet(blocked, 6_00), walletBet(limited, 6_00), walletBet(poor, 6_00), walletBet(payer, 2_00)];
    const before = groupCommitStats(t.db);
    groupCommitConfigure(t.db, { enabled: true, maxBatch: 4, maxWaitMs: 600_000 });
    let answers: Awaited<ReturnType<typeof walletPost>>[];
    try {
      answers = await Promise.all(bodies.map((body) => walletPost(t, 'bet', body)));
    } finally {
      groupCommitConfigure(t.db, { enabled: true });
    }
    const after = groupCommitStats(t.db);
    expect(after.batches - before.batches).toBe(1);
    expect(after.fallbacks - before.fallbacks).toBe(1);
    expect(answers.map((answer) => answer.status)).toEqual(['RS_ERROR_USER_DISABLED', 'RS_ERROR_LIMIT_REACHED', 'RS_ERROR_NOT_ENOUGH_MONEY', 'RS_OK']);
    expect(answers.map((answer) => answer.balance)).toEqual([5_00, 5_00, 5_00, 3_00]);
    expect(await Promise.all([blocked, limited, poor, payer].map((player) => balanceOf(t, player.session, 'BRL')))).toEqual([5_00, 5_00, 5_00, 3_00]);
    expect(await rowsOfTxn(bodies.slice(0, 3).map((body) => body.transaction_uuid))).toBe(0);
    await expectLedgerClean(t);
  });
});

describe('time-out and self-exclusion', () => {
  it('a time-out refuses bets, pay-ins and game launches at once, but not sign-in, the balance or the history', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const state = envelopeOf(await blockSet(session, { kind: 'time_out', hours: 24 })).data;
    expect(state.block).toMatchObject({ kind: 'time_out', end_time: unix(t.clock.now()) + 24 * 3600 });
    const refused = refusedWith(await singlePost(t, session, [{ option: upcoming(), stake: 1_00 }]), 'SAFER_TIMED_OUT');
    expect(refused.data.reset_at).toBe(unix(t.clock.now()) + 24 * 3600);
    refusedWith(await payinCreateRequest(t, session, { channel: 'PIX', amount: 50_00, currency: 'BRL' }), 'SAFER_TIMED_OUT');
    refusedWith(
      await t.get('/api/piranha/pg_game/hall/launch', { query: signedIn(session, { game_platform: 'house', game_id: 'dice', currency: 'KES' }) }),
      'SAFER_TIMED_OUT',
    );
    expect(await balanceOf(t, session, 'BRL')).toBe(100_00);
    expect(envelopeOf(await t.get('/api/piranha/safer_play/state', { query: signedIn(session) })).dm_error).toBe(0);
    // Shortening is refused; once it ends, nothing is in force (idle that long, the player signs in again to bet).
    refusedWith(await blockSet(session, { kind: 'time_out', hours: 24 }), 'SAFER_BLOCK_SHORTER');
    t.clock.advance(DAY_MS - 1000);
    expect((await stateOf(session)).block).not.toBeNull();
    t.clock.advance(1000);
    expect((await stateOf(session)).block).toBeNull();
    t.clock.set(CLOCK_START);
  });

  it('a self-exclusion cannot be shortened or turned into a time-out; a wallet bet from a game already open is refused', async () => {
    const player = await playerWithGame(t, 'dice', 0);
    await fund(t, player.session.uid, 50_00);
    envelopeOf(await blockSet(player.session, { kind: 'self_exclusion', months: 6 }));
    const round = await playRound(t, player, 'dice', 1_00, { target: 5000, direction: 'under' });
    expect(round.dm_error).toBe(ERRORS.SAFER_SELF_EXCLUDED.code);
    expect(round.data.reset_at).toBeGreaterThan(unix(t.clock.now()) + 180 * 86_400);
    refusedWith(await blockSet(player.session, { kind: 'time_out', hours: 48 }), 'SAFER_BLOCK_SHORTER');
    const permanent = envelopeOf(await blockSet(player.session, { kind: 'self_exclusion', months: 'permanent' })).data;
    expect(permanent.block).toMatchObject({ kind: 'self_exclusion', end_time: 0 });
    refusedWith(await blockSet(player.session, { kind: 'self_exclusion', months: 60 }), 'SAFER_BLOCK_SHORTER');
  });

  it('a self-excluded player receives no bonus: a promo code is refused by name', async () => {
    const ops = (path: string, body: unknown) => t.post(`/api/ops/bonus${path}`, { headers: { authorization: `Bearer ${OPS_TOKEN}` }, body });
    expect(envelopeOf(await ops('/campaign/create', { id: 'piranha:safer', kind: 'redeem_code', terms: NO_WAGERING_TERMS })).dm_error).toBe(0);
    const expire = unix(t.clock.now()) + 86_400;
    expect(envelopeOf(await ops('/code/create', { code: 'SAFER-1', campaign_id: 'piranha:safer', uses_max: 5, expire_time: expire })).dm_error).toBe(0);
    const session = await t.session();
    await blockSet(session, { kind: 'self_exclusion', months: 6 });
    refusedWith(await t.post('/api/piranha/bonus/promo_code/use', { query: signedIn(session), body: { code: 'SAFER-1' } }), 'SAFER_SELF_EXCLUDED');
    const [row] = await t.rows<{ n: number }>(sql`select count(*)::int as n from bonuses where user_id = ${session.uid}`);
    expect(row!.n).toBe(0);
    // Another player redeems the same code: the code itself works.
    expect(envelopeOf(await t.post('/api/piranha/bonus/promo_code/use', { query: signedIn(await t.session()), body: { code: 'SAFER-1' } })).dm_error).toBe(0);
  });

  it('a self-excluded player may still withdraw', async () => {
    const { session } = await playerFund(t, { amountMinor: 1000_00, session: await t.player('piranha') });
    const pix = { document_type: 'CPF', document: '390.533.447-05', pix_key_type: 'CPF', pix_key: '39053344705', holder_name: 'Ana Souza' };
    expect(
      envelopeOf(await t.post('/api/piranha/finance/account/elements/set', { query: signedIn(session), body: { channel: 'PIX', elements: pix } })).dm_error,
    ).toBe(0);
    await blockSet(session, { kind: 'self_exclusion', months: 'permanent' });
    const payout = envelopeOf(
      await t.post('/api/piranha/finance/payout/order/create', {
        query: signedIn(session),
        headers: { 'idempotency-key': `safer-${session.uid}` },
        body: { channel: 'PIX', amount: 500_00, currency: 'BRL' },
      }),
    );
    expect(payout.dm_error, JSON.stringify(payout)).toBe(0);
    expect(await balanceOf(t, session, 'BRL')).toBe(500_00);
  });

  it('refuses out-of-range blocks and a block without confirmation', async () => {
    const session = await t.session();
    expect(envelopeOf(await blockSet(session, { kind: 'time_out', hours: 23 })).dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    expect(envelopeOf(await blockSet(session, { kind: 'self_exclusion', months: 5 })).dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    expect(envelopeOf(await blockSet(session, { kind: 'time_out', hours: 48, confirm: 0 })).dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
  });
});

describe('the law in the configuration', () => {
  it('holds a Brazilian brand to 30 idle minutes before money moves, whatever the default or its override', () => {
    const config = configLoad({ MONEY_REAUTH_IDLE_MINUTES: '60', MONEY_REAUTH_IDLE_MINUTES_BY_BRAND: 'tucunare=45,capivara=10,aguila=90' });
    expect(config.moneyReauth.idleMs).toBe(60 * 60_000);
    expect(config.moneyReauth.idleMsByBrand).toMatchObject({ piranha: 30 * 60_000, tucunare: 30 * 60_000, capivara: 10 * 60_000, aguila: 90 * 60_000 });
    // A brand whose law sets nothing keeps the default.
    expect(config.moneyReauth.idleMsByBrand.simba).toBeUndefined();
  });

  it('refuses a setting for a verified fact at boot', () => {
    expect(() => configLoad({ SAFER_PLAY_OVERRIDES: '{"BR":{"signupBonusAllowed":true}}' })).toThrow(/verified fact/);
    expect(configLoad({ SAFER_PLAY_OVERRIDES: '{"MX":{"prizeWithholdingBp":2100}}' }).saferPlayOverrides).toEqual({ MX: { prizeWithholdingBp: 2100 } });
  });
});

describe('the activity statement', () => {
  it('sums deposits, stakes, returns and the net result per day of the brand calendar', async () => {
    const { session } = await playerFund(t, { amountMinor: 200_00 });
    const option = upcoming();
    await placedOk(await singlePost(t, session, [{ option, stake: 10_00 }]));
    await placedOk(await singlePost(t, session, [{ option: upcoming(), stake: 5_00 }]));
    feed.matchEnd(option.matchId, { home: 2, away: 0 });
    await betsSettle(t.built.betting.deps);
    const statement = envelopeOf(await t.get('/api/piranha/safer_play/statement', { query: signedIn(session, { days: '7' }) })).data;
    const payout = Math.floor((10_00 * option.oddsThousandths) / 1000);
    // Ledger rows carry the database's own time, so the day is whichever today is; there is one, and its sums.
    expect(statement.currency).toBe('BRL');
    expect(statement.days).toHaveLength(1);
    expect(statement.days[0]).toMatchObject({ deposits: 200_00, withdrawals: 0, stakes: 15_00, returns: payout, net: payout - 15_00 });
    expect(statement.days[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('the audit', () => {
  it('records who, when, before and after for every change; the operator reads it; nobody rewrites it', async () => {
    const session = await t.session();
    await limitSet(session, 'wager', 'week', 50_00);
    await limitSet(session, 'wager', 'week', 80_00);
    await blockSet(session, { kind: 'time_out', hours: 72 });
    expect(envelopeOf(await t.get('/api/ops/safer_play/history', { query: { uid: String(session.uid) } })).dm_error).toBe(ERRORS.UNAUTHORISED.code);
    const history = envelopeOf(
      await t.get('/api/ops/safer_play/history', { query: { uid: String(session.uid) }, headers: { authorization: `Bearer ${OPS_TOKEN}` } }),
    ).data.list;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['limit', 'limit', 'time_out']);
    expect(history[0]).toMatchObject({ actor: 'player', before: null, after: { kind: 'wager', period: 'week', amount: 50_00 }, time: unix(t.clock.now()) });
    expect(history[1]).toMatchObject({ before: { amount: 50_00 }, after: { amount: 50_00, pending_amount: 80_00 } });
    await expect(t.rows(sql`update safer_play_audit set actor = 'x' where user_id = ${session.uid}`)).rejects.toThrow(/append-only/);
    await expect(t.rows(sql`delete from safer_play_audit where user_id = ${session.uid}`)).rejects.toThrow(/append-only/);
  });
});

describe('the limit Brazil asks at sign-up', () => {
  const REGISTER = '/api/piranha/user/account/email/register';
  const register = (appKey: string, body: Record<string, unknown>) => t.post(REGISTER, { body: { ...SIGNUP_ACCEPT, ...body }, headers: { 'app-key': appKey } });
  const history = async (uid: number) =>
    envelopeOf(await t.get('/api/ops/safer_play/history', { query: { uid: String(uid) }, headers: { authorization: `Bearer ${OPS_TOKEN}` } })).data.list;

  it('refuses a Brazilian e-mail registration without a loss limit, keeps the code, and stores the limit with its audit row', async () => {
    const email = emailUnique();
    const email_code = await codeMake(t, email, 'register', { appKey: 'piranha' });
    const base = { email, email_code, password: PASSWORD };
    const missing = refusedWith(await register('piranha', base), 'SAFER_SIGNUP_LIMIT_REQUIRED');
    expect(missing.data).toMatchObject({ field: 'safer_limit', issue: 'required_loss' });
    // A deposit limit is welcome, but not the one the law asks for.
    const wrongKind = refusedWith(
      await register('piranha', { ...base, safer_limit: { kind: 'deposit', period: 'day', amount: 100_00 } }),
      'SAFER_SIGNUP_LIMIT_REQUIRED',
    );
    expect(wrongKind.data).toMatchObject({ field: 'safer_limit.kind' });
    expect(envelopeOf(await register('piranha', { ...base, safer_limit: { kind: 'loss', period: 'week', amount: 0 } })).dm_error).toBe(
      ERRORS.VALIDATION_FAILED.code,
    );
    expect((await t.rows(sql`select 1 from account_profiles where email = ${email}`)).length).toBe(0);

    // The refusals spent nothing: the same code opens the account with a loss limit.
    const created = envelopeOf(await register('piranha', { ...base, safer_limit: { kind: 'loss', period: 'week', amount: 200_00 } }));
    expect(created.dm_error, JSON.stringify(created)).toBe(0);
    const session = { uid: created.data.uid as number, sid: created.data.sid as string, sessionId: 0 };
    const state = await stateOf(session);
    expect(state.limits).toEqual([expect.objectContaining({ kind: 'loss', period: 'week', amount: 200_00, currency: 'BRL' })]);
    expect(await history(session.uid)).toEqual([
      expect.objectContaining({
        action: 'limit',
        actor: 'player',
        before: null,
        after: expect.objectContaining({ kind: 'loss', amount: 200_00, at_signup: true }),
      }),
    ]);
  });

  it('opens a Philippine account without a limit', async () => {
    const email = emailUnique();
    const email_code = await codeMake(t, email, 'register', { appKey: 'jeepney' });
    const created = envelopeOf(await register('jeepney', { email, email_code, password: PASSWORD }));
    expect(created.dm_error, JSON.stringify(created)).toBe(0);
    expect(await history(created.data.uid as number)).toEqual([]);
  });
});

describe('the limit Brazil asks of every player before money enters play (decision 057)', () => {
  const launch = (session: IssuedSession) =>
    t.get('/api/piranha/pg_game/hall/launch', { query: signedIn(session, { game_platform: 'house', game_id: 'dice' }) });
  const refusedForLimit = (response: TestResponse) => {
    const refused = refusedWith(response, 'SAFER_LIMIT_REQUIRED');
    expect(refused.data).toMatchObject({ field: 'safer_limit.kind', issue: 'loss' });
  };
  const writtenFor = async (uid: number) =>
    (
      await t.rows<{ orders: number; bets: number; usage: number }>(
        sql`select (select count(*) from payment_orders where user_id = ${uid})::int as orders, (select count(*) from bets where user_id = ${uid})::int as bets,
          (select count(*) from player_limit_usage where user_id = ${uid})::int as usage`,
      )
    )[0];

  it('refuses a Brazilian guest’s pay-in, bets and game launch with nothing written until a loss limit is set, then allows them', async () => {
    const session = await t.session('piranha', { mandatoryLimit: false });
    await fund(t, session.uid, 100_00, 'BRL');
    refusedForLimit(await payinCreateRequest(t, session, { channel: 'PIX', amount: 50_00, currency: 'BRL' }));
    // One selection takes the one-statement placement, two the transaction: both refuse.
    refusedForLimit(await singlePost(t, session, [{ option: upcoming(), stake: 1_00 }]));
    refusedForLimit(
      await singlePost(t, session, [
        { option: upcoming(), stake: 1_00 },
        { option: upcoming(), stake: 2_00 },
      ]),
    );
    refusedForLimit(await launch(session));
    expect(await writtenFor(session.uid)).toEqual({ orders: 0, bets: 0, usage: 0 });
    expect(await balanceOf(t, session, 'BRL')).toBe(100_00);
    // Withdrawal records, the balance and the Safer play page stay open.
    expect((await stateOf(session)).limits).toEqual([]);

    envelopeOf(await limitSet(session, 'loss', 'month', 500_00));
    expect(envelopeOf(await payinCreateRequest(t, session, { channel: 'PIX', amount: 50_00, currency: 'BRL' })).dm_error).toBe(0);
    expect(await placedOk(await singlePost(t, session, [{ option: upcoming(), stake: 1_00 }]))).toHaveLength(1);
    expect(
      await placedOk(
        await singlePost(t, session, [
          { option: upcoming(), stake: 1_00 },
          { option: upcoming(), stake: 2_00 },
        ]),
      ),
    ).toHaveLength(2);
    expect(envelopeOf(await launch(session)).dm_error).toBe(0);
    expect(await balanceOf(t, session, 'BRL')).toBe(100_00 - 4_00);
  });

  it('refuses a house round once the loss limit is gone (its removal applied), with nothing debited', async () => {
    const player = await playerWithGame(t, 'dice', 0);
    await fund(t, player.session.uid, 20_00);
    // A removal applies after the cooling period; written here as applied.
    await t.rows(sql`update player_limits set amount_minor = null where user_id = ${player.session.uid} and kind = 'loss'`);
    const round = await playRound(t, player, 'dice', 1_00, { target: 5000, direction: 'under' });
    expect(round.dm_error, JSON.stringify(round)).toBe(ERRORS.SAFER_LIMIT_REQUIRED.code);
    expect(round.data).toMatchObject({ field: 'safer_limit.kind', issue: 'loss' });
    expect(await balanceOf(t, player.session, 'BRL')).toBe(20_00);
    await expectLedgerClean(t);
  });

  it('leaves Mexican and US-dollar guests without a limit alone', async () => {
    // Other open markets than Brazil (India, once here, is closed: decision 049).
    for (const appKey of ['aguila', 'eaglebet']) {
      const session = await t.session(appKey, { mandatoryLimit: false });
      const { order } = await playerFund(t, { appKey, session });
      expect(order.order_id).toBeTruthy();
      expect(envelopeOf(await launch(session)).dm_error).toBe(0);
      expect(await placedOk(await singlePost(t, session, [{ option: upcoming(), stake: 20_00 }]))).toHaveLength(1);
    }
  });
});

describe('the legal minimum stake (Kenya KES 20, decision 037)', () => {
  it('refuses a Kenyan casino round under KES 20 with nothing debited, accepts KES 20, and leaves other markets to the game’s own minimum', async () => {
    const session = await t.session('simba');
    await fund(t, session.uid, 1_000_00, 'KES');
    const launch = envelopeOf(
      await t.get('/api/piranha/pg_game/hall/launch', { query: signedIn(session, { game_platform: 'house', game_id: 'dice', currency: 'KES' }) }),
    );
    expect(launch.dm_error).toBe(0);
    const kenyan = { session, token: launch.data.token as string };
    const params = { target: 5000, direction: 'under' };
    const under = await playRound(t, kenyan, 'dice', 19_99, params);
    expect(under).toMatchObject({ dm_error: ERRORS.SAFER_STAKE_BELOW_MIN.code, data: { field: 'bet', issue: 'min_2000' } });
    const [before] = await t.rows<{ n: number }>(sql`select count(*)::int as n from casino_rounds where user_id = ${session.uid}`);
    expect(before!.n).toBe(0);
    expect((await playRound(t, kenyan, 'dice', 20_00, params)).dm_error).toBe(0);
    // A Brazilian round of R$ 1.00 is above the game's minimum and no law sets another.
    const brazilian = await playerWithGame(t, 'dice', 10_00);
    expect((await playRound(t, brazilian, 'dice', 1_00, params)).dm_error).toBe(0);
    await expectLedgerClean(t);
  });

  it('refuses a Kenyan seamless-wallet bet under KES 20 from a studio calling from outside, with nothing debited', async () => {
    const session = await t.session('simba');
    await fund(t, session.uid, 1_000_00, 'KES');
    const launch = envelopeOf(
      await t.get('/api/piranha/pg_game/hall/launch', { query: signedIn(session, { game_platform: 'house', game_id: 'dice', currency: 'KES' }) }),
    );
    const bet = (amount: number, extra: Record<string, unknown> = {}) => ({
      request_uuid: uniqueId('req'),
      user: String(session.uid),
      token: launch.data.token as string,
      game_code: 'dice',
      transaction_uuid: uniqueId('bet'),
      round: uniqueId('round'),
      round_closed: false,
      amount,
      currency: 'KES',
      ...extra,
    });
    expect(await walletPost(t, 'bet', bet(19_99))).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED', balance: 1_000_00 });
    // A free round's zero stake is the studio's gift, not a stake the law counts.
    expect((await walletPost(t, 'bet', bet(0, { is_free: true }))).status).not.toBe('RS_ERROR_LIMIT_REACHED');
    expect(await walletPost(t, 'bet', bet(20_00))).toMatchObject({ status: 'RS_OK', balance: 980_00 });
    await expectLedgerClean(t);
  });

  it('puts the law’s minimum before the product’s on a Kenyan bet slip', async () => {
    const session = await t.session('simba');
    await fund(t, session.uid, 1_000_00, 'KES');
    const refused = refusedWith(await singlePost(t, session, [{ option: upcoming(), stake: 19_00 }]), 'SAFER_STAKE_BELOW_MIN');
    expect(refused.data).toMatchObject({ issue: 'min_2000' });
    // Between the law's KES 20 and the product's KES 25, the product's own minimum answers.
    refusedWith(await singlePost(t, session, [{ option: upcoming(), stake: 24_00 }]), 'STAKE_BELOW_MIN');
    expect(envelopeOf(await singlePost(t, session, [{ option: upcoming(), stake: 25_00 }])).dm_error).toBe(0);
  });
});

describe('Mexican prize withholding (a setting, 1 % by default; decision 050)', { timeout: 120_000 }, () => {
  const taxWithheld = async () => {
    const [row] = await t.rows<{ sum: string | null }>(
      sql`select sum(l.amount_minor) as sum from ledger_lines l join ledger_accounts a on a.id = l.account_id where a.house_kind = 'tax_withheld' and a.currency = 'MXN'`,
    );
    return Number(row?.sum ?? 0);
  };

  it('withholds 1 % of each round’s net win into tax_withheld, never of the stake, and the statement shows it', async () => {
    const session = await t.session('aguila');
    await fund(t, session.uid, 1_000_00, 'MXN');
    const launch = envelopeOf(
      await t.get('/api/piranha/pg_game/hall/launch', { query: signedIn(session, { game_platform: 'house', game_id: 'dice', currency: 'MXN' }) }),
    );
    expect(launch.dm_error).toBe(0);
    const base = () => ({ request_uuid: uniqueId('req'), user: String(session.uid), token: launch.data.token as string, game_code: 'dice', currency: 'MXN' });
    const before = await taxWithheld();
    // MXN 100 staked, 250 won: the prize is 150, MXN 1.50 withheld.
    const bet = { ...base(), transaction_uuid: uniqueId('bet'), round: uniqueId('round'), round_closed: false, amount: 100_00 };
    expect(await walletPost(t, 'bet', bet)).toMatchObject({ status: 'RS_OK', balance: 900_00 });
    const win = {
      ...base(),
      transaction_uuid: uniqueId('win'),
      reference_transaction_uuid: bet.transaction_uuid,
      round: bet.round,
      round_closed: true,
      amount: 250_00,
    };
    expect(await walletPost(t, 'win', win)).toMatchObject({ status: 'RS_OK', balance: 1_148_50 });
    expect((await taxWithheld()) - before).toBe(1_50);
    // A round paid in two wins (60, then 90, on a stake of 100) withholds on its net win of 50: MXN 0.50, all on the second.
    const split = { ...base(), transaction_uuid: uniqueId('bet'), round: uniqueId('round'), round_closed: false, amount: 100_00 };
    await walletPost(t, 'bet', split);
    const part = (amount: number) => ({
      ...base(),
      transaction_uuid: uniqueId('win'),
      reference_transaction_uuid: split.transaction_uuid,
      round: split.round,
      round_closed: false,
      amount,
    });
    expect(await walletPost(t, 'win', part(60_00))).toMatchObject({ status: 'RS_OK', balance: 1_108_50 });
    expect(await walletPost(t, 'win', part(90_00))).toMatchObject({ status: 'RS_OK', balance: 1_198_00 });
    expect((await taxWithheld()) - before).toBe(2_00);
    // A bet and its win in one call; a lost round withholds nothing.
    const both = {
      ...base(),
      transaction_uuid: uniqueId('bet'),
      win_transaction_uuid: uniqueId('win'),
      round: uniqueId('round'),
      round_closed: true,
      amount: 10_00,
      win_amount: 30_00,
    };
    expect(await walletPost(t, 'bet_win', both)).toMatchObject({ status: 'RS_OK', balance: 1_217_80 });
    const lost = {
      ...base(),
      transaction_uuid: uniqueId('bet'),
      win_transaction_uuid: uniqueId('win'),
      round: uniqueId('round'),
      round_closed: true,
      amount: 10_00,
      win_amount: 5_00,
    };
    expect(await walletPost(t, 'bet_win', lost)).toMatchObject({ status: 'RS_OK', balance: 1_212_80 });
    expect((await taxWithheld()) - before).toBe(2_20);
    const statement = envelopeOf(await t.get('/api/piranha/safer_play/statement', { query: signedIn(session, { days: '7' }) })).data;
    expect(statement.days[0]).toMatchObject({ stakes: 220_00, returns: 432_80, withheld: 2_20 });
    await expectLedgerClean(t);
  });

  it('withholds nothing on a Brazilian win', async () => {
    const player = await playerWithGame(t, 'dice', 100_00);
    const bet = { request_uuid: uniqueId('req'), user: String(player.session.uid), token: player.token, game_code: 'dice', currency: 'BRL' };
    const both = {
      ...bet,
      transaction_uuid: uniqueId('bet'),
      win_transaction_uuid: uniqueId('win'),
      round: uniqueId('round'),
      round_closed: true,
      amount: 10_00,
      win_amount: 30_00,
    };
    expect(await walletPost(t, 'bet_win', both)).toMatchObject({ status: 'RS_OK', balance: 120_00 });
  });
});
