import { ERRORS } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_LEASE_MS } from '../src/plugins/idempotency.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { codeMake, emailUnique, SIGNUP_ACCEPT } from './account-fixtures.ts';
import { fund } from './casino-fixtures.ts';
import { auditClean, balanceOf, idempotencyKey, playerFund, sandboxDecide } from './payments-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate();
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

const PIX_ACCOUNT = { document_type: 'CPF', document: '390.533.447-05', pix_key_type: 'CPF', pix_key: '39053344705', holder_name: 'Ana Souza' };

async function elementsSet(session: IssuedSession, channel: string, elements: Record<string, string>) {
  return envelopeOf(await t.post('/api/piranha/finance/account/elements/set', { query: signedIn(session), body: { channel, elements } }));
}

async function payout(session: IssuedSession, body: { channel: string; amount: number; currency: string }, key = idempotencyKey()) {
  return envelopeOf(await t.post('/api/piranha/finance/payout/order/create', { query: signedIn(session), headers: { 'idempotency-key': key }, body }));
}

async function accountOf(session: IssuedSession) {
  return envelopeOf(await t.get('/api/piranha/finance/account/get', { query: signedIn(session) })).data;
}

async function fundedBrazilian(amountMinor = 100_000) {
  // A registered player: a tourist may not withdraw (see 'tourists' below).
  const { session } = await playerFund(t, { amountMinor, session: await t.player('piranha') });
  expect((await elementsSet(session, 'PIX', PIX_ACCOUNT)).dm_error).toBe(0);
  return session;
}

describe('withdrawals in a currency without minor units', () => {
  it('pays whole dong: a fraction is refused, and the fee is rounded down to a whole dong', async () => {
    // Vietnam is a closed market (decision 049): a player holding dong from before the closure may still take it out.
    const session = await t.player('lotusvn');
    await fund(t, session.uid, 300_000_00, 'VND');
    const account = { bank_code: 'VCB', account_type: 'savings', account_number: '0123456789', holder_name: 'Nguyen Van An' };
    expect((await elementsSet(session, 'BANK_TRANSFER', account)).dm_error).toBe(0);
    const fraction = await payout(session, { channel: 'BANK_TRANSFER', amount: 2_345_650, currency: 'VND' });
    expect(fraction).toMatchObject({ dm_error: 1001, data: { field: 'amount', issue: 'whole_units' } });
    // 1 % of ₫23,456 is ₫234.56: the fee is ₫234 and ₫23,222 arrives.
    const order = await payout(session, { channel: 'BANK_TRANSFER', amount: 2_345_600, currency: 'VND' });
    expect(order.data).toMatchObject({ amount: 2_345_600, fee: 23_400, net_amount: 2_322_200 });
  });
});

describe('withdrawal accounts', () => {
  it('lists the elements PIX asks for and saves them normalised', async () => {
    const session = await t.session('piranha');
    const before = envelopeOf(await t.get('/api/piranha/finance/account/elements/get', { query: signedIn(session, { channel: 'PIX' }) })).data;
    expect(before.elements.map((element: { name: string }) => element.name)).toEqual(['document_type', 'document', 'pix_key_type', 'pix_key', 'holder_name']);
    expect(before.elements[0]).toMatchObject({ kind: 'select', options: ['CPF'], value: '' });
    const saved = await elementsSet(session, 'PIX', PIX_ACCOUNT);
    expect(saved.data.elements.find((element: { name: string }) => element.name === 'document').value).toBe('39053344705');
  });

  it('saves a Pix phone key as DICT stores it (E.164)', async () => {
    const session = await t.session('piranha');
    const saved = await elementsSet(session, 'PIX', { ...PIX_ACCOUNT, pix_key_type: 'PHONE', pix_key: '(11) 98888-7777' });
    expect(saved.dm_error).toBe(0);
    expect(saved.data.elements.find((element: { name: string }) => element.name === 'pix_key').value).toBe('+5511988887777');
  });

  it('saves an RFC whose check digit does not compute (SAT issued some) and warns about it on every visit', async () => {
    const session = await t.session('aguila');
    const spei = { clabe: '002010077777777771', document_type: 'RFC', document: 'ace900319jt9', holder_name: 'Eva Ruiz' };
    const saved = await elementsSet(session, 'SPEI', spei);
    expect(saved.dm_error).toBe(0);
    expect(saved.data.elements.find((element: { name: string }) => element.name === 'document')).toMatchObject({ value: 'ACE900319JT9', warning: 'checksum' });
    const again = envelopeOf(await t.get('/api/piranha/finance/account/elements/get', { query: signedIn(session, { channel: 'SPEI' }) })).data;
    expect(again.elements.find((element: { name: string }) => element.name === 'document')).toMatchObject({ value: 'ACE900319JT9', warning: 'checksum' });
    const clean = await elementsSet(session, 'SPEI', { ...spei, document: 'GODE561231GR8' });
    expect(clean.data.elements.find((element: { name: string }) => element.name === 'document')).toMatchObject({ value: 'GODE561231GR8', warning: '' });
  });

  it.each([
    ['a 13th month', 'GODE561331GR8'],
    ['no homoclave', 'GODE561231'],
    ['a forbidden word', 'CACA561231GR8'],
  ])('still refuses an RFC with %s', async (_what, rfc) => {
    const session = await t.session('aguila');
    const envelope = await elementsSet(session, 'SPEI', { clabe: '002010077777777771', document_type: 'RFC', document: rfc, holder_name: 'Eva' });
    expect(envelope).toMatchObject({ dm_error: 5006, data: { field: 'document', issue: 'format' } });
  });

  it.each([
    ['piranha', 'PIX', { ...PIX_ACCOUNT, pix_key_type: 'PHONE', pix_key: '+55 11 3333-4444' }, 5006, 'pix_key'],
    ['piranha', 'PIX', { ...PIX_ACCOUNT, pix_key_type: 'CNPJ', pix_key: '16.727.230/0001-98' }, 5006, 'pix_key'],
    ['piranha', 'PIX', { ...PIX_ACCOUNT, document: '231.002.999-00' }, 5006, 'document'],
    ['aguila', 'SPEI', { clabe: '002010077777777772', document_type: 'RFC', document: 'GODE561231GR8', holder_name: 'Eva' }, 5006, 'clabe'],
    ['simba', 'MPESA', { phone: '071212345', holder_name: 'Wanjiru' }, 5006, 'phone'],
    ['jeepney', 'GCASH', { phone: '0917123456', holder_name: 'Jose' }, 5006, 'phone'],
    ['cafetero', 'NEQUI', { phone: '3211234567', document_type: 'CC', document: '12', holder_name: 'Luz' }, 5006, 'document'],
    ['piranha', 'PIX', { ...PIX_ACCOUNT, iban: 'x' }, 1001, 'iban'],
    ['piranha', 'SPEI', { clabe: '002010077777777771' }, 5001, 'channel'],
    ['piranha', 'WESTERNUNION', {}, 5001, 'channel'],
  ])('refuses bad elements on %s %s naming the field', async (appKey, channel, elements, code, field) => {
    const session = await t.session(appKey);
    const envelope = await elementsSet(session, channel, elements);
    expect(envelope).toMatchObject({ dm_error: code, data: { field } });
  });

  it('gives bank codes of the method’s country', async () => {
    const session = await t.session('cafetero');
    const banks = envelopeOf(await t.get('/api/piranha/finance/bankcode/get', { query: signedIn(session, { channel: 'BANK_TRANSFER' }) })).data.banks;
    expect(banks.map((bank: { name: string }) => bank.name)).toContain('Bancolombia');
  });
});

describe('payouts', () => {
  it('debits into pending, pays on the provider’s signed notice, keeps the fee (1 %, capped)', async () => {
    const session = await fundedBrazilian(100_000);
    const created = await payout(session, { channel: 'PIX', amount: 40_000, currency: 'BRL' });
    expect(created.data).toMatchObject({ status: 1, pay_status: 2, amount: 40_000, fee: 400, net_amount: 39_600, account_masked: '••••••4705' });
    expect(await balanceOf(t, session, 'BRL')).toBe(60_000);
    expect(await accountOf(session)).toMatchObject({ balance: 60_000, pending_payout: 40_000, withdrawable: 60_000 });
    const [row] = await t.rows<{ provider_ref: string }>(sql`select provider_ref from payment_orders where order_id = ${created.data.order_id}`);
    const page = await t.get(`/sandbox/payout/checkout/${row!.provider_ref}`);
    expect(page.text).toContain('396.00 BRL');
    await sandboxDecide(t, `/sandbox/payout/checkout/${row!.provider_ref}`, 'approve');
    const status = envelopeOf(await t.get('/api/piranha/finance/payout/order/status', { query: signedIn(session, { order_id: created.data.order_id }) })).data;
    expect(status).toMatchObject({ status: 4, pay_status: 1 });
    expect(await accountOf(session)).toMatchObject({ balance: 60_000, pending_payout: 0 });
  });

  it('refunds the whole amount when the provider fails the payout', async () => {
    const session = await fundedBrazilian(100_000);
    const created = await payout(session, { channel: 'PIX', amount: 30_000, currency: 'BRL' });
    const [row] = await t.rows<{ provider_ref: string }>(sql`select provider_ref from payment_orders where order_id = ${created.data.order_id}`);
    await sandboxDecide(t, `/sandbox/payout/checkout/${row!.provider_ref}`, 'decline');
    const status = envelopeOf(await t.get('/api/piranha/finance/payout/order/status', { query: signedIn(session, { order_id: created.data.order_id }) })).data;
    expect(status).toMatchObject({ status: 2, pay_status: 4 });
    expect(await balanceOf(t, session, 'BRL')).toBe(100_000);
  });

  it('caps the fee at 50000', async () => {
    const session = await fundedBrazilian(9_000_000);
    const created = await payout(session, { channel: 'PIX', amount: 8_000_000, currency: 'BRL' });
    expect(created.data.fee).toBe(50_000);
  });

  it('keeps locked bonus money out of what can be withdrawn', async () => {
    const session = await fundedBrazilian(100_000);
    await t.rows(
      sql`insert into withdraw_locks (user_id, currency, source, source_ref, amount_minor) values (${session.uid}, 'BRL', 'bonus', ${`b-${session.uid}`}, 70000)`,
    );
    expect(await accountOf(session)).toMatchObject({ balance: 100_000, locked_bonus: 70_000, withdrawable: 30_000 });
    expect(await payout(session, { channel: 'PIX', amount: 30_001, currency: 'BRL' })).toMatchObject({
      dm_error: 5009,
      data: { field: 'amount', issue: 'max_30000' },
    });
    expect((await payout(session, { channel: 'PIX', amount: 30_000, currency: 'BRL' })).dm_error).toBe(0);
  });

  it('pays only to a saved account of the player', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_000, session: await t.player('piranha') });
    expect(await payout(session, { channel: 'PIX', amount: 10_000, currency: 'BRL' })).toMatchObject({ dm_error: 5007, data: { field: 'channel' } });
  });

  it.each([
    ['below the minimum', { channel: 'PIX', amount: 299, currency: 'BRL' }, 5002, 'amount'],
    ['a currency the method does not move', { channel: 'PIX', amount: 10_000, currency: 'USD' }, 5005, 'currency'],
    ['an unknown channel', { channel: 'CHEQUE', amount: 10_000, currency: 'BRL' }, 5001, 'channel'],
    ['more than the balance', { channel: 'PIX', amount: 200_000, currency: 'BRL' }, 5009, 'amount'],
  ])('refuses %s naming the field', async (_label, body, code, field) => {
    const session = await fundedBrazilian(100_000);
    expect(await payout(session, body)).toMatchObject({ dm_error: code, data: { field } });
    expect(await balanceOf(t, session, 'BRL')).toBe(100_000);
  });

  it('never overdraws under parallel requests', async () => {
    const session = await fundedBrazilian(100_000);
    const answers = await Promise.all(Array.from({ length: 8 }, () => payout(session, { channel: 'PIX', amount: 30_000, currency: 'BRL' })));
    const accepted = answers.filter((answer) => answer.dm_error === 0);
    expect(accepted).toHaveLength(3);
    expect(answers.filter((answer) => answer.dm_error === 5009)).toHaveLength(5);
    expect(await balanceOf(t, session, 'BRL')).toBe(10_000);
  });

  it('answers a retried request with the same payout', async () => {
    const session = await fundedBrazilian(100_000);
    const first = await payout(session, { channel: 'PIX', amount: 10_000, currency: 'BRL' }, 'payout-key-0001');
    const again = await payout(session, { channel: 'PIX', amount: 10_000, currency: 'BRL' }, 'payout-key-0001');
    expect(again.data.order_id).toBe(first.data.order_id);
    expect(await balanceOf(t, session, 'BRL')).toBe(90_000);
  });

  it('pays a Kenyan player to M-Pesa after refusing a 9-digit phone', async () => {
    const { session } = await playerFund(t, { appKey: 'simba', amountMinor: 500_000, session: await t.player('simba') });
    expect((await elementsSet(session, 'MPESA', { phone: '712123456', holder_name: 'Wanjiru' })).data.field).toBe('phone');
    expect((await elementsSet(session, 'MPESA', { phone: '07121234567', holder_name: 'Wanjiru' })).dm_error).toBe(0);
    const created = await payout(session, { channel: 'MPESA', amount: 100_000, currency: 'KES' });
    expect(created.dm_error).toBe(0);
    const open = await t.get('/sandbox/payout');
    expect(open.text).toContain(created.data.order_id);
  });
});

/** Sum of the ledger lines of a house account in a currency. */
async function houseSum(house: string, currency: string): Promise<number> {
  const [row] = await t.rows<{ sum: string | null }>(
    sql`select sum(l.amount_minor) as sum from ledger_lines l join ledger_accounts a on a.id = l.account_id where a.house_kind = ${house} and a.currency = ${currency}`,
  );
  return Number(row?.sum ?? 0);
}

async function fundedKenyan(amountMinor = 500_000) {
  const { session } = await playerFund(t, { appKey: 'simba', amountMinor, session: await t.player('simba') });
  expect((await elementsSet(session, 'MPESA', { phone: '0712123456', holder_name: 'Wanjiru' })).dm_error).toBe(0);
  return session;
}

describe('the Kenyan withdrawal tax (5 %, decision 027)', () => {
  it('withholds 5 % of the amount at request, pays the player the net and books the tax to the house', async () => {
    const session = await fundedKenyan();
    expect(await accountOf(session)).toMatchObject({ currency: 'KES', withdrawal_tax_bp: 500 });
    const taxBefore = await houseSum('tax_withheld', 'KES');
    const created = await payout(session, { channel: 'MPESA', amount: 100_000, currency: 'KES' });
    expect(created.dm_error).toBe(0);
    const { fee } = created.data as { fee: number };
    // KES 1,000.00: KES 50.00 tax; the fee is the usual 1 %; the player receives the rest.
    expect(created.data).toMatchObject({ amount: 100_000, tax: 5_000, net_amount: 100_000 - fee - 5_000 });
    expect(await balanceOf(t, session, 'KES')).toBe(400_000);
    // Booked in the transaction of the debit, before the provider has answered.
    expect((await houseSum('tax_withheld', 'KES')) - taxBefore).toBe(5_000);
    const [row] = await t.rows<{ provider_ref: string; tax_minor: string }>(
      sql`select provider_ref, tax_minor from payment_orders where order_id = ${created.data.order_id}`,
    );
    expect(Number(row!.tax_minor)).toBe(5_000);
    const page = await t.get(`/sandbox/payout/checkout/${row!.provider_ref}`);
    // The provider is asked to send only the net.
    expect(page.text).toContain(((100_000 - fee - 5_000) / 100).toFixed(2));
    await sandboxDecide(t, `/sandbox/payout/checkout/${row!.provider_ref}`, 'approve');
    const status = envelopeOf(await t.get('/api/piranha/finance/payout/order/status', { query: signedIn(session, { order_id: created.data.order_id }) }));
    expect(status.data).toMatchObject({ status: 4, amount: 100_000, tax: 5_000, net_amount: 100_000 - fee - 5_000 });
    expect((await houseSum('tax_withheld', 'KES')) - taxBefore).toBe(5_000);
    expect(await auditClean(t)).toBe(true);
  });

  it('returns the tax with the rest when the provider declines the payout', async () => {
    const session = await fundedKenyan();
    const taxBefore = await houseSum('tax_withheld', 'KES');
    const created = await payout(session, { channel: 'MPESA', amount: 200_000, currency: 'KES' });
    expect(created.data).toMatchObject({ tax: 10_000 });
    expect(await balanceOf(t, session, 'KES')).toBe(300_000);
    const [row] = await t.rows<{ provider_ref: string }>(sql`select provider_ref from payment_orders where order_id = ${created.data.order_id}`);
    await sandboxDecide(t, `/sandbox/payout/checkout/${row!.provider_ref}`, 'decline');
    expect(await balanceOf(t, session, 'KES')).toBe(500_000);
    expect(await houseSum('tax_withheld', 'KES')).toBe(taxBefore);
    expect(await auditClean(t)).toBe(true);
  });

  it('withholds no tax on a Brazilian withdrawal', async () => {
    const session = await fundedBrazilian();
    expect(await accountOf(session)).toMatchObject({ withdrawal_tax_bp: 0 });
    const created = await payout(session, { channel: 'PIX', amount: 10_000, currency: 'BRL' });
    expect(created.data).toMatchObject({ tax: 0, net_amount: 10_000 - (created.data as { fee: number }).fee });
  });
});

describe('payouts and their provider', () => {
  it('asks the provider to pay only once the debit and the order are committed', async () => {
    const session = await fundedBrazilian();
    const psp = t.built.payments.provider;
    const original = psp.payoutStart;
    const seen: { status: number; balance: number }[] = [];
    // Inside a still-open transaction these reads would wait on it; after commit they see the order and the debit.
    const spy = vi.spyOn(psp, 'payoutStart').mockImplementation(async (request) => {
      const [row] = await t.rows<{ status: number }>(sql`select status from payment_orders where order_id = ${request.orderId}`);
      seen.push({ status: row!.status, balance: await balanceOf(t, session, 'BRL') });
      return original(request);
    });
    try {
      const created = await payout(session, { channel: 'PIX', amount: 10_000, currency: 'BRL' });
      expect(created.dm_error).toBe(0);
      expect(seen).toEqual([{ status: 1, balance: 90_000 }]);
      const [row] = await t.rows<{ provider_ref: string }>(sql`select provider_ref from payment_orders where order_id = ${created.data.order_id}`);
      expect(row!.provider_ref).toMatch(/^po_/);
    } finally {
      spy.mockRestore();
    }
  });

  it('fails the order and refunds it all when the provider fails, and answers a same-key retry the same', async () => {
    const session = await fundedBrazilian();
    const spy = vi.spyOn(t.built.payments.provider, 'payoutStart').mockRejectedValue(new Error('socket hang up'));
    try {
      const body = { channel: 'PIX', amount: 10_000, currency: 'BRL' };
      const first = await payout(session, body, 'payout-provider-down-1');
      expect(first).toMatchObject({ dm_error: 5013, data: { field: 'channel' } });
      expect(await balanceOf(t, session, 'BRL')).toBe(100_000);
      const rows = await t.rows<{ status: number; pay_status: number }>(
        sql`select status, pay_status from payment_orders where user_id = ${session.uid} and direction = 'payout'`,
      );
      expect(rows).toEqual([{ status: 2, pay_status: 4 }]);
      expect(await payout(session, body, 'payout-provider-down-1')).toEqual(first);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(await auditClean(t)).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('resumes the provider step of the same order when a retry finds the process that committed it dead, and pays once', async () => {
    const session = await fundedBrazilian();
    const psp = t.built.payments.provider;
    const original = psp.payoutStart;
    let wake!: () => void;
    const asleep = new Promise<void>((resolve) => {
      wake = resolve;
    });
    // The first call hangs as a process frozen (or killed) after its commit would; later ones reach the provider.
    const spy = vi
      .spyOn(psp, 'payoutStart')
      .mockImplementationOnce(async (request) => {
        await asleep;
        return original(request);
      })
      .mockImplementation(original);
    const body = { channel: 'PIX', amount: 10_000, currency: 'BRL' };
    const key = 'payout-owner-died-1';
    try {
      const first = payout(session, body, key);
      while (spy.mock.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      // The order and its debit are committed with the key in flight: a retry now waits for the live owner.
      expect(await payout(session, body, key)).toMatchObject({ dm_error: 1010 });
      // The owner died: nobody renews its lease, which lapses.
      await t.rows(sql`update idempotency_keys set owner = 'killed-server-process',
        lease_until = ${new Date(t.clock.now().getTime() - 1).toISOString()}::timestamptz where key = ${key}`);
      const resumed = await payout(session, body, key);
      expect(resumed).toMatchObject({ dm_error: 0, data: { status: 1, amount: 10_000, net_amount: 9900 } });
      const orders = await t.rows<{ order_id: string; provider_ref: string }>(
        sql`select order_id, provider_ref from payment_orders where user_id = ${session.uid} and direction = 'payout'`,
      );
      expect(orders).toEqual([{ order_id: resumed.data.order_id, provider_ref: expect.stringMatching(/^po_/) }]);
      // The frozen process wakes up: the provider already has the payout, and the stored answer stands.
      wake();
      expect(await first).toEqual(resumed);
      expect(await payout(session, body, key)).toEqual(resumed);
      expect((await psp.openPayments('payout')).filter((payment) => payment.orderId === resumed.data.order_id)).toHaveLength(1);
      expect(await t.rows(sql`select provider_ref from payment_orders where order_id = ${resumed.data.order_id}`)).toEqual([
        { provider_ref: orders[0]!.provider_ref },
      ]);
      expect(await balanceOf(t, session, 'BRL')).toBe(90_000);
      expect(await auditClean(t)).toBe(true);
    } finally {
      wake();
      spy.mockRestore();
    }
  });

  it('fails and refunds the order when the resumed provider step fails, and answers the key so', async () => {
    const session = await fundedBrazilian();
    const psp = t.built.payments.provider;
    let wake!: () => void;
    const asleep = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const spy = vi
      .spyOn(psp, 'payoutStart')
      .mockImplementationOnce(async () => {
        await asleep;
        throw new Error('socket hang up');
      })
      .mockRejectedValue(new Error('socket hang up'));
    const body = { channel: 'PIX', amount: 10_000, currency: 'BRL' };
    const key = 'payout-owner-died-2';
    try {
      const first = payout(session, body, key);
      while (spy.mock.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      t.clock.advance(IDEMPOTENCY_LEASE_MS);
      await t.rows(sql`update idempotency_keys set owner = 'killed-server-process' where key = ${key}`);
      const resumed = await payout(session, body, key);
      expect(resumed).toMatchObject({ dm_error: 5013, data: { field: 'channel' } });
      expect(await balanceOf(t, session, 'BRL')).toBe(100_000);
      wake();
      expect(await first).toEqual(resumed);
      expect(await t.rows(sql`select status, pay_status from payment_orders where user_id = ${session.uid} and direction = 'payout'`)).toEqual([
        { status: 2, pay_status: 4 },
      ]);
      expect(await auditClean(t)).toBe(true);
    } finally {
      t.clock.advance(-IDEMPOTENCY_LEASE_MS);
      wake();
      spy.mockRestore();
    }
  });
});

describe('tourists', () => {
  it('refuses a tourist’s payout with a reason that asks for an e-mail, moving nothing; deposits and saving the account stay open', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_000 });
    expect((await elementsSet(session, 'PIX', PIX_ACCOUNT)).dm_error).toBe(0);
    const refused = envelopeOf(
      await t.post('/api/piranha/finance/payout/order/create', {
        query: signedIn(session, { lca_lang: 'ENG' }),
        headers: { 'idempotency-key': idempotencyKey() },
        body: { channel: 'PIX', amount: 49_000, currency: 'BRL' },
      }),
    );
    expect(refused).toMatchObject({ dm_error: ERRORS.TOURIST_PAYOUT_REFUSED.code, data: { field: 'uid' } });
    expect(refused.error_msg).toMatch(/e-mail/);
    expect(await balanceOf(t, session, 'BRL')).toBe(100_000);
    expect(await t.rows(sql`select 1 from payment_orders where user_id = ${session.uid} and direction = 'payout'`)).toHaveLength(0);
  });

  it('lets the same player withdraw once an e-mail is saved to the account', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_000 });
    const email = emailUnique('saver');
    const check = envelopeOf(await t.post('/api/piranha/user/account/bind/check', { query: signedIn(session), body: { email } }));
    const email_code = await codeMake(t, email, 'bind', { userId: session.uid });
    const bound = envelopeOf(
      await t.post('/api/piranha/user/account/bind/email', {
        query: signedIn(session),
        body: { email, email_code, request_id: check.data.request_id, ...SIGNUP_ACCEPT },
      }),
    );
    expect(bound.data.visitor).toBe(0);
    const saved = { uid: bound.data.uid as number, sid: bound.data.sid as string, sessionId: 0 };
    expect((await elementsSet(saved, 'PIX', PIX_ACCOUNT)).dm_error).toBe(0);
    // A Brazilian also needs a verified identity before the first withdrawal (decision 037, tested in kyc.test.ts).
    expect((await payout(saved, { channel: 'PIX', amount: 49_000, currency: 'BRL' })).dm_error).toBe(ERRORS.KYC_REQUIRED.code);
    await t.rows(
      sql`insert into kyc_checks (user_id, state, document_type, document_number, birth_date, provider_ref, updated_at)
        values (${saved.uid}, 'verified', 'ID', 'T1', '1990-01-01', ${`fixture_${saved.uid}`}, now())`,
    );
    expect((await payout(saved, { channel: 'PIX', amount: 49_000, currency: 'BRL' })).dm_error).toBe(0);
    expect(await balanceOf(t, saved, 'BRL')).toBe(51_000);
  });
});
