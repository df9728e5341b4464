import { and, eq, gte, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { ledgerAccounts, wallets } from '../../db/schema/index.ts';

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

export interface LedgerLineWrite {
  accountId: number;
  currency: string;
  amountMinor: number;
}

export interface TransferWritten {
  /** Undefined when (kind, ref) had already moved money: nothing was written. */
  transferId: number | undefined;
  /** The balance after the move of `wallet`, or undefined when its debit was not covered. */
  walletBalanceMinor: number | undefined;
}

/**
 * One statement: the transfer row, its lines and (when given) one player wallet's move, so a transfer costs one round
 * trip. Nothing is written when (kind, ref) already exists. The wallet only moves while its balance covers a debit:
 * Read Committed re-checks the WHERE on the latest row version, so concurrent debits cannot overdraw. When the
 * debit is not covered the transfer and lines are still written by this statement — the caller raises
 * INSUFFICIENT_FUNDS, which rolls back its whole transaction.
 */
export async function transferWrite(
  tx: DbOrTx,
  request: { kind: string; externalRef: string; lines: readonly LedgerLineWrite[]; wallet?: { accountId: number; amountMinor: number } | undefined },
): Promise<TransferWritten> {
  const values = sql.join(
    request.lines.map((line) => sql`(${line.accountId}::bigint, ${line.currency}::text, ${line.amountMinor}::bigint)`),
    sql`, `,
  );
  const wallet = request.wallet;
  const walletMove = wallet
    ? sql`, w as (
        update wallets set balance_minor = balance_minor + ${wallet.amountMinor}::bigint, updated_at = now()
        where account_id = ${wallet.accountId}::bigint and balance_minor >= ${-wallet.amountMinor}::bigint and exists (select 1 from t)
        returning balance_minor)`
    : sql``;
  const [row] = await rowsOf<{ transfer_id: string | number | null; balance_minor: string | number | null }>(
    tx,
    sql`with t as (
        insert into transfers (kind, external_ref) values (${request.kind}, ${request.externalRef})
        on conflict do nothing returning id
      ), l as (
        insert into ledger_lines (transfer_id, account_id, currency, amount_minor)
        select t.id, v.account_id, v.currency, v.amount_minor from t cross join (values ${values}) as v(account_id, currency, amount_minor)
      )${walletMove}
      select (select id from t) as transfer_id, ${wallet ? sql`(select balance_minor from w)` : sql`null::bigint`} as balance_minor`,
  );
  return {
    transferId: row?.transfer_id == null ? undefined : Number(row.transfer_id),
    walletBalanceMinor: row?.balance_minor == null ? undefined : Number(row.balance_minor),
  };
}

/**
 * Moves a wallet by `amountMinor` and answers its new balance, or undefined when a debit is not covered (the same
 * conditional update as in `transferWrite`).
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
