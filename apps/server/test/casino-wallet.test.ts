import { createHmac } from 'node:crypto';
import { HEADER_WALLET_PARTNER, HEADER_WALLET_SIGNATURE, SEAMLESS_WALLET_PATHS } from '@piranha/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { groupCommitConfigure, groupCommitStats } from '../src/db/group-commit.ts';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { balanceOf, CASINO_ENV, CURRENCY, expectLedgerClean, HOUSE_SECRET, playerWithGame, uniqueId, walletPost, type Player } from './casino-fixtures.ts';

/** The seamless wallet against the rules of integrations.md §7.1, called over HTTP like an outside studio. */
let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate({ env: CASINO_ENV });
});
afterAll(async () => {
  await expectLedgerClean(t);
  await t?.close();
});

function base<T extends Record<string, unknown>>(player: Player, extra: T = {} as T) {
  return { request_uuid: uniqueId('req'), user: String(player.session.uid), token: player.token, game_code: 'dice', ...extra };
}

function bet(player: Player, amount: number, transaction = uniqueId('bet'), round = uniqueId('round')) {
  return base(player, { transaction_uuid: transaction, round, round_closed: false, amount, currency: CURRENCY });
}

async function casinoTransfers(kind: string): Promise<number> {
  const [row] = await t.rows<{ count: string }>(sql`select count(*) as count from transfers where kind = ${kind}`);
  return Number(row!.count);
}

describe('seamless wallet', () => {
  it('answers the balance', async () => {
    const player = await playerWithGame(t, 'dice', 12_345);
    const body = base(player);
    expect(await walletPost(t, 'balance', body)).toEqual({
      user: body.user,
      status: 'RS_OK',
      request_uuid: body.request_uuid,
      currency: CURRENCY,
      balance: 12_345,
    });
  });

  it('debits once per transaction id: a replay answers the stored response and moves nothing', async () => {
    const player = await playerWithGame(t, 'dice', 10_000);
    const request = bet(player, 700);
    const first = await walletPost(t, 'bet', request);
    expect(first).toMatchObject({ status: 'RS_OK', balance: 9300 });
    const transfersBefore = await casinoTransfers('casino_bet');
    const replay = await walletPost(t, 'bet', { ...request, request_uuid: 'replayed-network-id' });
    expect(replay).toEqual({ ...first, request_uuid: 'replayed-network-id' });
    // Money moved meanwhile: the replay still answers the balance of the first call.
    await walletPost(t, 'bet', bet(player, 300));
    expect((await walletPost(t, 'bet', request)).balance).toBe(9300);
    expect(await balanceOf(t, player.session)).toBe(9000);
    expect(await casinoTransfers('casino_bet')).toBe(transfersBefore + 1);
  });

  it('refuses the same transaction id with a different amount, round or user', async () => {
    const player = await playerWithGame(t, 'dice', 10_000);
    const other = await playerWithGame(t, 'dice', 10_000);
    const request = bet(player, 500);
    await walletPost(t, 'bet', request);
    expect((await walletPost(t, 'bet', { ...request, amount: 501 })).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect((await walletPost(t, 'bet', { ...request, round: 'another-round' })).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    const foreign = await walletPost(t, 'bet', { ...bet(other, 500), transaction_uuid: request.transaction_uuid });
    expect(foreign.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await balanceOf(t, player.session)).toBe(9500);
    expect(await balanceOf(t, other.session)).toBe(10_000);
  });

  it('pays a win against its bet once, and refuses a win without a bet', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    const placed = bet(player, 100);
    await walletPost(t, 'bet', placed);
    const win = base(player, {
      transaction_uuid: uniqueId('win'),
      reference_transaction_uuid: placed.transaction_uuid,
      round: placed.round,
      round_closed: true,
      amount: 250,
      currency: CURRENCY,
    });
    expect(await walletPost(t, 'win', win)).toMatchObject({ status: 'RS_OK', balance: 1150 });
    expect(await walletPost(t, 'win', win)).toMatchObject({ status: 'RS_OK', balance: 1150 });
    expect((await walletPost(t, 'win', { ...win, amount: 999 })).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    const orphan = { ...win, transaction_uuid: uniqueId('win'), reference_transaction_uuid: 'never-placed' };
    expect(await walletPost(t, 'win', orphan)).toMatchObject({ status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', balance: 1150 });
    // The refusal is not stored: once the bet exists, the same win goes through.
    await walletPost(t, 'bet', { ...bet(player, 50), transaction_uuid: 'never-placed', round: placed.round });
    expect(await walletPost(t, 'win', orphan)).toMatchObject({ status: 'RS_OK', balance: 1350 });
  });

  it('takes a bet and its win in one batched call, recorded as the two separate transactions', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    const placed = bet(player, 100);
    const pair = { ...placed, round_closed: true, win_transaction_uuid: uniqueId('win'), win_amount: 250 };
    const first = await walletPost(t, 'bet_win', pair);
    expect(first).toMatchObject({ status: 'RS_OK', balance: 1150 });
    // The whole call replayed, or either half replayed alone, answers what was stored and moves nothing.
    expect(await walletPost(t, 'bet_win', { ...pair, request_uuid: 'again' })).toEqual({ ...first, request_uuid: 'again' });
    expect(await walletPost(t, 'bet', { ...placed, round_closed: true })).toMatchObject({ status: 'RS_OK', balance: 900 });
    const winAlone = base(player, {
      transaction_uuid: pair.win_transaction_uuid,
      reference_transaction_uuid: placed.transaction_uuid,
      round: placed.round,
      round_closed: true,
      amount: 250,
      currency: CURRENCY,
    });
    expect(await walletPost(t, 'win', winAlone)).toMatchObject({ status: 'RS_OK', balance: 1150 });
    expect((await walletPost(t, 'bet_win', { ...pair, win_amount: 251 })).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    // Its bet is settled by its win: no rollback can take the stake back.
    const rollback = base(player, { transaction_uuid: uniqueId('rb'), reference_transaction_uuid: placed.transaction_uuid, round: placed.round });
    expect((await walletPost(t, 'rollback', rollback)).status).toBe('RS_ERROR_ROUND_SETTLED');
    expect(await balanceOf(t, player.session)).toBe(1150);
  });

  it('moves nothing when either half of a batched bet and win is refused', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    const broke = { ...bet(player, 5000), round_closed: true, win_transaction_uuid: uniqueId('win'), win_amount: 9000 };
    expect(await walletPost(t, 'bet_win', broke)).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 1000 });
    // The win id is already someone else's transaction: the bet that went with it is undone too.
    const used = bet(player, 100);
    await walletPost(t, 'bet', used);
    const clash = { ...bet(player, 200), round_closed: true, win_transaction_uuid: used.transaction_uuid, win_amount: 300 };
    expect((await walletPost(t, 'bet_win', clash)).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await balanceOf(t, player.session)).toBe(900);
    const [row] = await t.rows<{ count: string }>(sql`select count(*) as count from casino_wallet_txns where transaction_uuid = ${clash.transaction_uuid}`);
    expect(Number(row!.count)).toBe(0);
  });

  it('records a rollback that arrives before its bet, and refuses the late bet', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    const late = bet(player, 400);
    const rollback = base(player, { transaction_uuid: uniqueId('rb'), reference_transaction_uuid: late.transaction_uuid, round: late.round });
    expect(await walletPost(t, 'rollback', rollback)).toMatchObject({ status: 'RS_OK', balance: 1000 });
    expect(await walletPost(t, 'bet', late)).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', balance: 1000 });
    expect(await balanceOf(t, player.session)).toBe(1000);
  });

  it('rolls a bet back exactly once, however many rollbacks arrive', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    const placed = bet(player, 300);
    await walletPost(t, 'bet', placed);
    const rollback = base(player, { transaction_uuid: uniqueId('rb'), reference_transaction_uuid: placed.transaction_uuid, round: placed.round });
    expect(await walletPost(t, 'rollback', rollback)).toMatchObject({ status: 'RS_OK', balance: 1000 });
    expect(await walletPost(t, 'rollback', rollback)).toMatchObject({ status: 'RS_OK', balance: 1000 });
    const second = { ...rollback, transaction_uuid: uniqueId('rb') };
    expect(await walletPost(t, 'rollback', second)).toMatchObject({ status: 'RS_OK', balance: 1000 });
    expect(await balanceOf(t, player.session)).toBe(1000);
    // A rolled-back bet can be neither replayed nor paid.
    expect((await walletPost(t, 'bet', placed)).status).toBe('RS_OK');
    expect(await balanceOf(t, player.session)).toBe(1000);
    const win = base(player, {
      transaction_uuid: uniqueId('win'),
      reference_transaction_uuid: placed.transaction_uuid,
      round: placed.round,
      round_closed: true,
      amount: 900,
      currency: CURRENCY,
    });
    expect((await walletPost(t, 'win', win)).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await balanceOf(t, player.session)).toBe(1000);
  });

  it('does not roll back a bet that already has its win', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    const placed = bet(player, 100);
    await walletPost(t, 'bet', placed);
    await walletPost(
      t,
      'win',
      base(player, {
        transaction_uuid: uniqueId('win'),
        reference_transaction_uuid: placed.transaction_uuid,
        round: placed.round,
        round_closed: true,
        amount: 0,
        currency: CURRENCY,
      }),
    );
    const rollback = base(player, { transaction_uuid: uniqueId('rb'), reference_transaction_uuid: placed.transaction_uuid, round: placed.round });
    expect(await walletPost(t, 'rollback', rollback)).toMatchObject({ status: 'RS_ERROR_ROUND_SETTLED', balance: 900 });
    expect(await walletPost(t, 'rollback', rollback)).toMatchObject({ status: 'RS_ERROR_ROUND_SETTLED', balance: 900 });
  });

  it('refuses a bet the wallet cannot cover and reports the balance', async () => {
    const player = await playerWithGame(t, 'dice', 250);
    expect(await walletPost(t, 'bet', bet(player, 251))).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 250 });
    expect(await balanceOf(t, player.session)).toBe(250);
  });

  it('never overdraws under concurrent debits: exactly floor(balance / stake) succeed', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    const results = await Promise.all(Array.from({ length: 32 }, () => walletPost(t, 'bet', bet(player, 70))));
    const accepted = results.filter((result) => result.status === 'RS_OK').length;
    expect(accepted).toBe(Math.floor(1000 / 70));
    expect(results.filter((result) => result.status !== 'RS_OK').every((result) => result.status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toBe(true);
    expect(await balanceOf(t, player.session)).toBe(1000 - accepted * 70);
  });

  it('applies 20 concurrent replays of one bet exactly once', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    const request = bet(player, 10);
    const results = await Promise.all(Array.from({ length: 20 }, () => walletPost(t, 'bet', request)));
    expect(results.every((result) => result.status === 'RS_OK' && result.balance === 990)).toBe(true);
    expect(await balanceOf(t, player.session)).toBe(990);
  });

  it('checks the signature on the raw bytes before anything else', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    const request = bet(player, 100);
    expect((await walletPost(t, 'bet', request, { secret: 'not-the-secret' })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await walletPost(t, 'bet', request, { signature: 'zz' })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    // Re-serialising the same JSON with other whitespace changes the bytes: the old signature no longer fits.
    const raw = JSON.stringify(request);
    const signature = (await import('node:crypto')).createHmac('sha256', 'casino-test-house-secret-0123456789abcdef').update(raw).digest('hex');
    expect((await walletPost(t, 'bet', undefined, { raw: JSON.stringify(request, null, 1), signature })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await walletPost(t, 'bet', request, { partner: 'nobody' })).status).toBe('RS_ERROR_INVALID_PARTNER');
    expect(await balanceOf(t, player.session)).toBe(1000);
  });

  it('refuses malformed, mistyped, foreign and expired requests without moving money', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    const other = await playerWithGame(t, 'dice', 1000);
    expect((await walletPost(t, 'bet', undefined, { raw: '{"amount": 1' })).status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await walletPost(t, 'bet', { ...bet(player, 100), amount: '100' })).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await walletPost(t, 'bet', { ...bet(player, 100), amount: -5 })).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await walletPost(t, 'bet', { ...bet(player, 100), extra: 1 })).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await walletPost(t, 'bet', { ...bet(player, 100), currency: 'USD' })).status).toBe('RS_ERROR_WRONG_CURRENCY');
    expect((await walletPost(t, 'bet', { ...bet(player, 100), game_code: 'crash' })).status).toBe('RS_ERROR_INVALID_GAME');
    expect((await walletPost(t, 'bet', { ...bet(player, 100), token: other.token })).status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await walletPost(t, 'bet', { ...bet(player, 100), user: '0' })).status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await walletPost(t, 'bet', { ...bet(player, 100), is_free: true })).status).toBe('RS_ERROR_WRONG_TYPES');
    expect(await balanceOf(t, player.session)).toBe(1000);
  });

  it('refuses a NUL or a lone surrogate in any field, which could not be stored, without moving money', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    for (const field of ['transaction_uuid', 'round', 'request_uuid', 'game_code', 'currency'] as const) {
      for (const character of ['\u0000', '\uDC00']) {
        const request = bet(player, 100);
        const answer = await walletPost(t, 'bet', { ...request, [field]: `${request[field]}${character}` });
        expect(answer.status, `${field} with U+${character.charCodeAt(0).toString(16)}`).toBe('RS_ERROR_WRONG_TYPES');
      }
    }
    const deep = `{"request_uuid":"r1","extra":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    expect((await walletPost(t, 'bet', undefined, { raw: deep })).status).toBe('RS_ERROR_WRONG_TYPES');
    expect(await balanceOf(t, player.session)).toBe(1000);
  });

  it('refuses new bets on an expired token but still settles and rolls back (they may come late)', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    const placed = bet(player, 100);
    await walletPost(t, 'bet', placed);
    const open = bet(player, 100);
    await walletPost(t, 'bet', open);
    t.clock.advance(13 * 3600 * 1000);
    try {
      expect((await walletPost(t, 'bet', bet(player, 100))).status).toBe('RS_ERROR_TOKEN_EXPIRED');
      const win = base(player, {
        transaction_uuid: uniqueId('win'),
        reference_transaction_uuid: placed.transaction_uuid,
        round: placed.round,
        round_closed: true,
        amount: 300,
        currency: CURRENCY,
      });
      expect(await walletPost(t, 'win', win)).toMatchObject({ status: 'RS_OK', balance: 1100 });
      const rollback = base(player, { transaction_uuid: uniqueId('rb'), reference_transaction_uuid: open.transaction_uuid, round: open.round });
      expect(await walletPost(t, 'rollback', rollback)).toMatchObject({ status: 'RS_OK', balance: 1200 });
    } finally {
      t.clock.advance(-13 * 3600 * 1000);
    }
  });
});

describe('wallet calls as one statement, batched (decision 074)', () => {
  const betWin = (player: Player, amount: number, win: number) => ({
    ...bet(player, amount),
    round_closed: true,
    win_transaction_uuid: uniqueId('win'),
    win_amount: win,
  });

  /** `calls` of one player in one batch: their answers, and the batcher's counts meanwhile. */
  async function inOneBatch(calls: readonly { call: 'bet' | 'bet_win'; body: Record<string, unknown> }[]) {
    const before = groupCommitStats(t.db);
    groupCommitConfigure(t.db, { enabled: true, maxBatch: calls.length, maxWaitMs: 600_000 });
    let answers: Awaited<ReturnType<typeof walletPost>>[];
    try {
      answers = await Promise.all(calls.map(({ call, body }) => walletPost(t, call, body)));
    } finally {
      groupCommitConfigure(t.db, { enabled: true });
    }
    const after = groupCommitStats(t.db);
    return { answers, batches: after.batches - before.batches, members: after.members - before.members, fallbacks: after.fallbacks - before.fallbacks };
  }

  it('a storm of bets on one wallet in one batch without savepoints: exactly what the balance covers is taken, the rest refused alone', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    const calls = Array.from({ length: 8 }, () => ({ call: 'bet' as const, body: bet(player, 300) }));
    const { answers, batches, members, fallbacks } = await inOneBatch(calls);
    // The refusals roll the savepoint-free batch back once; run again with savepoints, each is decided alone.
    expect([batches, members, fallbacks]).toEqual([1, 8, 1]);
    expect(answers.filter((answer) => answer.status === 'RS_OK')).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(5);
    // Each stake's stored answer is the balance it left: 700, 400, 100, once each.
    expect(
      answers
        .filter((answer) => answer.status === 'RS_OK')
        .map((answer) => answer.balance)
        .sort((a, b) => b - a),
    ).toEqual([700, 400, 100]);
    expect(await balanceOf(t, player.session)).toBe(100);
    for (const [index, { body }] of calls.entries()) {
      if (answers[index]!.status === 'RS_OK')
        expect(await walletPost(t, 'bet', { ...body, request_uuid: 'again' })).toEqual({ ...answers[index], request_uuid: 'again' });
    }
    const [rows] = await t.rows<{ n: number }>(sql`select count(*)::int as n from casino_wallet_txns where user_id = ${player.session.uid}`);
    expect(rows!.n).toBe(3);
    await expectLedgerClean(t);
  });

  it('a storm on one wallet in one batch: bets and bets with wins, the uncovered refused alone, the balance and the stored answers exact', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    // At most 1000 + 2 × 150 can be staked: 4 of the 300s at most, so some are refused whatever the order.
    const calls = [
      ...Array.from({ length: 6 }, () => ({ call: 'bet' as const, body: bet(player, 300), net: -300 })),
      ...Array.from({ length: 2 }, () => ({ call: 'bet_win' as const, body: betWin(player, 100, 250), net: 150 })),
    ];
    const { answers, batches, members } = await inOneBatch(calls);
    // A bet with its win is a transaction: the mixed batch runs with savepoints.
    expect([batches, members]).toEqual([1, calls.length]);
    const ok = answers.map((answer) => answer.status === 'RS_OK');
    expect(answers.filter((answer, index) => !ok[index]).every((answer) => answer.status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toBe(true);
    expect(ok.filter(Boolean).length).toBeGreaterThanOrEqual(3);
    const expected = 1000 + calls.reduce((sum, { net }, index) => sum + (ok[index] ? net : 0), 0);
    expect(await balanceOf(t, player.session)).toBe(expected);
    // Every answer given is the answer stored: replayed, each says the same; the refused left no row.
    for (const [index, { call, body }] of calls.entries()) {
      if (ok[index]) expect(await walletPost(t, call, { ...body, request_uuid: 'again' })).toEqual({ ...answers[index], request_uuid: 'again' });
    }
    const [rows] = await t.rows<{ n: number }>(sql`select count(*)::int as n from casino_wallet_txns where user_id = ${player.session.uid}`);
    expect(rows!.n).toBe(calls.reduce((sum, { call }, index) => sum + (ok[index] ? (call === 'bet' ? 1 : 2) : 0), 0));
    await expectLedgerClean(t);
  });

  it('a storm of bets with their wins in one batch without savepoints: each stake covered alone, both answers stored exact (decision 086)', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    // Each round stakes 300 and wins 100 back: 1000 → 800 → 600 → 400 → 200, and then a stake of 300 is not covered
    // although its win would leave 0 — the stake is taken before its win.
    const calls = Array.from({ length: 6 }, () => ({ call: 'bet_win' as const, body: betWin(player, 300, 100) }));
    const { answers, batches, members, fallbacks } = await inOneBatch(calls);
    // One statement each, batched without savepoints; the refusals roll it back once and decide again in savepoints.
    expect([batches, members, fallbacks]).toEqual([1, 6, 1]);
    const ok = answers.filter((answer) => answer.status === 'RS_OK');
    expect(ok.map((answer) => answer.balance).sort((a, b) => b - a)).toEqual([800, 600, 400, 200]);
    expect(answers.filter((answer) => answer.status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(2);
    expect(await balanceOf(t, player.session)).toBe(200);
    for (const [index, { body }] of calls.entries()) {
      if (answers[index]!.status !== 'RS_OK') continue;
      // The whole call replays its win's answer; its bet alone, the balance the stake left (before the win).
      expect(await walletPost(t, 'bet_win', { ...body, request_uuid: 'again' })).toEqual({ ...answers[index], request_uuid: 'again' });
      const { win_transaction_uuid: _win, win_amount: _amount, ...betAlone } = body;
      expect(await walletPost(t, 'bet', { ...betAlone, request_uuid: 'again' })).toMatchObject({ status: 'RS_OK', balance: answers[index]!.balance - 100 });
    }
    // Two rows per round taken, the win's after its bet's; two transfers per round, the win's after the stake's.
    const rows = await t.rows<{ kind: string; transaction_uuid: string; reference_uuid: string | null; state: string }>(
      sql`select kind, transaction_uuid, reference_uuid, state from casino_wallet_txns where user_id = ${player.session.uid} order by id`,
    );
    expect(rows.map((row) => row.kind)).toEqual(['bet', 'win', 'bet', 'win', 'bet', 'win', 'bet', 'win']);
    for (let index = 0; index < rows.length; index += 2) {
      expect(rows[index + 1]!.reference_uuid).toBe(rows[index]!.transaction_uuid);
      expect(rows[index]!.state).toBe('settled');
    }
    const transfers = await t.rows<{ kind: string }>(
      sql`select t.kind from transfers t where t.external_ref in (select partner || ':' || transaction_uuid from casino_wallet_txns where user_id = ${player.session.uid})
        order by t.id`,
    );
    expect(transfers.map((transfer) => transfer.kind)).toEqual(Array.from({ length: 4 }, () => ['casino_bet', 'casino_win']).flat());
    await expectLedgerClean(t);
  });

  it('counts a bet-with-win against the loss limit as a bet and a win sent apart do', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    const limit = envelopeOf(
      await t.post('/api/piranha/safer_play/limit', { query: signedIn(player.session), body: { kind: 'loss', period: 'day', amount: 100_00 } }),
    );
    expect(limit.dm_error).toBe(0);
    // Each period's window of the loss limits in force (the brand's own and this one) counts the same net loss.
    const lossUsed = async () => {
      const rows = await t.rows<{ used: number }>(
        sql`select distinct used_minor::int as used from player_limit_usage where user_id = ${player.session.uid} and kind = 'loss'`,
      );
      expect(rows).toHaveLength(1);
      return rows[0]!.used;
    };
    expect(await walletPost(t, 'bet_win', betWin(player, 100, 250))).toMatchObject({ status: 'RS_OK', balance: 1150 });
    expect(await lossUsed()).toBe(-150);
    const apart = bet(player, 100);
    await walletPost(t, 'bet', apart);
    const win = base(player, {
      transaction_uuid: uniqueId('win'),
      reference_transaction_uuid: apart.transaction_uuid,
      round: apart.round,
      round_closed: true,
      amount: 250,
      currency: CURRENCY,
    });
    expect(await walletPost(t, 'win', win)).toMatchObject({ status: 'RS_OK', balance: 1300 });
    expect(await lossUsed()).toBe(-300);
    // The stake alone is checked against the limit, before the funds: 100_00 + 300 left; a larger stake is refused
    // whatever its win, and nothing is written.
    const over = betWin(player, 100_00 + 301, 500_00);
    expect(await walletPost(t, 'bet_win', over)).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED', balance: 1300 });
    expect(await lossUsed()).toBe(-300);
    const [taken] = await t.rows<{ n: number }>(sql`select count(*)::int as n from casino_wallet_txns where transaction_uuid = ${over.transaction_uuid}`);
    expect(taken!.n).toBe(0);
  });

  it('eight bets with their wins at once against a loss limit: the stake alone is checked, the net loss counted, exactly four taken', async () => {
    const player = await playerWithGame(t, 'dice', 10_000);
    const limit = envelopeOf(
      await t.post('/api/piranha/safer_play/limit', { query: signedIn(player.session), body: { kind: 'loss', period: 'day', amount: 1000 } }),
    );
    expect(limit.dm_error).toBe(0);
    // Each round stakes 300 and wins 100 back: the loss counted goes 0 → 200 → 400 → 600 → 800, and then a stake of
    // 300 passes the 1,000 whatever its win — in whatever order the eight arrive.
    const answers = await Promise.all(Array.from({ length: 8 }, () => walletPost(t, 'bet_win', betWin(player, 300, 100))));
    expect(answers.filter((answer) => answer.status === 'RS_OK')).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 'RS_ERROR_LIMIT_REACHED')).toHaveLength(4);
    expect(await balanceOf(t, player.session)).toBe(10_000 - 4 * 200);
    const used = await t.rows<{ used: number }>(
      sql`select used_minor::int as used from player_limit_usage where user_id = ${player.session.uid} and kind = 'loss' and period = 'day'`,
    );
    expect(used.map((row) => row.used)).toEqual([800]);
    await expectLedgerClean(t);
  });

  it('applies 20 concurrent replays of one bet once with each its own commit (no batching): the racers are replays', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    const request = bet(player, 10);
    groupCommitConfigure(t.db, { enabled: false });
    let results: Awaited<ReturnType<typeof walletPost>>[];
    try {
      results = await Promise.all(Array.from({ length: 20 }, () => walletPost(t, 'bet', request)));
    } finally {
      groupCommitConfigure(t.db, { enabled: true });
    }
    expect(results.every((result) => result.status === 'RS_OK' && result.balance === 990)).toBe(true);
    expect(await balanceOf(t, player.session)).toBe(990);
    await expectLedgerClean(t);
  });
});

describe('seamless wallet failures', () => {
  it('answers 500 with RS_ERROR_UNKNOWN, not HTTP 200 with the players’ envelope, when it fails on our side', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    // Any unexpected failure will do: here the clock the token check reads throws (a database error goes the same way).
    const wallet = t.built.casino.wallet;
    const now = wallet.now;
    wallet.now = () => {
      throw new Error('the clock failed');
    };
    try {
      const raw = JSON.stringify(bet(player, 100));
      const signature = createHmac('sha256', HOUSE_SECRET).update(raw).digest('hex');
      const answer = await t.post(SEAMLESS_WALLET_PATHS.bet, {
        payload: raw,
        headers: { [HEADER_WALLET_PARTNER]: 'house', [HEADER_WALLET_SIGNATURE]: signature },
      });
      expect(answer.status).toBe(500);
      expect(answer.json).toMatchObject({ status: 'RS_ERROR_UNKNOWN' });
    } finally {
      wallet.now = now;
    }
    expect(await balanceOf(t, player.session)).toBe(1000);
  });
});
