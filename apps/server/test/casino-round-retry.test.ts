/**
 * A round's Idempotency-Key: it is the player's (never the device's or the address's), and it is claimed with the
 * round it plays, so a retry after the serving process died answers that round's true outcome — finished to its
 * committed result, or cancelled when its stake never reached the wallet — and never plays a second one (decision 016).
 */
import { ERRORS, HEADER_IDEMPOTENCY_KEY } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_LEASE_MS } from '../src/plugins/idempotency.ts';
import { CLOCK_START, envelopeOf, testAppCreate, type RequestInput, type TestApp, type TestResponse } from './harness.ts';
import { CASINO_ENV, CURRENCY, expectLedgerClean, playerWithGame, uniqueId, type Player } from './casino-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate({ env: CASINO_ENV });
});
afterAll(async () => {
  await expectLedgerClean(t);
  await t?.close();
});

const DICE = { target: 5000, direction: 'under' };

function roundPost(
  player: Player,
  key: string,
  input: Omit<RequestInput, 'body'> = {},
  gameId = 'dice',
  bet = 100,
  params: unknown = DICE,
): Promise<TestResponse> {
  return t.post('/api/studio/house/round', {
    ...input,
    body: { token: player.token, game_id: gameId, bet, params },
    headers: { [HEADER_IDEMPOTENCY_KEY]: key, ...input.headers },
  });
}

async function walletOf(player: Player): Promise<number> {
  const [row] = await t.rows<{ balance_minor: string }>(
    sql`select balance_minor from wallets where user_id = ${player.session.uid} and currency = ${CURRENCY}`,
  );
  return Number(row?.balance_minor ?? 0);
}

async function roundsOf(player: Player): Promise<{ public_id: string; status: string; win: string }[]> {
  return t.rows(sql`select public_id, status, win from casino_rounds where user_id = ${player.session.uid} order by id`);
}

/** Runs `play` as if the process died at `where` (the studio's crash seam); the request answers 500. */
async function crashing(where: 'afterOutcome' | 'afterBet', play: () => Promise<TestResponse>): Promise<void> {
  t.built.casino.studio.faults = {
    [where]: () => {
      throw new Error(`process killed (${where})`);
    },
  };
  try {
    expect(envelopeOf(await play()).dm_error).toBe(ERRORS.INTERNAL.code);
  } finally {
    t.built.casino.studio.faults = undefined;
  }
}

describe('a round’s Idempotency-Key is the player’s', () => {
  it('answers a retry from another address, without a device id, with the first round', async () => {
    const player = await playerWithGame(t, 'dice', 10_000);
    const key = uniqueId('round-key');
    const first = await roundPost(player, key, { remoteAddress: '198.51.100.7' });
    expect(envelopeOf(first).dm_error).toBe(0);
    const elsewhere = await roundPost(player, key, { remoteAddress: '203.0.113.9' });
    expect(elsewhere.json).toStrictEqual(first.json);
    expect(elsewhere.headers['idempotent-replayed']).toBe('true');
    const otherDevice = await roundPost(player, key, { remoteAddress: '192.0.2.44', query: { smid: 'another-device' } });
    expect(otherDevice.json).toStrictEqual(first.json);
    expect(await roundsOf(player)).toHaveLength(1);
    expect(await walletOf(player)).toBe(10_000 - 100 + envelopeOf(first).data.win);
  });

  it('keeps two players’ keys apart, even from one address', async () => {
    const alice = await playerWithGame(t, 'dice', 10_000);
    const bob = await playerWithGame(t, 'dice', 10_000);
    const key = uniqueId('shared-key');
    const forAlice = envelopeOf(await roundPost(alice, key));
    const forBob = envelopeOf(await roundPost(bob, key));
    expect(forAlice.dm_error).toBe(0);
    expect(forBob.dm_error).toBe(0);
    expect(forBob.data.round_id).not.toBe(forAlice.data.round_id);
  });
});

describe('a round retried after its process died', () => {
  it('is finished to its committed outcome once, when its stake had been taken', async () => {
    const player = await playerWithGame(t, 'lucky-sevens', 10_000);
    const key = uniqueId('round-after-bet');
    await crashing('afterBet', () => roundPost(player, key, {}, 'lucky-sevens', 200, {}));
    const [pending] = await roundsOf(player);
    expect(pending!.status).toBe('pending');

    const retried = await roundPost(player, key, {}, 'lucky-sevens', 200, {});
    expect(envelopeOf(retried)).toMatchObject({
      dm_error: 0,
      data: { round_id: pending!.public_id, status: 'settled', bet: 200, win: Number(pending!.win), balance_before: 10_000 },
    });
    expect((await roundPost(player, key, {}, 'lucky-sevens', 200, {})).json).toStrictEqual(retried.json);
    expect(await roundsOf(player)).toEqual([{ ...pending!, status: 'settled' }]);
    expect(await walletOf(player)).toBe(10_000 - 200 + Number(pending!.win));
  });

  it('answers CASINO_ROUND_VOID, charging nothing, when its stake never reached the wallet', async () => {
    const player = await playerWithGame(t, 'dice', 10_000);
    const key = uniqueId('round-before-bet');
    await crashing('afterOutcome', () => roundPost(player, key));
    const retried = envelopeOf(await roundPost(player, key));
    expect(retried).toMatchObject({ dm_error: ERRORS.CASINO_ROUND_VOID.code, data: { field: 'round_id' } });
    expect(envelopeOf(await roundPost(player, key))).toStrictEqual(retried);
    expect((await roundsOf(player)).map((round) => round.status)).toEqual(['void']);
    expect(await walletOf(player)).toBe(10_000);
    // A new key plays a new round.
    expect(envelopeOf(await roundPost(player, uniqueId('round-again'))).dm_error).toBe(0);
  });

  it('answers 1010 while the process holding the key lives, and finishes the round once its lease lapsed', async () => {
    t.clock.set(CLOCK_START);
    const player = await playerWithGame(t, 'reef-riches', 10_000);
    const key = uniqueId('round-held');
    await crashing('afterBet', () => roundPost(player, key, {}, 'reef-riches', 100, {}));
    // As a process killed mid-round leaves it: the key in flight under its owner's lease, which nobody renews.
    await t.rows(sql`update idempotency_keys set owner = 'killed-server-process',
      lease_until = ${new Date(t.clock.now().getTime() + IDEMPOTENCY_LEASE_MS).toISOString()}::timestamptz where key = ${key}`);
    expect(envelopeOf(await roundPost(player, key, {}, 'reef-riches', 100, {}))).toMatchObject({ dm_error: ERRORS.REQUEST_IN_PROGRESS.code });
    t.clock.advance(IDEMPOTENCY_LEASE_MS);
    try {
      const finished = envelopeOf(await roundPost(player, key, {}, 'reef-riches', 100, {}));
      expect(finished).toMatchObject({ dm_error: 0, data: { status: 'settled' } });
      const [round] = await roundsOf(player);
      expect(finished.data.round_id).toBe(round!.public_id);
      expect(await walletOf(player)).toBe(10_000 - 100 + Number(round!.win));
    } finally {
      t.clock.set(CLOCK_START);
    }
  });
});
