import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The general outbox (issue 16, decision 042): one row per call we owe a provider (a pay-in start, a code by mail or
 * SMS), written in the same transaction as the change that needs it and delivered by the request that wrote it or,
 * if that process died, by the `outbox-deliver` leader job. Web push keeps its own `push_outbox` (decision 035).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What to call: `payin_start`, `mail`, `sms` (the delivery handlers in modules/outbox). */
    kind: text('kind').notNull(),
    /** Unique per call and the provider's idempotency key where it takes one (a pay-in's order id). */
    key: text('key').notNull(),
    /** What the handler needs; wiped once the row is done (a mail's code is a secret). */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    /** pending → sent | failed (the provider refused; not retried) | dead (gave up after the attempts). */
    status: text('status', { enum: ['pending', 'sent', 'failed', 'dead'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be tried next (pending). */
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    /** Held by one sender until then: nobody else sends it meanwhile. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    leaseOwner: text('lease_owner'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('outbox_kind_key_key').on(table.kind, table.key),
    index('outbox_due_idx')
      .on(table.nextAt)
      .where(sql`status = 'pending'`),
    index('outbox_status_kind_idx').on(table.status, table.kind, table.id),
  ],
);

/**
 * The sandbox PSP's own record of the payouts it was asked for, keyed by our order id (its idempotency key). A real
 * PSP's books outlive our process; keeping the sandbox's in the database lets a kill -9 between the provider's
 * answer and our commit be resolved as it would be with a real one: asked again, it answers the payout it made.
 */
export const sandboxPspPayouts = pgTable('sandbox_psp_payouts', {
  orderId: text('order_id').primaryKey(),
  providerRef: text('provider_ref').notNull(),
  netAmountMinor: bigint('net_amount_minor', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
