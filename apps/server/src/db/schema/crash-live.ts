import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Crash with a live climb (issue 23, decision 071): shared rounds per brand, run by the leader node.
 */

/** A brand's hash chain: the secret end s_N (never shown), the published terminal hash s_0 and salt, the next index. */
export const crashLiveChains = pgTable(
  'crash_live_chains',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appKey: text('app_key').notNull(),
    secret: text('secret').notNull(),
    terminalHash: text('terminal_hash').notNull(),
    salt: text('salt').notNull(),
    length: integer('length').notNull(),
    /** The chain index the next round takes (1…length). */
    nextIndex: integer('next_index').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('crash_live_chains_brand_idx').on(table.appKey, table.id)],
);

/** Brands whose players are looking at the game: rounds run for them until `wanted_until`. */
export const crashLiveBrands = pgTable('crash_live_brands', {
  appKey: text('app_key').primaryKey(),
  wantedUntil: timestamp('wanted_until', { withTimezone: true }).notNull(),
});

/**
 * One shared round: its schedule (betting from `betting_at`, take-off at `takeoff_at`, crash at `crash_at`, all from
 * the leader's clock) and its seed and crash point, secret until `crash_at` passes. `settled_at`: every bet closed.
 */
export const crashLiveRounds = pgTable(
  'crash_live_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: text('public_id').notNull(),
    appKey: text('app_key').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    chainId: bigint('chain_id', { mode: 'number' })
      .notNull()
      .references(() => crashLiveChains.id),
    chainIndex: integer('chain_index').notNull(),
    seed: text('seed').notNull(),
    crashPoint: bigint('crash_point', { mode: 'number' }).notNull(),
    bettingAt: timestamp('betting_at', { withTimezone: true }).notNull(),
    takeoffAt: timestamp('takeoff_at', { withTimezone: true }).notNull(),
    crashAt: timestamp('crash_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('crash_live_rounds_public_key').on(table.publicId),
    uniqueIndex('crash_live_rounds_seq_key').on(table.appKey, table.seq),
    uniqueIndex('crash_live_rounds_chain_key').on(table.chainId, table.chainIndex),
    index('crash_live_rounds_unsettled_idx')
      .on(table.crashAt)
      .where(sql`settled_at is null`),
  ],
);

/**
 * A player's bet in a shared round (their own round: the wallet's `bet` and `win` on the shared round id).
 * status: pending (row written, the wallet bet not yet confirmed), placed, cashed (cash-out decided, win not yet
 * confirmed), won, lost (closed with 0 when it crashed), void (the stake never reached the wallet, or was refused).
 */
export const crashLiveBets = pgTable(
  'crash_live_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roundId: bigint('round_id', { mode: 'number' })
      .notNull()
      .references(() => crashLiveRounds.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    autoCashout: integer('auto_cashout'),
    cashout: integer('cashout'),
    win: bigint('win', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    cashedAt: timestamp('cashed_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('crash_live_bets_player_key')
      .on(table.roundId, table.userId)
      .where(sql`status <> 'void'`),
    index('crash_live_bets_open_idx')
      .on(table.roundId)
      .where(sql`status in ('pending', 'placed', 'cashed')`),
    index('crash_live_bets_user_idx').on(table.userId, table.id),
    // Loyalty, cash-back and agent turnover read bets settled since a moment, like casino_rounds_settled_idx.
    index('crash_live_bets_settled_idx')
      .on(table.settledAt)
      .where(sql`status in ('won', 'lost')`),
  ],
);
