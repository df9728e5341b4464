import type { HouseGameId } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { balanceOf, CASINO_ENV, CURRENCY, expectLedgerClean, playerWithGame, playRound, roundsVerifyRevealed } from './casino-fixtures.ts';

/** Limbo, Keno and Baccarat (decision 039) through the studio and the seamless wallet, like the first eight games. */
let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate({ env: CASINO_ENV });
});
afterAll(async () => {
  await expectLedgerClean(t);
  await t?.close();
});

const PLAYS: [HouseGameId, unknown][] = [
  ['limbo', { target: 150 }],
  ['keno', { picks: [1, 5, 9, 13, 17, 21, 25, 29, 33, 37] }],
  ['baccarat', { side: 'banker' }],
];

describe('new house games', () => {
  it.each(PLAYS)('plays %s: stake out, the table win in, the round verifies once the seed is revealed', async (gameId, params) => {
    const player = await playerWithGame(t, gameId, 10_000);
    const rounds = [];
    for (let i = 0; i < 6; i += 1) {
      const { dm_error, data } = await playRound(t, player, gameId, 200, params);
      expect(dm_error).toBe(0);
      expect(data).toMatchObject({ status: 'settled', bet: 200, currency: CURRENCY, game_id: gameId });
      expect(data.balance_after).toBe(data.balance_before - 200 + data.win);
      const outcome = data.outcome;
      // The win is what the table says for the stored outcome, floored to a minor unit.
      const multiplierBp = outcome.kind === 'limbo' ? (outcome.won ? outcome.target * 100 : 0) : outcome.multiplierBp;
      expect(data.win).toBe(Math.floor((200 * multiplierBp) / 10_000));
      rounds.push(data);
    }
    const last = rounds[rounds.length - 1];
    expect(await balanceOf(t, player.session)).toBe(last.balance_after);
    await roundsVerifyRevealed(t, player.token, gameId, rounds);
  });

  it('lists them in the lobby with their tabs and exact RTP, and finds them by name and tag', async () => {
    const session = await t.session();
    const list = envelopeOf(await t.get('/api/piranha/pg_game/hall/list', { query: signedIn(session, { tab_key: 'provider:house', page_size: '50' }) }));
    expect(list.dm_error).toBe(0);
    const byId = new Map(list.data.list.map((game: { game_id: string }) => [game.game_id, game]));
    expect(byId.get('keno')).toMatchObject({ game_name: 'Keno', rtp: 98.7492 });
    expect(byId.get('baccarat')).toMatchObject({ game_name: 'Baccarat', rtp: 98.9421 });
    expect(byId.get('limbo')).toMatchObject({ game_name: 'Limbo', rtp: 99 });
    const table = envelopeOf(await t.get('/api/piranha/pg_game/hall/list', { query: { tab_key: 'table' } }));
    expect(table.data.list.map((game: { game_id: string }) => game.game_id)).toEqual(['roulette', 'baccarat', 'video-poker', 'blackjack']);
    const search = envelopeOf(await t.get('/api/piranha/pg_game/hall/search', { query: signedIn(session, { keyword: 'bacc' }) }));
    expect(search.data.list.map((game: { game_id: string }) => game.game_id)).toContain('baccarat');
  });

  it.each<[HouseGameId, unknown]>([
    ['limbo', { target: 100 }],
    ['limbo', { target: 1_000_001 }],
    ['limbo', { target: 150, direction: 'under' }],
    ['keno', { picks: [] }],
    ['keno', { picks: [3, 3] }],
    ['keno', { picks: [41] }],
    ['keno', { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }],
    ['keno', { picks: [1.5] }],
    ['baccarat', { side: 'dragon' }],
    ['baccarat', {}],
    ['baccarat', { side: 'player', picks: [1] }],
  ])('refuses %s with %j, translated, and charges nothing', async (gameId, params) => {
    const player = await playerWithGame(t, gameId, 1000);
    const refused = await playRound(t, player, gameId, 100, params);
    expect(refused.dm_error).not.toBe(0);
    expect([7010, 1001]).toContain(refused.dm_error);
    expect(refused.error_msg.length).toBeGreaterThan(0);
    expect(JSON.stringify(refused)).not.toMatch(/at .*\.ts:\d+/);
    expect(await balanceOf(t, player.session)).toBe(1000);
    const [count] = await t.rows<{ n: string }>(sql`select count(*) as n from casino_rounds where user_id = ${player.session.uid}`);
    expect(Number(count!.n)).toBe(0);
  });

  it('refuses a stake below the table minimum', async () => {
    const player = await playerWithGame(t, 'baccarat', 1000);
    expect((await playRound(t, player, 'baccarat', 9, { side: 'tie' })).dm_error).toBe(7002);
    expect(await balanceOf(t, player.session)).toBe(1000);
  });

  it('takes concurrent taps on one wallet without overdrawing, each round on its own nonce', async () => {
    const player = await playerWithGame(t, 'keno', 1000);
    const results = await Promise.all(Array.from({ length: 16 }, () => playRound(t, player, 'keno', 100, { picks: [40] })));
    const accepted = results.filter((result) => result.dm_error === 0);
    const refused = results.filter((result) => result.dm_error !== 0);
    expect(refused.every((result) => result.dm_error === 2001)).toBe(true);
    expect(accepted.length).toBeGreaterThanOrEqual(10);
    const wins = accepted.reduce((sum, result) => sum + result.data.win, 0);
    expect(await balanceOf(t, player.session)).toBe(1000 - accepted.length * 100 + wins);
    const nonces = await t.rows<{ nonce: number }>(sql`select nonce from casino_rounds where user_id = ${player.session.uid}`);
    expect(new Set(nonces.map((row) => row.nonce)).size).toBe(16);
    await expectLedgerClean(t);
  });
});
