/**
 * A payout a killed server committed but never sent survives on disk and is sent once by the next server, with no
 * request from the player (decision 022). The database is left as a kill -9 between the commit and the provider call
 * leaves it — the debit into payout_pending and the order awaiting the provider — before any server starts; then one
 * server sends it and is killed in turn, and the next finds nothing left to send.
 */
import { PAY_STATUS, ORDER_STATUS } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { transaction } from '../src/db/transaction.ts';
import { ledgerAudit } from '../src/modules/ledger/ledger.repository.ts';
import { ledgerTransfer } from '../src/modules/ledger/ledger.service.ts';
import { orderIdNew } from '../src/modules/payments/payin.service.ts';
import { orderInsert } from '../src/modules/payments/payments.repository.ts';
import { PAYOUT_RESUME_AFTER_MS } from '../src/modules/payments/payout.service.ts';
import { userInsert } from '../src/modules/session/session.repository.ts';
import { PAYOUT_PROVIDER } from '../src/providers/payments/payment-provider.ts';
import { serverDataCreate, serverStart, serverStop, type Running, type ServerData } from './server-process.ts';

const OPS_TOKEN = 'ops-token-for-the-restart-test-0123';
let data: ServerData;
const running: Running[] = [];

beforeAll(async () => {
  data = await serverDataCreate('payout-restart');
});
afterAll(async () => {
  for (const server of running) await serverStop(server, 'SIGKILL');
  await data?.remove();
});

/** How many payouts the server's /metrics says await the provider. */
async function awaiting(server: Running): Promise<number> {
  const text = await (await fetch(`${server.origin}/metrics`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } })).text();
  const line = text.split('\n').find((entry) => entry.startsWith('piranha_payouts_awaiting_provider '));
  return Number(line?.split(' ')[1]);
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting: ${what}`);
}

describe('a payout left unsent by a kill -9', () => {
  it('is sent by the next server without any request, once', { timeout: 300_000 }, async () => {
    const orderId = orderIdNew('payout');
    const committedAt = new Date(Date.now() - PAYOUT_RESUME_AFTER_MS - 60_000);
    const setup = await data.open();
    try {
      const userId = await userInsert(setup.db, 'piranha', false);
      await transaction(setup.db, async (tx) => {
        await ledgerTransfer(tx, {
          kind: 'deposit',
          externalRef: `payout-restart-${userId}`,
          lines: [
            { account: { house: 'payment_clearing', currency: 'BRL' }, amountMinor: -50_000 },
            { account: { userId, currency: 'BRL' }, amountMinor: 50_000 },
          ],
        });
      });
      // What payoutCreate commits before it calls the provider, and all a kill -9 at that moment leaves.
      await transaction(setup.db, async (tx) => {
        await ledgerTransfer(tx, {
          kind: 'payout_request',
          externalRef: orderId,
          lines: [
            { account: { userId, currency: 'BRL' }, amountMinor: -10_000 },
            { account: { house: 'payout_pending', currency: 'BRL' }, amountMinor: 10_000 },
          ],
        });
        await orderInsert(tx, {
          orderId,
          userId,
          appKey: 'piranha',
          direction: 'payout',
          channel: 'PIX',
          provider: PAYOUT_PROVIDER,
          providerRef: orderId,
          currency: 'BRL',
          amountMinor: 10_000,
          feeMinor: 100,
          status: ORDER_STATUS.pending,
          payStatus: PAY_STATUS.pending,
          account: { pix_key_type: 'CPF', pix_key: '39053344705', holder_name: 'Ana Souza' },
          expiresAt: new Date(committedAt.getTime() + 365 * 24 * 3600 * 1000),
          createdAt: committedAt,
          updatedAt: committedAt,
        });
      });
    } finally {
      await setup.close();
    }

    const env = { ...data.env, OPS_TOKEN };
    const first = await serverStart(env);
    running.push(first);
    await until(async () => (await awaiting(first)) === 0, 'the first server sends the payout');
    await serverStop(first, 'SIGKILL');

    const second = await serverStart(env);
    running.push(second);
    expect(await awaiting(second)).toBe(0);
    await serverStop(second, 'SIGTERM');

    const check = await data.open();
    try {
      const orders = await rowsOf<{ order_id: string; status: number; provider_ref: string }>(
        check.db,
        sql`select order_id, status, provider_ref from payment_orders where direction = 'payout'`,
      );
      expect(orders).toEqual([{ order_id: orderId, status: ORDER_STATUS.pending, provider_ref: expect.stringMatching(/^po_/) }]);
      // One debit, still held for the provider; nothing refunded, nothing paid twice.
      const transfers = await rowsOf<{ kind: string }>(check.db, sql`select kind from transfers where external_ref = ${orderId}`);
      expect(transfers).toEqual([{ kind: 'payout_request' }]);
      const audit = await ledgerAudit(check.db);
      expect(audit.walletDrift.length + audit.unbalancedTransfers.length + audit.thinTransfers.length).toBe(0);
    } finally {
      await check.close();
    }
  });
});
