import { casinoVerify, type HouseGameId, type MinesOutcome } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casinoRoundsRecover } from '../src/modules/casino/casino-studio.service.ts';
import { casinoFreeRoundsGrant } from '../src/modules/casino/casino-hall.service.ts';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { balanceOf, CASINO_ENV, CURRENCY, expectLedgerClean, playerWithGame, playRound, uniqueId, type Player } from './casino-fixtures.ts';

/** The house studio's play API: rounds, money, proof, recall, Mines, recovery after a crash, free rounds. */
let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate({ env: CASINO_ENV });
});
afterAll(async () => {
  await expectLedgerClean(t);
  await t?.close();
});

const PLAYS: [HouseGameId, number, unknown][] = [
  ['reef-riches', 100, {}],
  ['neon-koi', 100, {}],
  ['lucky-sevens', 100, {}],
  ['crash', 100, { cashout: 200 }],
  ['dice', 100, { target: 5000, direction: 'under' }],
  ['plinko', 100, { rows: 12, risk: 'medium' }],
  [
    'roulette',
    150,
    {
      bets: [
        { kind: 'red', amount: 100 },
        { kind: 'straight', number: 17, amount: 50 },
      ],
    },
  ],
];

describe('house studio rounds', () => {
  it.each(PLAYS)('plays %s: stake out, win in, balances and proof stored', async (gameId, bet, params) => {
    const player = await playerWithGame(t, gameId, 10_000);
    const session = envelopeOf(await t.get('/api/studio/house/session', { query: { token: player.token } }));
    expect(session.dm_error).toBe(0);
    expect(session.data).toMatchObject({ currency: CURRENCY, balance: 10_000, open_round: null, game: { game_id: gameId } });
    const committed = session.data.fair.server_seed_hash;

    const round = playRound(t, player, gameId, bet, params);
    const { dm_error, data } = await round;
    expect(dm_error).toBe(0);
    expect(data).toMatchObject({ status: 'settled', bet, currency: CURRENCY, balance_before: 10_000, balance_after: 10_000 - bet + data.win, free_round: 0 });
    expect(data.proof).toMatchObject({
      server_seed_hash: committed,
      server_seed: '',
      nonce: 0,
      revealed: 0,
      verify_url: `/#/game-verify?round_id=${data.round_id}`,
    });
    expect(await balanceOf(t, player.session)).toBe(10_000 - bet + data.win);
  });

  it('recalls the last 10 rounds with balances, stakes, outcomes and a proof that verifies after rotation', async () => {
    const player = await playerWithGame(t, 'dice', 100_000);
    const played = [];
    for (let i = 0; i < 12; i += 1)
      played.push((await playRound(t, player, 'dice', 100 + i, { target: 4000 + i * 100, direction: i % 2 ? 'over' : 'under' })).data);
    const recall = envelopeOf(await t.get('/api/studio/house/rounds', { query: { token: player.token, limit: '10' } }));
    expect(recall.data.list.map((round: { round_id: string }) => round.round_id)).toEqual(
      played
        .slice(2)
        .reverse()
        .map((round) => round.round_id),
    );
    // What each round answered is what was stored: read back, every field is the same (decision 086's addendum: the
    // settle answers the row it wrote without reading it back).
    expect(recall.data.list).toEqual(played.slice(2).reverse());
    // Each round's balance after is the next one's balance before: nothing moved in between.
    const chronological = [...recall.data.list].reverse();
    for (let i = 1; i < chronological.length; i += 1) expect(chronological[i].balance_before).toBe(chronological[i - 1].balance_after);
    expect(chronological.every((round: { proof: { revealed: number } }) => round.proof.revealed === 0)).toBe(true);

    const rotated = envelopeOf(await t.post('/api/studio/house/seed/rotate', { body: { token: player.token, client_seed: 'my-own-seed' } }));
    expect(rotated.data.previous).toMatchObject({ server_seed_hash: played[0].proof.server_seed_hash, nonce: 12 });
    expect(rotated.data.current).toMatchObject({ client_seed: 'my-own-seed', nonce: 0 });
    expect(rotated.data.current.server_seed_hash).not.toBe(played[0].proof.server_seed_hash);

    const history = envelopeOf(await t.get('/api/piranha/pg_game/hall/history', { query: signedIn(player.session, { page_size: '10' }) }));
    expect(history.data.has_more).toBe(1);
    for (const round of history.data.list) {
      expect(round.proof).toMatchObject({ revealed: 1, server_seed: rotated.data.previous.server_seed });
      const verified = casinoVerify({
        serverSeed: round.proof.server_seed,
        serverSeedHash: round.proof.server_seed_hash,
        clientSeed: round.proof.client_seed,
        nonce: round.proof.nonce,
        gameId: round.game_id,
        params: round.params,
      });
      expect(verified).toEqual({ ok: true, outcome: round.outcome });
    }
    const older = envelopeOf(
      await t.get('/api/piranha/pg_game/hall/history', { query: signedIn(player.session, { page_size: '10', cursor: history.data.cursor }) }),
    );
    expect(older.data.list).toHaveLength(2);
    expect(older.data.has_more).toBe(0);

    // The next round runs on the new seed pair with the player's client seed.
    const next = (await playRound(t, player, 'dice', 100, { target: 5000, direction: 'under' })).data;
    expect(next.proof).toMatchObject({ client_seed: 'my-own-seed', nonce: 0, server_seed_hash: rotated.data.current.server_seed_hash });
  });

  it('takes the stored nonce when another server node played meanwhile, and every round still verifies', async () => {
    const player = await playerWithGame(t, 'dice', 10_000);
    const params = { target: 5000, direction: 'under' };
    const first = (await playRound(t, player, 'dice', 100, params)).data;
    // Another node plays a round of this player's seed: the nonce moves without this process seeing it.
    await t.db.execute(sql`update casino_fair_seeds set nonce = nonce + 1 where user_id = ${player.session.uid} and active`);
    const second = (await playRound(t, player, 'dice', 100, params)).data;
    const third = (await playRound(t, player, 'dice', 100, params)).data;
    expect([first.proof.nonce, second.proof.nonce, third.proof.nonce]).toEqual([0, 2, 3]);
    const rotated = envelopeOf(await t.post('/api/studio/house/seed/rotate', { body: { token: player.token } }));
    expect(rotated.data.previous.nonce).toBe(4);
    for (const round of [first, second, third]) {
      const input = { serverSeed: rotated.data.previous.server_seed, clientSeed: round.proof.client_seed, nonce: round.proof.nonce };
      expect(casinoVerify({ ...input, serverSeedHash: round.proof.server_seed_hash, gameId: 'dice', params: round.params })).toEqual({
        ok: true,
        outcome: round.outcome,
      });
    }
  });

  it('lets the player set the client seed; the nonce keeps counting', async () => {
    const player = await playerWithGame(t, 'crash', 10_000);
    await playRound(t, player, 'crash', 100, { cashout: 150 });
    const set = envelopeOf(await t.post('/api/studio/house/seed/client', { body: { token: player.token, client_seed: 'lucky' } }));
    expect(set.data).toMatchObject({ client_seed: 'lucky', nonce: 1 });
    const round = (await playRound(t, player, 'crash', 100, { cashout: 150 })).data;
    expect(round.proof).toMatchObject({ client_seed: 'lucky', nonce: 1 });
    const bad = envelopeOf(await t.post('/api/studio/house/seed/client', { body: { token: player.token, client_seed: 'has space' } }));
    expect(bad).toMatchObject({ dm_error: 1001, data: { field: 'client_seed' } });
  });
});

describe('Mines', () => {
  async function openRound(player: Player) {
    const { dm_error, data } = await playRound(t, player, 'mines', 1000, { mines: 3 });
    expect(dm_error).toBe(0);
    return data;
  }
  async function act(player: Player, roundId: string, action: 'reveal' | 'cashout', tile?: number) {
    return envelopeOf(
      await t.post('/api/studio/house/round/action', { body: { token: player.token, round_id: roundId, action, ...(tile === undefined ? {} : { tile }) } }),
    );
  }

  it('opens with the stake taken and mines hidden, resumes after a reload, and cashes out', async () => {
    const player = await playerWithGame(t, 'mines', 10_000);
    const round = await openRound(player);
    expect(round).toMatchObject({ status: 'open', balance_before: 10_000, balance_after: 9000, win: 0 });
    expect(round.outcome.minePositions).toEqual([]);
    expect(await balanceOf(t, player.session)).toBe(9000);

    // A second round of Mines waits for this one, and the seed cannot be revealed under it.
    expect((await playRound(t, player, 'mines', 1000, { mines: 3 })).dm_error).toBe(7006);
    expect(envelopeOf(await t.post('/api/studio/house/seed/rotate', { body: { token: player.token } })).dm_error).toBe(7006);

    const resumed = envelopeOf(await t.get('/api/studio/house/session', { query: { token: player.token } }));
    expect(resumed.data.open_round.round_id).toBe(round.round_id);

    // Find safe tiles by the secret board (the test reads the database; the player cannot).
    const [secret] = await t.rows<{ secret: { minePositions: number[] } }>(sql`select secret from casino_rounds where public_id = ${round.round_id}`);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !secret!.secret.minePositions.includes(tile));
    const first = await act(player, round.round_id, 'reveal', safe[0]);
    expect(first.data).toMatchObject({ status: 'open', outcome: { revealed: [safe[0]], multiplierBp: 11_250, minePositions: [] } });
    expect((await act(player, round.round_id, 'reveal', safe[0])).dm_error).toBe(7010);
    await act(player, round.round_id, 'reveal', safe[1]);
    const cashed = await act(player, round.round_id, 'cashout');
    expect(cashed.data).toMatchObject({ status: 'settled', win: Math.floor((1000 * cashed.data.outcome.multiplierBp) / 10_000) });
    expect((cashed.data.outcome as MinesOutcome).minePositions).toEqual([...secret!.secret.minePositions].sort((a, b) => a - b));
    expect(await balanceOf(t, player.session)).toBe(9000 + cashed.data.win);
    expect((await act(player, round.round_id, 'cashout')).dm_error).toBe(7005);
  });

  it('loses the stake on a mine and refuses cash-out before any tile', async () => {
    const player = await playerWithGame(t, 'mines', 5000);
    const round = await openRound(player);
    expect((await act(player, round.round_id, 'cashout')).dm_error).toBe(7010);
    const [secret] = await t.rows<{ secret: { minePositions: number[] } }>(sql`select secret from casino_rounds where public_id = ${round.round_id}`);
    const busted = await act(player, round.round_id, 'reveal', secret!.secret.minePositions[0]);
    expect(busted.data).toMatchObject({ status: 'settled', win: 0, outcome: { status: 'busted' }, balance_after: 4000 });
    expect(await balanceOf(t, player.session)).toBe(4000);
  });
});

describe('interrupted rounds (GLI-19 §4.16)', () => {
  it('refunds nothing and voids a round that died before its stake reached the wallet', async () => {
    const player = await playerWithGame(t, 'reef-riches', 5000);
    t.built.casino.studio.faults = {
      afterOutcome: () => {
        throw new Error('process killed after the outcome was stored');
      },
    };
    try {
      expect((await playRound(t, player, 'reef-riches', 100)).dm_error).toBe(500);
    } finally {
      t.built.casino.studio.faults = undefined;
    }
    const [pending] = await t.rows<{ public_id: string; status: string }>(
      sql`select public_id, status from casino_rounds where user_id = ${player.session.uid}`,
    );
    expect(pending!.status).toBe('pending');
    expect(await casinoRoundsRecover(t.built.casino.studio, { graceMs: 0 })).toBeGreaterThanOrEqual(1);
    const [after] = await t.rows<{ status: string }>(sql`select status from casino_rounds where public_id = ${pending!.public_id}`);
    expect(after!.status).toBe('void');
    expect(await balanceOf(t, player.session)).toBe(5000);
    // The rollback left a tombstone: a late copy of that bet is refused.
    const [tombstone] = await t.rows<{ state: string }>(sql`select state from casino_wallet_txns where transaction_uuid = ${`${pending!.public_id}:bet`}`);
    expect(tombstone!.state).toBe('rolled_back');
  });

  it('completes a round that died after its stake to the committed outcome', async () => {
    const player = await playerWithGame(t, 'lucky-sevens', 5000);
    t.built.casino.studio.faults = {
      afterBet: () => {
        throw new Error('process killed after the bet');
      },
    };
    try {
      expect((await playRound(t, player, 'lucky-sevens', 200)).dm_error).toBe(500);
    } finally {
      t.built.casino.studio.faults = undefined;
    }
    const [pending] = await t.rows<{ public_id: string; win: string; status: string }>(
      sql`select public_id, win, status from casino_rounds where user_id = ${player.session.uid}`,
    );
    expect(pending!.status).toBe('pending');
    // A paying round sent its bet and win in one batched wallet call, so the wallet already holds the win;
    // a losing one was closed by its bet. Either way the round itself still waits to be marked settled.
    expect(await balanceOf(t, player.session)).toBe(4800 + Number(pending!.win));
    // Young rounds may still be in flight: left alone.
    expect(await casinoRoundsRecover(t.built.casino.studio, { userId: player.session.uid })).toBe(0);
    t.clock.advance(60_000);
    // Opening the game again recovers the player's rounds.
    const session = envelopeOf(await t.get('/api/studio/house/session', { query: { token: player.token } }));
    expect(session.data.balance).toBe(4800 + Number(pending!.win));
    const recalled = envelopeOf(await t.get('/api/piranha/pg_game/hall/round', { query: signedIn(player.session, { round_id: pending!.public_id }) }));
    expect(recalled.data).toMatchObject({ status: 'settled', balance_before: 5000, balance_after: 4800 + Number(pending!.win), win: Number(pending!.win) });
  });
});

describe('free rounds', () => {
  it('plays granted rounds without a stake, pays wins from bonus funds, and counts them down', async () => {
    const player = await playerWithGame(t, 'neon-koi', 0);
    const grantRef = uniqueId('grant');
    const input = {
      grantRef,
      userId: player.session.uid,
      gameId: 'neon-koi',
      rounds: 3,
      stakeMinor: 200,
      currency: CURRENCY,
      expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
    };
    await casinoFreeRoundsGrant(t.db, input);
    await casinoFreeRoundsGrant(t.db, input);
    const session = envelopeOf(await t.get('/api/studio/house/session', { query: { token: player.token } }));
    expect(session.data.free_rounds).toEqual({ remaining: 3, bet: 200 });
    expect((await playRound(t, player, 'neon-koi', 100, {}, { free_round: 1 })).dm_error).toBe(7002);
    let won = 0;
    for (let i = 0; i < 3; i += 1) {
      const round = await playRound(t, player, 'neon-koi', 200, {}, { free_round: 1 });
      expect(round.data).toMatchObject({ status: 'settled', free_round: 1, bet: 0 });
      won += round.data.win;
    }
    expect((await playRound(t, player, 'neon-koi', 200, {}, { free_round: 1 })).dm_error).toBe(7009);
    expect(await balanceOf(t, player.session)).toBe(won);
    const grants = envelopeOf(await t.get('/api/piranha/pg_game/hall/free_rounds', { query: signedIn(player.session, { status: 'unavailable' }) }));
    expect(grants.data.list[0]).toMatchObject({ grant_id: grantRef, total: 3, remaining: 0, win_total: won, status: 'used', bet: 200 });
    const available = envelopeOf(await t.get('/api/piranha/pg_game/hall/free_rounds', { query: signedIn(player.session, { status: 'available' }) }));
    expect(available.data).toMatchObject({ total_free_rounds: 0, free_game_count: 0, list: [] });
  });

  it('refuses grants on games that are not house slots or with stakes outside the limits', async () => {
    const player = await playerWithGame(t, 'dice', 0);
    const base = { userId: player.session.uid, rounds: 5, currency: CURRENCY, expiresAt: new Date(t.clock.now().getTime() + 86_400_000) };
    await expect(casinoFreeRoundsGrant(t.db, { ...base, grantRef: uniqueId('g'), gameId: 'dice', stakeMinor: 100 })).rejects.toMatchObject({
      errorName: 'CASINO_GAME_UNKNOWN',
    });
    await expect(casinoFreeRoundsGrant(t.db, { ...base, grantRef: uniqueId('g'), gameId: 'reef-riches', stakeMinor: 1 })).rejects.toMatchObject({
      errorName: 'CASINO_BET_OUT_OF_LIMITS',
    });
  });
});

describe('concurrent spins on one wallet', () => {
  it('never overdraws and keeps every round consistent with the wallet', async () => {
    const player = await playerWithGame(t, 'dice', 1000);
    const results = await Promise.all(Array.from({ length: 24 }, () => playRound(t, player, 'dice', 100, { target: 100, direction: 'under' })));
    const accepted = results.filter((result) => result.dm_error === 0);
    const refused = results.filter((result) => result.dm_error !== 0);
    expect(refused.every((result) => result.dm_error === 2001)).toBe(true);
    expect(accepted.length).toBeGreaterThanOrEqual(10);
    const wins = accepted.reduce((sum, result) => sum + result.data.win, 0);
    expect(await balanceOf(t, player.session)).toBe(1000 - accepted.length * 100 + wins);
    const [counts] = await t.rows<{ settled: string; void: string }>(
      sql`select count(*) filter (where status = 'settled') as settled, count(*) filter (where status = 'void') as void from casino_rounds where user_id = ${player.session.uid}`,
    );
    expect(Number(counts!.settled)).toBe(accepted.length);
    expect(Number(counts!.void)).toBe(refused.length);
    // Nonces are unique per seed: no two rounds share an outcome stream.
    const nonces = await t.rows<{ nonce: number }>(sql`select nonce from casino_rounds where user_id = ${player.session.uid}`);
    expect(new Set(nonces.map((row) => row.nonce)).size).toBe(24);
  });
});
