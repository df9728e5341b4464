/**
 * A payout committed by a process that died before asking the provider is sent by the delivery sweep, whether or not
 * the player ever retries (decision 022; decision 008 left it pending with its debit held). The provider is asked
 * with the order id as its idempotency key, so the payout is made once however often it is asked.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYOUT_RESUME_AFTER_MS, payoutsAwaitingProviderResume } from '../src/modules/payments/payout.service.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf, idempotencyKey, playerFund } from './payments-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate();
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

const PIX_ACCOUNT = { document_type: 'CPF', document: '390.533.447-05', pix_key_type: 'CPF', pix_key: '39053344705', holder_name: 'Ana Souza' };
const log = { warn: () => undefined };

async function fundedBrazilian(): Promise<IssuedSession> {
  const { session } = await playerFund(t, { amountMinor: 100_000, session: await t.player('piranha') });
  const saved = await t.post('/api/piranha/finance/account/elements/set', { query: signedIn(session), body: { channel: 'PIX', elements: PIX_ACCOUNT } });
  expect(envelopeOf(saved).dm_error).toBe(0);
  return session;
}

/**
 * A payout request whose process froze (as a killed one would) right after committing the debit and the order: the
 * provider's first call never returns until `wake`. Answers the order id, read from the database.
 */
async function payoutLeftUnsent(session: IssuedSession) {
  const psp = t.built.payments.provider;
  const original = psp.payoutStart;
  let wake!: () => void;
  const asleep = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const spy = vi.spyOn(psp, 'payoutStart').mockImplementationOnce(async (request) => {
    await asleep;
    return original(request);
  });
  const request = t.post('/api/piranha/finance/payout/order/create', {
    query: signedIn(session),
    headers: { 'idempotency-key': idempotencyKey() },
    body: { channel: 'PIX', amount: 10_000, currency: 'BRL' },
  });
  while (spy.mock.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const orderId = spy.mock.calls[0]![0].orderId;
  return { orderId, spy, original, wake, request };
}

async function orderOf(orderId: string) {
  const [row] = await t.rows<{ status: number; provider_ref: string }>(sql`select status, provider_ref from payment_orders where order_id = ${orderId}`);
  return row!;
}

describe('payouts a crash left unsent', () => {
  it('are sent by the sweep once they are older than a live request could be, and only once', async () => {
    const session = await fundedBrazilian();
    const left = await payoutLeftUnsent(session);
    try {
      expect(await orderOf(left.orderId)).toEqual({ status: 1, provider_ref: left.orderId });
      // A request may still be sending it: the sweep leaves a young payout alone.
      left.spy.mockImplementation(left.original);
      expect(await payoutsAwaitingProviderResume(t.built.payments, log)).toBe(0);
      expect(left.spy).toHaveBeenCalledTimes(1);

      t.clock.advance(PAYOUT_RESUME_AFTER_MS + 1);
      expect(await payoutsAwaitingProviderResume(t.built.payments, log)).toBe(1);
      expect(left.spy).toHaveBeenCalledTimes(2);
      const sent = await orderOf(left.orderId);
      expect(sent).toEqual({ status: 1, provider_ref: expect.stringMatching(/^po_/) });
      // Delivered: the next passes find nothing to send.
      expect(await payoutsAwaitingProviderResume(t.built.payments, log)).toBe(0);
      expect(left.spy).toHaveBeenCalledTimes(2);

      // The frozen process wakes and asks again with the same key: the provider answers the same payout.
      left.wake();
      expect(envelopeOf(await left.request).data).toMatchObject({ order_id: left.orderId, status: 1 });
      expect(await orderOf(left.orderId)).toEqual(sent);
      const open = (await t.built.payments.provider.openPayments('payout')).filter((payment) => payment.orderId === left.orderId);
      expect(open).toHaveLength(1);
      expect(await balanceOf(t, session, 'BRL')).toBe(90_000);
    } finally {
      left.wake();
      left.spy.mockRestore();
    }
  });

  it('are failed and refunded in full when the provider refuses them', async () => {
    const session = await fundedBrazilian();
    const left = await payoutLeftUnsent(session);
    try {
      left.spy.mockRejectedValue(new Error('socket hang up'));
      t.clock.advance(PAYOUT_RESUME_AFTER_MS + 1);
      expect(await payoutsAwaitingProviderResume(t.built.payments, log)).toBe(0);
      expect(await orderOf(left.orderId)).toEqual({ status: 2, provider_ref: left.orderId });
      expect(await balanceOf(t, session, 'BRL')).toBe(100_000);
      expect(await payoutsAwaitingProviderResume(t.built.payments, log)).toBe(0);
      expect(left.spy).toHaveBeenCalledTimes(2);
    } finally {
      left.wake();
      left.spy.mockRestore();
      await left.request;
    }
  });
});
