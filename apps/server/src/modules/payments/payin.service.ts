import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ORDER_STATUS, PAY_STATUS, type EndpointData, type PayinOrder, type depositInfoGet, type payinOrderCreate } from '@piranha/contract';
import { currencyStepMinor, paymentAllowed, TIMERS, type CurrencyCode, type VariantProfile } from '@piranha/domain';
import {
  bonusMaxMinor,
  CRYPTO_NETWORKS,
  dailyMaxMinor,
  isPayChannelKey,
  mpesaMsisdn,
  PAYIN_ORDER_TTL_MS,
  payinChannelsOf,
  payinMinMinor,
  payinOrderMaxMinor,
  payoutChannelsOf,
  type CryptoNetwork,
  type PayinChannelDef,
} from '@piranha/domain/payments';
import type * as z from 'zod/mini';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import type { ClaimInTransaction } from '../../plugins/route.ts';
import { payinProviderOf } from '../../providers/payments/payment-provider.ts';
import { OutboxRefused, outboxSendHeld, outboxWrite, type OutboxHandler } from '../outbox/outbox.service.ts';
import { sessionRequireFresh } from '../account/account-session.service.ts';
import { currencyListOf } from './currency-info.ts';
import { payinPayerHint } from './payin-payer.ts';
import { jurisdictionOfKey, saferDepositCheck, saferMarketOpenCheck } from '../safer-play/safer-play.service.ts';
import { payChannelOf, payoutChannelView } from './channel-views.ts';
import { brandCurrency, brandOfUser, dayStart, unixSeconds, type PaymentsDeps } from './payments-deps.ts';
import {
  orderById,
  orderInsert,
  orderLockById,
  orderOfUser,
  orderProviderSet,
  orderStateSet,
  ordersExpiredOpen,
  payinCodeOf,
  payinCodeUseOf,
  payinLastPaid,
  payinPaidExists,
  payinSumSince,
  userMoneyLock,
  type PaymentOrderRow,
} from './payments.repository.ts';

/** Spec §4: order status → the pay status the deposit page polls (1 paid; 0 and 2 pending; anything else ends). */
export function payStatusOfOrder(status: number): (typeof PAY_STATUS)[keyof typeof PAY_STATUS] {
  switch (status) {
    case ORDER_STATUS.created:
      return PAY_STATUS.unprocessed;
    case ORDER_STATUS.pending:
      return PAY_STATUS.pending;
    case ORDER_STATUS.success:
      return PAY_STATUS.success;
    case ORDER_STATUS.cancelled:
      return PAY_STATUS.timeout;
    default:
      return PAY_STATUS.failed;
  }
}

export function orderIdNew(direction: 'payin' | 'payout'): string {
  return `${direction === 'payin' ? 'PI' : 'PO'}${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;
}

export async function depositInfo(
  deps: PaymentsDeps,
  user: SessionUser,
  query: z.output<(typeof depositInfoGet)['query']>,
  displayCurrency: string | undefined,
): Promise<EndpointData<typeof depositInfoGet>> {
  const brand = await brandOfUser(deps.db, user);
  const crypto = query.currency_type === '2';
  if (crypto && !brand.currencies.includes('USDT')) throw new AppError('PAYMENT_CURRENCY_MISMATCH', { field: 'currency_type', issue: 'not_offered' });
  const requested = crypto
    ? 'USDT'
    : (query.currency_code ?? (displayCurrency && brand.currencies.includes(displayCurrency as CurrencyCode) ? displayCurrency : undefined));
  const currency = brandCurrency(brand, requested, 'currency_code');
  const first = !(await payinPaidExists(deps.db, user.uid));
  const today = await payinSumSince(deps.db, user.uid, currency, dayStart(deps.now()), deps.now());
  return {
    currency_list: currencyListOf(brand).filter((entry) => entry.enabled === 1),
    currency,
    pay_channel:
      query.pay_type === 'payout'
        ? payoutChannelsOf([currency]).map((channel) => payoutChannelView(channel, brand))
        : payinChannelsOf([currency]).map((channel) => payChannelOf(channel, brand, first, today)),
    daily_max: dailyMaxMinor(currency),
    deposited_today: today,
    min_charge: brand.minCharge * 100,
    is_first_deposit: first ? 1 : 0,
    bonus_max: bonusMaxMinor(currency),
  };
}

/** The stored instruction with its expiry, or null while the provider has not answered (or failed). */
function instructionOf(row: PaymentOrderRow): PayinOrder['instruction'] | null {
  if (!row.instruction) return null;
  return { ...(row.instruction as Omit<PayinOrder['instruction'], 'expire_at'>), expire_at: unixSeconds(row.expiresAt) };
}

export function payinOrderView(row: PaymentOrderRow): PayinOrder {
  const instruction = instructionOf(row);
  if (!instruction) throw new Error(`payin order ${row.orderId} has no instruction`);
  return {
    order_id: row.orderId,
    channel: row.channel,
    amount: row.amountMinor,
    currency: row.currency,
    status: row.status as PayinOrder['status'],
    pay_status: row.payStatus as PayinOrder['pay_status'],
    create_time: unixSeconds(row.createdAt),
    instruction,
  };
}

type CreateBody = z.output<(typeof payinOrderCreate)['body']>;

function channelResolve(brand: VariantProfile, body: CreateBody): PayinChannelDef {
  const key = body.channel.toUpperCase();
  if (!isPayChannelKey(key)) throw new AppError('PAYMENT_CHANNEL_UNKNOWN', { field: 'channel', issue: 'unknown' });
  // The law of the brand's market (Brazil, Peru: no crypto): refused by name, before "not offered" (decision 027).
  if (key === 'USDT' && !paymentAllowed(jurisdictionOfKey(brand.appKey), 'crypto'))
    throw new AppError('SAFER_PAYMENT_FORBIDDEN', { field: 'channel', issue: 'crypto' });
  const offered = payinChannelsOf(brand.currencies).filter((channel) => channel.key === key);
  if (offered.length === 0) throw new AppError('PAYMENT_CHANNEL_UNKNOWN', { field: 'channel', issue: 'not_offered' });
  const channel = offered.find((entry) => entry.currency === body.currency.toUpperCase());
  if (!channel) throw new AppError('PAYMENT_CURRENCY_MISMATCH', { field: 'currency', issue: `expected_${offered.map((entry) => entry.currency).join('_')}` });
  return channel;
}

/** What the provider is asked for a pay-in besides the order: the channel, and the crypto network or M-Pesa phone. */
interface PayinProviderRequest {
  channel: PayinChannelDef;
  network: CryptoNetwork | undefined;
  msisdn: string | undefined;
}

/** The channel of a create request and the network or phone it needs, each checked. */
function payinRequestOf(brand: VariantProfile, body: CreateBody): PayinProviderRequest {
  const channel = channelResolve(brand, body);
  let network: CryptoNetwork | undefined;
  if (channel.kind === 'crypto') {
    network = (body.network?.toUpperCase() ?? 'TRC20') as CryptoNetwork;
    if (!(CRYPTO_NETWORKS as readonly string[]).includes(network)) throw new AppError('VALIDATION_FAILED', { field: 'network', issue: 'invalid_value' });
  } else if (body.network !== undefined) throw new AppError('VALIDATION_FAILED', { field: 'network', issue: 'unrecognized_keys' });
  let msisdn: string | undefined;
  // Daraja's Amount is whole shillings; VND and COP are paid in whole dong and pesos (no minor units per CLDR).
  if ((channel.kind === 'stk_push' && body.amount % 100 !== 0) || body.amount % currencyStepMinor(channel.currency) !== 0)
    throw new AppError('VALIDATION_FAILED', { field: 'amount', issue: 'whole_units' });
  if (channel.kind === 'stk_push') {
    msisdn = body.phone === undefined ? undefined : mpesaMsisdn(body.phone);
    if (!msisdn) throw new AppError('PAYMENT_ACCOUNT_INVALID', { field: 'phone', issue: body.phone === undefined ? 'required' : 'format' });
  } else if (body.phone !== undefined) throw new AppError('VALIDATION_FAILED', { field: 'phone', issue: 'unrecognized_keys' });
  return { channel, network, msisdn };
}

/**
 * Creates a pay-in in three steps, so no database transaction waits on a provider:
 * 1. under a per-player lock, checks amount limits, the daily maximum and the payin code, and commits the order at
 *    status 0 (its provider reference is the order id until the provider gives its own), with the request's
 *    Idempotency-Key claimed in the same transaction, naming the order (decision 016);
 * 2. asks the provider for the payment instruction, outside any transaction;
 * 3. stores the provider's reference and instruction (an STK push opens at status 1, it is already on the phone).
 * A provider failure marks the order rejected / pay status failed and answers PAYMENT_PROVIDER_UNAVAILABLE. If this
 * process dies between the steps, a retry of the key resumes steps 2–3 for the same order (payinResume); an order
 * nobody resumes never credits and times out like any unpaid order.
 */
export async function payinCreate(
  deps: PaymentsDeps,
  user: SessionUser,
  body: CreateBody,
  log: Pick<FastifyBaseLogger, 'warn'>,
  claim?: ClaimInTransaction,
): Promise<PayinOrder> {
  const now = deps.now();
  const brand = await brandOfUser(deps.db, user);
  // A closed market takes no money in, on any channel (decision 049).
  saferMarketOpenCheck(brand.appKey);
  const request = payinRequestOf(brand, body);
  const { channel } = request;
  const currency = channel.currency;

  await sessionRequireFresh(deps.db, user.sessionId, now);
  const orderId = orderIdNew('payin');
  const expiresAt = new Date(now.getTime() + PAYIN_ORDER_TTL_MS);

  const created = await transaction(deps.db, async (tx) => {
    // The key first: a retry of a request that already has its order stops here, before the limits are checked again.
    await claim?.write(tx, orderId);
    await userMoneyLock(tx, 'payin', user.uid);
    const first = !(await payinPaidExists(tx, user.uid));
    const min = payinMinMinor(currency, brand.minCharge, first);
    const max = payinOrderMaxMinor(channel);
    if (body.amount < min) throw new AppError('PAYMENT_AMOUNT_BELOW_MIN', { field: 'amount', issue: `min_${min}` });
    if (body.amount > max) throw new AppError('PAYMENT_AMOUNT_ABOVE_MAX', { field: 'amount', issue: `max_${max}` });
    const today = await payinSumSince(tx, user.uid, currency, dayStart(now), now);
    if (today + body.amount > dailyMaxMinor(currency))
      throw new AppError('PAYMENT_DAILY_LIMIT', { field: 'amount', issue: `remaining_${Math.max(0, dailyMaxMinor(currency) - today)}` });
    // The player's own deposit limits and any time-out or self-exclusion, counted under the same pay-in lock.
    await saferDepositCheck(tx, user.uid, brand.appKey, currency, body.amount, now);
    let payinCode: string | undefined;
    if (body.payin_code !== undefined) {
      payinCode = body.payin_code.toUpperCase();
      const code = await payinCodeOf(tx, payinCode);
      if (!code || code.currency !== currency || code.expiresAt <= now || body.amount < code.minAmountMinor || (await payinCodeUseOf(tx, payinCode, user.uid)))
        throw new AppError('PAYIN_CODE_INVALID', { field: 'payin_code' });
    }
    const order = await orderInsert(tx, {
      orderId,
      userId: user.uid,
      appKey: brand.appKey,
      direction: 'payin',
      channel: channel.key,
      provider: payinProviderOf(channel),
      providerRef: orderId,
      currency,
      amountMinor: body.amount,
      status: ORDER_STATUS.created,
      payStatus: PAY_STATUS.unprocessed,
      instruction: null,
      payinCode: payinCode ?? null,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    // The provider call this order owes, in its transaction: this request makes it below; if the process dies first,
    // the outbox job does (with the order id as the provider's idempotency key), so the player gets the instruction.
    const payload: PayinStartPayload = { user_id: user.uid, body };
    const row = await outboxWrite(tx, deps.outbox, { kind: PAYIN_START_KIND, key: orderId, payload: { ...payload }, now });
    return { order, row };
  });
  return outboxSendHeld(deps.outbox, created.row, () => payinProviderStep(deps, brand, created.order, request, log));
}

export const PAYIN_START_KIND = 'payin_start';

/** An outbox `payin_start` row: the create request's body, from which the provider request is built again. */
interface PayinStartPayload {
  user_id: number;
  body: CreateBody;
}

/**
 * The outbox job's handler for a pay-in start a dead process left: asks the provider (idempotent by the order id) and
 * stores the instruction, which the player's status poll then shows. An order already answered, failed or expired
 * needs nothing. A provider refusal fails the order as on the request, and the row ends `failed`.
 */
export function payinStartOutboxHandler(deps: PaymentsDeps, log: Pick<FastifyBaseLogger, 'warn'>): OutboxHandler {
  return async (payload, row) => {
    const { user_id: userId, body } = payload as unknown as PayinStartPayload;
    const order = await orderOfUser(deps.db, userId, row.key);
    if (!order || order.direction !== 'payin' || !payinAwaitsProvider(order)) return;
    if (order.expiresAt.getTime() <= deps.now().getTime()) throw new OutboxRefused('the pay-in expired before the provider was asked');
    const brand = await brandOfUser(deps.db, userId);
    try {
      await payinProviderStep(deps, brand, order, payinRequestOf(brand, body), log);
    } catch (error) {
      if (error instanceof AppError) throw new OutboxRefused(`the order closed: ${error.errorName}`);
      throw error;
    }
  };
}

/** A pay-in the provider has not answered yet: created, no instruction, its reference still the order id. */
function payinAwaitsProvider(order: PaymentOrderRow): boolean {
  return order.status === ORDER_STATUS.created && order.instruction === null && order.providerRef === order.orderId;
}

/**
 * Asks the provider for the instruction of a committed pay-in that still awaits it and stores it; answers the order.
 * It may run again for the same order (a retry resuming what a dead process left): the provider is asked with the
 * order id, which a provider takes as its idempotency key, and only the first answer is stored. A provider failure
 * marks the order rejected (pay status failed) and answers PAYMENT_PROVIDER_UNAVAILABLE.
 */
async function payerHintOf(deps: PaymentsDeps, order: PaymentOrderRow): Promise<{ payerDocument?: string }> {
  const payerDocument = await payinPayerHint(deps.db, order);
  return payerDocument ? { payerDocument } : {};
}

async function payinProviderStep(
  deps: PaymentsDeps,
  brand: VariantProfile,
  order: PaymentOrderRow,
  request: PayinProviderRequest,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<PayinOrder> {
  if (!payinAwaitsProvider(order)) return payinAnswerOf(order);
  const { channel, network, msisdn } = request;
  let start: Awaited<ReturnType<PaymentsDeps['provider']['payinStart']>>;
  try {
    start = await deps.provider.payinStart({
      orderId: order.orderId,
      channel,
      amountMinor: order.amountMinor,
      currency: order.currency,
      brandName: brand.name,
      expiresAt: order.expiresAt,
      ...(network ? { network } : {}),
      ...(msisdn ? { msisdn } : {}),
      ...(await payerHintOf(deps, order)),
    });
  } catch (error) {
    const failed = await transaction(deps.db, async (tx) => {
      const locked = await orderLockById(tx, order.id);
      if (!locked || !payinAwaitsProvider(locked)) return false;
      await orderStateSet(tx, order.id, { status: ORDER_STATUS.rejected, payStatus: PAY_STATUS.failed }, deps.now());
      return true;
    });
    if (!failed) return payinAnswerOf((await orderById(deps.db, order.id))!);
    log.warn({ order_id: order.orderId, channel: channel.key, err: error }, 'payment provider refused a pay-in; order marked failed');
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { field: 'channel', issue: 'provider_failed' });
  }
  // An STK push is already on the player's phone: the order is pending from the start.
  const pending = channel.kind === 'stk_push';
  const stored = await orderProviderSet(
    deps.db,
    order.id,
    ORDER_STATUS.created,
    {
      providerRef: start.providerRef,
      instruction: start.instruction,
      status: pending ? ORDER_STATUS.pending : ORDER_STATUS.created,
      payStatus: pending ? PAY_STATUS.pending : PAY_STATUS.unprocessed,
    },
    deps.now(),
  );
  return payinAnswerOf(stored ?? (await orderById(deps.db, order.id))!);
}

/**
 * A pay-in as the create request answers it. One that never got an instruction is the provider's failure
 * (PAYMENT_PROVIDER_UNAVAILABLE) or, timed out before anyone resumed it, closed (PAYMENT_ORDER_CLOSED).
 */
function payinAnswerOf(order: PaymentOrderRow): PayinOrder {
  if (order.instruction === null) {
    if (order.status === ORDER_STATUS.rejected) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { field: 'channel', issue: 'provider_failed' });
    throw new AppError('PAYMENT_ORDER_CLOSED', { field: 'order_id' });
  }
  return payinOrderView(order);
}

/**
 * The true outcome of a pay-in request whose process died after committing its order (the route's `resume`,
 * decision 016): the provider is asked for the instruction if it never was, then the order is answered.
 */
export async function payinResume(
  deps: PaymentsDeps,
  user: SessionUser,
  body: CreateBody,
  orderId: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<PayinOrder> {
  const order = await orderOfUser(deps.db, user.uid, orderId);
  if (!order || order.direction !== 'payin') throw new Error(`pay-in ${orderId} named by an idempotency key is missing`);
  const brand = await brandOfUser(deps.db, user);
  return payinProviderStep(deps, brand, order, payinRequestOf(brand, body), log);
}

/** Cancels one open pay-in past its expiry (status 3, pay status 3 timeout); a no-op for any other order. */
async function payinExpireOne(db: Db, id: number, now: Date): Promise<boolean> {
  return transaction(db, async (tx) => {
    const order = await orderLockById(tx, id);
    if (!order || order.direction !== 'payin' || order.status > ORDER_STATUS.pending || order.expiresAt > now) return false;
    await orderStateSet(tx, id, { status: ORDER_STATUS.cancelled, payStatus: PAY_STATUS.timeout }, now);
    return true;
  });
}

/** The timeout sweep: cancels pay-ins nobody paid in time. Idempotent; safe on several nodes. */
export async function payinExpireSweep(db: Db, now: Date, batch = 200): Promise<number> {
  let expired = 0;
  for (const { id } of await ordersExpiredOpen(db, now, batch)) if (await payinExpireOne(db, id, now)) expired++;
  return expired;
}

export async function payinStatus(deps: PaymentsDeps, user: SessionUser, orderId: string) {
  let order = await orderOfUser(deps.db, user.uid, orderId);
  if (!order || order.direction !== 'payin') throw new AppError('NOT_FOUND', { field: 'order_id' });
  const now = deps.now();
  if (order.status <= ORDER_STATUS.pending && order.expiresAt <= now && (await payinExpireOne(deps.db, order.id, now)))
    order = (await orderOfUser(deps.db, user.uid, orderId))!;
  return {
    order_id: order.orderId,
    status: order.status as PayinOrder['status'],
    pay_status: order.payStatus as PayinOrder['pay_status'],
    amount: order.amountMinor,
    currency: order.currency,
    channel: order.channel,
    first_deposit: order.firstDeposit ? (1 as const) : (0 as const),
    poll_interval_s: TIMERS.paymentPollMs / 1000,
    create_time: unixSeconds(order.createdAt),
    // Any tab or device can show the payment code again; null when the provider never gave one.
    instruction: instructionOf(order),
  };
}

export async function userDepositCheckOf(deps: PaymentsDeps, user: SessionUser) {
  return { is_deposit: (await payinPaidExists(deps.db, user.uid)) ? (1 as const) : (0 as const) };
}

/**
 * The amount and channel the deposit page opens with: the player's last paid deposit, else the brand's first
 * channel with its first quick amount — always an amount the player can send now (between the order minimum,
 * first deposit included, and what is left of today's maximum). A last amount outside that range is replaced by
 * the nearest quick amount under it (else the smallest); 0 when today's maximum is used up.
 */
export async function payinRecommendOf(deps: PaymentsDeps, user: SessionUser) {
  const brand = await brandOfUser(deps.db, user);
  const last = await payinLastPaid(deps.db, user.uid);
  const fallback = payinChannelsOf([brand.currency])[0] ?? payinChannelsOf(brand.currencies)[0]!;
  const channel = (last && payinChannelsOf(brand.currencies).find((entry) => entry.key === last.channel && entry.currency === last.currency)) || fallback;
  const now = deps.now();
  const today = await payinSumSince(deps.db, user.uid, channel.currency, dayStart(now), now);
  const view = payChannelOf(channel, brand, !last, today);
  const leftMax = Math.min(view.max_amount, Math.max(0, dailyMaxMinor(channel.currency) - today));
  let amount = view.quick_amounts[0] ?? 0;
  if (last && channel.key === last.channel && last.amountMinor >= view.min_amount && last.amountMinor <= leftMax) amount = last.amountMinor;
  else if (last) amount = [...view.quick_amounts].reverse().find((quick) => quick <= last.amountMinor) ?? amount;
  return { channel: channel.key, amount, currency: channel.currency };
}
