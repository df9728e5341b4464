import { and, eq, gte, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { ledgerAccounts, ledgerLines, transfers, wallets } from '../../db/schema/index.ts';

export async function ledgerAccountUserEnsure(tx: DbOrTx, userId: number, currency: string): Promise<number> {
  await tx.insert(ledgerAccounts).values({ userId, currency }).onConflictDoNothing();
  const [account] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currency, currency)));
  if (!account) throw new Error(`ledger account for user ${userId} ${currency} vanished`);
  await tx.insert(wallets).values({ accountId: account.id, userId, currency }).onConflictDoNothing();
  return account.id;
}

export async function ledgerAccountHouseEnsure(tx: DbOrTx, houseKind: string, currency: string): Promise<number> {
  await tx.insert(ledgerAccounts).values({ houseKind, currency }).onConflictDoNothing();
  const [account] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.houseKind, houseKind), eq(ledgerAccounts.currency, currency)));
  if (!account) throw new Error(`house account ${houseKind} ${currency} vanished`);
  return account.id;
}

/** Inserts the transfer, or answers undefined when (kind, ref) already moved money. */
export async function transferInsert(tx: DbOrTx, kind: string, externalRef: string): Promise<number | undefined> {
  const [row] = await tx.insert(transfers).values({ kind, externalRef }).onConflictDoNothing().returning({ id: transfers.id });
  return row?.id;
}

export async function ledgerLinesInsert(
  tx: DbOrTx,
  transferId: number,
  lines: readonly { accountId: number; currency: string; amountMinor: number }[],
): Promise<void> {
  await tx.insert(ledgerLines).values(lines.map((line) => ({ transferId, ...line })));
}

/**
 * Moves a wallet by `amountMinor` and answers its new balance, or undefined when a debit is not covered. A debit
 * only applies while the balance covers it: Read Committed re-checks the WHERE on the latest row version, so two
 * concurrent debits cannot overdraw.
 */
export async function walletApply(tx: DbOrTx, accountId: number, amountMinor: number): Promise<number | undefined> {
  const rows = await tx
    .update(wallets)
    .set({ balanceMinor: sql`${wallets.balanceMinor} + ${amountMinor}`, updatedAt: sql`now()` })
    .where(and(eq(wallets.accountId, accountId), gte(wallets.balanceMinor, -amountMinor)))
    .returning({ balanceMinor: wallets.balanceMinor });
  return rows[0]?.balanceMinor;
}

export async function walletsOfUser(tx: DbOrTx, userId: number) {
  return tx.select({ currency: wallets.currency, balanceMinor: wallets.balanceMinor }).from(wallets).where(eq(wallets.userId, userId));
}

export interface LedgerAuditResult {
  walletDrift: { accountId: number; balanceMinor: number; linesMinor: number }[];
  unbalancedTransfers: { transferId: number; currency: string; sumMinor: number }[];
  thinTransfers: { transferId: number; lineCount: number }[];
}

export async function ledgerAudit(db: DbOrTx): Promise<LedgerAuditResult> {
  const drift = await rowsOf<{ account_id: string; balance_minor: string; lines_minor: string }>(
    db,
    sql`
    select w.account_id, w.balance_minor, coalesce(sum(l.amount_minor), 0) as lines_minor
    from wallets w left join ledger_lines l on l.account_id = w.account_id
    group by w.account_id, w.balance_minor
    having w.balance_minor <> coalesce(sum(l.amount_minor), 0)`,
  );
  const unbalanced = await rowsOf<{ transfer_id: string; currency: string; sum_minor: string }>(
    db,
    sql`
    select transfer_id, currency, sum(amount_minor) as sum_minor from ledger_lines
    group by transfer_id, currency having sum(amount_minor) <> 0`,
  );
  const thin = await rowsOf<{ transfer_id: string; line_count: string }>(
    db,
    sql`
    select t.id as transfer_id, count(l.id) as line_count from transfers t left join ledger_lines l on l.transfer_id = t.id
    group by t.id having count(l.id) < 2`,
  );
  return {
    walletDrift: drift.map((row) => ({ accountId: Number(row.account_id), balanceMinor: Number(row.balance_minor), linesMinor: Number(row.lines_minor) })),
    unbalancedTransfers: unbalanced.map((row) => ({ transferId: Number(row.transfer_id), currency: row.currency, sumMinor: Number(row.sum_minor) })),
    thinTransfers: thin.map((row) => ({ transferId: Number(row.transfer_id), lineCount: Number(row.line_count) })),
  };
}
