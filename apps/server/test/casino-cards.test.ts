/**
 * Video poker and Hilo (decision 069): open rounds moved on by round/action like Mines — one stake at the start, the
 * win at the end through the seamless wallet, illegal moves refused with a translated error, a replayed move answered
 * once, an interrupted start reopened by recovery, and every hand verifiable once the seed is revealed.
 */
import { ERROR_MESSAGES, HEADER_IDEMPOTENCY_KEY } from '@piranha/contract';
import { casinoVerify, hiloState, videoPokerState, type HiloGuess, type HiloOutcome, type VideoPokerOutcome } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casinoRoundsRecover } from '../src/modules/casino/casino-studio.service.ts';
import { envelopeOf, testAppCreate, type TestApp } from './harness.ts';
import { balanceOf, CASINO_ENV, expectLedgerClean, playerWithGame, playRound, uniqueId, type Player } from './casino-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate({ env: CASINO_ENV });
});
afterAll(async () => {
  await expectLedgerClean(t);
  await t?.close();
});

async function act(player: Player, roundId: string, body: Record<string, unknown>, key?: string) {
  return envelopeOf(
    await t.post('/api/studio/house/round/action', {
      body: { token: player.token, round_id: roundId, ...body },
      ...(key ? { headers: { [HEADER_IDEMPOTENCY_KEY]: key } } : {}),
    }),
  );
}

async function secretCards(roundId: string): Promise<number[]> {
  const [row] = await t.rows<{ secret: { cards: number[] } }>(sql`select secret from casino_rounds where public_id = ${roundId}`);
  return row!.secret.cards;
}

async function roundCount(player: Player): Promise<number> {
  const [row] = await t.rows<{ n: string }>(sql`select count(*) as n from casino_rounds where user_id = ${player.session.uid}`);
  return Number(row!.n);
}

describe('video poker', () => {
  it('deals with the stake taken and the draw hidden, draws once with the holds, pays the table and verifies', async () => {
    const player = await playerWithGame(t, 'video-poker', 10_000);
    const dealt = await playRound(t, player, 'video-poker', 500, {});
    expect(dealt.dm_error).toBe(0);
    const round = dealt.data;
    expect(round).toMatchObject({
      status: 'open',
      bet: 500,
      win: 0,
      balance_before: 10_000,
      balance_after: 9500,
      outcome: { kind: 'video-poker', status: 'open', final: [] },
    });
    expect(JSON.stringify(round)).not.toContain('waiting');
    expect(await balanceOf(t, player.session)).toBe(9500);
    // One hand at a time, resumed by the session.
    expect((await playRound(t, player, 'video-poker', 500, {})).dm_error).toBe(7006);
    const session = envelopeOf(await t.get('/api/studio/house/session', { query: { token: player.token } }));
    expect(session.data.open_round.round_id).toBe(round.round_id);

    // Moves of other games and a draw without holds are refused, translated, and change nothing.
    const reveal = await act(player, round.round_id, { action: 'reveal', tile: 3 });
    expect(reveal).toMatchObject({ dm_error: 8150 });
    // In the brand's language (piranha speaks Portuguese).
    expect(reveal.error_msg).toBe(ERROR_MESSAGES['pt-BR'].casinoActionInvalid);
    expect((await act(player, round.round_id, { action: 'higher' })).dm_error).toBe(8150);
    expect(await act(player, round.round_id, { action: 'draw' })).toMatchObject({ dm_error: 8151, error_msg: ERROR_MESSAGES['pt-BR'].vpokerHoldsRequired });
    expect((await act(player, round.round_id, { action: 'draw', holds: 32 })).dm_error).toBe(1001);
    expect(await balanceOf(t, player.session)).toBe(9500);

    // Hold the first two; the draw is the next cards of the same fixed order.
    const waiting = await secretCards(round.round_id);
    const expected = videoPokerState(round.outcome.dealt, waiting, 0b00011);
    const key = uniqueId('draw');
    const drawn = await act(player, round.round_id, { action: 'draw', holds: 0b00011 }, key);
    expect(drawn.dm_error).toBe(0);
    expect(drawn.data).toMatchObject({ status: 'settled', outcome: expected, win: Math.floor((500 * expected.multiplierBp) / 10_000) });
    expect((drawn.data.outcome as VideoPokerOutcome).final.slice(0, 2)).toEqual(round.outcome.dealt.slice(0, 2));
    expect(await balanceOf(t, player.session)).toBe(9500 + drawn.data.win);
    expect(drawn.data.balance_after).toBe(9500 + drawn.data.win);

    // The same move replayed with its key answers the same hand; the key with other holds is refused; without a key
    // the round is over.
    expect(await act(player, round.round_id, { action: 'draw', holds: 0b00011 }, key)).toStrictEqual(drawn);
    expect((await act(player, round.round_id, { action: 'draw', holds: 0b11111 }, key)).dm_error).toBe(1009);
    expect((await act(player, round.round_id, { action: 'draw', holds: 0 })).dm_error).toBe(7005);
    expect(await balanceOf(t, player.session)).toBe(9500 + drawn.data.win);

    const rotated = envelopeOf(await t.post('/api/studio/house/seed/rotate', { body: { token: player.token } }));
    expect(
      casinoVerify({
        serverSeed: rotated.data.previous.server_seed,
        serverSeedHash: round.proof.server_seed_hash,
        clientSeed: round.proof.client_seed,
        nonce: round.proof.nonce,
        gameId: 'video-poker',
        params: {},
        videoPoker: { holds: 0b00011 },
      }),
    ).toEqual({ ok: true, outcome: drawn.data.outcome });
  });

  it('refuses params and a stake out of limits, charging nothing', async () => {
    const player = await playerWithGame(t, 'video-poker', 1000);
    expect((await playRound(t, player, 'video-poker', 100, { side: 'banker' })).dm_error).toBe(7010);
    expect((await playRound(t, player, 'video-poker', 9, {})).dm_error).toBe(7002);
    expect(await balanceOf(t, player.session)).toBe(1000);
    expect(await roundCount(player)).toBe(0);
  });

  it('reopens a hand whose process died after the stake: recovery leaves it to the player, who draws', async () => {
    const player = await playerWithGame(t, 'video-poker', 5000);
    t.built.casino.studio.faults = {
      afterBet: () => {
        throw new Error('process killed after the bet');
      },
    };
    try {
      expect((await playRound(t, player, 'video-poker', 200, {})).dm_error).toBe(500);
    } finally {
      t.built.casino.studio.faults = undefined;
    }
    const [pending] = await t.rows<{ public_id: string; status: string }>(
      sql`select public_id, status from casino_rounds where user_id = ${player.session.uid}`,
    );
    expect(pending!.status).toBe('pending');
    expect(await casinoRoundsRecover(t.built.casino.studio, { userId: player.session.uid, graceMs: 0 })).toBe(1);
    const session = envelopeOf(await t.get('/api/studio/house/session', { query: { token: player.token } }));
    expect(session.data.open_round).toMatchObject({ round_id: pending!.public_id, status: 'open', balance_before: 5000, balance_after: 4800 });
    const drawn = await act(player, pending!.public_id, { action: 'draw', holds: 31 });
    expect(drawn.data).toMatchObject({ status: 'settled' });
    expect(await balanceOf(t, player.session)).toBe(4800 + drawn.data.win);
  });
});

describe('hilo', () => {
  const rank = (card: number) => (card % 13) + 1;
  /** The side that wins on the next card (the test reads the secret cards; the player cannot). */
  const winning = (shown: number, next: number): 'higher' | 'lower' => (rank(next) >= rank(shown) ? 'higher' : 'lower');

  it('guesses, skips within the limit, cashes out once at the multiplier, and verifies', async () => {
    const player = await playerWithGame(t, 'hilo', 10_000);
    const opened = await playRound(t, player, 'hilo', 1000, {});
    expect(opened.data).toMatchObject({ status: 'open', balance_after: 9000, outcome: { kind: 'hilo', status: 'open', guesses: [], multiplierBp: 0 } });
    expect(opened.data.outcome.cards).toHaveLength(1);
    const roundId = opened.data.round_id;
    const cards = await secretCards(roundId);
    expect(opened.data.outcome.cards[0]).toBe(cards[0]);

    // No cash-out before a right guess; no move of another game.
    expect(await act(player, roundId, { action: 'cashout' })).toMatchObject({ dm_error: 8152, error_msg: ERROR_MESSAGES['pt-BR'].hiloGuessFirst });
    expect((await act(player, roundId, { action: 'draw', holds: 0 })).dm_error).toBe(8150);

    const guesses: HiloGuess[] = [];
    for (let i = 0; i < 10; i += 1) {
      guesses.push('skip');
      expect((await act(player, roundId, { action: 'skip' })).data.outcome).toEqual(hiloState(cards, guesses, false));
    }
    expect((await act(player, roundId, { action: 'skip' })).dm_error).toBe(8153);
    for (let i = 0; i < 2; i += 1) {
      const guess = winning(cards[guesses.length]!, cards[guesses.length + 1]!);
      guesses.push(guess);
      const moved = await act(player, roundId, { action: guess }, uniqueId('guess'));
      expect(moved.data).toMatchObject({ status: 'open', win: 0, outcome: hiloState(cards, guesses, false) });
    }
    const state = hiloState(cards, guesses, true);
    expect(state.multiplierBp).toBeGreaterThan(0);
    const key = uniqueId('cashout');
    const cashed = await act(player, roundId, { action: 'cashout' }, key);
    expect(cashed.data).toMatchObject({ status: 'settled', outcome: state, win: Math.floor((1000 * state.multiplierBp) / 10_000) });
    expect(await act(player, roundId, { action: 'cashout' }, key)).toStrictEqual(cashed);
    expect((await act(player, roundId, { action: 'cashout' })).dm_error).toBe(7005);
    expect(await balanceOf(t, player.session)).toBe(9000 + cashed.data.win);

    const rotated = envelopeOf(await t.post('/api/studio/house/seed/rotate', { body: { token: player.token } }));
    expect(
      casinoVerify({
        serverSeed: rotated.data.previous.server_seed,
        clientSeed: opened.data.proof.client_seed,
        nonce: opened.data.proof.nonce,
        gameId: 'hilo',
        params: {},
        hilo: { guesses, cashedOut: true },
      }),
    ).toEqual({ ok: true, outcome: cashed.data.outcome });
  });

  it('pays one of 12 concurrent cash-outs of a round once', async () => {
    const player = await playerWithGame(t, 'hilo', 10_000);
    const roundId = (await playRound(t, player, 'hilo', 1000, {})).data.round_id;
    const cards = await secretCards(roundId);
    expect((await act(player, roundId, { action: winning(cards[0]!, cards[1]!) })).dm_error).toBe(0);
    const answers = await Promise.all(Array.from({ length: 12 }, () => act(player, roundId, { action: 'cashout' })));
    const paid = answers.filter((answer) => answer.dm_error === 0);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.data.win).toBeGreaterThan(0);
    expect(await balanceOf(t, player.session)).toBe(9000 + paid[0]!.data.win);
  });

  it('loses the stake on a wrong guess', async () => {
    const player = await playerWithGame(t, 'hilo', 3000);
    const opened = await playRound(t, player, 'hilo', 1000, {});
    const cards = await secretCards(opened.data.round_id);
    // Skip until the next card cannot win both ways (a different rank), then guess the side that loses.
    const guesses: HiloGuess[] = [];
    while (rank(cards[guesses.length]!) === rank(cards[guesses.length + 1]!)) {
      guesses.push('skip');
      await act(player, opened.data.round_id, { action: 'skip' });
    }
    const losing = winning(cards[guesses.length]!, cards[guesses.length + 1]!) === 'higher' ? 'lower' : 'higher';
    const busted = await act(player, opened.data.round_id, { action: losing });
    expect(busted.data).toMatchObject({ status: 'settled', win: 0, balance_after: 2000, outcome: { status: 'busted', multiplierBp: 0 } });
    expect((busted.data.outcome as HiloOutcome).cards).toHaveLength(guesses.length + 2);
    expect(await balanceOf(t, player.session)).toBe(2000);
  });
});
