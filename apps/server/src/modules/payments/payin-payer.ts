import { sql } from 'drizzle-orm';
import { ORDER_STATUS, PAY_STATUS } from '@piranha/contract';
import { rowsOf, type DbOrTx, type Tx } from '../../db/client.ts';
import { jurisdictionOfKey } from '../safer-play/safer-play.service.ts';
import type { PaymentOrderRow } from './payments.repository.ts';

/**
 * Own-account pay-ins (Portaria SPA/MF 615, decision 050). Where the brand's law bans third-party payments (Brazil), a
 * PIX pay-in counts only when its payer — the CPF the provider names in its `paid` notice — is the account holder:
 * the CPF the player gave for their identity check (pending or verified). The rule:
 * - the account has such a CPF and the notice names another payer, or none: the pay-in is refused — never credited to
 *   the wallet, the order rejected (pay status failed) with `account.refused = 'payer_not_holder'`, and the webhook
 *   answers `refused_payer`, on which the provider sends the money back to whoever paid (a PIX devolução). Nothing is
 *   booked: the money was never ours, so no ledger line and nothing to hold;
 * - the account has no CPF yet: the pay-in is credited and its payer kept on the order; the identity check's decision
 *   later rejects a CPF other than every payer's (`cpf_mismatch`, as for saved PIX accounts, decision 037).
 * Either way the payer's CPF is kept on the order (`account.payer_document`).
 */
export type PayerVerdict = 'not_asked' | 'accepted' | 'refused';

async function accountCpfOf(db: DbOrTx, userId: number): Promise<string | undefined> {
  const [row] = await rowsOf<{ document: string }>(
    db,
    sql`select document_number as document from kyc_checks where user_id = ${userId} and document_type = 'CPF' and state in ('pending', 'verified')`,
  );
  return row?.document;
}

function payerAsked(order: Pick<PaymentOrderRow, 'appKey' | 'channel' | 'direction'>): boolean {
  return order.direction === 'payin' && order.channel === 'PIX' && jurisdictionOfKey(order.appKey).paymentBanned.includes('third_party');
}

/** For the sandbox PSP's start: the account holder's CPF on a brand that asks it, as the bank account it pays from. */
export async function payinPayerHint(db: DbOrTx, order: Pick<PaymentOrderRow, 'appKey' | 'channel' | 'direction' | 'userId'>): Promise<string | undefined> {
  return payerAsked(order) ? accountCpfOf(db, order.userId) : undefined;
}

/** Applies the rule to a `paid` notice inside its transaction, on the locked order; `refused` closes the order. */
export async function payinPayerApply(tx: Tx, order: PaymentOrderRow, payerDocument: string | undefined, now: Date): Promise<PayerVerdict> {
  if (!payerAsked(order) || order.status === ORDER_STATUS.success || order.status === ORDER_STATUS.rejected || order.status === ORDER_STATUS.cancelled)
    return 'not_asked';
  const cpf = await accountCpfOf(tx, order.userId);
  const refused = cpf !== undefined && payerDocument !== cpf;
  const account = { ...(payerDocument ? { payer_document: payerDocument } : {}), ...(refused ? { refused: 'payer_not_holder' } : {}) };
  await tx.execute(
    sql`update payment_orders set account = coalesce(account, '{}'::jsonb) || ${JSON.stringify(account)}::jsonb,
        status = case when ${refused} then ${ORDER_STATUS.rejected} else status end,
        pay_status = case when ${refused} then ${PAY_STATUS.failed} else pay_status end, updated_at = ${now.toISOString()}::timestamptz
      where id = ${order.id}`,
  );
  return refused ? 'refused' : 'accepted';
}

/** The CPFs that paid the player's credited PIX pay-ins, other than `cpf` (for the identity check's decision). */
export async function payinPayersOtherThan(db: DbOrTx, userId: number, cpf: string): Promise<string[]> {
  const rows = await rowsOf<{ document: string }>(
    db,
    sql`select distinct account->>'payer_document' as document from payment_orders where user_id = ${userId} and direction = 'payin'
      and channel = 'PIX' and status = ${ORDER_STATUS.success} and account->>'payer_document' is not null`,
  );
  return rows.map((row) => row.document).filter((document) => document !== cpf);
}
