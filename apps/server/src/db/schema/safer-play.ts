import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Safer play (issue 20, decision 027). A limit row holds the amount in force and a raise or removal waiting for its
 * cooling period (applied when its time comes, by whoever reads it next). Usage counters per window are what a stake
 * is counted against in the same statement or transaction as its debit, so concurrent stakes never overshoot.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** deposit, loss, wager or time (minutes a day, decision 054). */
    kind: text('kind').notNull(),
    /** day, week or month in the brand's time zone. */
    period: text('period').notNull(),
    currency: text('currency').notNull(),
    /** In force; null: none (a row kept only for its pending change). */
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    /** The raise or removal (null) waiting; meaningful only when pending_at is set. */
    pendingAmountMinor: bigint('pending_amount_minor', { mode: 'number' }),
    pendingAt: timestamp('pending_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  // One row per currency (decision 065): on a multi-currency brand a limit binds the currency it is set in.
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.period, table.currency] })],
);

/**
 * What counted against a stake limit (wager, loss) in one window; loss is stakes less returns. For the play-time
 * limit (kind time, period day, decision 054) `used_minor` is seconds of play and `last_at` the last play action
 * counted, from which the next action's gap is measured under this row's lock.
 */
export const playerLimitUsage = pgTable(
  'player_limit_usage',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    /** The currency of the limit it counts for (wager, loss; decision 065); '' for play time, which is not money. */
    currency: text('currency').notNull().default(''),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    usedMinor: bigint('used_minor', { mode: 'number' }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.period, table.currency, table.windowStart] })],
);

/** The time-out or self-exclusion in force (one per player; a new one may only lengthen it). */
export const playerBlocks = pgTable(
  'player_blocks',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    /** time_out or self_exclusion. */
    kind: text('kind').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Null: permanent. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  () => [check('player_blocks_kind_check', sql`kind in ('time_out', 'self_exclusion')`)],
);

/** Append-only (a trigger refuses UPDATE and DELETE): who changed which limit or block, when, from what to what. */
export const saferPlayAudit = pgTable(
  'safer_play_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('safer_play_audit_user_idx').on(table.userId, table.id)],
);

/**
 * A player's identity check (decision 037): one row per player, its state unverified → pending → verified or
 * rejected (a rejected check may be sent again). The document number is the CPF on Brazilian brands: payouts and
 * saved PIX accounts must carry the same. Every change is audited in `safer_play_audit` (action `kyc`).
 */
export const kycChecks = pgTable(
  'kyc_checks',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    state: text('state').notNull(),
    /** declined, underage or cpf_mismatch when rejected. */
    reason: text('reason'),
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number').notNull(),
    /** As the player typed it; the provider's reading replaces it when it decides. */
    birthDate: text('birth_date').notNull(),
    /** The provider's id of the current attempt: its notification must name it. */
    providerRef: text('provider_ref').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('kyc_checks_state_check', sql`state in ('pending', 'verified', 'rejected')`), index('kyc_checks_provider_ref_idx').on(table.providerRef)],
);

/** Identity-provider notifications applied: a replay of the same event id changes nothing. */
export const kycWebhookEvents = pgTable('kyc_webhook_events', {
  eventId: text('event_id').primaryKey(),
  providerRef: text('provider_ref').notNull(),
  outcome: text('outcome').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});
