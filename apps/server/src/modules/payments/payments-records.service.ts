import { APPEAL_STATUS, ORDER_STATUS, type payOrderHistory } from '@piranha/contract';
import type * as z from 'zod/mini';
import { AppError } from '../../app-error.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { payinCredit } from './order-transitions.ts';
import { unixSeconds, type PaymentsDeps } from './payments-deps.ts';
import {
  appealLock,
  appealStatusSet,
  orderLockByOrderId,
  appealInsert,
  appealOf,
  orderLockById,
  orderOfUser,
  orderStateSet,
  ordersOfUser,
  payinCodeOf,
  payinCodeUseOf,
  type PaymentOrderRow,
} from './payments.repository.ts';

/** Transaction history, appeals and payin codes: what the player reads and asks about their orders. */

type HistoryQuery = z.output<(typeof payOrderHistory)['query']>;
type AppealStatus = 0 | 1 | 2 | 3;

export async function historyOf(deps: PaymentsDeps, user: SessionUser, query: HistoryQuery) {
  const limit = query.page_size ?? 20;
  const rows = await ordersOfUser(deps.db, user.uid, {
    ...(query.type && query.type !== 'all' ? { direction: query.type } : {}),
    ...(query.pay_status === undefined ? {} : { payStatuses: query.pay_status }),
    ...(query.cursor ? { beforeId: query.cursor } : {}),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    records: page.map(({ order, appealStatus }) => ({
      order_id: order.orderId,
      type: order.direction as 'payin' | 'payout',
      channel: order.channel,
      amount: order.amountMinor,
      fee: order.feeMinor,
      currency: order.currency,
      status: order.status as 0 | 1 | 2 | 3 | 4,
      pay_status: order.payStatus as 0 | 1 | 2 | 3 | 4 | 20,
      create_time: unixSeconds(order.createdAt),
      update_time: unixSeconds(order.updatedAt),
      appeal_status: appealStatus === null ? null : (appealStatus as AppealStatus),
    })),
    cursor: page.at(-1)?.order.id ?? 0,
    has_more: rows.length > limit ? (1 as const) : (0 as const),
  };
}

function appealView(row: NonNullable<Awaited<ReturnType<typeof appealOf>>>) {
  return {
    appeal_id: row.id,
    order_id: row.orderId,
    status: row.status as AppealStatus,
    reason: row.reason,
    description: row.description,
    reference: row.reference,
    create_time: unixSeconds(row.createdAt),
    update_time: unixSeconds(row.updatedAt),
  };
}

/** A pay-in can be appealed once it has ended without a credit, or when the player says it was paid wrongly. */
function appealable(order: PaymentOrderRow): boolean {
  return order.direction === 'payin' && order.status !== ORDER_STATUS.created;
}

async function payinOf(deps: PaymentsDeps, user: SessionUser, orderId: string): Promise<PaymentOrderRow> {
  const order = await orderOfUser(deps.db, user.uid, orderId);
  if (!order || order.direction !== 'payin') throw new AppError('NOT_FOUND', { field: 'order_id' });
  return order;
}

export async function appealGet(deps: PaymentsDeps, user: SessionUser, orderId: string) {
  const order = await payinOf(deps, user, orderId);
  const appeal = await appealOf(deps.db, orderId);
  return { appeal: appeal ? appealView(appeal) : null, can_appeal: !appeal && appealable(order) ? (1 as const) : (0 as const) };
}

export async function appealCreate(
  deps: PaymentsDeps,
  user: SessionUser,
  body: { order_id: string; reason: string; description?: string; reference?: string },
) {
  const order = await payinOf(deps, user, body.order_id);
  if (!appealable(order)) throw new AppError('PAYMENT_ORDER_CLOSED', { field: 'order_id', issue: 'not_appealable' });
  const now = deps.now();
  const row = await appealInsert(deps.db, {
    orderId: order.orderId,
    userId: user.uid,
    status: APPEAL_STATUS.submitted,
    reason: body.reason,
    description: body.description ?? '',
    reference: body.reference ?? '',
    createdAt: now,
    updatedAt: now,
  });
  if (!row) throw new AppError('APPEAL_EXISTS', { field: 'order_id' });
  return { appeal: appealView(row) };
}

async function codeCheckFor(deps: PaymentsDeps, user: SessionUser, rawCode: string) {
  const code = rawCode.toUpperCase();
  const row = await payinCodeOf(deps.db, code);
  const valid = row !== undefined && row.expiresAt > deps.now() && !(await payinCodeUseOf(deps.db, code, user.uid));
  return { code, row, valid };
}

export async function payinCodeCheckOf(deps: PaymentsDeps, user: SessionUser, rawCode: string) {
  const { code, row, valid } = await codeCheckFor(deps, user, rawCode);
  return {
    valid: valid ? (1 as const) : (0 as const),
    code,
    bonus_rate_bp: valid ? row!.bonusRateBp : 0,
    bonus_max: valid ? row!.bonusMaxMinor : 0,
    currency: valid ? row!.currency : '',
    min_amount: valid ? row!.minAmountMinor : 0,
  };
}

/** Attaches a code to an open pay-in; it is spent only when that deposit is paid. */
export async function payinCodeAttach(deps: PaymentsDeps, user: SessionUser, rawCode: string, orderId: string) {
  const { code, row, valid } = await codeCheckFor(deps, user, rawCode);
  if (!valid || !row) throw new AppError('PAYIN_CODE_INVALID', { field: 'code' });
  const order = await payinOf(deps, user, orderId);
  if (order.status > ORDER_STATUS.pending) throw new AppError('PAYMENT_ORDER_CLOSED', { field: 'order_id' });
  if (order.currency !== row.currency || order.amountMinor < row.minAmountMinor)
    throw new AppError('PAYIN_CODE_INVALID', { field: 'code', issue: 'not_applicable' });
  await transaction(deps.db, async (tx) => {
    const locked = await orderLockById(tx, order.id);
    if (!locked || locked.status > ORDER_STATUS.pending) throw new AppError('PAYMENT_ORDER_CLOSED', { field: 'order_id' });
    await orderStateSet(tx, order.id, { status: locked.status, payStatus: locked.payStatus, payinCode: code }, deps.now());
  });
  return { used: 1 as const, order_id: order.orderId };
}

/**
 * An operator moves an appeal: 0 → 1 (in review), 0/1 → 2 (upheld) or 3 (rejected). Upholding a pay-in that was never
 * credited credits it now — through the same ledger key as the provider's notice, so it can only ever be credited once.
 */
export async function appealResolve(deps: PaymentsDeps, appealId: number, status: 1 | 2 | 3) {
  const now = deps.now();
  const answer = await transaction(deps.db, async (tx) => {
    const appeal = await appealLock(tx, appealId);
    if (!appeal) throw new AppError('NOT_FOUND', { field: 'appeal_id' });
    const final = appeal.status === APPEAL_STATUS.resolved || appeal.status === APPEAL_STATUS.rejected;
    if (final || (status === APPEAL_STATUS.reviewing && appeal.status !== APPEAL_STATUS.submitted))
      throw new AppError('PAYMENT_ORDER_CLOSED', { field: 'status', issue: `from_${appeal.status}` });
    if (status === APPEAL_STATUS.resolved) {
      const order = await orderLockByOrderId(tx, appeal.orderId);
      // The credit's balance_changed is told by the ledger after the commit (decision 041).
      if (order && order.status !== ORDER_STATUS.success) await payinCredit(tx, order, now);
    }
    return { appeal: appealView(await appealStatusSet(tx, appealId, status, now)) };
  });
  return answer;
}
