import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * The agent programme and money rain (issue 19, decision 052). An agent's team is the players bound to it through the
 * agent bind flow (`agent_members`, one agent per player, kept apart from invite attribution). A brand day closes once
 * (`agent_day_closes`) in the transaction that writes each agent's commission and moves it to the house's
 * `agent_commission` account; a transfer takes every commission not yet transferred into the agent's wallet.
 */

export const agents = pgTable('agents', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  appKey: text('app_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** A player bound to an agent's team (at most one agent per player, for good). Play counts from `bound_at` on. */
export const agentMembers = pgTable(
  'agent_members',
  {
    memberUserId: bigint('member_user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    agentUserId: bigint('agent_user_id', { mode: 'number' })
      .notNull()
      .references(() => agents.userId),
    appKey: text('app_key').notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('agent_members_agent_idx').on(table.agentUserId, table.boundAt), check('agent_members_not_self', sql`member_user_id <> agent_user_id`)],
);

/** A brand's commission terms (operator-set): basis `net_revenue` or `turnover`, tiers [{ fromMinor, rateBp }]. */
export const agentConfigs = pgTable('agent_configs', {
  appKey: text('app_key').primaryKey(),
  basis: text('basis').notNull(),
  tiers: jsonb('tiers').$type<{ fromMinor: number; rateBp: number }[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const agentDayCloses = pgTable(
  'agent_day_closes',
  {
    appKey: text('app_key').notNull(),
    dayKey: text('day_key').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.appKey, table.dayKey] })],
);

/** One agent's commission for one closed brand day, with the figures it came from; `transfer_id` once in the wallet. */
export const agentCommissions = pgTable(
  'agent_commissions',
  {
    appKey: text('app_key').notNull(),
    dayKey: text('day_key').notNull(),
    agentUserId: bigint('agent_user_id', { mode: 'number' })
      .notNull()
      .references(() => agents.userId),
    currency: text('currency').notNull(),
    basis: text('basis').notNull(),
    members: integer('members').notNull(),
    stakeMinor: bigint('stake_minor', { mode: 'number' }).notNull(),
    returnMinor: bigint('return_minor', { mode: 'number' }).notNull(),
    basisMinor: bigint('basis_minor', { mode: 'number' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    commissionMinor: bigint('commission_minor', { mode: 'number' }).notNull(),
    dayEndsAt: timestamp('day_ends_at', { withTimezone: true }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.appKey, table.dayKey, table.agentUserId] }),
    index('agent_commissions_agent_idx').on(table.agentUserId, table.dayEndsAt),
    check('agent_commissions_positive', sql`commission_minor > 0`),
  ],
);

/** A commission transfer to the agent's wallet (its ledger transfer is `agent_transfer` / this id). */
export const agentTransfers = pgTable(
  'agent_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agentUserId: bigint('agent_user_id', { mode: 'number' })
      .notNull()
      .references(() => agents.userId),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('agent_transfers_agent_idx').on(table.agentUserId, table.id)],
);

/**
 * A scheduled money rain: `drops` drops every `interval_ms` from `starts_at`, each open `open_ms`. `paid_minor` only
 * grows, in the grab's transaction, and never past `budget_minor` (the check is the last guard; the grab's conditional
 * update is the first). `announced_drops` is how many drops the announce job has told the brand about.
 */
export const moneyRains = pgTable(
  'money_rains',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appKey: text('app_key').notNull(),
    currency: text('currency').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    drops: integer('drops').notNull(),
    intervalMs: integer('interval_ms').notNull(),
    openMs: integer('open_ms').notNull(),
    grabMinMinor: bigint('grab_min_minor', { mode: 'number' }).notNull(),
    grabMaxMinor: bigint('grab_max_minor', { mode: 'number' }).notNull(),
    budgetMinor: bigint('budget_minor', { mode: 'number' }).notNull(),
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull().default(0),
    announcedDrops: integer('announced_drops').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('money_rains_brand_idx').on(table.appKey, table.endsAt),
    check('money_rains_budget_check', sql`paid_minor >= 0 and paid_minor <= budget_minor`),
  ],
);

/** One player's grab of one drop: the primary key lets each player grab each drop once. */
export const moneyRainGrabs = pgTable(
  'money_rain_grabs',
  {
    rainId: bigint('rain_id', { mode: 'number' })
      .notNull()
      .references(() => moneyRains.id),
    dropIndex: integer('drop_index').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    bonusId: bigint('bonus_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.rainId, table.dropIndex, table.userId] }), index('money_rain_grabs_user_idx').on(table.userId)],
);
