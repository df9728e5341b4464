import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf, checkoutOf, idempotencyKey, payinCreateOk, payinCreateRequest, playerFund, sandboxDecide } from './payments-fixtures.ts';

let t: TestApp;
const OPS = { authorization: 'Bearer ops-secret-for-tests' };
beforeAll(async () => {
  t = await testAppCreate({ env: { OPS_TOKEN: 'ops-secret-for-tests' } });
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

const get = async (session: IssuedSession, path: string, query: Record<string, string> = {}) =>
  envelopeOf(await t.get(`/api/piranha/finance/${path}`, { query: signedIn(session, query) }));
const post = async (session: IssuedSession, path: string, body: unknown, key?: string) =>
  envelopeOf(await t.post(`/api/piranha/finance/${path}`, { query: signedIn(session), body, ...(key ? { headers: { 'idempotency-key': key } } : {}) }));

describe('deposit info and currency info', () => {
  it('lists a Brazilian brand’s PIX channel with spec §9 minimums and quick amounts', async () => {
    const session = await t.session('piranha');
    const info = (await get(session, 'pay/info/get')).data;
    expect(info).toMatchObject({ currency: 'BRL', min_charge: 3000, is_first_deposit: 1, bonus_max: 60_000, daily_max: 10_000_000, deposited_today: 0 });
    // A first deposit must reach the brand's R$30: the R$5 and R$10 buttons give way to R$30.
    expect(info.pay_channel).toEqual([expect.objectContaining({ key: 'PIX', currency: 'BRL', min_amount: 3000, quick_amounts: [3000, 5000, 10_000] })]);
  });

  it('offers the full quick amounts after the first deposit, and none above what is left of today', async () => {
    const { session } = await playerFund(t, { amountMinor: 7000 });
    const after = (await get(session, 'pay/info/get')).data;
    expect(after.pay_channel[0]).toMatchObject({ min_amount: 500, quick_amounts: [500, 1000, 5000, 10_000] });
    // Open orders count against today's maximum: R$10 is left.
    await payinCreateOk(t, session, { channel: 'PIX', amount: after.daily_max - 7000 - 1000, currency: 'BRL' });
    expect((await get(session, 'pay/info/get')).data.pay_channel[0].quick_amounts).toEqual([500, 1000]);
    expect((await get(session, 'payin/user/recommend')).data).toEqual({ channel: 'PIX', amount: 1000, currency: 'BRL' });
    await payinCreateOk(t, session, { channel: 'PIX', amount: 1000, currency: 'BRL' });
    expect((await get(session, 'pay/info/get')).data.pay_channel[0].quick_amounts).toEqual([]);
    expect((await get(session, 'payin/user/recommend')).data.amount).toBe(0);
  });

  it('never offers Kenya’s KSh 200 under its KSh 500 minimum, nor the first-deposit recommendation under it', async () => {
    const session = await t.session('simba');
    const mpesa = (await get(session, 'pay/info/get')).data.pay_channel[0];
    expect(mpesa).toMatchObject({ key: 'MPESA', min_amount: 50_000, quick_amounts: [50_000, 100_000, 500_000] });
    expect((await get(session, 'payin/user/recommend')).data).toEqual({ channel: 'MPESA', amount: 50_000, currency: 'KES' });
    const mexico = await t.session('aguila');
    expect((await get(mexico, 'pay/info/get')).data.pay_channel[0].quick_amounts).toEqual([8000, 20_000, 40_000]);
    expect((await get(mexico, 'payin/user/recommend')).data.amount).toBe(8000);
  });

  it('asks a Vietnamese first deposit for ₫30,000 in whole dong, with room for a day’s deposits above it', async () => {
    const session = await t.session('lotusvn');
    const info = (await get(session, 'pay/info/get')).data;
    expect(info).toMatchObject({ currency: 'VND', min_charge: 3_000_000, bonus_max: 300_000_000, daily_max: 50_000_000_000 });
    expect(info.pay_channel[0]).toMatchObject({
      key: 'BANK_TRANSFER',
      min_amount: 3_000_000,
      quick_amounts: [3_000_000, 10_000_000, 20_000_000, 50_000_000],
    });
    expect((await get(session, 'pay/info/get', { pay_type: 'payout' })).data.pay_channel[0]).toMatchObject({ min_amount: 1_500_000 });
  });

  it('lists Colombia’s PSE, Nequi and Efecty in COP', async () => {
    const session = await t.session('cafetero');
    const info = (await get(session, 'pay/info/get')).data;
    expect(info.pay_channel.map((channel: { key: string }) => channel.key)).toEqual(['PSE', 'NEQUI', 'EFECTY']);
    expect(info.pay_channel[0].quick_amounts).toEqual([600_000, 1_000_000, 2_000_000, 5_000_000]);
  });

  it('opens the crypto switch on USDT with both networks where the brand holds USDT, and refuses it elsewhere', async () => {
    const multi = await t.session('orbit');
    const crypto = (await get(multi, 'pay/info/get', { currency_type: '2' })).data;
    expect(crypto.pay_channel).toEqual([expect.objectContaining({ key: 'USDT', networks: ['TRC20', 'ERC20'] })]);
    expect(crypto.daily_max).toBe(25_000_000);
    expect((await get(await t.session('piranha'), 'pay/info/get', { currency_type: '2' })).dm_error).toBe(5005);
  });

  it('lists payout methods with their fee and cap for pay_type=payout', async () => {
    const session = await t.session('cafetero');
    const info = (await get(session, 'pay/info/get', { pay_type: 'payout' })).data;
    expect(info.pay_channel.map((channel: { key: string }) => channel.key)).toEqual(['NEQUI', 'DAVIPLATA', 'MOVII', 'TRANSFIYA', 'TPAGA', 'BANK_TRANSFER']);
    expect(info.pay_channel[0]).toMatchObject({ fee_rate_bp: 100, fee_cap: 10_000_000, min_amount: 300_000 });
  });

  it('gives currency info with id 22 as default and neighbours', async () => {
    const session = await t.session('orbit');
    const info = (await get(session, 'currency/info/get')).data;
    expect(info).toMatchObject({ default_currency_id: 22, crypto_default: 'USDT' });
    const usdt = info.list.find((entry: { currency: string }) => entry.currency === 'USDT');
    expect(usdt).toMatchObject({ id: 22, currency_type: 2, network: 'TRC20', enabled: 1 });
    for (const code of ['USD', 'BTC', 'ETH', 'USDC', 'BUSD', 'BNB', 'XRP', 'ADA', 'DOT', 'LTC', 'LINK'])
      expect(info.list.map((entry: { currency: string }) => entry.currency)).toContain(code);
    expect(info.list[1].preCurrency).toBe(info.list[0].currency);
  });

  it('recommends the last paid channel and amount', async () => {
    const { session } = await playerFund(t, { amountMinor: 7000 });
    expect((await get(session, 'payin/user/recommend')).data).toEqual({ channel: 'PIX', amount: 7000, currency: 'BRL' });
  });
});

describe('transaction history', () => {
  it('lists pay-ins and pay-outs newest first, filtered by type and pay status, page by page', async () => {
    const { session } = await playerFund(t, { amountMinor: 50_000, session: await t.player('piranha') });
    const declined = await payinCreateOk(t, session, { channel: 'PIX', amount: 5000, currency: 'BRL' });
    await sandboxDecide(t, checkoutOf(declined).url, 'decline');
    await post(session, 'account/elements/set', {
      channel: 'PIX',
      elements: { document_type: 'CPF', document: '52998224725', pix_key_type: 'EMAIL', pix_key: 'ana@example.com', holder_name: 'Ana' },
    });
    const out = await post(session, 'payout/order/create', { channel: 'PIX', amount: 10_000, currency: 'BRL' }, idempotencyKey());
    expect(out.dm_error).toBe(0);

    const all = (await get(session, 'pay/order/history')).data;
    expect(all.records.map((record: { type: string; pay_status: number }) => [record.type, record.pay_status])).toEqual([
      ['payout', 2],
      ['payin', 4],
      ['payin', 1],
    ]);
    expect((await get(session, 'pay/order/history', { type: 'payin', pay_status: '4' })).data.records).toHaveLength(1);
    const page1 = (await get(session, 'pay/order/history', { page_size: '2' })).data;
    expect(page1).toMatchObject({ has_more: 1 });
    const page2 = (await get(session, 'pay/order/history', { page_size: '2', cursor: String(page1.cursor) })).data;
    expect(page2).toMatchObject({ has_more: 0, records: [expect.objectContaining({ type: 'payin', pay_status: 1 })] });
  });

  it('filters by several pay statuses at once, so "pending" covers 0, 2 and 20', async () => {
    const { session } = await playerFund(t, { amountMinor: 5000 });
    const open = await payinCreateOk(t, session, { channel: 'PIX', amount: 1000, currency: 'BRL' });
    const declined = await payinCreateOk(t, session, { channel: 'PIX', amount: 2000, currency: 'BRL' });
    await sandboxDecide(t, checkoutOf(declined).url, 'decline');
    const ids = async (pay_status: string) =>
      (await get(session, 'pay/order/history', { pay_status })).data.records.map((record: { order_id: string }) => record.order_id);
    expect(await ids('0,2,20')).toEqual([open.order_id]);
    expect(await ids('1,4')).toHaveLength(2);
    expect(await ids('4')).toEqual([declined.order_id]);
    expect(await get(session, 'pay/order/history', { pay_status: '0,5' })).toMatchObject({ dm_error: 1001, data: { field: 'pay_status' } });
    expect(await get(session, 'pay/order/history', { pay_status: '0,,2' })).toMatchObject({ dm_error: 1001, data: { field: 'pay_status' } });
  });

  it.each([
    ['type', { type: 'refund' }],
    ['page_size', { page_size: '51' }],
    ['cursor', { cursor: '-1' }],
    ['status', { status: '1' }],
  ])('refuses a bad %s filter by name', async (field, query) => {
    const session = await t.session('piranha');
    expect(await get(session, 'pay/order/history', query)).toMatchObject({ dm_error: 1001, data: { field } });
  });

  it('shows another player’s order to nobody', async () => {
    const { order } = await playerFund(t, { amountMinor: 5000 });
    const stranger = await t.session('piranha');
    expect((await get(stranger, 'payin/order/status', { order_id: order.order_id })).dm_error).toBe(1004);
  });
});

describe('appeals', () => {
  it('lets a player appeal a declined deposit once and shows its state', async () => {
    const session = await t.session('piranha');
    const order = await payinCreateOk(t, session, { channel: 'PIX', amount: 5000, currency: 'BRL' });
    expect((await get(session, 'payin/order/appeal/get', { order_id: order.order_id })).data).toEqual({ appeal: null, can_appeal: 0 });
    await sandboxDecide(t, checkoutOf(order).url, 'decline');
    expect((await get(session, 'payin/order/appeal/get', { order_id: order.order_id })).data.can_appeal).toBe(1);
    const created = await post(session, 'payin/order/appeal/submit', { order_id: order.order_id, reason: 'paid_not_credited', reference: 'E1234567' });
    expect(created.data.appeal).toMatchObject({ status: 0, reason: 'paid_not_credited', reference: 'E1234567' });
    expect((await post(session, 'payin/order/appeal/submit', { order_id: order.order_id, reason: 'other' })).dm_error).toBe(5011);
    const history = (await get(session, 'pay/order/history')).data.records;
    expect(history[0].appeal_status).toBe(0);
  });

  it('lets an operator review and uphold an appeal, crediting the declined deposit once', async () => {
    const session = await t.session('piranha');
    const order = await payinCreateOk(t, session, { channel: 'PIX', amount: 4000, currency: 'BRL' });
    await sandboxDecide(t, checkoutOf(order).url, 'decline');
    const appeal = (await post(session, 'payin/order/appeal/submit', { order_id: order.order_id, reason: 'paid_not_credited' })).data.appeal;
    const resolve = (status: number, headers: Record<string, string> = OPS) =>
      t.post('/api/ops/payments/appeal', { headers, body: { appeal_id: appeal.appeal_id, status } }).then(envelopeOf);
    expect((await resolve(2, { authorization: 'Bearer wrong' })).dm_error).toBe(1002);
    expect((await resolve(1)).data.appeal.status).toBe(1);
    expect((await resolve(1)).dm_error).toBe(5008);
    expect((await resolve(2)).data.appeal.status).toBe(2);
    expect((await resolve(3)).dm_error).toBe(5008);
    expect(await balanceOf(t, session, 'BRL')).toBe(4000);
    expect((await get(session, 'payin/order/status', { order_id: order.order_id })).data).toMatchObject({ status: 4, first_deposit: 1 });
    expect((await get(session, 'payin/order/appeal/get', { order_id: order.order_id })).data.appeal.status).toBe(2);
  });

  it('leaves the balance alone when an operator rejects an appeal', async () => {
    const session = await t.session('piranha');
    const order = await payinCreateOk(t, session, { channel: 'PIX', amount: 4000, currency: 'BRL' });
    await sandboxDecide(t, checkoutOf(order).url, 'decline');
    const appeal = (await post(session, 'payin/order/appeal/submit', { order_id: order.order_id, reason: 'other' })).data.appeal;
    const rejected = envelopeOf(await t.post('/api/ops/payments/appeal', { headers: OPS, body: { appeal_id: appeal.appeal_id, status: 3 } }));
    expect(rejected.data.appeal.status).toBe(3);
    expect(await balanceOf(t, session, 'BRL')).toBe(0);
    expect(envelopeOf(await t.post('/api/ops/payments/appeal', { headers: OPS, body: { appeal_id: appeal.appeal_id, status: 7 } }))).toMatchObject({
      dm_error: 1001,
      data: { field: 'status' },
    });
  });

  it('refuses an appeal with an unknown reason by name', async () => {
    const session = await t.session('piranha');
    expect(await post(session, 'payin/order/appeal/submit', { order_id: 'PI123', reason: 'angry' })).toMatchObject({
      dm_error: 1001,
      data: { field: 'reason' },
    });
  });
});

describe('payin codes', () => {
  it('checks a live code, attaches it to an order and spends it only when the deposit is paid', async () => {
    await t.rows(
      sql`insert into payin_codes values ('WELCOME50', 'BRL', 5000, 20000, 3000, ${new Date(t.clock.now().getTime() + 86_400_000)}) on conflict do nothing`,
    );
    const session = await t.session('piranha');
    expect((await post(session, 'payin/code/check', { code: 'welcome50' })).data).toMatchObject({ valid: 1, code: 'WELCOME50', bonus_rate_bp: 5000 });
    expect((await post(session, 'payin/code/check', { code: 'NOPE1234' })).data.valid).toBe(0);
    const order = await payinCreateOk(t, session, { channel: 'PIX', amount: 5000, currency: 'BRL' });
    expect((await post(session, 'payin/code/use', { code: 'WELCOME50', order_id: order.order_id })).data).toEqual({ used: 1, order_id: order.order_id });
    expect((await post(session, 'payin/code/check', { code: 'WELCOME50' })).data.valid).toBe(1);
    await sandboxDecide(t, checkoutOf(order).url, 'approve');
    expect((await post(session, 'payin/code/check', { code: 'WELCOME50' })).data.valid).toBe(0);
    const events = await t.rows<{ kind: string }>(sql`select kind from payment_events where order_id = ${order.order_id} order by kind`);
    expect(events.map((event) => event.kind)).toEqual(['first_deposit', 'payin_code']);
    const again = envelopeOf(await payinCreateRequest(t, session, { channel: 'PIX', amount: 5000, currency: 'BRL', payin_code: 'WELCOME50' }));
    expect(again).toMatchObject({ dm_error: 5010, data: { field: 'payin_code' } });
  });
});

describe('PDD, Transfiya and sharing', () => {
  it('moves a ready PDD reward into the wallet once', async () => {
    const session = await t.session('piranha');
    await t.rows(sql`insert into pdd_rewards values (${`pdd-${session.uid}`}, ${session.uid}, 'BRL', 2500, 'ready', now(), null)`);
    const first = await post(session, 'pdd/withdraw', { pdd_uid: `pdd-${session.uid}` }, idempotencyKey());
    expect(first.data).toEqual({ pdd_uid: `pdd-${session.uid}`, amount: 2500, currency: 'BRL' });
    expect((await post(session, 'pdd/withdraw', { pdd_uid: `pdd-${session.uid}` }, idempotencyKey())).dm_error).toBe(5008);
    expect((await post(session, 'pdd/withdraw', { pdd_uid: 'pdd-not-mine' }, idempotencyKey())).dm_error).toBe(1004);
    expect(await balanceOf(t, session, 'BRL')).toBe(2500);
  });

  it('offers Transfiya only to Colombian brands', async () => {
    expect((await get(await t.session('cafetero'), 'payout/order/transfiya')).data).toMatchObject({ available: 1, phone: '' });
    expect((await get(await t.session('piranha'), 'payout/order/transfiya')).data).toMatchObject({ available: 0 });
  });

  it('invites a share after a paid withdrawal until a network is tapped', async () => {
    const { session } = await playerFund(t, { amountMinor: 50_000, session: await t.player('piranha') });
    expect((await get(session, 'payout/social')).data.show).toBe(0);
    await post(session, 'account/elements/set', {
      channel: 'PIX',
      elements: { document_type: 'CPF', document: '52998224725', pix_key_type: 'EVP', pix_key: '123e4567-e12b-12d1-a456-426655440000', holder_name: 'Ana' },
    });
    const out = await post(session, 'payout/order/create', { channel: 'PIX', amount: 10_000, currency: 'BRL' }, idempotencyKey());
    const [row] = await t.rows<{ provider_ref: string }>(sql`select provider_ref from payment_orders where order_id = ${out.data.order_id}`);
    await sandboxDecide(t, `/sandbox/payout/checkout/${row!.provider_ref}`, 'approve');
    const social = (await get(session, 'payout/social')).data;
    expect(social).toMatchObject({ show: 1, order_id: out.data.order_id });
    expect(social.channels.map((channel: { key: string }) => channel.key)).toEqual(['whatsapp', 'telegram', 'facebook', 'x']);
    expect((await post(session, 'payout/social_click', { order_id: out.data.order_id, channel: 'whatsapp' })).data).toEqual({ recorded: 1 });
    expect((await get(session, 'payout/social')).data.show).toBe(0);
  });
});
