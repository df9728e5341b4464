import { sql } from 'drizzle-orm';
import { brCodeParse, clabeCheck, erc20AddressCheck, trc20AddressValid } from '@piranha/domain/payments';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import type { PayinStart } from '../src/providers/payments/payment-provider.ts';
import { auditClean, balanceOf, checkoutOf, payinCreateOk, payinCreateRequest, payinStatusOf, playerFund, sandboxDecide } from './payments-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate();
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

describe('pay-in orders', () => {
  it('answers a PIX order with a BR Code whose CRC is valid and its QR image', async () => {
    const session = await t.session('piranha');
    const order = await payinCreateOk(t, session, { channel: 'PIX', amount: 5000, currency: 'BRL' });
    expect(order).toMatchObject({ status: 0, pay_status: 0, amount: 5000, currency: 'BRL', channel: 'PIX' });
    const parsed = brCodeParse(order.instruction.copy_text!);
    expect(parsed.ok && parsed.amount).toBe('50.00');
    expect(parsed.ok && parsed.txid).toBe(order.order_id);
    expect(order.instruction.qr_svg).toMatch(/^<svg/);
  });

  it('writes an accented brand name the way every BR Code reader counts it (Tucunaré Bet → TUCUNARE BET)', async () => {
    const session = await t.session('tucunare');
    const order = await payinCreateOk(t, session, { channel: 'PIX', amount: 5000, currency: 'BRL' });
    const copy = order.instruction.copy_text!;
    const parsed = brCodeParse(copy);
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.fields.find((field) => field.id === '59')?.value).toBe('TUCUNARE BET');
    expect(parsed.ok && parsed.fields.find((field) => field.id === '60')?.value).toBe('SAO PAULO');
    // Printable ASCII only: a byte is a character, so byte- and character-counting readers agree.
    expect(copy).toMatch(/^[\x20-\x7e]+$/);
    // The page and the record still name the brand as it is written.
    expect(order.instruction.beneficiary).toBe('Tucunaré Bet');
  });

  it.each([['cafetero', 'PSE', 'COP', 600_050]])(
    'refuses on %s (%s) a deposit in fractions of a %s, which has no minor units',
    async (appKey, channel, currency, amount) => {
      const session = await t.session(appKey);
      const refused = envelopeOf(await payinCreateRequest(t, session, { channel, amount, currency }));
      expect(refused).toMatchObject({ dm_error: 1001, data: { field: 'amount', issue: 'whole_units' } });
      const order = await payinCreateOk(t, session, { channel, amount: amount - 50, currency });
      expect(order.amount).toBe(amount - 50);
    },
  );

  it('moves a PIX order 0 → 1 → 4 on approval and credits the wallet once', async () => {
    const session = await t.session('piranha');
    const order = await payinCreateOk(t, session, { channel: 'PIX', amount: 5000, currency: 'BRL' });
    const page = await t.get(checkoutOf(order).url);
    expect(page.status).toBe(200);
    expect(page.text).toContain('50.00 BRL');
    await sandboxDecide(t, checkoutOf(order).url, 'approve');
    const events = await t.rows<{ outcome: string; body: string }>(
      sql`select outcome, body from payment_webhook_events where order_id = ${order.order_id} order by id`,
    );
    expect(events.map((event) => [event.outcome, JSON.parse(event.body).type])).toEqual([
      ['applied', 'payin.processing'],
      ['applied', 'payin.paid'],
    ]);
    expect(await payinStatusOf(t, session, order.order_id)).toMatchObject({ status: 4, pay_status: 1, first_deposit: 1 });
    expect(await balanceOf(t, session, 'BRL')).toBe(5000);
    // The page cannot be approved twice.
    await sandboxDecide(t, checkoutOf(order).url, 'approve');
    expect(await balanceOf(t, session, 'BRL')).toBe(5000);
  });

  it('records the first deposit for the bonus engine once, and a later pay-in as a deposit', async () => {
    const { session } = await playerFund(t, { amountMinor: 5000 });
    await playerFund(t, { session, amountMinor: 1000 });
    const events = await t.rows<{ kind: string; amount_minor: string }>(sql`select kind, amount_minor from payment_events where user_id = ${session.uid}`);
    // The second pay-in writes a `deposit` event (reload and daily-deposit offers, decision 044).
    expect(events.map((event) => event.kind).sort()).toEqual(['deposit', 'first_deposit']);
    expect(Number(events.find((event) => event.kind === 'first_deposit')!.amount_minor)).toBe(5000);
    expect(Number(events.find((event) => event.kind === 'deposit')!.amount_minor)).toBe(1000);
    expect(envelopeOf(await t.get('/api/piranha/finance/user/deposit/check', { query: signedIn(session) })).data).toEqual({ is_deposit: 1 });
  });

  it('moves a declined SPEI order 0 → 2 and credits nothing', async () => {
    const session = await t.session('aguila');
    const order = await payinCreateOk(t, session, { channel: 'SPEI', amount: 10_000, currency: 'MXN' });
    expect(clabeCheck(order.instruction.clabe!).ok).toBe(true);
    expect(order.instruction.reference).toMatch(/^\d{7}$/);
    await sandboxDecide(t, checkoutOf(order).url, 'decline');
    expect(await payinStatusOf(t, session, order.order_id)).toMatchObject({ status: 2, pay_status: 4 });
    expect(await balanceOf(t, session, 'MXN')).toBe(0);
  });

  it('cancels an order nobody pays (status 3, pay status 3) and refuses a late approval', async () => {
    const session = await t.session('piranha');
    const order = await payinCreateOk(t, session, { channel: 'PIX', amount: 3000, currency: 'BRL' });
    t.clock.advance(31 * 60 * 1000);
    expect(await payinStatusOf(t, session, order.order_id)).toMatchObject({ status: 3, pay_status: 3 });
    const late = await sandboxDecide(t, checkoutOf(order).url, 'approve');
    expect(late.text).toContain('expired');
    expect(await balanceOf(t, session, 'BRL')).toBe(0);
  });

  it('cancels expired orders in the background sweep, once', async () => {
    const { payinExpireSweep } = await import('../src/modules/payments/payin.service.ts');
    const session = await t.session('piranha');
    const order = await payinCreateOk(t, session, { channel: 'PIX', amount: 3000, currency: 'BRL' });
    t.clock.advance(29 * 60 * 1000);
    await payinExpireSweep(t.db, t.clock.now());
    expect(await payinStatusOf(t, session, order.order_id)).toMatchObject({ status: 0 });
    t.clock.advance(2 * 60 * 1000);
    expect(await payinExpireSweep(t.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await payinExpireSweep(t.db, t.clock.now())).toBe(0);
    expect(await payinStatusOf(t, session, order.order_id)).toMatchObject({ status: 3, pay_status: 3 });
  });

  it('lets parallel orders pass the daily maximum never', async () => {
    const session = await t.session('piranha');
    const answers = await Promise.all(Array.from({ length: 6 }, () => payinCreateRequest(t, session, { channel: 'PIX', amount: 3_000_000, currency: 'BRL' })));
    const codes = answers.map((answer) => envelopeOf(answer).dm_error).sort();
    expect(codes).toEqual([0, 0, 0, 5004, 5004, 5004]);
  });

  it('sends an M-Pesa STK push with Daraja shapes and credits on the confirmed callback', async () => {
    const session = await t.session('simba');
    const order = await payinCreateOk(t, session, { channel: 'MPESA', amount: 100_000, currency: 'KES', phone: '0712 123456' });
    expect(order).toMatchObject({ status: 1, pay_status: 2 });
    expect(order.instruction).toMatchObject({ kind: 'stk_push', phone: '254712123456' });
    expect(order.instruction.checkout_request_id).toMatch(/^ws_CO_\d{14}/);
    await sandboxDecide(t, checkoutOf(order).url, 'approve');
    expect(await payinStatusOf(t, session, order.order_id)).toMatchObject({ status: 4, pay_status: 1 });
    expect(await balanceOf(t, session, 'KES')).toBe(100_000);
  });

  it('answers UPI with an intent link, USDT with checksummed addresses per network', async () => {
    // UPI on the multi-currency brand: the Indian brands are closed (decision 049).
    const multi = await t.session('orbit');
    const upi = await payinCreateOk(t, multi, { channel: 'UPI', amount: 20_000, currency: 'INR' });
    expect(upi.instruction.upi_link).toMatch(/^upi:\/\/pay\?pa=.+&am=200\.00&cu=INR$/);
    const crypto = await t.session('satoshi');
    const trc = await payinCreateOk(t, crypto, { channel: 'USDT', amount: 5000, currency: 'USDT', network: 'TRC20' });
    expect(trc20AddressValid(trc.instruction.address!)).toBe(true);
    const erc = await payinCreateOk(t, crypto, { channel: 'USDT', amount: 5000, currency: 'USDT', network: 'ERC20' });
    expect(erc20AddressCheck(erc.instruction.address!)).toMatchObject({ ok: true, checksummed: true });
  });

  it('answers a retried create with the same order (Idempotency-Key)', async () => {
    const session = await t.session('piranha');
    const first = envelopeOf(await payinCreateRequest(t, session, { channel: 'PIX', amount: 3000, currency: 'BRL' }, 'retry-key-0001'));
    const second = envelopeOf(await payinCreateRequest(t, session, { channel: 'PIX', amount: 3000, currency: 'BRL' }, 'retry-key-0001'));
    expect(second.data.order_id).toBe(first.data.order_id);
    const rows = await t.rows(sql`select 1 from payment_orders where user_id = ${session.uid}`);
    expect(rows).toHaveLength(1);
  });
});

describe('pay-in order and its provider', () => {
  it('gives the payment instruction again on order/status, for another tab or device', async () => {
    const session = await t.session('piranha');
    const order = await payinCreateOk(t, session, { channel: 'PIX', amount: 5000, currency: 'BRL' });
    const status = await payinStatusOf(t, session, order.order_id);
    expect(status.instruction).toEqual(order.instruction);
    expect(status.create_time).toBe(order.create_time);
    expect(brCodeParse(status.instruction.copy_text).ok).toBe(true);
  });

  it('calls the provider only once the order row is committed at status 0, then stores its answer', async () => {
    const psp = t.built.payments.provider;
    const seen: { status: number; instruction: unknown }[] = [];
    const original = psp.payinStart;
    // Inside a still-open transaction this read would wait on it (or not see the row); after commit it sees status 0.
    const spy = vi.spyOn(psp, 'payinStart').mockImplementation(async (request) => {
      seen.push(
        ...(await t.rows<{ status: number; instruction: unknown }>(sql`select status, instruction from payment_orders where order_id = ${request.orderId}`)),
      );
      return original(request);
    });
    try {
      const session = await t.session('piranha');
      const order = await payinCreateOk(t, session, { channel: 'PIX', amount: 5000, currency: 'BRL' });
      expect(seen).toEqual([{ status: 0, instruction: null }]);
      const [row] = await t.rows<{ provider_ref: string }>(sql`select provider_ref from payment_orders where order_id = ${order.order_id}`);
      expect(row!.provider_ref).not.toBe(order.order_id);
      expect(row!.provider_ref).toBe(checkoutOf(order).ref);
    } finally {
      spy.mockRestore();
    }
  });

  it('marks the order failed when the provider fails, names the channel, and answers a same-key retry the same', async () => {
    const psp = t.built.payments.provider;
    const spy = vi.spyOn(psp, 'payinStart').mockRejectedValue(new Error('connect ECONNREFUSED'));
    try {
      const session = await t.session('piranha');
      const body = { channel: 'PIX', amount: 5000, currency: 'BRL' };
      const first = envelopeOf(await payinCreateRequest(t, session, body, 'provider-down-0001'));
      expect(first).toMatchObject({ dm_error: 5013, data: { field: 'channel' } });
      expect(first.error_msg).not.toContain('ECONNREFUSED');
      const rows = await t.rows<{ order_id: string; status: number; pay_status: number }>(
        sql`select order_id, status, pay_status from payment_orders where user_id = ${session.uid}`,
      );
      expect(rows).toEqual([expect.objectContaining({ status: 2, pay_status: 4 })]);
      const again = envelopeOf(await payinCreateRequest(t, session, body, 'provider-down-0001'));
      expect(again).toEqual(first);
      expect(spy).toHaveBeenCalledTimes(1);
      expect((await payinStatusOf(t, session, rows[0]!.order_id)).instruction).toBeNull();
      // A failed order does not count against today's maximum.
      expect(envelopeOf(await t.get('/api/piranha/finance/pay/info/get', { query: signedIn(session) })).data.deposited_today).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('a pay-in whose process died after committing the order', () => {
  it('gets its instruction from the provider when the key is retried, for the same order, once', async () => {
    const psp = t.built.payments.provider;
    const original = psp.payinStart;
    let wake!: () => void;
    const asleep = new Promise<void>((resolve) => {
      wake = resolve;
    });
    // The first call hangs as a process frozen (or killed) after its commit would; later ones reach the provider.
    const spy = vi
      .spyOn(psp, 'payinStart')
      .mockImplementationOnce(async (request): Promise<PayinStart> => {
        await asleep;
        return original(request);
      })
      .mockImplementation(original);
    const session = await t.session('piranha');
    const body = { channel: 'PIX', amount: 5000, currency: 'BRL' };
    const key = 'payin-owner-died-1';
    try {
      const first = payinCreateRequest(t, session, body, key);
      while (spy.mock.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(envelopeOf(await payinCreateRequest(t, session, body, key)).dm_error).toBe(1010);
      await t.rows(sql`update idempotency_keys set owner = 'killed-server-process',
        lease_until = ${new Date(t.clock.now().getTime() - 1).toISOString()}::timestamptz where key = ${key}`);
      const resumed = envelopeOf(await payinCreateRequest(t, session, body, key));
      expect(resumed).toMatchObject({ dm_error: 0, data: { status: 0, amount: 5000, instruction: { kind: 'pix' } } });
      const orders = await t.rows<{ order_id: string }>(sql`select order_id from payment_orders where user_id = ${session.uid}`);
      expect(orders).toEqual([{ order_id: resumed.data.order_id }]);
      wake();
      expect(envelopeOf(await first)).toEqual(resumed);
      expect(envelopeOf(await payinCreateRequest(t, session, body, key))).toEqual(resumed);
      // Paying the resumed instruction credits the order once.
      expect((await sandboxDecide(t, checkoutOf(resumed.data).url, 'approve')).status).toBe(200);
      expect(await balanceOf(t, session, 'BRL')).toBe(5000);
    } finally {
      wake();
      spy.mockRestore();
    }
  });
});

describe('pay-in refusals name the field', () => {
  it.each([
    ['below the minimum', 'piranha', { channel: 'PIX', amount: 2999, currency: 'BRL' }, 5002, 'amount'],
    ['above the per-order maximum', 'jeepney', { channel: 'GCASH', amount: 100_000_01, currency: 'PHP' }, 5003, 'amount'],
    ['a currency the method does not move', 'piranha', { channel: 'PIX', amount: 5000, currency: 'MXN' }, 5005, 'currency'],
    ['an unknown channel', 'piranha', { channel: 'PAYPAL', amount: 5000, currency: 'BRL' }, 5001, 'channel'],
    ['a channel of another market', 'piranha', { channel: 'SPEI', amount: 5000, currency: 'MXN' }, 5001, 'channel'],
    ['an M-Pesa push without a valid phone', 'simba', { channel: 'MPESA', amount: 100_000, currency: 'KES', phone: '0812123456' }, 5006, 'phone'],
    ['a network on a fiat method', 'piranha', { channel: 'PIX', amount: 5000, currency: 'BRL', network: 'TRC20' }, 1001, 'network'],
    ['a fractional shilling amount', 'simba', { channel: 'MPESA', amount: 100_050, currency: 'KES', phone: '0712123456' }, 1001, 'amount'],
  ])('refuses %s', async (_label, appKey, body, code, field) => {
    const session = await t.session(appKey);
    const envelope = envelopeOf(await payinCreateRequest(t, session, body));
    expect(envelope.dm_error).toBe(code);
    expect(envelope.data.field).toBe(field);
    expect(envelope.error_msg).not.toBe('');
  });

  it('refuses a deposit past the daily maximum', async () => {
    const session = await t.session('piranha');
    await payinCreateOk(t, session, { channel: 'PIX', amount: 90_000_00, currency: 'BRL' });
    const envelope = envelopeOf(await payinCreateRequest(t, session, { channel: 'PIX', amount: 10_000_01, currency: 'BRL' }));
    expect(envelope).toMatchObject({ dm_error: 5004, data: { field: 'amount', issue: 'remaining_1000000' } });
  });

  it('answers in the player’s language', async () => {
    const session = await t.session('piranha');
    const response = await t.post('/api/piranha/finance/payin/order/create', {
      query: signedIn(session, { lca_lang: 'PT' }),
      headers: { 'idempotency-key': 'lang-key-0001' },
      body: { channel: 'PIX', amount: 1, currency: 'BRL' },
    });
    expect(envelopeOf(response).error_msg).toBe('O valor está abaixo do mínimo deste método.');
  });
});
