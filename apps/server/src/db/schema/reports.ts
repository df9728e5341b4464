import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Failed API calls reported by clients (spec §7). */
export const errorReports = pgTable('error_reports', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }),
  appKey: text('app_key'),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Tracking events (md upload) and performance logs, append-only (decision 030). `day` is the UTC day received: the
 * funnel reads one brand's days through `tracking_events_funnel_idx`, and the retention job deletes whole days.
 * `eid` is the client's id for the event, so a retried upload stores it once.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['md', 'log'] }).notNull(),
    event: text('event').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    appKey: text('app_key'),
    loadingMs: integer('loading_ms'),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    day: date('day', { mode: 'string' })
      .notNull()
      .default(sql`((now() at time zone 'utc')::date)`),
    eid: text('eid'),
    visitor: text('visitor'),
  },
  (table) => [
    index('tracking_events_funnel_idx').on(table.appKey, table.day, table.event),
    index('tracking_events_day_idx').on(table.day),
    // The funnel's experiment arms follow one visitor's events to the player they became.
    index('tracking_events_visitor_idx').on(table.appKey, table.visitor),
    uniqueIndex('tracking_events_eid_key').on(table.eid),
  ],
);

/**
 * One-time codes that carry a signed-in player to the brand's new domain (dynconfig `domain_change`, decision 033).
 * Only the code's SHA-256 is kept; a code works once, for the brand and target origin it was made for, within
 * `SESSION_HANDOFF_TTL_MS`. Redeeming opens a new session for the same player on the new origin.
 */
export const sessionHandoffs = pgTable(
  'session_handoffs',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    appKey: text('app_key').notNull(),
    targetOrigin: text('target_origin').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('session_handoffs_expires_idx').on(table.expiresAt)],
);
