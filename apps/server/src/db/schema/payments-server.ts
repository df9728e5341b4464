import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Payments: pay-in and pay-out orders, the player's saved payout accounts, provider notifications (kept
 * whether accepted, replayed or forged), appeals, payin codes, PDD rewards and the outbox of events other
 * modules consume (first deposit → bonus engine).
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The public order id (orderId on the wire). */
    orderId: text('order_id').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    appKey: text('app_key').notNull(),
    direction: text('direction').notNull(),
    channel: text('channel').notNull(),
    provider: text('provider').notNull(),
    /** The provider's id of this payment (M-Pesa CheckoutRequestID, checkout session…). */
    providerRef: text('provider_ref').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull().default(0),
    /** Payouts: the tax withheld at request under the brand's jurisdiction (Kenya 5 %, decision 027), booked to `tax_withheld`. */
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull().default(0),
    /** Spec §4 order status 0 created, 1 pending, 2 rejected, 3 cancelled, 4 success. */
    status: smallint('status').notNull().default(0),
    /** Spec §4 pay status 0 unprocessed, 1 success, 2 pending, 3 timeout, 4 failed. */
    payStatus: smallint('pay_status').notNull().default(0),
    instruction: jsonb('instruction').$type<Record<string, unknown>>(),
    /** Payouts: the saved account elements the money goes to, as they were when ordered. */
    account: jsonb('account').$type<Record<string, string>>(),
    payinCode: text('payin_code'),
    firstDeposit: boolean('first_deposit').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payment_orders_order_id_key').on(table.orderId),
    uniqueIndex('payment_orders_provider_ref_key').on(table.provider, table.providerRef),
    index('payment_orders_user_idx').on(table.userId, table.createdAt),
    // The message job reads orders that reached a final state since its cursor (decision 028).
    index('payment_orders_final_idx')
      .on(table.updatedAt)
      .where(sql`status in (2, 4)`),
    index('payment_orders_open_idx')
      .on(table.expiresAt)
      .where(sql`status in (0, 1)`),
  ],
);

/** The payout account a player saved for one method; payouts go only here. */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    channel: text('channel').notNull(),
    currency: text('currency').notNull(),
    elements: jsonb('elements').$type<Record<string, string>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.channel, table.currency] })],
);

/** Every provider notification we received, with what we made of it. (provider, event_id) makes replays no-ops. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    /** The provider's event id; for refused (forged, malformed) notifications a digest of the body. */
    eventId: text('event_id').notNull(),
    orderId: text('order_id'),
    /** applied, duplicate, forged, malformed, mismatch, closed, unknown_order. */
    outcome: text('outcome').notNull(),
    body: text('body').notNull(),
    remoteAddress: text('remote_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payment_webhook_events_applied_key')
      .on(table.provider, table.eventId)
      .where(sql`outcome = 'applied'`),
    index('payment_webhook_events_order_idx').on(table.orderId),
  ],
);

/** Outbox of payment events other modules consume (kind first_deposit → the bonus engine). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    orderId: text('order_id').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    payinCode: text('payin_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payment_events_kind_order_key').on(table.kind, table.orderId),
    index('payment_events_pending_idx')
      .on(table.kind)
      .where(sql`consumed_at is null`),
  ],
);

/** A player's appeal about a pay-in order: 0 submitted, 1 in review, 2 resolved, 3 rejected. */
export const paymentAppeals = pgTable(
  'payment_appeals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: smallint('status').notNull().default(0),
    reason: text('reason').notNull(),
    description: text('description').notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('payment_appeals_order_key').on(table.orderId)],
);

/** Payin codes the operator issues: an extra on a deposit, granted by the bonus engine from the outbox. */
export const payinCodes = pgTable('payin_codes', {
  code: text('code').primaryKey(),
  currency: text('currency').notNull(),
  bonusRateBp: bigint('bonus_rate_bp', { mode: 'number' }).notNull(),
  bonusMaxMinor: bigint('bonus_max_minor', { mode: 'number' }).notNull(),
  minAmountMinor: bigint('min_amount_minor', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const payinCodeUses = pgTable(
  'payin_code_uses',
  {
    code: text('code')
      .notNull()
      .references(() => payinCodes.code),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    orderId: text('order_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.code, table.userId] })],
);

/** Money a player holds but may not withdraw yet (bonus wagering); written by the bonus engine, read here. */
export const withdrawLocks = pgTable(
  'withdraw_locks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    source: text('source').notNull(),
    sourceRef: text('source_ref').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('withdraw_locks_source_key').on(table.source, table.sourceRef), index('withdraw_locks_user_idx').on(table.userId, table.currency)],
);

/** PDD (share-to-unlock) rewards; the activity marks them ready, pddWithdraw moves them to the wallet once. */
export const pddRewards = pgTable('pdd_rewards', {
  pddUid: text('pdd_uid').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  currency: text('currency').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  /** ready or withdrawn. */
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
});

/** Share taps after a paid withdrawal (payout/social_click), once per order and network. */
export const payoutSocialClicks = pgTable(
  'payout_social_clicks',
  {
    orderId: text('order_id').notNull(),
    channel: text('channel').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.channel] })],
);
