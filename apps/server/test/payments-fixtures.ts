/**
 * Funding players the way a real one is funded: a pay-in order, a person approving it on the sandbox PSP's hosted
 * page, and the PSP's signed notification crediting the wallet. Other suites (casino, betting) use `playerFund` to
 * get a player with money; nothing here writes a balance directly.
 */
import { randomBytes } from 'node:crypto';
import type { PayinOrder } from '@piranha/contract';
import { variantFindByKey } from '@piranha/domain';
import { payinChannelsOf } from '@piranha/domain/payments';
import { ledgerAudit } from '../src/modules/ledger/ledger.repository.ts';
import { webhookSign, SIGNATURE_HEADER } from '../src/providers/payments/webhook-signature.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { envelopeOf, signedIn, type TestApp, type TestResponse } from './harness.ts';

export const idempotencyKey = () => `key-${randomBytes(8).toString('hex')}`;

export interface PayinInput {
  channel: string;
  amount: number;
  currency: string;
  network?: string;
  phone?: string;
  payin_code?: string;
}

/** POST payin/order/create as the player, with a fresh Idempotency-Key unless one is given. */
export function payinCreateRequest(t: TestApp, session: IssuedSession, body: PayinInput, key = idempotencyKey(), appKey?: string): Promise<TestResponse> {
  return t.post('/api/piranha/finance/payin/order/create', {
    query: signedIn(session),
    headers: { 'idempotency-key': key, ...(appKey ? { 'app-key': appKey } : {}) },
    body,
  });
}

export async function payinCreateOk(t: TestApp, session: IssuedSession, body: PayinInput): Promise<PayinOrder> {
  const envelope = envelopeOf(await payinCreateRequest(t, session, body));
  if (envelope.dm_error !== 0) throw new Error(`payin/order/create refused: ${JSON.stringify(envelope)}`);
  return envelope.data as PayinOrder;
}

/** Where the sandbox page of an order lives: /sandbox/<provider>/checkout/<ref>. */
export function checkoutOf(order: { instruction: { checkout_url?: string } }): { provider: string; ref: string; url: string } {
  const url = order.instruction.checkout_url ?? '';
  const [, , provider, , ref] = url.split('/');
  if (!provider || !ref) throw new Error(`no checkout url in ${JSON.stringify(order.instruction)}`);
  return { provider, ref, url };
}

/** A person presses Approve or Decline on the sandbox page (a plain form post). */
export async function sandboxDecide(t: TestApp, checkoutUrl: string, decision: 'approve' | 'decline'): Promise<TestResponse> {
  return t.request('POST', `${checkoutUrl}/${decision}`, { payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

export async function payinStatusOf(t: TestApp, session: IssuedSession, orderId: string) {
  return envelopeOf(await t.get('/api/piranha/finance/payin/order/status', { query: signedIn(session, { order_id: orderId }) })).data;
}

export async function balanceOf(t: TestApp, session: IssuedSession, currency: string): Promise<number> {
  const data = envelopeOf(await t.get('/api/piranha/finance/user/balance/get', { query: signedIn(session) })).data as {
    balances: { currency: string; balance_info: { balance: number } }[];
  };
  return data.balances.find((entry) => entry.currency === currency)?.balance_info.balance ?? 0;
}

export interface FundOptions {
  /** Brand of the new player (default piranha, a Brazilian brand). */
  appKey?: string;
  /** Minor units to deposit (default the brand's minimum first deposit × 10). */
  amountMinor?: number;
  /** A player to fund instead of a new one. */
  session?: IssuedSession;
}

/**
 * A player with money: deposits through the brand's first pay-in method (PIX, SPEI, UPI, M-Pesa…), approves it on
 * the sandbox page and checks the signed notification credited it. Answers the session and the order.
 */
export async function playerFund(t: TestApp, options: FundOptions = {}): Promise<{ session: IssuedSession; order: PayinOrder; currency: string }> {
  const appKey = options.appKey ?? 'piranha';
  const brand = variantFindByKey(appKey);
  if (!brand) throw new Error(`unknown brand ${appKey}`);
  const session = options.session ?? (await t.session(appKey));
  const channel = payinChannelsOf([brand.currency])[0] ?? payinChannelsOf(brand.currencies)[0]!;
  const amount = options.amountMinor ?? Math.max(brand.minCharge * 100 * 10, 100_00);
  const order = await payinCreateOk(t, session, {
    channel: channel.key,
    amount,
    currency: channel.currency,
    ...(channel.kind === 'stk_push' ? { phone: '0712123456' } : {}),
  });
  const decided = await sandboxDecide(t, checkoutOf(order).url, 'approve');
  if (decided.status !== 200) throw new Error(`sandbox approval failed: HTTP ${decided.status}`);
  const status = await payinStatusOf(t, session, order.order_id);
  if (status.status !== 4) throw new Error(`deposit ${order.order_id} did not complete: ${JSON.stringify(status)}`);
  return { session, order, currency: channel.currency };
}

/** Sends a notification signed with the app's real secret (or another), as a PSP would. */
export function webhookPost(
  t: TestApp,
  provider: string,
  body: unknown,
  options: { secret?: string; raw?: string; signature?: string } = {},
): Promise<TestResponse> {
  const raw = options.raw ?? JSON.stringify(body);
  const signature = options.signature ?? webhookSign(options.secret ?? t.built.payments.webhookSecret, raw, t.clock.now());
  return t.request('POST', `/api/piranha/finance/webhook/${provider}`, {
    payload: raw,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
  });
}

export async function auditClean(t: TestApp): Promise<boolean> {
  const audit = await ledgerAudit(t.db);
  return audit.walletDrift.length === 0 && audit.unbalancedTransfers.length === 0 && audit.thinTransfers.length === 0;
}
