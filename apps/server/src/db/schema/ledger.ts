import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A ledger account: one per user per currency, plus house accounts (bets in play, revenue, bonus
 * liability, payment clearing) that have no balance row of their own — their balance is the sum of their
 * lines, so no transaction ever updates a shared house row.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    houseKind: text('house_kind'),
    currency: text('currency').notNull(),
    /** A player has a `cash` account (its balance row is `wallets`) and may have a `bonus` one (`bonus_wallets`). */
    kind: text('kind').notNull().default('cash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_user_currency_kind_key')
      .on(table.userId, table.currency, table.kind)
      .where(sql`user_id is not null`),
    check('ledger_accounts_kind_check', sql`kind in ('cash', 'bonus') and (kind = 'cash' or user_id is not null)`),
    uniqueIndex('ledger_accounts_house_currency_key')
      .on(table.houseKind, table.currency)
      .where(sql`house_kind is not null`),
    check('ledger_accounts_owner_check', sql`(user_id is null) <> (house_kind is null)`),
  ],
);

/** A player's spendable balance in one currency; changes only with ledger lines in the same transaction. */
export const wallets = pgTable(
  'wallets',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .primaryKey()
      .references(() => ledgerAccounts.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('wallets_user_currency_key').on(table.userId, table.currency), check('wallets_balance_check', sql`balance_minor >= 0`)],
);

/** One money movement. (kind, external_ref) is unique, so replaying the same business event moves nothing. */
export const transfers = pgTable(
  'transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    externalRef: text('external_ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('transfers_kind_ref_key').on(table.kind, table.externalRef)],
);

/** A debit (negative) or credit (positive) of one account; a transfer's lines sum to zero per currency. */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => transfers.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('ledger_lines_account_idx').on(table.accountId),
    index('ledger_lines_transfer_idx').on(table.transferId),
    check('ledger_lines_nonzero_check', sql`amount_minor <> 0`),
  ],
);
