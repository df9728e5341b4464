/**
 * Blackjack through the studio API and the seamless wallet (decision 068): a hand with a split and a double, each
 * extra stake a bet of its own on the same wallet round; illegal steps refused, a replayed step answered once, a
 * double-click of double charged once, a double without the money refused with the round still playable, and an
 * interrupted step recovered either way.
 */
import { ERRORS, HEADER_IDEMPOTENCY_KEY } from '@piranha/contract';
import {
  blackjackApply,
  blackjackDeal,
  blackjackLegal,
  blackjackReplay,
  blackjackShoe,
  blackjackValue,
  blackjackView,
  casinoVerify,
  fairFloatStream,
  type BlackjackAction,
  type BlackjackOutcome,
} from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casinoRoundsRecover } from '../src/modules/casino/casino-studio.service.ts';
import { envelopeOf, testAppCreate, type TestApp } from './harness.ts';
import { balanceOf, CASINO_ENV, CURRENCY, expectLedgerClean, playerWithGame, playRound, walletPost, type Player } from './casino-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate({ env: CASINO_ENV });
});
afterAll(async () => {
  await expectLedgerClean(t);
  await t?.close();
});

type State = ReturnType<typeof blackjackDeal>;

/**
 * Sets a client seed under which the player's next round deals what `wanted` asks for. The test reads the secret
 * server seed from the database (a player cannot); the player's client seed and the nonce fix the rest.
 */
async function dealWhere(player: Player, wanted: (state: State) => boolean): Promise<string> {
  const [seed] = await t.rows<{ server_seed: string; nonce: number }>(
    sql`select server_seed, nonce from casino_fair_seeds where user_id = ${player.session.uid} and active`,
  );
  for (let i = 0; i < 20_000; i += 1) {
    const clientSeed = `bj${i}`;
    const state = blackjackDeal(blackjackShoe(fairFloatStream(seed!.server_seed, clientSeed, seed!.nonce)));
    if (wanted(state)) {
      expect(envelopeOf(await t.post('/api/studio/house/seed/client', { body: { token: player.token, client_seed: clientSeed } })).dm_error).toBe(0);
      return clientSeed;
    }
  }
  throw new Error('no client seed deals that');
}

async function act(player: Player, roundId: string, action: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return envelopeOf(await t.post('/api/studio/house/round/action', { body: { token: player.token, round_id: roundId, action, ...extra }, headers }));
}

async function newPlayer(balance: number): Promise<Player> {
  const player = await playerWithGame(t, 'blackjack', balance);
  // The first call makes the player's seed pair.
  expect(envelopeOf(await t.get('/api/studio/house/session', { query: { token: player.token } })).dm_error).toBe(0);
  return player;
}

const pairToSplit = (state: State) =>
  state.phase === 'player' &&
  blackjackLegal(state).includes('split') &&
  blackjackValue(state.hands[0]!.cards[0]!) !== 1 &&
  // After the split the first hand can still double (it did not make 21 on its second card).
  blackjackLegal(blackjackApply(state, 'split')).includes('double') &&
  blackjackApply(state, 'split').active === 0;

describe('blackjack through the studio', () => {
  it('plays a split and a double: each extra stake is its own wallet bet, the balance follows, the round verifies', async () => {
    const player = await newPlayer(10_000);
    await dealWhere(player, pairToSplit);
    const opened = await playRound(t, player, 'blackjack', 1000, {});
    expect(opened.dm_error).toBe(0);
    expect(opened.data).toMatchObject({ status: 'open', bet: 1000, balance_after: 9000, outcome: { kind: 'blackjack', status: 'open', phase: 'player' } });
    // The hole card stays hidden.
    expect(opened.data.outcome.dealer).toHaveLength(1);
    const roundId = opened.data.round_id;

    // Not legal now: insurance (no ace up), a Mines move, a step for a hand that is not in play.
    const insurance = await act(player, roundId, 'insurance');
    expect(insurance).toMatchObject({ dm_error: ERRORS.BLACKJACK_ACTION_ILLEGAL.code, data: { field: 'action' } });
    expect(insurance.error_msg.length).toBeGreaterThan(0);
    expect((await act(player, roundId, 'reveal', { tile: 1 })).dm_error).toBe(ERRORS.CASINO_ACTION_INVALID.code);
    expect((await act(player, roundId, 'hit', { hand: 1 })).dm_error).toBe(ERRORS.BLACKJACK_ACTION_ILLEGAL.code);
    expect(await balanceOf(t, player.session)).toBe(9000);

    const split = await act(player, roundId, 'split', { hand: 0 });
    expect(split.dm_error).toBe(0);
    expect(split.data).toMatchObject({ status: 'open', bet: 2000, balance_after: 8000 });
    expect(split.data.outcome.hands).toHaveLength(2);
    expect(await balanceOf(t, player.session)).toBe(8000);
    // One split only.
    expect((await act(player, roundId, 'split')).dm_error).toBe(ERRORS.BLACKJACK_ACTION_ILLEGAL.code);

    // Double on the first split hand, sent twice with one Idempotency-Key: one answer, one charge.
    const key = { [HEADER_IDEMPOTENCY_KEY]: `bj-double-${player.session.uid}` };
    const doubled = await act(player, roundId, 'double', { hand: 0 }, key);
    expect(doubled.dm_error).toBe(0);
    const again = await act(player, roundId, 'double', { hand: 0 }, key);
    expect(again).toEqual(doubled);
    const outcome = doubled.data.outcome as BlackjackOutcome;
    expect(outcome.hands[0]).toMatchObject({ bet: 2, doubled: true, fromSplit: true });

    let final = doubled.data;
    if (final.status === 'open') {
      expect(final.outcome.active).toBe(1);
      final = (await act(player, roundId, 'stand', { hand: 1 })).data;
    }
    expect(final).toMatchObject({ status: 'settled', bet: 3000, outcome: { status: 'done' } });
    expect(final.outcome.dealer.length).toBeGreaterThanOrEqual(2);
    const returned = (final.outcome as BlackjackOutcome).hands.reduce((sum, hand) => sum + Math.floor((1000 * hand.returnBp) / 10_000), 0);
    expect(final.win).toBe(returned);
    expect(final.balance_after).toBe(10_000 - 3000 + final.win);
    expect(await balanceOf(t, player.session)).toBe(10_000 - 3000 + final.win);
    expect((await act(player, roundId, 'stand')).dm_error).toBe(ERRORS.CASINO_ROUND_CLOSED.code);

    // The wallet holds the round's three bets, all settled by the closing win (none can be rolled back now).
    const bets = await t.rows<{ transaction_uuid: string; amount: string; state: string }>(
      sql`select transaction_uuid, amount, state from casino_wallet_txns where round = ${roundId} and kind = 'bet' order by id`,
    );
    expect(bets.map((bet) => [bet.transaction_uuid, Number(bet.amount), bet.state])).toEqual([
      [`${roundId}:bet`, 1000, 'settled'],
      [`${roundId}:bet:1`, 1000, 'settled'],
      [`${roundId}:bet:2`, 1000, 'settled'],
    ]);
    const late = await walletPost(t, 'rollback', {
      request_uuid: 'late',
      user: String(player.session.uid),
      token: player.token,
      game_code: 'blackjack',
      transaction_uuid: `${roundId}:late-rollback`,
      reference_transaction_uuid: `${roundId}:bet:2`,
      round: roundId,
    });
    expect(late.status).toBe('RS_ERROR_ROUND_SETTLED');

    // The revealed seed replays the hand in the browser's verifier.
    const rotated = envelopeOf(await t.post('/api/studio/house/seed/rotate', { body: { token: player.token } }));
    expect(
      casinoVerify({
        serverSeed: rotated.data.previous.server_seed,
        serverSeedHash: final.proof.server_seed_hash,
        clientSeed: final.proof.client_seed,
        nonce: final.proof.nonce,
        gameId: 'blackjack',
        params: final.params,
        blackjack: { actions: (final.outcome as BlackjackOutcome).steps.map((step) => step.action) },
      }),
    ).toEqual({ ok: true, outcome: final.outcome });
  });

  it('charges a double-clicked double once', async () => {
    const player = await newPlayer(10_000);
    await dealWhere(player, (state) => state.phase === 'player' && blackjackLegal(state).includes('double'));
    const opened = await playRound(t, player, 'blackjack', 500, {});
    const roundId = opened.data.round_id;
    const clicks = await Promise.all([act(player, roundId, 'double'), act(player, roundId, 'double')]);
    const done = clicks.filter((click) => click.dm_error === 0);
    expect(done).toHaveLength(1);
    const refused = clicks.find((click) => click.dm_error !== 0)!;
    expect([ERRORS.BLACKJACK_ROUND_BUSY.code, ERRORS.CASINO_ROUND_CLOSED.code]).toContain(refused.dm_error);
    expect(done[0]!.data).toMatchObject({ status: 'settled', bet: 1000 });
    expect(await balanceOf(t, player.session)).toBe(10_000 - 1000 + done[0]!.data.win);
    const [bets] = await t.rows<{ n: string }>(sql`select count(*) as n from casino_wallet_txns where round = ${roundId} and kind = 'bet'`);
    expect(Number(bets!.n)).toBe(2);
  });

  it('refuses a double without the money and keeps the round playable', async () => {
    const player = await newPlayer(1000);
    await dealWhere(player, (state) => state.phase === 'player' && blackjackLegal(state).includes('double'));
    const opened = await playRound(t, player, 'blackjack', 1000, {});
    const roundId = opened.data.round_id;
    const refused = await act(player, roundId, 'double');
    expect(refused.dm_error).toBe(ERRORS.INSUFFICIENT_FUNDS.code);
    expect(refused.error_msg.length).toBeGreaterThan(0);
    expect(await balanceOf(t, player.session)).toBe(0);
    const resumed = envelopeOf(await t.get('/api/studio/house/session', { query: { token: player.token } }));
    expect(resumed.data.open_round).toMatchObject({ round_id: roundId, status: 'open' });
    const stood = await act(player, roundId, 'stand');
    expect(stood.data).toMatchObject({ status: 'settled', bet: 1000 });
    expect(await balanceOf(t, player.session)).toBe(stood.data.win);
  });

  it('takes insurance as a half-stake bet when the dealer shows an ace', async () => {
    const player = await newPlayer(10_000);
    await dealWhere(player, (state) => state.phase === 'insurance');
    const opened = await playRound(t, player, 'blackjack', 1000, {});
    expect(opened.data.outcome).toMatchObject({ phase: 'insurance', legal: ['insurance', 'no_insurance'] });
    expect((await act(player, opened.data.round_id, 'hit')).dm_error).toBe(ERRORS.BLACKJACK_ACTION_ILLEGAL.code);
    let view = (await act(player, opened.data.round_id, 'insurance')).data;
    expect(view.bet).toBe(1500);
    while (view.status === 'open') view = (await act(player, opened.data.round_id, 'stand')).data;
    expect(view.status).toBe('settled');
    expect(await balanceOf(t, player.session)).toBe(10_000 - 1500 + view.win);
  });

  it('recovers an interrupted double: rolled back when its stake never arrived, applied when it did', async () => {
    const player = await newPlayer(10_000);
    const canDouble = (state: State) => state.phase === 'player' && blackjackLegal(state).includes('double');
    for (const arrived of [false, true]) {
      await dealWhere(player, canDouble);
      const opened = await playRound(t, player, 'blackjack', 1000, {});
      const roundId = opened.data.round_id;
      const before = await balanceOf(t, player.session);
      // The process died after marking the step, before (or after) the wallet took its stake.
      const [row] = await t.rows<{ secret: { shoe: number[] } }>(sql`select secret from casino_rounds where public_id = ${roundId}`);
      const pending = { action: 'double', hand: 0, step: 1, amount: 1000 };
      await t.rows(
        sql`update casino_rounds set status = 'pending', secret = ${JSON.stringify({ ...row!.secret, pending })}::jsonb where public_id = ${roundId}`,
      );
      if (arrived) {
        const bet = await walletPost(t, 'bet', {
          request_uuid: 'crash',
          user: String(player.session.uid),
          token: player.token,
          game_code: 'blackjack',
          transaction_uuid: `${roundId}:bet:1`,
          round: roundId,
          round_closed: false,
          amount: 1000,
          currency: CURRENCY,
        });
        expect(bet.status).toBe('RS_OK');
      }
      expect((await act(player, roundId, 'stand')).dm_error).toBe(ERRORS.BLACKJACK_ROUND_BUSY.code);
      expect(await casinoRoundsRecover(t.built.casino.studio, { graceMs: 0, userId: player.session.uid })).toBe(1);
      const [after] = await t.rows<{ status: string; outcome: BlackjackOutcome; win: string }>(
        sql`select status, outcome, win from casino_rounds where public_id = ${roundId}`,
      );
      if (!arrived) {
        expect(after!.status).toBe('open');
        expect(after!.outcome.steps).toEqual([]);
        const [tombstone] = await t.rows<{ state: string }>(sql`select state from casino_wallet_txns where transaction_uuid = ${`${roundId}:bet:1`}`);
        expect(tombstone!.state).toBe('rolled_back');
        expect(await balanceOf(t, player.session)).toBe(before);
        const stood = await act(player, roundId, 'stand');
        expect(stood.data.status).toBe('settled');
      } else {
        expect(after!.status).toBe('settled');
        expect(after!.outcome.steps).toEqual([{ action: 'double', hand: 0 }]);
        expect(await balanceOf(t, player.session)).toBe(before - 1000 + Number(after!.win));
      }
    }
  });

  it('replays a round the same way in the domain: every card comes from the committed shoe', () => {
    const shoe = blackjackShoe(fairFloatStream('server', 'client', 3));
    const steps: BlackjackAction[] = [];
    let state = blackjackDeal(shoe);
    while (state.phase !== 'done') {
      const action = blackjackLegal(state).includes('stand') ? 'stand' : 'no_insurance';
      steps.push(action);
      state = blackjackApply(state, action);
    }
    expect(blackjackView(blackjackReplay(shoe, steps))).toEqual(blackjackView(state));
  });
});
