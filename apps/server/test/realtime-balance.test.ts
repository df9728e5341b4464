import { realtimeFrameParse, type RealtimeFrame } from '@piranha/contract';
import { variantFindByKey } from '@piranha/domain';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { betLegs, bets } from '../src/db/schema/index.ts';
import { loyaltyPass } from '../src/modules/loyalty/loyalty-pass.service.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { balanceReasonOf } from '../src/realtime/balance-events.ts';
import { feedManualCreate } from './betting-fixtures.ts';
import { CASINO_ENV, playerWithGame, playRound } from './casino-fixtures.ts';
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean } from './payments-fixtures.ts';

/**
 * Decision 041: every committed money move tells the player's sockets `balance_changed`, from the ledger (one helper),
 * so a page whose balance polls every 60 s while its socket is open shows a VIP reward or a casino round at once.
 */
let t: TestApp;
const sockets: WebSocket[] = [];
const BRAND = 'piranha';
const CURRENCY = variantFindByKey(BRAND)!.currency;

beforeAll(async () => {
  t = await testAppCreate({ feed: feedManualCreate(CLOCK_START.getTime()), env: CASINO_ENV });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  // Building the app on a shared two-core machine can take longer than the default minute.
}, 180_000);
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

/** An open socket for the player, and the frames it hears in order. */
async function listen(session: IssuedSession): Promise<() => Promise<RealtimeFrame>> {
  const answer = envelopeOf(await t.get('/api/piranha/chat/url', { query: signedIn(session) }));
  expect(answer.dm_error).toBe(0);
  const socket = new WebSocket(`ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${(answer.data as { url: string }).url}`);
  sockets.push(socket);
  const frames: RealtimeFrame[] = [];
  const waiting: ((frame: RealtimeFrame) => void)[] = [];
  socket.on('message', (data) => {
    const frame = realtimeFrameParse(String(data));
    if (!frame) return;
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return () => {
    const frame = frames.shift();
    return frame ? Promise.resolve(frame) : new Promise((resolve) => waiting.push(resolve));
  };
}

/** A settled winning single of the player, as the settlement writes it: VIP points for the loyalty pass. */
async function betWon(userId: number, stakeMinor: number): Promise<void> {
  const at = t.clock.now();
  const [bet] = await t.db
    .insert(bets)
    .values({
      userId,
      currency: CURRENCY,
      kind: 'single_bet',
      seriesCode: 1,
      unitStakeMinor: stakeMinor,
      lineCount: 1,
      stakeMinor,
      stakePlacedMinor: stakeMinor,
      payoutMinorMax: stakeMinor * 2,
      payoutMinor: 0,
      status: 5,
      outcome: 3,
      oddsChange: 0,
      live: false,
      freeBet: false,
      createdAt: at,
      settledAt: at,
    })
    .returning({ id: bets.id });
  await t.db.insert(betLegs).values({
    betId: bet!.id,
    legIndex: 0,
    matchId: 900_000_041,
    marketId: 1,
    marketType: 1,
    period: 0,
    optionType: 1,
    matchName: 'A v B',
    oddsThousandths: 2000,
    live: false,
    scoreHome: 0,
    scoreAway: 0,
    outcome: 3,
  });
}

describe('balance_changed after every money move', () => {
  it('tells the player when a VIP reward is paid, after its commit', async () => {
    const session = await t.player(BRAND);
    await betWon(session.uid, 1_000);
    await loyaltyPass(t.db, t.clock.now());
    const next = await listen(session);
    const paid = envelopeOf(await t.post('/api/piranha/activity/vip/receive', { query: signedIn(session), body: { kind: 'vip_bonus', level: 1 } }));
    expect(paid.dm_error).toBe(0);
    expect(await next()).toEqual({ topic: `player:${session.uid}`, event: { type: 'balance_changed', reason: 'bonus', currency: CURRENCY } });
  });

  it('tells the player when a casino round moves their wallet, after its commit', async () => {
    const player = await playerWithGame(t, 'dice', 10_000);
    const next = await listen(player.session);
    const round = await playRound(t, player, 'dice', 100, { target: 5000, direction: 'under' });
    expect(round.dm_error).toBe(0);
    const frame = await next();
    expect(frame.topic).toBe(`player:${player.session.uid}`);
    expect(frame.event).toMatchObject({ type: 'balance_changed', reason: 'casino' });
  });

  it('names the move by the ledger transfer’s kind', () => {
    expect(['payin', 'payout_refund', 'bet_settle', 'bet_place', 'casino_win', 'bonus_grant', 'bonus_convert', 'fee'].map(balanceReasonOf)).toEqual([
      'deposit',
      'withdrawal',
      'bet_settled',
      'bet_placed',
      'casino',
      'bonus',
      'bonus',
      'other',
    ]);
  });
});
