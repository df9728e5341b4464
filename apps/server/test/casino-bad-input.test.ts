import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { balanceOf, CASINO_ENV, expectLedgerClean, playerWithGame, playRound } from './casino-fixtures.ts';

/** Bad input and abuse of the studio: each answered with a clear error and no money created or lost. */
let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate({ env: CASINO_ENV });
});
afterAll(async () => {
  await expectLedgerClean(t);
  await t?.close();
});

async function roundCount(userId: number): Promise<number> {
  const [row] = await t.rows<{ count: string }>(sql`select count(*) as count from casino_rounds where user_id = ${userId} and status <> 'void'`);
  return Number(row!.count);
}

describe('studio bad input', () => {
  it('refuses stakes outside the game limits, naming the field', async () => {
    const player = await playerWithGame(t, 'reef-riches', 1_000_000);
    for (const bet of [0, 19, 50_001]) expect(await playRound(t, player, 'reef-riches', bet)).toMatchObject({ dm_error: 7002, data: { field: 'bet' } });
    expect(await playRound(t, player, 'reef-riches', 20.5)).toMatchObject({ dm_error: 1001, data: { field: 'bet' } });
    expect(await playRound(t, player, 'reef-riches', -100)).toMatchObject({ dm_error: 1001, data: { field: 'bet' } });
    const roulette = await playerWithGame(t, 'roulette', 1_000_000);
    // The stake must be the sum of the chips.
    expect(await playRound(t, roulette, 'roulette', 100, { bets: [{ kind: 'red', amount: 60 }] })).toMatchObject({ dm_error: 7002 });
    expect(await balanceOf(t, player.session)).toBe(1_000_000);
    expect(await roundCount(player.session.uid)).toBe(0);
  });

  it('refuses unknown games, choices that do not fit, and a token for another game', async () => {
    const player = await playerWithGame(t, 'dice', 10_000);
    expect(await playRound(t, player, 'no-such-game', 100)).toMatchObject({ dm_error: 1001, data: { field: 'game_id' } });
    expect(await playRound(t, player, 'crash', 100, { cashout: 200 })).toMatchObject({ dm_error: 7003, data: { field: 'game_id' } });
    expect(await playRound(t, player, 'dice', 100, { target: 9999, direction: 'under' })).toMatchObject({ dm_error: 7010, data: { field: 'params' } });
    expect(await playRound(t, player, 'dice', 100, { cashout: 200 })).toMatchObject({ dm_error: 7010 });
    expect(await playRound(t, player, 'dice', 100, { target: 5000, direction: 'under', cheat: true })).toMatchObject({ dm_error: 1001 });
    expect(envelopeOf(await t.post('/api/studio/house/round', { body: { token: player.token, game_id: 'dice', bet: 100, params: {}, tip: 5 } }))).toMatchObject(
      {
        dm_error: 1001,
        data: { field: 'tip' },
      },
    );
    expect(await balanceOf(t, player.session)).toBe(10_000);
  });

  it('refuses a token that expired after it was last used (the studio remembers sessions, not their validity)', async () => {
    const player = await playerWithGame(t, 'dice', 10_000);
    const params = { target: 5000, direction: 'under' };
    expect((await playRound(t, player, 'dice', 100, params)).dm_error).toBe(0);
    const after = await balanceOf(t, player.session);
    t.clock.advance(12 * 3600 * 1000 + 1);
    try {
      expect(await playRound(t, player, 'dice', 100, params)).toMatchObject({ dm_error: 7003, data: { issue: 'expired' } });
    } finally {
      t.clock.advance(-(12 * 3600 * 1000 + 1));
    }
    expect(await balanceOf(t, player.session)).toBe(after);
  });

  it('refuses unknown, malformed and expired tokens', async () => {
    const player = await playerWithGame(t, 'dice', 10_000);
    const params = { target: 5000, direction: 'under' };
    expect(await playRound(t, { ...player, token: 'A'.repeat(43) }, 'dice', 100, params)).toMatchObject({ dm_error: 7003, data: { field: 'token' } });
    expect(await playRound(t, { ...player, token: 'short' }, 'dice', 100, params)).toMatchObject({ dm_error: 1001, data: { field: 'token' } });
    expect(envelopeOf(await t.get('/api/studio/house/session', { query: { token: 'A'.repeat(43) } })).dm_error).toBe(7003);
    t.clock.advance(12 * 3600 * 1000 + 1);
    try {
      expect(await playRound(t, player, 'dice', 100, params)).toMatchObject({ dm_error: 7003, data: { issue: 'expired' } });
      // Reading the session and history still works after expiry.
      expect(envelopeOf(await t.get('/api/studio/house/rounds', { query: { token: player.token } })).dm_error).toBe(0);
    } finally {
      t.clock.advance(-(12 * 3600 * 1000 + 1));
    }
    expect(await balanceOf(t, player.session)).toBe(10_000);
  });

  it('answers tampered and foreign round ids with not found', async () => {
    const player = await playerWithGame(t, 'mines', 10_000);
    const other = await playerWithGame(t, 'mines', 10_000);
    const round = (await playRound(t, player, 'mines', 100, { mines: 3 })).data;
    const tampered = `${round.round_id.slice(0, -1)}${round.round_id.endsWith('0') ? '1' : '0'}`;
    for (const [who, id] of [
      [player, tampered],
      [other, round.round_id],
    ] as const) {
      expect(envelopeOf(await t.post('/api/studio/house/round/action', { body: { token: who.token, round_id: id, action: 'reveal', tile: 3 } }))).toMatchObject(
        {
          dm_error: 7004,
          data: { field: 'round_id' },
        },
      );
      expect(envelopeOf(await t.get('/api/piranha/pg_game/hall/round', { query: signedIn(who.session, { round_id: id }) })).dm_error).toBe(7004);
    }
    expect(
      envelopeOf(await t.post('/api/studio/house/round/action', { body: { token: player.token, round_id: round.round_id, action: 'reveal', tile: 25 } }))
        .dm_error,
    ).toBe(1001);
    expect(await balanceOf(t, other.session)).toBe(10_000);
  });

  it('answers a replayed round (same Idempotency-Key) with the first answer and one stake', async () => {
    const player = await playerWithGame(t, 'plinko', 10_000);
    const headers = { 'idempotency-key': 'plinko-round-key-0001' };
    const body = { token: player.token, game_id: 'plinko', bet: 100, params: { rows: 8, risk: 'low' } };
    const first = envelopeOf(await t.post('/api/studio/house/round', { body, headers }));
    const again = await t.post('/api/studio/house/round', { body, headers });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(envelopeOf(again)).toEqual(first);
    expect(await balanceOf(t, player.session)).toBe(10_000 - 100 + first.data.win);
    expect(await roundCount(player.session.uid)).toBe(1);
  });

  it('refuses a stake the wallet cannot cover and voids the round', async () => {
    const player = await playerWithGame(t, 'crash', 50);
    expect(await playRound(t, player, 'crash', 100, { cashout: 200 })).toMatchObject({ dm_error: 2001, data: { field: 'bet' } });
    expect(await balanceOf(t, player.session)).toBe(50);
    expect(envelopeOf(await t.get('/api/studio/house/rounds', { query: { token: player.token } })).data.list).toEqual([]);
  });
});
