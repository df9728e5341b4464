import { createHmac, randomBytes } from 'node:crypto';
import { HEADER_WALLET_PARTNER, HEADER_WALLET_SIGNATURE, SEAMLESS_WALLET_PATHS, type SeamlessWalletCall } from '@piranha/contract';
import { casinoVerify, type HouseGameId } from '@piranha/domain';
import { expect } from 'vitest';
import { transaction } from '../src/db/transaction.ts';
import { ledgerAudit } from '../src/modules/ledger/ledger.repository.ts';
import { ledgerTransfer } from '../src/modules/ledger/ledger.service.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { envelopeOf, signedIn, type TestApp } from './harness.ts';

/** The house partner's secret in casino tests, so a test can call the wallet from outside like a studio. */
export const HOUSE_SECRET = 'casino-test-house-secret-0123456789abcdef';
export const CASINO_ENV = { CASINO_HOUSE_SECRET: HOUSE_SECRET, RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000' };
/** The default brand's currency (piranha → BRL). */
export const CURRENCY = 'BRL';

let counter = 0;
export function uniqueId(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${counter}-${randomBytes(3).toString('hex')}`;
}

/** Money in, as a deposit would bring it. */
export async function fund(t: TestApp, userId: number, amountMinor: number, currency = CURRENCY): Promise<void> {
  await transaction(t.db, (tx) =>
    ledgerTransfer(tx, {
      kind: 'deposit',
      externalRef: uniqueId('casino-test-deposit'),
      lines: [
        { account: { house: 'payment_clearing', currency }, amountMinor: -amountMinor },
        { account: { userId, currency }, amountMinor },
      ],
    }),
  );
}

export async function balanceOf(t: TestApp, session: IssuedSession): Promise<number> {
  const envelope = envelopeOf(await t.get('/api/piranha/finance/user/balance/get', { query: signedIn(session) }));
  return envelope.data.total_balance;
}

export interface Player {
  session: IssuedSession;
  token: string;
}

/** A signed-in player with `balance` on their wallet, who launched `gameId`. */
export async function playerWithGame(t: TestApp, gameId: string, balance: number, platform = 'house'): Promise<Player> {
  const session = await t.session();
  if (balance > 0) await fund(t, session.uid, balance);
  const launch = envelopeOf(await t.get('/api/piranha/pg_game/hall/launch', { query: signedIn(session, { game_platform: platform, game_id: gameId }) }));
  expect(launch.dm_error).toBe(0);
  return { session, token: launch.data.token };
}

/** Posts a signed raw body to the seamless wallet, as an outside studio would. */
export async function walletPost(
  t: TestApp,
  call: SeamlessWalletCall,
  body: unknown,
  options: { secret?: string; partner?: string; signature?: string; raw?: string } = {},
) {
  const raw = options.raw ?? JSON.stringify(body);
  const signature =
    options.signature ??
    createHmac('sha256', options.secret ?? HOUSE_SECRET)
      .update(raw)
      .digest('hex');
  const response = await t.post(SEAMLESS_WALLET_PATHS[call], {
    payload: raw,
    headers: { [HEADER_WALLET_PARTNER]: options.partner ?? 'house', [HEADER_WALLET_SIGNATURE]: signature },
  });
  expect(response.status).toBe(200);
  return response.json as { user: string; status: string; request_uuid: string; currency: string; balance: number };
}

export async function playRound(t: TestApp, player: Player, gameId: string, bet: number, params: unknown = {}, extra: Record<string, unknown> = {}) {
  return envelopeOf(await t.post('/api/studio/house/round', { body: { token: player.token, game_id: gameId, bet, params, ...extra } }));
}

export const CLEAN_AUDIT = { walletDrift: [], unbalancedTransfers: [], thinTransfers: [] };

export async function expectLedgerClean(t: TestApp): Promise<void> {
  expect(await ledgerAudit(t.db)).toStrictEqual(CLEAN_AUDIT);
}

/** A played round as the studio answers it: what its proof needs to be recomputed. */
export interface PlayedRound {
  proof: { server_seed_hash: string; client_seed: string; nonce: number };
  params: unknown;
  outcome: unknown;
}

/**
 * Reveals the player's server seed (a rotation) and recomputes every round from it: each must give back its stored
 * outcome (provably fair, integrations.md §7.2).
 */
export async function roundsVerifyRevealed(t: TestApp, token: string, gameId: HouseGameId, rounds: readonly PlayedRound[]): Promise<void> {
  const rotated = envelopeOf(await t.post('/api/studio/house/seed/rotate', { body: { token } }));
  for (const round of rounds)
    expect(
      casinoVerify({
        serverSeed: rotated.data.previous.server_seed,
        serverSeedHash: round.proof.server_seed_hash,
        clientSeed: round.proof.client_seed,
        nonce: round.proof.nonce,
        gameId,
        params: round.params as never,
      }),
    ).toEqual({ ok: true, outcome: round.outcome });
}
