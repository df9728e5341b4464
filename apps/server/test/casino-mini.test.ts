import { ERRORS, HEADER_IDEMPOTENCY_KEY } from '@piranha/contract';
import { casinoVerify, towerWinMinor, type HouseGameId, type TowerOutcome } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casinoRoundsRecover } from '../src/modules/casino/casino-studio.service.ts';
import { envelopeOf, testAppCreate, type TestApp } from './harness.ts';
import {
  balanceOf,
  CASINO_ENV,
  CURRENCY,
  expectLedgerClean,
  playerWithGame,
  playRound,
  roundsVerifyRevealed,
  uniqueId,
  type Player,
} from './casino-fixtures.ts';

/** Wheel, Tower, Bingo and Fishing (decision 070) through the studio and the seamless wallet. */
let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate({ env: CASINO_ENV });
});
afterAll(async () => {
  await expectLedgerClean(t);
  await t?.close();
});

async function trapsOf(roundId: string): Promise<number[][]> {
  const [row] = await t.rows<{ secret: { towerTraps: number[][] } }>(sql`select secret from casino_rounds where public_id = ${roundId}`);
  return row!.secret.towerTraps;
}

async function act(player: Player, roundId: string, action: string, extra: Record<string, unknown> = {}, key?: string) {
  return envelopeOf(
    await t.post('/api/studio/house/round/action', {
      body: { token: player.token, round_id: roundId, action, ...extra },
      ...(key ? { headers: { [HEADER_IDEMPOTENCY_KEY]: key } } : {}),
    }),
  );
}

describe('instant mini games', () => {
  it.each<[HouseGameId, unknown]>([
    ['wheel', { segments: 10, risk: 'low' }],
    ['wheel', { segments: 50, risk: 'high' }],
    ['bingo', {}],
    ['fishing', { fish: 'minnow' }],
    ['fishing', { fish: 'whale' }],
  ])('plays %s %j: stake out, the published pay in, the round verifies once the seed is revealed', async (gameId, params) => {
    const player = await playerWithGame(t, gameId, 10_000);
    const rounds = [];
    for (let i = 0; i < 5; i += 1) {
      const { dm_error, data } = await playRound(t, player, gameId, 200, params);
      expect(dm_error).toBe(0);
      expect(data).toMatchObject({ status: 'settled', bet: 200, currency: CURRENCY, game_id: gameId });
      expect(data.balance_after).toBe(data.balance_before - 200 + data.win);
      const outcome = data.outcome;
      const multiplierBp = outcome.kind === 'fishing' && !outcome.caught ? 0 : outcome.multiplierBp;
      expect(data.win).toBe(Math.floor((200 * multiplierBp) / 10_000));
      rounds.push(data);
    }
    expect(await balanceOf(t, player.session)).toBe(rounds[rounds.length - 1].balance_after);
    await roundsVerifyRevealed(t, player.token, gameId, rounds);
  });

  it('lists wheel and tower under Mini, bingo under Bingo and fishing under Fishing, with their exact RTP', async () => {
    const list = (tab: string) => t.get('/api/piranha/pg_game/hall/list', { query: { tab_key: tab, page_size: '50' } }).then(envelopeOf);
    const ids = (envelope: { data: { list: { game_id: string }[] } }) => envelope.data.list.map((game) => game.game_id);
    expect(ids(await list('mini'))).toEqual(expect.arrayContaining(['wheel', 'tower']));
    expect(ids(await list('bingo'))).toEqual(['bingo']);
    const fishing = await list('fishing');
    expect(ids(fishing)).toEqual(['fishing']);
    expect(fishing.data.list[0]).toMatchObject({ rtp: 97 });
    // The lobby shows a tab only when it has games: Bingo joins the casino side, Fishing the slots side.
    const tabsOf = async (mainKey: string) =>
      envelopeOf(await t.get('/api/piranha/pg_game/hall/game/tab/list', { query: { main_key: mainKey } })).data.tabs.map(
        (tab: { tab_key: string }) => tab.tab_key,
      );
    expect(await tabsOf('casino')).toEqual(expect.arrayContaining(['mini', 'bingo']));
    expect(await tabsOf('slots')).toEqual(expect.arrayContaining(['slots', 'fishing']));
  });

  it.each<[HouseGameId, unknown]>([
    ['wheel', { segments: 25, risk: 'low' }],
    ['wheel', { segments: 10, risk: 'wild' }],
    ['wheel', { segments: 10 }],
    ['tower', { difficulty: 'insane' }],
    ['tower', { difficulty: 'easy', mines: 3 }],
    ['bingo', { fish: 'minnow' }],
    ['fishing', { fish: 'kraken' }],
    ['fishing', {}],
  ])('refuses %s with %j, translated, and charges nothing', async (gameId, params) => {
    const player = await playerWithGame(t, gameId, 1000);
    const refused = await playRound(t, player, gameId, 100, params);
    expect([ERRORS.CASINO_PARAMS_INVALID.code, ERRORS.VALIDATION_FAILED.code]).toContain(refused.dm_error);
    expect(refused.error_msg.length).toBeGreaterThan(0);
    expect(await balanceOf(t, player.session)).toBe(1000);
    const [count] = await t.rows<{ n: string }>(sql`select count(*) as n from casino_rounds where user_id = ${player.session.uid}`);
    expect(Number(count!.n)).toBe(0);
  });
});

describe('Tower', () => {
  it('climbs with the traps hidden, answers a repeated key once, cashes out at the exact pay and shows the traps', async () => {
    const player = await playerWithGame(t, 'tower', 10_000);
    const { dm_error, data: round } = await playRound(t, player, 'tower', 1000, { difficulty: 'medium' });
    expect(dm_error).toBe(0);
    expect(round).toMatchObject({ status: 'open', balance_before: 10_000, balance_after: 9000, win: 0, outcome: { picks: [], traps: [] } });
    // One tower at a time, and the seed stays secret under it.
    expect((await playRound(t, player, 'tower', 1000, { difficulty: 'medium' })).dm_error).toBe(ERRORS.CASINO_ROUND_OPEN.code);
    expect(envelopeOf(await t.post('/api/studio/house/seed/rotate', { body: { token: player.token } })).dm_error).toBe(ERRORS.CASINO_ROUND_OPEN.code);

    const traps = await trapsOf(round.round_id);
    const safe = traps.map((floor) => [0, 1, 2].find((door) => !floor.includes(door))!);
    const key = uniqueId('tower-pick');
    const first = await act(player, round.round_id, 'pick', { door: safe[0] }, key);
    expect(first.data).toMatchObject({ status: 'open', outcome: { picks: [safe[0]], multiplierBp: 14_850, traps: [] } });
    // The same key again (a retried tap) answers the same floor, not a second one.
    expect(await act(player, round.round_id, 'pick', { door: safe[0] }, key)).toStrictEqual(first);
    const second = await act(player, round.round_id, 'pick', { door: safe[1] });
    expect(second.data.outcome).toMatchObject({ picks: [safe[0], safe[1]], multiplierBp: 22_275 });

    // A reopened game resumes the climb.
    const resumed = envelopeOf(await t.get('/api/studio/house/session', { query: { token: player.token } }));
    expect(resumed.data.open_round).toMatchObject({ round_id: round.round_id, outcome: { picks: [safe[0], safe[1]] } });

    const cashed = await act(player, round.round_id, 'cashout');
    expect(cashed.data).toMatchObject({ status: 'settled', win: towerWinMinor('medium', 2, 1000), outcome: { status: 'cashed', traps } });
    expect(cashed.data.win).toBe(2227);
    expect(await balanceOf(t, player.session)).toBe(9000 + 2227);
    expect((await act(player, round.round_id, 'cashout')).dm_error).toBe(ERRORS.CASINO_ROUND_CLOSED.code);

    const rotated = envelopeOf(await t.post('/api/studio/house/seed/rotate', { body: { token: player.token } }));
    const verified = casinoVerify({
      serverSeed: rotated.data.previous.server_seed,
      serverSeedHash: round.proof.server_seed_hash,
      clientSeed: round.proof.client_seed,
      nonce: round.proof.nonce,
      gameId: 'tower',
      params: round.params,
      tower: { picks: (cashed.data.outcome as TowerOutcome).picks, cashedOut: true },
    });
    expect(verified).toEqual({ ok: true, outcome: cashed.data.outcome });
  });

  it('refuses actions the tower does not take, loses the stake on a trap', async () => {
    const player = await playerWithGame(t, 'tower', 5000);
    const round = (await playRound(t, player, 'tower', 1000, { difficulty: 'hard' })).data;
    expect((await act(player, round.round_id, 'cashout')).dm_error).toBe(ERRORS.CASINO_PARAMS_INVALID.code);
    // A move of another game (Mines' reveal) is CASINO_ACTION_INVALID, naming the move and the game (decision 069).
    expect(await act(player, round.round_id, 'reveal', { tile: 3 })).toMatchObject({
      dm_error: ERRORS.CASINO_ACTION_INVALID.code,
      data: { field: 'action', issue: 'reveal_in_tower' },
    });
    expect(await act(player, round.round_id, 'pick', { door: 2 })).toMatchObject({ dm_error: ERRORS.CASINO_PARAMS_INVALID.code, data: { field: 'door' } });
    expect(await act(player, round.round_id, 'pick')).toMatchObject({ dm_error: ERRORS.CASINO_PARAMS_INVALID.code, data: { field: 'door' } });
    expect(await act(player, round.round_id, 'pick', { door: 4 })).toMatchObject({ dm_error: ERRORS.VALIDATION_FAILED.code, data: { field: 'door' } });
    expect(await act(player, round.round_id, 'climb', { door: 1 })).toMatchObject({ dm_error: ERRORS.VALIDATION_FAILED.code, data: { field: 'action' } });
    expect(await balanceOf(t, player.session)).toBe(4000);
    const [trap] = (await trapsOf(round.round_id))[0]!;
    const busted = await act(player, round.round_id, 'pick', { door: trap });
    expect(busted.data).toMatchObject({ status: 'settled', win: 0, outcome: { status: 'busted' }, balance_after: 4000 });
    expect(await balanceOf(t, player.session)).toBe(4000);
    // A door on Mines is refused the same way.
    const mines = await playerWithGame(t, 'mines', 1000);
    const minesRound = (await playRound(t, mines, 'mines', 100, { mines: 3 })).data;
    expect((await act(mines, minesRound.round_id, 'pick', { door: 0 })).dm_error).toBe(ERRORS.CASINO_ACTION_INVALID.code);
  });

  it('reopens a tower whose process died after the stake, at its first floor (recovery)', async () => {
    const player = await playerWithGame(t, 'tower', 5000);
    t.built.casino.studio.faults = {
      afterBet: () => {
        throw new Error('process killed after the bet');
      },
    };
    try {
      expect((await playRound(t, player, 'tower', 500, { difficulty: 'easy' })).dm_error).toBe(ERRORS.INTERNAL.code);
    } finally {
      t.built.casino.studio.faults = undefined;
    }
    const [pending] = await t.rows<{ public_id: string; status: string }>(
      sql`select public_id, status from casino_rounds where user_id = ${player.session.uid}`,
    );
    expect(pending!.status).toBe('pending');
    expect(await casinoRoundsRecover(t.built.casino.studio, { graceMs: 0, userId: player.session.uid })).toBe(1);
    const session = envelopeOf(await t.get('/api/studio/house/session', { query: { token: player.token } }));
    expect(session.data.open_round).toMatchObject({ round_id: pending!.public_id, status: 'open', balance_after: 4500, outcome: { picks: [] } });
    const traps = await trapsOf(pending!.public_id);
    const door = [0, 1, 2, 3].find((candidate) => !traps[0]!.includes(candidate))!;
    await act(player, pending!.public_id, 'pick', { door });
    const cashed = await act(player, pending!.public_id, 'cashout');
    expect(cashed.data).toMatchObject({ status: 'settled', win: 660 });
    expect(await balanceOf(t, player.session)).toBe(4500 + 660);
  });
});
