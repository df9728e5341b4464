/**
 * A game token belongs to the player's session that launched it (decision 016): logging out, ending the session from
 * another device, its expiry and closing the account stop its bets — through the house studio and through the seamless
 * wallet an outside studio calls — while wins and rollbacks of bets already taken still settle. The idle rule for money
 * actions applies when a round starts; renewing the session (a new sid) keeps its games.
 */
import { ERRORS } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletTxnInsert } from '../src/modules/casino/casino-wallet.repository.ts';
import { tokenHashOf } from '../src/modules/casino/casino-wallet.service.ts';
import { sessionIssue, SESSION_RECENT_MS } from '../src/modules/session/session.service.ts';
import { CLOCK_START, DAY_MS, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { CASINO_ENV, CURRENCY, expectLedgerClean, playerWithGame, playRound, uniqueId, walletPost, type Player } from './casino-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  // Tokens that would live 60 days: here only the launching session can end them.
  t = await testAppCreate({ env: { ...CASINO_ENV, CASINO_TOKEN_TTL_MINUTES: String(60 * 24 * 60) } });
});
afterAll(async () => {
  await expectLedgerClean(t);
  await t?.close();
});

const DICE = { target: 5000, direction: 'under' };

/** The wallet balance from the database (the player's own session may be gone). */
async function walletOf(player: Player): Promise<number> {
  const [row] = await t.rows<{ balance_minor: string }>(
    sql`select balance_minor from wallets where user_id = ${player.session.uid} and currency = ${CURRENCY}`,
  );
  return Number(row?.balance_minor ?? 0);
}

function walletBase<T extends Record<string, unknown>>(player: Player, extra: T) {
  return { request_uuid: uniqueId('req'), user: String(player.session.uid), token: player.token, game_code: 'dice', ...extra };
}

function walletBet(player: Player, amount: number) {
  return walletBase(player, { transaction_uuid: uniqueId('bet'), round: uniqueId('round'), round_closed: false, amount, currency: CURRENCY });
}

/** Dates the player's session by the test clock, as a sign-in would: created and present now. */
async function presentNow(player: Player): Promise<void> {
  const now = t.clock.now().toISOString();
  await t.rows(sql`update sessions set created_at = ${now}::timestamptz, active_at = ${now}::timestamptz, last_seen_at = ${now}::timestamptz
    where id = ${player.session.sessionId}`);
}

/** Rounds of the player that took money or may still (void ones never did). */
async function roundsCharged(player: Player): Promise<number> {
  const [row] = await t.rows<{ count: number }>(
    sql`select count(*)::int as count from casino_rounds where user_id = ${player.session.uid} and status <> 'void'`,
  );
  return row!.count;
}

/** Nothing more may be staked with the token: rounds and wallet bets are refused and no money moves. */
async function expectNoNewBets(player: Player, walletStatus = 'RS_ERROR_TOKEN_EXPIRED'): Promise<void> {
  const balance = await walletOf(player);
  const charged = await roundsCharged(player);
  expect(await playRound(t, player, 'dice', 100, DICE)).toMatchObject({ dm_error: ERRORS.CASINO_TOKEN_INVALID.code, data: { field: 'token' } });
  expect((await walletPost(t, 'bet', walletBet(player, 100))).status).toBe(walletStatus);
  expect((await walletPost(t, 'balance', walletBase(player, {}))).status).toBe(walletStatus);
  expect(await walletOf(player)).toBe(balance);
  expect(await roundsCharged(player)).toBe(charged);
}

describe('a game token belongs to the session that launched it', () => {
  it('takes no more rounds or wallet bets after logout, but still settles and rolls back the bets it took', async () => {
    t.clock.set(CLOCK_START);
    const player = await playerWithGame(t, 'dice', 10_000);
    expect((await playRound(t, player, 'dice', 100, DICE)).dm_error).toBe(0);
    const won = walletBet(player, 100);
    const refunded = walletBet(player, 100);
    expect((await walletPost(t, 'bet', won)).status).toBe('RS_OK');
    expect((await walletPost(t, 'bet', refunded)).status).toBe('RS_OK');

    const logout = envelopeOf(await t.post('/api/piranha/user/account/logout', { query: signedIn(player.session), body: {} }));
    expect(logout.dm_error).toBe(0);
    // At once: the studio still holds a read of the session seconds old, and the wallet refuses the stake itself.
    await expectNoNewBets(player);
    // Later: the studio refuses before writing a round.
    t.clock.advance(SESSION_RECENT_MS);
    await expectNoNewBets(player);

    // A provider's credit for a debit we accepted is owed, whatever became of the token.
    const balance = await walletOf(player);
    const win = walletBase(player, {
      transaction_uuid: uniqueId('win'),
      reference_transaction_uuid: won.transaction_uuid,
      round: won.round,
      round_closed: true,
      amount: 300,
      currency: CURRENCY,
    });
    expect(await walletPost(t, 'win', win)).toMatchObject({ status: 'RS_OK', balance: balance + 300 });
    const rollback = walletBase(player, { transaction_uuid: uniqueId('rb'), reference_transaction_uuid: refunded.transaction_uuid, round: refunded.round });
    expect(await walletPost(t, 'rollback', rollback)).toMatchObject({ status: 'RS_OK', balance: balance + 400 });
  });

  it('lets an open Mines round be cashed out after signing in again and relaunching, never with the dead token', async () => {
    t.clock.set(CLOCK_START);
    const player = await playerWithGame(t, 'mines', 10_000);
    const round = await playRound(t, player, 'mines', 1000, { mines: 3 });
    expect(round.data).toMatchObject({ status: 'open', balance_after: 9000 });
    expect(envelopeOf(await t.post('/api/piranha/user/account/logout', { query: signedIn(player.session), body: {} })).dm_error).toBe(0);
    t.clock.advance(SESSION_RECENT_MS);
    const [secret] = await t.rows<{ secret: { minePositions: number[] } }>(sql`select secret from casino_rounds where public_id = ${round.data.round_id}`);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).find((tile) => !secret!.secret.minePositions.includes(tile))!;
    const act = (token: string, action: 'reveal' | 'cashout', tile?: number) =>
      t.post('/api/studio/house/round/action', { body: { token, round_id: round.data.round_id, action, ...(tile === undefined ? {} : { tile }) } });
    expect(envelopeOf(await act(player.token, 'reveal', safe)).dm_error).toBe(ERRORS.CASINO_TOKEN_INVALID.code);

    // The same player in a new session (a sign-in) launches the game again and finds the round waiting.
    const again = await sessionIssue(t.db, player.session.uid, t.clock.now());
    const launch = envelopeOf(await t.get('/api/piranha/pg_game/hall/launch', { query: signedIn(again, { game_platform: 'house', game_id: 'mines' }) }));
    expect(launch.dm_error).toBe(0);
    expect(envelopeOf(await act(launch.data.token, 'reveal', safe)).data).toMatchObject({ status: 'open' });
    const cashed = envelopeOf(await act(launch.data.token, 'cashout'));
    expect(cashed.data).toMatchObject({ status: 'settled' });
    expect(await walletOf(player)).toBe(9000 + cashed.data.win);
  });

  it('takes no more bets once its session is ended from another device', async () => {
    t.clock.set(CLOCK_START);
    const player = await playerWithGame(t, 'dice', 10_000);
    const other = await sessionIssue(t.db, player.session.uid, t.clock.now());
    const ended = envelopeOf(await t.post('/api/piranha/user/account/session/end', { query: signedIn(other), body: { session_id: player.session.sessionId } }));
    expect(ended.dm_error).toBe(0);
    await expectNoNewBets(player);
  });

  it('takes no more bets once its session expired, though the token itself would live on', async () => {
    t.clock.set(CLOCK_START);
    const player = await playerWithGame(t, 'dice', 10_000);
    expect((await playRound(t, player, 'dice', 100, DICE)).dm_error).toBe(0);
    // The session reaches its absolute expiry (30 days after sign-in; the token was given 60).
    await t.rows(sql`update sessions set expires_at = ${t.clock.now().toISOString()}::timestamptz where id = ${player.session.sessionId}`);
    t.clock.advance(1);
    await expectNoNewBets(player);
  });

  it('takes no more bets once the account is closed', async () => {
    t.clock.set(CLOCK_START);
    const player = await playerWithGame(t, 'dice', 10_000);
    const closed = envelopeOf(await t.post('/api/user/account/del_apply', { query: signedIn(player.session), body: { confirm: 1 } }));
    expect(closed.dm_error).toBe(0);
    // The wallet names the reason it already knew: the player is disabled.
    await expectNoNewBets(player, 'RS_ERROR_USER_DISABLED');
  });

  it('names the closed account at once even when the wallet read the token a moment before (decision 089)', async () => {
    t.clock.set(CLOCK_START);
    const player = await playerWithGame(t, 'dice', 10_000);
    // The wallet reads the token for this bet and may answer the next one from that read…
    expect((await walletPost(t, 'bet', walletBet(player, 100))).status).toBe('RS_OK');
    const closed = envelopeOf(await t.post('/api/user/account/del_apply', { query: signedIn(player.session), body: { confirm: 1 } }));
    expect(closed.dm_error).toBe(0);
    // …so the stake's own statement finds the session ended, and the refusal is made from a fresh read.
    const balance = await walletOf(player);
    expect(await walletPost(t, 'bet', walletBet(player, 100))).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', balance });
    expect(await walletOf(player)).toBe(balance);
  });

  it('keeps its games when the session is renewed with a new sid', async () => {
    t.clock.set(CLOCK_START);
    const player = await playerWithGame(t, 'dice', 10_000);
    await presentNow(player);
    // A day later the client renews: a new sid replaces the old one, which stops working a minute after.
    t.clock.advance(DAY_MS);
    try {
      await t.post('/api/piranha/user/account/heartbeat', { query: signedIn(player.session), body: {} });
      const renewed = envelopeOf(await t.get('/api/piranha/user/account/session/renewal', { query: signedIn(player.session) }));
      expect(renewed.data.valid).toBe(1);
      expect(renewed.data.sid).not.toBe(player.session.sid);
      t.clock.advance(2 * 60_000);
      expect(envelopeOf(await t.get('/api/piranha/pg_game/hall/recent/list', { query: signedIn(player.session) })).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
      expect((await playRound(t, player, 'dice', 100, DICE)).dm_error).toBe(0);
      expect((await walletPost(t, 'bet', walletBet(player, 100))).status).toBe('RS_OK');
    } finally {
      t.clock.set(CLOCK_START);
    }
  });
});

describe('the idle rule for money actions applies when a round starts', () => {
  it('asks a player idle past the limit to sign in again, and counts rounds and heartbeats as presence', async () => {
    t.clock.set(CLOCK_START);
    const player = await playerWithGame(t, 'dice', 10_000);
    await presentNow(player);
    try {
      t.clock.advance(31 * 60_000);
      const balance = await walletOf(player);
      expect(await playRound(t, player, 'dice', 100, DICE)).toMatchObject({ dm_error: ERRORS.REAUTH_REQUIRED.code, data: { field: 'sid' } });
      expect((await walletPost(t, 'bet', walletBet(player, 100))).status).toBe('RS_ERROR_TOKEN_EXPIRED');
      expect(await walletOf(player)).toBe(balance);
      expect(await roundsCharged(player)).toBe(0);

      // The player touches the page (heartbeat): present again. Rounds then keep the session present themselves.
      expect(envelopeOf(await t.post('/api/piranha/user/account/heartbeat', { query: signedIn(player.session), body: {} })).dm_error).toBe(0);
      for (let round = 0; round < 3; round += 1) {
        expect((await playRound(t, player, 'dice', 100, DICE)).dm_error).toBe(0);
        t.clock.advance(20 * 60_000);
      }
      expect((await walletPost(t, 'bet', walletBet(player, 100))).status).toBe('RS_OK');
    } finally {
      t.clock.set(CLOCK_START);
    }
  });

  it('takes the bet of a player back from idle at once, though the wallet read the token while they were away', async () => {
    t.clock.set(CLOCK_START);
    const player = await playerWithGame(t, 'dice', 10_000);
    await presentNow(player);
    try {
      t.clock.advance(31 * 60_000);
      expect((await walletPost(t, 'bet', walletBet(player, 100))).status).toBe('RS_ERROR_TOKEN_EXPIRED');
      expect(envelopeOf(await t.post('/api/piranha/user/account/heartbeat', { query: signedIn(player.session), body: {} })).dm_error).toBe(0);
      // The same instant: the read the wallet remembers says idle; a refusal is only ever made from a fresh one.
      const balance = await walletOf(player);
      expect((await walletPost(t, 'bet', walletBet(player, 100))).status).toBe('RS_OK');
      expect(await walletOf(player)).toBe(balance - 100);
    } finally {
      t.clock.set(CLOCK_START);
    }
  });
});

describe('the debit itself checks the session', () => {
  it('writes no bet when the session ended after the token was read', async () => {
    t.clock.set(CLOCK_START);
    const player = await playerWithGame(t, 'dice', 10_000);
    const row = (uuid: string) => ({
      partner: 'house',
      transactionUuid: uuid,
      kind: 'bet',
      userId: player.session.uid,
      currency: CURRENCY,
      amount: 0,
      round: uniqueId('round'),
      gameCode: 'dice',
      requestHash: 'h',
      state: 'open',
    });
    const liveOf = { tokenHash: tokenHashOf(player.token), at: t.clock.now() };
    expect(await walletTxnInsert(t.db, row(uniqueId('live')), undefined, liveOf)).toMatchObject({ sessionLive: true, id: expect.any(Number) });
    // Ended between the wallet's read of the token and the debit: the statement that debits sees it.
    await t.rows(sql`update sessions set revoked_at = ${t.clock.now().toISOString()}::timestamptz where id = ${player.session.sessionId}`);
    const ended = uniqueId('ended');
    expect(await walletTxnInsert(t.db, row(ended), undefined, liveOf)).toMatchObject({ sessionLive: false, id: undefined });
    expect(await t.rows(sql`select id from casino_wallet_txns where transaction_uuid = ${ended}`)).toEqual([]);
  });
});
