import { kycOf, kycPixAccountCheck, kycRequire } from '../safer-play/kyc.service.ts';
import type { FastifyBaseLogger } from 'fastify';
import { ORDER_STATUS, PAY_STATUS, SOCIAL_CHANNELS, type PayoutOrder } from '@piranha/contract';
import { currencyStepMinor, paymentAccountIdentity, withdrawalTaxMinor, type CurrencyCode, type VariantProfile } from '@piranha/domain';
import {
  accountElementsCheck,
  accountElementsOf,
  accountMask,
  bankCodesOf,
  isPayChannelKey,
  payoutChannelsOf,
  payoutMinMinor,
  dailyMaxMinor,
  withdrawalFeeCapMinor,
  withdrawalFeeMinor,
  WITHDRAWAL_FEE_RATE_BP,
  type PayoutChannelDef,
} from '@piranha/domain/payments';
import { AppError } from '../../app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import type { ClaimInTransaction } from '../../plugins/route.ts';
import { PAYOUT_PROVIDER } from '../../providers/payments/payment-provider.ts';
import { userFind } from '../account/account.repository.ts';
import { sessionRequireFresh } from '../account/account-session.service.ts';
import { ledgerTransfer } from '../ledger/ledger.service.ts';
import { bonusForfeitOnWithdrawal } from '../bonus/bonus-ledger.service.ts';
import { bonusSignUpPaymentAccount } from '../bonus/bonus-sign-up.service.ts';
import { walletsOfUser } from '../ledger/ledger.repository.ts';
import { jurisdictionOfKey } from '../safer-play/safer-play.service.ts';
import { payoutChannelView } from './channel-views.ts';
import { orderTransition } from './order-transitions.ts';
import { orderIdNew } from './payin.service.ts';
import { brandCurrency, brandOfUser, unixSeconds, type PaymentsDeps } from './payments-deps.ts';
import {
  accountOf,
  accountsOfUser,
  accountUpsert,
  orderById,
  orderInsert,
  orderLockById,
  orderOfUser,
  orderProviderSet,
  payoutLastPaidUnshared,
  payoutPendingSum,
  payoutsAwaitingProvider,
  pddRewardLock,
  pddRewardWithdrawn,
  socialClickInsert,
  userMoneyLock,
  withdrawLockedSum,
  type PaymentOrderRow,
} from './payments.repository.ts';

/** A payout channel of the player's brand; with no currency, the one of the brand's currencies that has it. */
function payoutChannelResolve(brand: VariantProfile, rawKey: string, currency: string | undefined, field = 'channel'): PayoutChannelDef {
  const key = rawKey.toUpperCase();
  if (!isPayChannelKey(key)) throw new AppError('PAYMENT_CHANNEL_UNKNOWN', { field, issue: 'unknown' });
  const offered = payoutChannelsOf(brand.currencies).filter((channel) => channel.key === key);
  if (offered.length === 0) throw new AppError('PAYMENT_CHANNEL_UNKNOWN', { field, issue: 'not_offered' });
  if (currency === undefined) return offered[0]!;
  const channel = offered.find((entry) => entry.currency === currency.toUpperCase());
  if (!channel) throw new AppError('PAYMENT_CURRENCY_MISMATCH', { field: 'currency', issue: `expected_${offered.map((entry) => entry.currency).join('_')}` });
  return channel;
}

interface Funds {
  balance: number;
  locked: number;
  pending: number;
  withdrawable: number;
}

/**
 * Spec: withdrawable = balance − locked bonus − pending payouts. A payout is debited from the wallet when it is
 * requested, so the wallet balance already excludes pending payouts; they are reported, not subtracted twice.
 */
async function fundsOf(tx: DbOrTx, userId: number, currency: string): Promise<Funds> {
  const wallet = (await walletsOfUser(tx, userId)).find((entry) => entry.currency === currency);
  const balance = wallet?.balanceMinor ?? 0;
  const locked = await withdrawLockedSum(tx, userId, currency);
  const pending = await payoutPendingSum(tx, userId, currency);
  return { balance, locked, pending, withdrawable: Math.max(0, balance - locked) };
}

export async function accountSummary(deps: PaymentsDeps, user: SessionUser, requested: string | undefined) {
  const brand = await brandOfUser(deps.db, user);
  const currency = brandCurrency(brand, requested, 'currency');
  const funds = await fundsOf(deps.db, user.uid, currency);
  const saved = await accountsOfUser(deps.db, user.uid);
  return {
    currency,
    balance: funds.balance,
    locked_bonus: funds.locked,
    pending_payout: funds.pending,
    withdrawable: funds.withdrawable,
    fee_cap: withdrawalFeeCapMinor(brand.market, currency),
    withdrawal_tax_bp: jurisdictionOfKey(brand.appKey).withdrawalTaxBp,
    methods: payoutChannelsOf([currency]).map((channel) => ({
      channel: payoutChannelView(channel, brand),
      saved: saved.some((row) => row.channel === channel.key && row.currency === channel.currency) ? (1 as const) : (0 as const),
    })),
  };
}

/**
 * The form of a method with the player's values. Saved values are checked again for their warnings (an RFC whose
 * check digit does not compute), so the form keeps showing the note on every visit, not only after the save.
 */
function elementsView(channel: PayoutChannelDef, values: Readonly<Record<string, string>>) {
  const banks = bankCodesOf(channel.currency).map((bank) => bank.code);
  const check = Object.keys(values).length > 0 ? accountElementsCheck(channel.key, channel.currency, banks, values) : undefined;
  const warnings: Partial<Record<string, string>> = check?.ok ? check.warnings : {};
  return accountElementsOf(channel.key, channel.currency, banks).map((def) => ({
    name: def.name,
    kind: def.kind,
    required: 1 as const,
    options: [...def.options],
    min_length: def.minLength,
    max_length: def.maxLength,
    country_code: def.countryCode,
    value: values[def.name] ?? '',
    warning: warnings[def.name] ?? '',
  }));
}

export async function accountElements(deps: PaymentsDeps, user: SessionUser, channelKey: string) {
  const brand = await brandOfUser(deps.db, user);
  const channel = payoutChannelResolve(brand, channelKey, undefined);
  const saved = await accountOf(deps.db, user.uid, channel.key, channel.currency);
  return { channel: channel.key, elements: elementsView(channel, saved?.elements ?? {}) };
}

export async function accountElementsSave(deps: PaymentsDeps, user: SessionUser, channelKey: string, input: Record<string, string>) {
  const brand = await brandOfUser(deps.db, user);
  const channel = payoutChannelResolve(brand, channelKey, undefined);
  const banks = bankCodesOf(channel.currency).map((bank) => bank.code);
  const check = accountElementsCheck(channel.key, channel.currency, banks, input);
  if (!check.ok)
    throw new AppError(check.issue === 'unrecognized_keys' ? 'VALIDATION_FAILED' : 'PAYMENT_ACCOUNT_INVALID', { field: check.field, issue: check.issue });
  await sessionRequireFresh(deps.db, user.sessionId, deps.now());
  kycPixAccountCheck(await kycOf(deps.db, user.uid), channel.key, check.values);
  const now = deps.now();
  await transaction(deps.db, async (tx) => {
    await accountUpsert(tx, { userId: user.uid, channel: channel.key, currency: channel.currency, elements: check.values, updatedAt: now });
    // One sign-up bonus per payment account (decision 024): a second person's account forfeits their sign-up bonus.
    await bonusSignUpPaymentAccount(tx, { userId: user.uid, appKey: brand.appKey, paymentAccount: paymentAccountIdentity(check.values), now });
  });
  return { channel: channel.key, elements: elementsView(channel, check.values) };
}

export async function bankCodes(deps: PaymentsDeps, user: SessionUser, channelKey: string) {
  const brand = await brandOfUser(deps.db, user);
  const channel = payoutChannelResolve(brand, channelKey, undefined);
  return { banks: bankCodesOf(channel.currency).map((bank) => ({ ...bank })) };
}

/** What reaches the player's account: the amount debited, less the fee and the tax withheld. */
export function payoutNetMinor(row: Pick<PaymentOrderRow, 'amountMinor' | 'feeMinor' | 'taxMinor'>): number {
  return row.amountMinor - row.feeMinor - row.taxMinor;
}

export function payoutOrderView(row: PaymentOrderRow): PayoutOrder {
  return {
    order_id: row.orderId,
    channel: row.channel,
    amount: row.amountMinor,
    fee: row.feeMinor,
    tax: row.taxMinor,
    net_amount: payoutNetMinor(row),
    currency: row.currency,
    status: row.status as PayoutOrder['status'],
    pay_status: row.payStatus as PayoutOrder['pay_status'],
    account_masked: accountMask(row.account ?? {}),
    create_time: unixSeconds(row.createdAt),
  };
}

/**
 * Creates a payout: under a per-player lock, checks the saved account and the withdrawable amount, debits it into
 * `payout_pending` and commits the order at status 1 — with the request's Idempotency-Key claimed in the same
 * transaction, naming the order (decision 016); only then asks the provider to pay, outside any transaction
 * (payoutProviderStep). If this process dies in between, a retry of the key resumes that step for the same order
 * (payoutResume) instead of finding the key stuck or paying twice.
 */
export async function payoutCreate(
  deps: PaymentsDeps,
  user: SessionUser,
  body: { channel: string; amount: number; currency: string; forfeit_bonus?: number | undefined },
  log: Pick<FastifyBaseLogger, 'warn'>,
  claim?: ClaimInTransaction,
): Promise<PayoutOrder> {
  const now = deps.now();
  // A tourist is held by a device alone: money leaves only an account the player can recover (an e-mail, or a
  // linked sign-in, makes it registered). Deposits and play stay open to tourists.
  if ((await userFind(deps.db, user.uid))?.visitor !== false) throw new AppError('TOURIST_PAYOUT_REFUSED', { field: 'uid' });
  const brand = await brandOfUser(deps.db, user);
  const channel = payoutChannelResolve(brand, body.channel, body.currency);
  const currency: CurrencyCode = channel.currency;
  // VND and COP are paid in whole dong and pesos: a fraction could be neither sent nor shown.
  if (body.amount % currencyStepMinor(currency) !== 0) throw new AppError('VALIDATION_FAILED', { field: 'amount', issue: 'whole_units' });
  const min = payoutMinMinor(currency, brand.minCharge);
  if (body.amount < min) throw new AppError('PAYMENT_AMOUNT_BELOW_MIN', { field: 'amount', issue: `min_${min}` });
  if (body.amount > dailyMaxMinor(currency)) throw new AppError('PAYMENT_AMOUNT_ABOVE_MAX', { field: 'amount', issue: `max_${dailyMaxMinor(currency)}` });
  await sessionRequireFresh(deps.db, user.sessionId, now);
  // The brand's law may ask a verified identity before money leaves (decision 037): refused before anything is written.
  await kycRequire(deps.db, user.uid, brand.appKey, 'withdrawal');
  const fee = withdrawalFeeMinor(body.amount, withdrawalFeeCapMinor(brand.market, currency), WITHDRAWAL_FEE_RATE_BP, currencyStepMinor(currency));
  // The jurisdiction's withdrawal tax (Kenya 5 %) is withheld here, server-side, in the same transaction as the debit.
  const tax = withdrawalTaxMinor(jurisdictionOfKey(brand.appKey), body.amount, currencyStepMinor(currency));
  if (body.amount - fee - tax <= 0) throw new AppError('PAYMENT_AMOUNT_BELOW_MIN', { field: 'amount', issue: `min_${min}` });
  const orderId = orderIdNew('payout');

  const created = await transaction(deps.db, async (tx) => {
    // The key first: a retry of a request that already has its order stops here, before the funds are checked again.
    await claim?.write(tx, orderId);
    await userMoneyLock(tx, 'payout', user.uid);
    const saved = await accountOf(tx, user.uid, channel.key, currency);
    if (!saved) throw new AppError('PAYMENT_ACCOUNT_MISSING', { field: 'channel' });
    // Brazil: the PIX account paid must carry the CPF of the verified identity (own-account only).
    kycPixAccountCheck(await kycOf(tx, user.uid), channel.key, saved.elements);
    const funds = await fundsOf(tx, user.uid, currency);
    if (body.amount > funds.withdrawable) throw new AppError('WITHDRAWABLE_EXCEEDED', { field: 'amount', issue: `max_${funds.withdrawable}` });
    await bonusForfeitOnWithdrawal(tx, user.uid, currency, body.forfeit_bonus === 1, now);
    // The tax leaves the player with the debit and waits in `tax_withheld` for the authority; a failed payout
    // returns it with the rest (order-transitions.ts).
    await ledgerTransfer(tx, {
      kind: 'payout_request',
      externalRef: orderId,
      lines: [
        { account: { userId: user.uid, currency }, amountMinor: -body.amount },
        { account: { house: 'payout_pending', currency }, amountMinor: body.amount - tax },
        ...(tax > 0 ? [{ account: { house: 'tax_withheld' as const, currency }, amountMinor: tax }] : []),
      ],
    });
    return orderInsert(tx, {
      orderId,
      userId: user.uid,
      appKey: brand.appKey,
      direction: 'payout',
      channel: channel.key,
      provider: PAYOUT_PROVIDER,
      // The order id until the provider gives its own reference.
      providerRef: orderId,
      currency,
      amountMinor: body.amount,
      feeMinor: fee,
      taxMinor: tax,
      status: ORDER_STATUS.pending,
      payStatus: PAY_STATUS.pending,
      account: saved.elements,
      // A payout waits for the provider however long it takes; the expiry column only times out pay-ins.
      expiresAt: new Date(now.getTime() + 365 * 24 * 3600 * 1000),
      createdAt: now,
      updatedAt: now,
    });
  });
  return payoutProviderStep(deps, created, log);
}

/** A payout the provider has not been asked about yet: pending, its reference still the order id. */
function payoutAwaitsProvider(order: PaymentOrderRow): boolean {
  return order.status === ORDER_STATUS.pending && order.providerRef === order.orderId;
}

/**
 * Asks the provider to pay a committed payout that still awaits it and stores its reference; answers the order. The
 * step may run again for the same order (a retry resuming what a dead process left): the provider is asked with the
 * order id, which a provider takes as its idempotency key, and only the first reference is stored. A provider failure
 * fails the order (refunding it all) and answers PAYMENT_PROVIDER_UNAVAILABLE — unless the order got its reference
 * meanwhile, then it is the provider's and is answered as it is.
 */
async function payoutProviderStep(deps: PaymentsDeps, order: PaymentOrderRow, log: Pick<FastifyBaseLogger, 'warn'>): Promise<PayoutOrder> {
  if (order.status === ORDER_STATUS.rejected && order.providerRef === order.orderId)
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { field: 'channel', issue: 'provider_failed' });
  if (!payoutAwaitsProvider(order)) return payoutOrderView(order);
  let providerRef: string;
  try {
    ({ providerRef } = await deps.provider.payoutStart({
      orderId: order.orderId,
      channel: order.channel,
      currency: order.currency,
      netAmountMinor: payoutNetMinor(order),
      account: order.account ?? {},
    }));
  } catch (error) {
    const failed = await transaction(deps.db, async (tx) => {
      const locked = await orderLockById(tx, order.id);
      if (!locked || !payoutAwaitsProvider(locked)) return false;
      await orderTransition(tx, locked, 'failed', deps.now());
      return true;
    });
    if (!failed) return payoutOrderView((await orderById(deps.db, order.id))!);
    log.warn({ order_id: order.orderId, channel: order.channel, err: error }, 'payment provider refused a payout; order failed and refunded');
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { field: 'channel', issue: 'provider_failed' });
  }
  const stored = await orderProviderSet(deps.db, order.id, ORDER_STATUS.pending, { providerRef }, deps.now());
  return payoutOrderView(stored ?? (await orderById(deps.db, order.id))!);
}

/**
 * The true outcome of a payout request whose process died after committing its order (the route's `resume`,
 * decision 016): the provider step is finished if it never happened, then the order is answered as it stands.
 */
export async function payoutResume(deps: PaymentsDeps, user: SessionUser, orderId: string, log: Pick<FastifyBaseLogger, 'warn'>): Promise<PayoutOrder> {
  const order = await orderOfUser(deps.db, user.uid, orderId);
  if (!order || order.direction !== 'payout') throw new Error(`payout ${orderId} named by an idempotency key is missing`);
  return payoutProviderStep(deps, order, log);
}

/**
 * A payout request is sending its payout to the provider for at most this long after its commit; a payout older than
 * this that still awaits the provider was left by a process that died in between.
 */
export const PAYOUT_RESUME_AFTER_MS = 60_000;

/**
 * The delivery sweep for payouts a dead process committed but never sent (decision 008's gap; decision 022): each is
 * sent now, with its order id as the provider's idempotency key, so a payout the provider did receive before the crash
 * is not paid twice. A provider refusal fails and refunds the order, as on the request itself. It runs whether or not
 * the player ever retries the request (a retry resumes the same step, decision 016). Answers how many were sent.
 */
export async function payoutsAwaitingProviderResume(deps: PaymentsDeps, log: Pick<FastifyBaseLogger, 'warn'>, batch = 50): Promise<number> {
  const before = new Date(deps.now().getTime() - PAYOUT_RESUME_AFTER_MS);
  let sent = 0;
  for (const order of await payoutsAwaitingProvider(deps.db, before, batch)) {
    try {
      await payoutProviderStep(deps, order, log);
      sent += 1;
    } catch (error) {
      // The order failed and was refunded; anything else is logged and left for the next pass.
      if (!(error instanceof AppError)) log.warn({ order_id: order.orderId, err: error }, 'resuming a payout failed; the next pass retries');
    }
  }
  return sent;
}

export async function payoutStatusOf(deps: PaymentsDeps, user: SessionUser, orderId: string): Promise<PayoutOrder> {
  const order = await orderOfUser(deps.db, user.uid, orderId);
  if (!order || order.direction !== 'payout') throw new AppError('NOT_FOUND', { field: 'order_id' });
  return payoutOrderView(order);
}

export async function transfiyaOf(deps: PaymentsDeps, user: SessionUser) {
  const brand = await brandOfUser(deps.db, user);
  const available = payoutChannelsOf(brand.currencies).some((channel) => channel.key === 'TRANSFIYA');
  const saved = available ? await accountOf(deps.db, user.uid, 'TRANSFIYA', 'COP') : undefined;
  return {
    available: available ? (1 as const) : (0 as const),
    phone: saved ? accountMask({ phone: saved.elements.phone ?? '' }) : '',
    min_amount: available ? payoutMinMinor('COP', brand.minCharge) : 0,
    max_amount: available ? dailyMaxMinor('COP') : 0,
  };
}

export async function payoutSocialOf(deps: PaymentsDeps, user: SessionUser) {
  const brand = await brandOfUser(deps.db, user);
  const order = await payoutLastPaidUnshared(deps.db, user.uid);
  if (!order) return { show: 0 as const, order_id: '', amount: 0, currency: '', channels: [] };
  const site = `https://${brand.officialDomain}/`;
  const text = encodeURIComponent(`${brand.name} ${site}`);
  const urls: Record<(typeof SOCIAL_CHANNELS)[number], string> = {
    whatsapp: `https://wa.me/?text=${text}`,
    telegram: `https://t.me/share/url?url=${encodeURIComponent(site)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(site)}`,
    x: `https://x.com/intent/post?text=${text}`,
  };
  return {
    show: 1 as const,
    order_id: order.orderId,
    amount: order.amountMinor,
    currency: order.currency,
    channels: SOCIAL_CHANNELS.map((key) => ({ key, url: urls[key] })),
  };
}

export async function payoutSocialClickRecord(deps: PaymentsDeps, user: SessionUser, orderId: string, channel: string) {
  const order = await orderOfUser(deps.db, user.uid, orderId);
  if (!order || order.direction !== 'payout' || order.status !== ORDER_STATUS.success) throw new AppError('NOT_FOUND', { field: 'order_id' });
  await socialClickInsert(deps.db, { orderId, channel, userId: user.uid, createdAt: deps.now() });
  return { recorded: 1 as const };
}

/** Moves a ready PDD reward into the wallet once, from the bonus liability account. */
export async function pddWithdrawOf(deps: PaymentsDeps, user: SessionUser, pddUid: string) {
  const now = deps.now();
  await sessionRequireFresh(deps.db, user.sessionId, now);
  return transaction(deps.db, async (tx) => {
    const reward = await pddRewardLock(tx, pddUid, user.uid);
    if (!reward) throw new AppError('NOT_FOUND', { field: 'pdd_uid' });
    if (reward.status !== 'ready') throw new AppError('PAYMENT_ORDER_CLOSED', { field: 'pdd_uid', issue: reward.status });
    await ledgerTransfer(tx, {
      kind: 'pdd_withdraw',
      externalRef: pddUid,
      lines: [
        { account: { house: 'bonus_liability', currency: reward.currency }, amountMinor: -reward.amountMinor },
        { account: { userId: user.uid, currency: reward.currency }, amountMinor: reward.amountMinor },
      ],
    });
    await pddRewardWithdrawn(tx, pddUid, now);
    return { pdd_uid: pddUid, amount: reward.amountMinor, currency: reward.currency };
  });
}
