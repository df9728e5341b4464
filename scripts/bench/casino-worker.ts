/**
 * The casino bench rows, run under tsx in a child process (the studio and the domain are TypeScript):
 *   rng <seconds>            raw HMAC-SHA256/s (node:crypto, reference row 25) and slot rounds/s of the
 *                            provably-fair simulation (HMAC float stream + Reef Riches maths), one core each
 *   wallet <seconds> <url>   house-slot rounds/s through the whole studio path on PostgreSQL: nonce + round
 *                            row, signed seamless-wallet bet, signed win, round settle — 8 players in parallel
 * Prints one JSON line.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { casinoPlay, fairFloatStream, type HmacFunction } from '@piranha/domain';
import { databaseOpen } from '../../apps/server/src/db/client.ts';
import { transaction } from '../../apps/server/src/db/transaction.ts';
import { groupCommitConfigure } from '../../apps/server/src/db/group-commit.ts';
import { casinoCatalogueSeed } from '../../apps/server/src/modules/casino/casino-catalogue.ts';
import { casinoSessionInsert } from '../../apps/server/src/modules/casino/casino.repository.ts';
import { HOUSE, studioRoundPlay, studioTokenNew, type StudioDeps } from '../../apps/server/src/modules/casino/casino-studio.service.ts';
import { tokenHashOf } from '../../apps/server/src/modules/casino/casino-wallet.service.ts';
import { ledgerAudit } from '../../apps/server/src/modules/ledger/ledger.repository.ts';
import { ledgerTransfer } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { MONEY_REAUTH_DEFAULT, moneyActionGuardCreate } from '../../apps/server/src/modules/account/account-session.service.ts';
import { sessionIssue } from '../../apps/server/src/modules/session/session.service.ts';
import { userInsert } from '../../apps/server/src/modules/session/session.repository.ts';
import { mandatoryLimitsSet } from './bench-players.ts';

const [mode, secondsText, url] = process.argv.slice(2);
const seconds = Number(secondsText);

/**
 * Two loops measured in alternating 200 ms slices, so a busy shared machine slows both alike and their ratio
 * stays meaningful; answers operations per second of each.
 */
function perSecondInterleaved(first: () => void, second: () => void): [number, number] {
  for (let i = 0; i < 2000; i += 1) {
    first();
    second();
  }
  const counts = [0, 0];
  const times = [0, 0];
  const end = performance.now() + seconds * 1000;
  let turn = 0;
  while (performance.now() < end) {
    const body = turn === 0 ? first : second;
    const sliceEnd = performance.now() + 200;
    const started = performance.now();
    while (performance.now() < sliceEnd) {
      for (let i = 0; i < 50; i += 1) body();
      counts[turn]! += 50;
    }
    times[turn]! += performance.now() - started;
    turn = 1 - turn;
  }
  return [(counts[0]! / times[0]!) * 1000, (counts[1]! / times[1]!) * 1000];
}

async function rng() {
  const key = Buffer.from('bench-server-seed-0123456789abcdef');
  const nodeHmac: HmacFunction = (k, message) => createHmac('sha256', k).update(message).digest();
  let nonce = 0;
  let round = 0;
  const [hmacPerSecond, roundsPerSecond] = perSecondInterleaved(
    () => {
      createHmac('sha256', key)
        .update(`client:${(nonce += 1)}:0`)
        .digest();
    },
    () => {
      casinoPlay('reef-riches', {}, fairFloatStream('bench-server-seed', 'client', (round += 1), nodeHmac));
    },
  );
  return { hmacPerSecond, roundsPerSecond };
}

async function wallet() {
  const database = await databaseOpen({ databaseUrl: url, poolMax: 16 });
  try {
    const { db } = database;
    // As the server does (GROUP_COMMIT and GROUP_COMMIT_PIPELINE, on unless told otherwise): the row beside placements
    // measures the same path.
    groupCommitConfigure(db, {
      enabled: process.env.GROUP_COMMIT !== 'off',
      lanes: Number(process.env.GROUP_COMMIT_LANES ?? 4),
      pipeline: process.env.GROUP_COMMIT_PIPELINE !== 'off',
    });
    await casinoCatalogueSeed(db, []);
    const now = () => new Date();
    const secret = randomBytes(32).toString('hex');
    const moneyActionGuard = moneyActionGuardCreate(MONEY_REAUTH_DEFAULT);
    const studio: StudioDeps = { db, now, wallet: { db, now, partners: new Map([[HOUSE, secret]]), moneyActionGuard } };
    const players = 8;
    const tokens: string[] = [];
    for (let i = 0; i < players; i += 1) {
      const userId = await userInsert(db, 'piranha', false);
      await mandatoryLimitsSet(db, userId);
      await transaction(db, (tx) =>
        ledgerTransfer(tx, {
          kind: 'deposit',
          externalRef: `bench-${userId}`,
          lines: [
            { account: { house: 'payment_clearing', currency: 'BRL' }, amountMinor: -1_000_000_000 },
            { account: { userId, currency: 'BRL' }, amountMinor: 1_000_000_000 },
          ],
        }),
      );
      // A game token lives as long as the player's session that launched it.
      const { sessionId } = await sessionIssue(db, userId, now());
      const token = studioTokenNew();
      await casinoSessionInsert(db, {
        tokenHash: tokenHashOf(token),
        userId,
        sessionId,
        platform: HOUSE,
        gameId: 'reef-riches',
        currency: 'BRL',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      tokens.push(token);
    }
    const play = (token: string) => studioRoundPlay(studio, { token, gameId: 'reef-riches', bet: 100, params: {}, freeRound: false });
    // Warm-up: connections, JIT.
    await Promise.all(
      tokens.map(async (token) => {
        for (let i = 0; i < 20; i += 1) await play(token);
      }),
    );
    const latencies: number[] = [];
    const end = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      tokens.map(async (token) => {
        while (performance.now() < end) {
          const before = performance.now();
          await play(token);
          latencies.push(performance.now() - before);
        }
      }),
    );
    const elapsed = performance.now() - started;
    latencies.sort((a, b) => a - b);
    const audit = await ledgerAudit(db);
    const clean = audit.walletDrift.length === 0 && audit.unbalancedTransfers.length === 0 && audit.thinTransfers.length === 0;
    return {
      roundsPerSecond: (latencies.length / elapsed) * 1000,
      p50Ms: latencies[Math.floor(latencies.length * 0.5)],
      p99Ms: latencies[Math.floor(latencies.length * 0.99)],
      players,
      ledgerClean: clean,
    };
  } finally {
    await database.close();
  }
}

const result = mode === 'rng' ? await rng() : await wallet();
process.stdout.write(`${JSON.stringify(result)}\n`);
