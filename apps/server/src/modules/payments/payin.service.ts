import { randomBytes } from 'node:crypto';
import { ORDER_STATUS, PAY_STATUS, type EndpointData, type PayinOrder, type depositInfoGet, type payinOrderCreate } from '@piranha/contract';
import { TIMERS, type CurrencyCode, type VariantProfile } from '@piranha/domain';
import {
  bonusMaxMinor,
  CRYPTO_NETWORKS,
  dailyMaxMinor,
  isPayChannelKey,
  mpesaMsisdn,
  PAYIN_ORDER_TTL_MS,
  payinChannelsOf,
  payoutChannelsOf,
  quickAmountsMinor,
  type CryptoNetwork,
  type PayinChannelDef,
} from '@piranha/domain/payments';
import type { z } from '@piranha/contract';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { payinProviderOf } from '../../providers/payments/payment-provider.ts';
import { sessionRequireFresh } from '../account/account-session.service.ts';
import { currencyListOf } from './currency-info.ts';
import { payChannelOf, payoutChannelView } from './channel-views.ts';
import { brandCurrency, brandOfUser, dayStart, unixSeconds, type PaymentsDeps } from './payments-deps.ts';
import {
  orderInsert,
  orderLockById,
  orderOfUser,
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
  const brand = await brandOfUser(deps.db, user.uid);
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
        : payinChannelsOf([currency]).map((channel) => payChannelOf(channel, brand, first)),
    daily_max: dailyMaxMinor(currency),
    deposited_today: today,
    min_charge: brand.minCharge * 100,
    is_first_deposit: first ? 1 : 0,
    bonus_max: bonusMaxMinor(currency),
  };
}

export function payinOrderView(row: PaymentOrderRow): PayinOrder {
  return {
    order_id: row.orderId,
    channel: row.channel,
    amount: row.amountMinor,
    currency: row.currency,
    status: row.status as PayinOrder['status'],
    pay_status: row.payStatus as PayinOrder['pay_status'],
    create_time: unixSeconds(row.createdAt),
    instruction: { ...(row.instruction as Omit<PayinOrder['instruction'], 'expire_at'>), expire_at: unixSeconds(row.expiresAt) },
  };
}

type CreateBody = z.output<(typeof payinOrderCreate)['body']>;

function channelResolve(brand: VariantProfile, body: CreateBody): PayinChannelDef {
  const key = body.channel.toUpperCase();
  if (!isPayChannelKey(key)) throw new AppError('PAYMENT_CHANNEL_UNKNOWN', { field: 'channel', issue: 'unknown' });
  const offered = payinChannelsOf(brand.currencies).filter((channel) => channel.key === key);
  if (offered.length === 0) throw new AppError('PAYMENT_CHANNEL_UNKNOWN', { field: 'channel', issue: 'not_offered' });
  const channel = offered.find((entry) => entry.currency === body.currency.toUpperCase());
  if (!channel) throw new AppError('PAYMENT_CURRENCY_MISMATCH', { field: 'currency', issue: `expected_${offered.map((entry) => entry.currency).join('_')}` });
  return channel;
}

/**
 * Creates a pay-in: checks channel, currency, amount limits and the daily maximum under a per-player lock, asks the
 * provider for the payment instruction, and stores the order (status 0). The route's Idempotency-Key makes a retry
 * answer the same order.
 */
export async function payinCreate(deps: PaymentsDeps, user: SessionUser, body: CreateBody): Promise<PayinOrder> {
  const now = deps.now();
  const brand = await brandOfUser(deps.db, user.uid);
  const channel = channelResolve(brand, body);
  const currency = channel.currency;
  let network: CryptoNetwork | undefined;
  if (channel.kind === 'crypto') {
    network = (body.network?.toUpperCase() ?? 'TRC20') as CryptoNetwork;
    if (!(CRYPTO_NETWORKS as readonly string[]).includes(network)) throw new AppError('VALIDATION_FAILED', { field: 'network', issue: 'invalid_value' });
  } else if (body.network !== undefined) throw new AppError('VALIDATION_FAILED', { field: 'network', issue: 'unrecognized_keys' });
  let msisdn: string | undefined;
  // Daraja's Amount is whole shillings.
  if (channel.kind === 'stk_push' && body.amount % 100 !== 0) throw new AppError('VALIDATION_FAILED', { field: 'amount', issue: 'whole_units' });
  if (channel.kind === 'stk_push') {
    msisdn = body.phone === undefined ? undefined : mpesaMsisdn(body.phone);
    if (!msisdn) throw new AppError('PAYMENT_ACCOUNT_INVALID', { field: 'phone', issue: body.phone === undefined ? 'required' : 'format' });
  } else if (body.phone !== undefined) throw new AppError('VALIDATION_FAILED', { field: 'phone', issue: 'unrecognized_keys' });

  await sessionRequireFresh(deps.db, user.sessionId, now);
  const orderId = orderIdNew('payin');
  const expiresAt = new Date(now.getTime() + PAYIN_ORDER_TTL_MS);

  return transaction(deps.db, async (tx) => {
    await userMoneyLock(tx, 'payin', user.uid);
    const first = !(await payinPaidExists(tx, user.uid));
    const view = payChannelOf(channel, brand, first);
    if (body.amount < view.min_amount) throw new AppError('PAYMENT_AMOUNT_BELOW_MIN', { field: 'amount', issue: `min_${view.min_amount}` });
    if (body.amount > view.max_amount) throw new AppError('PAYMENT_AMOUNT_ABOVE_MAX', { field: 'amount', issue: `max_${view.max_amount}` });
    const today = await payinSumSince(tx, user.uid, currency, dayStart(now), now);
    if (today + body.amount > dailyMaxMinor(currency))
      throw new AppError('PAYMENT_DAILY_LIMIT', { field: 'amount', issue: `remaining_${Math.max(0, dailyMaxMinor(currency) - today)}` });
    let payinCode: string | undefined;
    if (body.payin_code !== undefined) {
      payinCode = body.payin_code.toUpperCase();
      const code = await payinCodeOf(tx, payinCode);
      if (!code || code.currency !== currency || code.expiresAt <= now || body.amount < code.minAmountMinor || (await payinCodeUseOf(tx, payinCode, user.uid)))
        throw new AppError('PAYIN_CODE_INVALID', { field: 'payin_code' });
    }
    const start = await deps.provider.payinStart({
      orderId,
      channel,
      amountMinor: body.amount,
      currency,
      brandName: brand.name,
      expiresAt,
      ...(network ? { network } : {}),
      ...(msisdn ? { msisdn } : {}),
    });
    const row = await orderInsert(tx, {
      orderId,
      userId: user.uid,
      appKey: brand.appKey,
      direction: 'payin',
      channel: channel.key,
      provider: payinProviderOf(channel),
      providerRef: start.providerRef,
      currency,
      amountMinor: body.amount,
      // An STK push is already on the player's phone: the order is pending from the start.
      status: channel.kind === 'stk_push' ? ORDER_STATUS.pending : ORDER_STATUS.created,
      payStatus: channel.kind === 'stk_push' ? PAY_STATUS.pending : PAY_STATUS.unprocessed,
      instruction: start.instruction,
      payinCode: payinCode ?? null,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    return payinOrderView(row);
  });
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
  };
}

export async function userDepositCheckOf(deps: PaymentsDeps, user: SessionUser) {
  return { is_deposit: (await payinPaidExists(deps.db, user.uid)) ? (1 as const) : (0 as const) };
}

export async function payinRecommendOf(deps: PaymentsDeps, user: SessionUser) {
  const brand = await brandOfUser(deps.db, user.uid);
  const last = await payinLastPaid(deps.db, user.uid);
  if (last) return { channel: last.channel, amount: last.amountMinor, currency: last.currency };
  const channel = payinChannelsOf([brand.currency])[0] ?? payinChannelsOf(brand.currencies)[0]!;
  return { channel: channel.key, amount: quickAmountsMinor(channel.currency, brand.minCharge)[0]!, currency: channel.currency };
}
