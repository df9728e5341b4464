import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycChecks } from '../src/db/schema/index.ts';
import { SANDBOX_OTHER_PAYER_CPF } from '../src/providers/payments/sandbox-psp.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf, checkoutOf, payinCreateOk, payinStatusOf, sandboxDecide, webhookPost } from './payments-fixtures.ts';

/**
 * Own-account pay-ins on a Brazilian brand (Portaria SPA/MF 615, decision 050): the PIX provider names the payer's CPF
 * in its paid notice; another person's money is never credited to play and goes back to the payer.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate();
}, 240_000);
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

const HOLDER_CPF = '11144477735';

async function holder(cpf: string | undefined): Promise<IssuedSession> {
  const session = await t.session('piranha');
  if (cpf)
    await t.db.insert(kycChecks).values({
      userId: session.uid,
      state: 'verified',
      documentType: 'CPF',
      documentNumber: cpf,
      birthDate: '1990-01-01',
      providerRef: `fixture_${session.uid}`,
      updatedAt: t.clock.now(),
    });
  return session;
}

async function pixOrder(session: IssuedSession, amount = 50_00) {
  const order = await payinCreateOk(t, session, { channel: 'PIX', amount, currency: 'BRL' });
  return { order, checkout: checkoutOf(order) };
}

async function orderRow(orderId: string) {
  const [row] = await t.rows<{ status: number; pay_status: number; account: Record<string, string> | null }>(
    sql`select status, pay_status, account from payment_orders where order_id = ${orderId}`,
  );
  return row!;
}

const payinTransfers = async (orderId: string) => (await t.rows(sql`select 1 from transfers where kind = 'payin' and external_ref = ${orderId}`)).length;

describe('the payer of a PIX pay-in must be the account holder (Brazil)', { timeout: 120_000 }, () => {
  it('credits a pay-in from the holder’s own account and keeps the payer on the order', async () => {
    const session = await holder(HOLDER_CPF);
    const { order, checkout } = await pixOrder(session);
    const page = await sandboxDecide(t, checkout.url, 'approve');
    expect(page.text).toContain('Payment done');
    expect(await payinStatusOf(t, session, order.order_id)).toMatchObject({ status: 4 });
    expect(await balanceOf(t, session, 'BRL')).toBe(50_00);
    expect((await orderRow(order.order_id)).account).toEqual({ payer_document: HOLDER_CPF });
  });

  it('refuses another person’s money: not credited, the order rejected, the provider sends it back to the payer', async () => {
    const session = await holder(HOLDER_CPF);
    const { order, checkout } = await pixOrder(session);
    const page = await t.request('POST', `${checkout.url}/approve?payer_document=${SANDBOX_OTHER_PAYER_CPF}`, {
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Payment returned');
    expect(await balanceOf(t, session, 'BRL')).toBe(0);
    expect(await payinTransfers(order.order_id)).toBe(0);
    expect(await payinStatusOf(t, session, order.order_id)).toMatchObject({ status: 2, pay_status: 4 });
    expect((await orderRow(order.order_id)).account).toEqual({ payer_document: SANDBOX_OTHER_PAYER_CPF, refused: 'payer_not_holder' });
    const payment = await t.built.payments.provider.paymentOf(checkout.provider, checkout.ref);
    expect(payment).toMatchObject({ state: 'paid', returnedToPayer: true });
    const outcomes = await t.rows<{ outcome: string }>(sql`select outcome from payment_webhook_events where order_id = ${order.order_id} order by id`);
    expect(outcomes.map((row) => row.outcome)).toEqual(['applied', 'refused_payer']);
  });

  it('refuses a paid notice that names no payer, and a later notice cannot credit the refused order', async () => {
    const session = await holder(HOLDER_CPF);
    const { order, checkout } = await pixOrder(session);
    const notice = {
      event_id: `evt_np_${order.order_id}`,
      type: 'payin.paid',
      provider_ref: checkout.ref,
      order_id: order.order_id,
      amount: order.amount,
      currency: 'BRL',
      occurred_at: t.clock.now().toISOString(),
    };
    expect((await webhookPost(t, 'pix', notice)).json).toEqual({ received: true, outcome: 'refused_payer' });
    const late = { ...notice, event_id: `evt_late_${order.order_id}`, payer_document: HOLDER_CPF };
    expect((await webhookPost(t, 'pix', late)).json).toEqual({ received: true, outcome: 'closed' });
    expect(await balanceOf(t, session, 'BRL')).toBe(0);
    expect(await payinTransfers(order.order_id)).toBe(0);
  });

  it('applies 24 parallel copies of a third party’s notice as one refusal, crediting nothing', async () => {
    const session = await holder(HOLDER_CPF);
    const { order, checkout } = await pixOrder(session);
    const notice = {
      event_id: `evt_par_${order.order_id}`,
      type: 'payin.paid',
      provider_ref: checkout.ref,
      order_id: order.order_id,
      amount: order.amount,
      currency: 'BRL',
      occurred_at: t.clock.now().toISOString(),
      payer_document: SANDBOX_OTHER_PAYER_CPF,
    };
    const answers = await Promise.all(Array.from({ length: 24 }, () => webhookPost(t, 'pix', notice)));
    const outcomes = answers.map((answer) => (answer.json as { outcome: string }).outcome);
    expect(outcomes.filter((outcome) => outcome === 'refused_payer')).toHaveLength(1);
    expect(await payinTransfers(order.order_id)).toBe(0);
    expect(await balanceOf(t, session, 'BRL')).toBe(0);
  });

  it('credits a player who has given no CPF yet, keeping the payer for the identity check to compare', async () => {
    const session = await holder(undefined);
    const { order, checkout } = await pixOrder(session);
    await t.request('POST', `${checkout.url}/approve?payer_document=${SANDBOX_OTHER_PAYER_CPF}`, {
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(await balanceOf(t, session, 'BRL')).toBe(50_00);
    expect((await orderRow(order.order_id)).account).toEqual({ payer_document: SANDBOX_OTHER_PAYER_CPF });
  });
});
