import { ORDER_STATUS, PAY_STATUS } from '@piranha/contract';
import type { Tx } from '../../db/client.ts';
import { ledgerTransfer } from '../ledger/ledger.service.ts';
import { referralOnPayinPaid } from '../invite/invite.service.ts';
import { orderStateSet, paymentEventInsert, payinCodeUseInsert, payinPaidExists, type PaymentOrderRow } from './payments.repository.ts';

/**
 * The order state machine (spec §4), applied inside the caller's transaction on a locked order row. Pay-in:
 * 0 → 1 → 4, or 0/1 → 2 (rejected) / 3 (cancelled, timed out). Pay-out: 1 → 4, or 1 → 2 with a refund. Money moves
 * only on the step into 4 (or the refund), each a ledger transfer keyed by the order id, so it happens once.
 */
export type OrderEvent = 'processing' | 'paid' | 'failed' | 'expired';

/** What became of a notification: applied, a repeat of what already happened, or too late for a closed order. */
export type TransitionOutcome = 'applied' | 'duplicate' | 'closed';

const FINAL = new Set<number>([ORDER_STATUS.rejected, ORDER_STATUS.cancelled, ORDER_STATUS.success]);

function repeatOf(order: PaymentOrderRow, event: OrderEvent): TransitionOutcome {
  const same =
    (event === 'paid' && order.status === ORDER_STATUS.success) ||
    (event === 'failed' && order.status === ORDER_STATUS.rejected) ||
    (event === 'expired' && order.status === ORDER_STATUS.cancelled) ||
    (event === 'processing' && order.status !== ORDER_STATUS.created);
  return same ? 'duplicate' : 'closed';
}

/**
 * Credits a pay-in and marks it paid. The transfer is keyed by the order id, so whichever path gets here first — the
 * provider's notice or an operator upholding an appeal — credits, and any later one changes nothing.
 */
export async function payinCredit(tx: Tx, order: PaymentOrderRow, now: Date): Promise<TransitionOutcome> {
  const transfer = await ledgerTransfer(tx, {
    kind: 'payin',
    externalRef: order.orderId,
    lines: [
      { account: { house: 'payment_clearing', currency: order.currency }, amountMinor: -order.amountMinor },
      { account: { userId: order.userId, currency: order.currency }, amountMinor: order.amountMinor },
    ],
  });
  if (!transfer.created) return 'duplicate';
  const first = !(await payinPaidExists(tx, order.userId, order.id));
  await orderStateSet(tx, order.id, { status: ORDER_STATUS.success, payStatus: PAY_STATUS.success, firstDeposit: first }, now);
  const event = {
    userId: order.userId,
    orderId: order.orderId,
    currency: order.currency,
    amountMinor: order.amountMinor,
    payinCode: order.payinCode,
    createdAt: now,
  };
  // The bonus engine consumes these rows: the first deposit unlocks the first-charge bonus, a code its extra.
  if (first) await paymentEventInsert(tx, { kind: 'first_deposit', ...event });
  // Every later pay-in: reload and daily-deposit offers (decision 044).
  else await paymentEventInsert(tx, { kind: 'deposit', ...event });
  if (order.payinCode && (await payinCodeUseInsert(tx, { code: order.payinCode, userId: order.userId, orderId: order.orderId, createdAt: now })))
    await paymentEventInsert(tx, { kind: 'payin_code', ...event });
  // An invited player's qualifying deposit pays the inviter, once (decision 051).
  await referralOnPayinPaid(tx, order, now);
  return 'applied';
}

async function payinApply(tx: Tx, order: PaymentOrderRow, event: OrderEvent, now: Date): Promise<TransitionOutcome> {
  if (FINAL.has(order.status) || (event === 'processing' && order.status !== ORDER_STATUS.created)) return repeatOf(order, event);
  switch (event) {
    case 'processing':
      await orderStateSet(tx, order.id, { status: ORDER_STATUS.pending, payStatus: PAY_STATUS.pending }, now);
      return 'applied';
    case 'failed':
      await orderStateSet(tx, order.id, { status: ORDER_STATUS.rejected, payStatus: PAY_STATUS.failed }, now);
      return 'applied';
    case 'expired':
      await orderStateSet(tx, order.id, { status: ORDER_STATUS.cancelled, payStatus: PAY_STATUS.timeout }, now);
      return 'applied';
    case 'paid':
      return payinCredit(tx, order, now);
  }
}

async function payoutApply(tx: Tx, order: PaymentOrderRow, event: OrderEvent, now: Date): Promise<TransitionOutcome> {
  if (order.status !== ORDER_STATUS.pending) return repeatOf(order, event);
  const pending = { house: 'payout_pending' as const, currency: order.currency };
  switch (event) {
    case 'processing':
      return 'duplicate';
    case 'paid': {
      // The tax was withheld at request: only amount − tax waits in payout_pending.
      const net = order.amountMinor - order.feeMinor - order.taxMinor;
      const lines = [
        { account: pending, amountMinor: -(order.amountMinor - order.taxMinor) },
        ...(net > 0 ? [{ account: { house: 'payment_clearing' as const, currency: order.currency }, amountMinor: net }] : []),
        ...(order.feeMinor > 0 ? [{ account: { house: 'revenue' as const, currency: order.currency }, amountMinor: order.feeMinor }] : []),
      ];
      await ledgerTransfer(tx, { kind: 'payout_paid', externalRef: order.orderId, lines });
      await orderStateSet(tx, order.id, { status: ORDER_STATUS.success, payStatus: PAY_STATUS.success }, now);
      return 'applied';
    }
    case 'failed':
    case 'expired':
      // The provider could not pay: the whole amount, fee and withheld tax included, goes back to the player.
      await ledgerTransfer(tx, {
        kind: 'payout_refund',
        externalRef: order.orderId,
        lines: [
          { account: pending, amountMinor: -(order.amountMinor - order.taxMinor) },
          ...(order.taxMinor > 0 ? [{ account: { house: 'tax_withheld' as const, currency: order.currency }, amountMinor: -order.taxMinor }] : []),
          { account: { userId: order.userId, currency: order.currency }, amountMinor: order.amountMinor },
        ],
      });
      await orderStateSet(tx, order.id, { status: ORDER_STATUS.rejected, payStatus: PAY_STATUS.failed }, now);
      return 'applied';
  }
}

export function orderTransition(tx: Tx, order: PaymentOrderRow, event: OrderEvent, now: Date): Promise<TransitionOutcome> {
  return order.direction === 'payin' ? payinApply(tx, order, event, now) : payoutApply(tx, order, event, now);
}
