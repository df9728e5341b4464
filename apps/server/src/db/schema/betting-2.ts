import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { bets } from './betting.ts';

/**
 * Auto cash-out: a player's target value for an open bet. The betting worker cashes the whole bet out at the first
 * value ≥ target it sees while the player is away; `executedAt` is set in the same transaction as that cash-out, so
 * a rerun or a second node never pays twice. One target per bet (setting again replaces it; 0 removes it).
 */
export const betAutoCashOuts = pgTable(
  'bet_auto_cash_outs',
  {
    betId: bigint('bet_id', { mode: 'number' })
      .primaryKey()
      .references(() => bets.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    targetMinor: bigint('target_minor', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    executedAt: timestamp('executed_at', { withTimezone: true }),
    /** What the auto cash-out paid, once executed. */
    amountMinor: bigint('amount_minor', { mode: 'number' }),
  },
  (table) => [
    index('bet_auto_cash_outs_armed_idx')
      .on(table.betId)
      .where(sql`executed_at is null`),
  ],
);
