import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    // The hourly purge finds finished rows past their retention without reading the table (decision 047).
    index('outbox_done_idx')
      .on(table.doneAt)
      .where(sql`status <> 'pending'`),
  ],
);

/**
 * The sandbox PSP's books (decision 042): every payment it opened, keyed by its reference, and the first one per our
 * order and direction (our order id is its idempotency key). A real PSP's books outlive our process and are the same
 * for every node; keeping the sandbox's in the database makes it so: a payout asked again after a kill -9 is answered
 * with the one already made, and a hosted page opened through one node is paid through another.
 */
export const sandboxPspPayments = pgTable(
  'sandbox_psp_payments',
  {
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    direction: text('direction').notNull(),
    orderId: text('order_id').notNull(),
    state: text('state').notNull(),
    /** The whole SandboxPayment (display, QR, STK request, the start it answered). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.providerRef] }),
    uniqueIndex('sandbox_psp_payments_order_key').on(table.direction, table.orderId),
    index('sandbox_psp_payments_open_idx')
      .on(table.provider, table.createdAt)
      .where(sql`state = 'open'`),
  ],
);
