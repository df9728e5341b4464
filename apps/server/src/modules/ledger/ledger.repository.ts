import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { bonusWallets, ledgerAccounts, wallets } from '../../db/schema/index.ts';

/** A player's account of one kind: `cash` (balance row in `wallets`) or `bonus` (in `bonus_wallets`). */
export type UserAccountKind = 'cash' | 'bonus';

export async function ledgerAccountUserEnsure(tx: DbOrTx, userId: number, currency: string, kind: UserAccountKind = 'cash'): Promise<number> {
  await tx.insert(ledgerAccounts).values({ userId, currency, kind }).onConflictDoNothing();
  const [account] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currency, currency), eq(ledgerAccounts.kind, kind)));
  if (!account) throw new Error(`ledger ${kind} account for user ${userId} ${currency} vanished`);
  const balanceTable = kind === 'cash' ? wallets : bonusWallets;
  await tx.insert(balanceTable).values({ accountId: account.id, userId, currency }).onConflictDoNothing();
  return account.id;
}

/** Moves a bonus wallet by `amountMinor`; undefined when a debit is not covered (as `walletApply`). */
export async function bonusWalletApply(tx: DbOrTx, accountId: number, amountMinor: number): Promise<number | undefined> {
  const rows = await tx
    .update(bonusWallets)
    .set({ balanceMinor: sql`${bonusWallets.balanceMinor} + ${amountMinor}`, updatedAt: sql`now()` })
    .where(and(eq(bonusWallets.accountId, accountId), gte(bonusWallets.balanceMinor, -amountMinor)))
    .returning({ balanceMinor: bonusWallets.balanceMinor });
  return rows[0]?.balanceMinor;
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

/** A transfer whose accounts are resolved and whose lines balance (ledger.service checks both). */
export interface TransferRows {
  kind: string;
  lines: readonly LedgerLineWrite[];
  /** The one player wallet the transfer moves, written in the same statement. */
  wallet?: { accountId: number; amountMinor: number } | undefined;
}

/**
 * The CTEs that write a transfer inside one statement: `lt` (the transfer row; empty when (kind, ref) already
 * exists), `ll` (its lines) and, with a wallet, `lw` (the wallet's move, returning the balance after it; empty when
 * a debit is not covered). `ref` is the external ref as SQL, taken `from` a CTE of the caller's when given (a row
 * the same statement inserts, such as a bet). `suffix` names the CTEs of a second transfer in the same statement
 * (`lt_win`, `ll_win`); a statement moves a wallet row once, so two transfers of one statement leave the wallet out
 * and move it once by their sum (`walletMoveCte`).
 */
export function transferCtes(rows: TransferRows, ref: SQL, from?: SQL, suffix = ''): SQL {
  const values = sql.join(
    rows.lines.map((line) => sql`(${line.accountId}::bigint, ${line.currency}::text, ${line.amountMinor}::bigint)`),
    sql`, `,
  );
  const lt = sql.raw(`lt${suffix}`);
  const wallet = rows.wallet;
  return sql`${lt} as (
      insert into transfers (kind, external_ref) select ${rows.kind}::text, ${ref}${from ? sql` from ${from}` : sql``}
      on conflict do nothing returning id
    ), ${sql.raw(`ll${suffix}`)} as (
      insert into ledger_lines (transfer_id, account_id, currency, amount_minor)
      select ${lt}.id, v.account_id, v.currency, v.amount_minor from ${lt} cross join (values ${values}) as v(account_id, currency, amount_minor)
    )${wallet ? sql`, ${walletMoveCte(wallet.accountId, wallet.amountMinor, -wallet.amountMinor, sql`exists (select 1 from ${lt})`)}` : sql``}`;
}

/**
 * `lw`: the player wallet moved by `amountMinor` once `moved` holds, only while its balance covers `coverMinor` (Read
 * Committed re-checks the WHERE on the latest row version, so concurrent debits cannot overdraw); returns the balance
 * after it, empty when not covered.
 */
export function walletMoveCte(accountId: number, amountMinor: number, coverMinor: number, moved: SQL): SQL {
  return sql`lw as (
        update wallets set balance_minor = balance_minor + ${amountMinor}::bigint, updated_at = now()
        where account_id = ${accountId}::bigint and balance_minor >= ${coverMinor}::bigint and ${moved}
        returning balance_minor)`;
}

/**
 * One statement: the transfer row, its lines and (when given) one player wallet's move, so a transfer costs one round
 * trip. Nothing is written when (kind, ref) already exists. When the debit is not covered the transfer and lines are
 * still written by this statement — the caller raises INSUFFICIENT_FUNDS, which rolls back its whole transaction.
 */
export async function transferWrite(tx: DbOrTx, request: TransferRows & { externalRef: string }): Promise<TransferWritten> {
  const [row] = await rowsOf<{ transfer_id: string | number | null; balance_minor: string | number | null }>(
    tx,
    sql`with ${transferCtes(request, sql`${request.externalRef}::text`)}
      select (select id from lt) as transfer_id, ${request.wallet ? sql`(select balance_minor from lw)` : sql`null::bigint`} as balance_minor`,
    `ledger_transfer_${request.lines.length}_${request.wallet ? 'wallet' : 'house'}`,
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
    // Cash and bonus balances alike must equal the sum of their account's lines.
    sql`
    select w.account_id, w.balance_minor, coalesce(sum(l.amount_minor), 0) as lines_minor
    from (select account_id, balance_minor from wallets union all select account_id, balance_minor from bonus_wallets) w
    left join ledger_lines l on l.account_id = w.account_id
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
