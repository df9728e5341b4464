import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackToken } from '../src/providers/payments/webhook-signature.ts';
import { testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf, checkoutOf, payinCreateOk, payinStatusOf, sandboxDecide, webhookPost } from './payments-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate();
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

async function pixOrder(amount = 5000) {
  const session = await t.session('piranha');
  const order = await payinCreateOk(t, session, { channel: 'PIX', amount, currency: 'BRL' });
  return { session, order, ref: checkoutOf(order).ref };
}

function paidNotice(order: { order_id: string; amount: number; currency: string }, ref: string, overrides: Record<string, unknown> = {}) {
  return {
    event_id: `evt_${order.order_id}`,
    type: 'payin.paid',
    provider_ref: ref,
    order_id: order.order_id,
    amount: order.amount,
    currency: order.currency,
    occurred_at: t.clock.now().toISOString(),
    ...overrides,
  };
}

async function outcomesOf(orderId: string | null) {
  const rows = await t.rows<{ outcome: string }>(
    orderId === null
      ? sql`select outcome from payment_webhook_events where order_id is null order by id`
      : sql`select outcome from payment_webhook_events where order_id = ${orderId} order by id`,
  );
  return rows.map((row) => row.outcome);
}

describe('payment notifications', () => {
  it('credits on a correctly signed notice and changes nothing on its replay', async () => {
    const { session, order, ref } = await pixOrder();
    const notice = paidNotice(order, ref);
    expect((await webhookPost(t, 'pix', notice)).json).toEqual({ received: true, outcome: 'applied' });
    expect((await webhookPost(t, 'pix', notice)).json).toEqual({ received: true, outcome: 'duplicate' });
    expect((await webhookPost(t, 'pix', { ...notice, event_id: 'evt_other_id' })).json).toEqual({ received: true, outcome: 'duplicate' });
    expect(await balanceOf(t, session, 'BRL')).toBe(5000);
    const transfers = await t.rows(sql`select 1 from transfers where kind = 'payin' and external_ref = ${order.order_id}`);
    expect(transfers).toHaveLength(1);
    expect(await payinStatusOf(t, session, order.order_id)).toMatchObject({ status: 4, pay_status: 1 });
  });

  it('refuses and logs a notice signed with another secret', async () => {
    const { session, order, ref } = await pixOrder();
    const forged = await webhookPost(t, 'pix', paidNotice(order, ref), { secret: 'not-our-secret' });
    expect(forged.status).toBe(401);
    expect(forged.json).toEqual({ received: false, outcome: 'forged_mismatch' });
    expect(await balanceOf(t, session, 'BRL')).toBe(0);
    const logged = await t.rows<{ outcome: string; body: string }>(
      sql`select outcome, body from payment_webhook_events where outcome like 'forged%' and body like ${`%${order.order_id}%`}`,
    );
    expect(logged).toHaveLength(1);
  });

  it('refuses a body changed after signing', async () => {
    const { session, order, ref } = await pixOrder();
    const signed = JSON.stringify(paidNotice(order, ref));
    const { webhookSign } = await import('../src/providers/payments/webhook-signature.ts');
    const signature = webhookSign(t.built.payments.webhookSecret, signed, t.clock.now());
    const tampered = signed.replace(`"amount":${order.amount}`, `"amount":${order.amount * 100}`);
    const answer = await webhookPost(t, 'pix', undefined, { raw: tampered, signature });
    expect(answer.status).toBe(401);
    expect(await balanceOf(t, session, 'BRL')).toBe(0);
  });

  it('refuses a notice without a signature, or one signed too long ago', async () => {
    const { order, ref } = await pixOrder();
    const raw = JSON.stringify(paidNotice(order, ref));
    const missing = await t.request('POST', '/api/piranha/finance/webhook/pix', { payload: raw, headers: { 'content-type': 'application/json' } });
    expect(missing.json).toEqual({ received: false, outcome: 'forged_missing' });
    const { webhookSign } = await import('../src/providers/payments/webhook-signature.ts');
    const old = webhookSign(t.built.payments.webhookSecret, raw, new Date(t.clock.now().getTime() - 10 * 60 * 1000));
    expect((await webhookPost(t, 'pix', undefined, { raw, signature: old })).json).toEqual({ received: false, outcome: 'forged_stale' });
  });

  it.each([
    ['amount', { amount: 5001 }],
    ['currency', { currency: 'USD' }],
    ['order id', { order_id: 'PI-SOMEONE-ELSE' }],
  ])('refuses a signed notice whose %s differs from the order', async (_label, overrides) => {
    const { session, order, ref } = await pixOrder();
    const answer = await webhookPost(t, 'pix', paidNotice(order, ref, overrides));
    expect(answer.status).toBe(409);
    expect(await balanceOf(t, session, 'BRL')).toBe(0);
    expect(await outcomesOf(order.order_id)).toEqual(['mismatch']);
  });

  it('refuses a notice from another provider than the order’s', async () => {
    const { order, ref } = await pixOrder();
    expect((await webhookPost(t, 'spei', paidNotice(order, ref))).status).toBe(404);
    expect((await webhookPost(t, 'paypal', paidNotice(order, ref))).status).toBe(404);
  });

  it('never credits an order that was declined, even on a later signed paid notice', async () => {
    const { session, order, ref } = await pixOrder();
    await sandboxDecide(t, checkoutOf(order).url, 'decline');
    expect((await webhookPost(t, 'pix', paidNotice(order, ref))).json).toEqual({ received: true, outcome: 'closed' });
    expect(await balanceOf(t, session, 'BRL')).toBe(0);
    expect(await payinStatusOf(t, session, order.order_id)).toMatchObject({ status: 2 });
  });

  it.each([
    ['processing then failed', ['payin.processing', 'payin.failed'], { status: 2, pay_status: 4 }],
    ['processing then expired', ['payin.processing', 'payin.expired'], { status: 3, pay_status: 3 }],
    ['expired without processing', ['payin.expired'], { status: 3, pay_status: 3 }],
    ['paid without processing', ['payin.paid'], { status: 4, pay_status: 1 }],
    ['paid, then a late processing', ['payin.paid', 'payin.processing'], { status: 4, pay_status: 1 }],
  ])('follows the state machine for %s', async (_label, types, final) => {
    const { session, order, ref } = await pixOrder();
    for (const [index, type] of types.entries()) await webhookPost(t, 'pix', paidNotice(order, ref, { type, event_id: `evt_${order.order_id}_${index}` }));
    expect(await payinStatusOf(t, session, order.order_id)).toMatchObject(final);
    expect(await balanceOf(t, session, 'BRL')).toBe(final.status === 4 ? order.amount : 0);
  });

  it('refuses malformed JSON as malformed, after the signature', async () => {
    const answer = await webhookPost(t, 'pix', undefined, { raw: '{"event_id":' });
    expect(answer.json).toEqual({ received: false, outcome: 'malformed' });
  });

  it('refuses a signed notice with a NUL or a lone surrogate in a field as malformed, and logs it', async () => {
    const { session, order, ref } = await pixOrder();
    for (const overrides of [{ event_id: 'evt_\u0000_nul' }, { provider_ref: `${ref}\uD800` }, { occurred_at: '\u0000' }]) {
      const answer = await webhookPost(t, 'pix', paidNotice(order, ref, overrides));
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ received: false, outcome: 'malformed' });
    }
    expect(await balanceOf(t, session, 'BRL')).toBe(0);
    const logged = await t.rows<{ body: string }>(
      sql`select body from payment_webhook_events where outcome = 'malformed' and body like ${`%${order.order_id}%`}`,
    );
    expect(logged).toHaveLength(3);
  });

  it('logs a forged notice whose raw body holds NUL bytes, with the bytes replaced, instead of failing', async () => {
    const { session, order, ref } = await pixOrder();
    const raw = JSON.stringify(paidNotice(order, ref)).replace('{', '{\u0000\u0000');
    const forged = await webhookPost(t, 'pix', undefined, { raw, secret: 'not-our-secret' });
    expect(forged.status).toBe(401);
    expect(forged.json).toEqual({ received: false, outcome: 'forged_mismatch' });
    const logged = await t.rows<{ body: string }>(
      sql`select body from payment_webhook_events where outcome = 'forged_mismatch' and body like ${`%${order.order_id}%`}`,
    );
    expect(logged.map((row) => row.body.slice(0, 3))).toEqual(['{\uFFFD\uFFFD']);
    expect(await balanceOf(t, session, 'BRL')).toBe(0);
  });

  it('applies parallel copies of one notice once', async () => {
    const { session, order, ref } = await pixOrder();
    const notice = paidNotice(order, ref);
    const answers = await Promise.all(Array.from({ length: 6 }, () => webhookPost(t, 'pix', notice)));
    expect(answers.map((answer) => answer.json.outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await balanceOf(t, session, 'BRL')).toBe(5000);
  });
});

describe('M-Pesa callbacks (unsigned, protected by a secret URL and the STK query)', () => {
  async function mpesaOrder() {
    const session = await t.session('simba');
    const order = await payinCreateOk(t, session, { channel: 'MPESA', amount: 50_000, currency: 'KES', phone: '+254712123456' });
    return { session, order, ref: order.instruction.checkout_request_id! };
  }

  function callbackBody(ref: string, resultCode: number, amount = 500) {
    return {
      Body: {
        stkCallback: {
          MerchantRequestID: '677-6442255-1',
          CheckoutRequestID: ref,
          ResultCode: resultCode,
          ResultDesc: 'x',
          ...(resultCode === 0
            ? { CallbackMetadata: { Item: [{ Name: 'Amount', Value: amount }, { Name: 'Balance' }, { Name: 'PhoneNumber', Value: 254712123456 }] } }
            : {}),
        },
      },
    };
  }

  it('refuses a callback to a guessed URL', async () => {
    const { session, ref } = await mpesaOrder();
    const answer = await t.post('/api/piranha/finance/webhook/mpesa/guessed-token-aaaaaaaaaaaaaaaaaa', { body: callbackBody(ref, 0) });
    expect(answer.status).toBe(401);
    expect(await balanceOf(t, session, 'KES')).toBe(0);
  });

  it('refuses a callback the STK query does not confirm', async () => {
    const { session, ref } = await mpesaOrder();
    // The right URL (say it leaked), but the player never approved on the phone.
    const url = `/api/piranha/finance/webhook/mpesa/${callbackToken(t.built.payments.webhookSecret, ref)}`;
    const answer = await t.post(url, { body: callbackBody(ref, 0) });
    expect(answer.status).toBe(409);
    expect(answer.json).toEqual({ ResultCode: 1, ResultDesc: 'Rejected' });
    expect(await balanceOf(t, session, 'KES')).toBe(0);
  });

  it('marks a push the player cancelled as rejected (ResultCode 1032)', async () => {
    const { session, order } = await mpesaOrder();
    await sandboxDecide(t, checkoutOf(order).url, 'decline');
    expect(await payinStatusOf(t, session, order.order_id)).toMatchObject({ status: 2, pay_status: 4 });
  });

  it('cancels a push nobody answers (1 → 3)', async () => {
    const { session, order } = await mpesaOrder();
    t.clock.advance(31 * 60 * 1000);
    expect(await payinStatusOf(t, session, order.order_id)).toMatchObject({ status: 3, pay_status: 3 });
  });

  it('ignores a replayed success callback', async () => {
    const { session, order, ref } = await mpesaOrder();
    await sandboxDecide(t, checkoutOf(order).url, 'approve');
    const url = `/api/piranha/finance/webhook/mpesa/${callbackToken(t.built.payments.webhookSecret, ref)}`;
    const replay = await t.post(url, { body: callbackBody(ref, 0) });
    expect(replay.json).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await balanceOf(t, session, 'KES')).toBe(50_000);
    expect(await outcomesOf(order.order_id)).toEqual(['applied', 'duplicate']);
  });
});

describe('M-Pesa callback allowlist', () => {
  it('refuses a callback with the right token from an address outside MPESA_CALLBACK_ALLOWLIST', async () => {
    const guarded = await testAppCreate({ env: { MPESA_CALLBACK_ALLOWLIST: '127.0.0.1,196.201.214.0/24' } });
    try {
      const session = await guarded.session('simba');
      const order = await payinCreateOk(guarded, session, { channel: 'MPESA', amount: 50_000, currency: 'KES', phone: '0712123456' });
      const ref = order.instruction.checkout_request_id!;
      const url = `/api/piranha/finance/webhook/mpesa/${callbackToken(guarded.built.payments.webhookSecret, ref)}`;
      const body = { Body: { stkCallback: { MerchantRequestID: '1-2-1', CheckoutRequestID: ref, ResultCode: 1032, ResultDesc: 'Request cancelled by user' } } };
      const outside = await guarded.post(url, { body, remoteAddress: '203.0.113.9' });
      expect(outside.status).toBe(401);
      expect(await payinStatusOf(guarded, session, order.order_id)).toMatchObject({ status: 1 });
      // The sandbox calls from the loopback address, which the list allows.
      await sandboxDecide(guarded, checkoutOf(order).url, 'approve');
      expect(await payinStatusOf(guarded, session, order.order_id)).toMatchObject({ status: 4 });
      expect(await auditClean(guarded)).toBe(true);
    } finally {
      await guarded.close();
    }
  });
});

describe('our own failures', () => {
  it('answers 500, not HTTP 200 with the players’ envelope, when it fails on our side, so the provider sends it again', async () => {
    const { session, order, ref } = await pixOrder();
    // Any unexpected failure will do: here the clock the signature check reads throws (a database error goes the same way).
    const payments = t.built.payments;
    const now = payments.now;
    payments.now = () => {
      throw new Error('the clock failed');
    };
    try {
      const answer = await webhookPost(t, 'pix', paidNotice(order, ref));
      expect(answer.status).toBe(500);
      expect(answer.json).toStrictEqual({ received: false, outcome: 'error' });
      const token = callbackToken(payments.webhookSecret, 'ws_CO_0000');
      const body = { Body: { stkCallback: { MerchantRequestID: '1', CheckoutRequestID: 'ws_CO_0000', ResultCode: 0, ResultDesc: 'x' } } };
      const mpesa = await t.post(`/api/piranha/finance/webhook/mpesa/${token}`, { body });
      expect(mpesa.status).toBe(500);
      expect(mpesa.json).toStrictEqual({ ResultCode: 1, ResultDesc: 'Rejected' });
    } finally {
      payments.now = now;
    }
    expect(await balanceOf(t, session, 'BRL')).toBe(0);
    // Sent again once we are back, it is applied.
    expect((await webhookPost(t, 'pix', paidNotice(order, ref))).json).toStrictEqual({ received: true, outcome: 'applied' });
  });
});
