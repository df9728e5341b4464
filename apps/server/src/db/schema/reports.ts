import { bigint, bigserial, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Failed API calls reported by clients (spec §7). */
export const errorReports = pgTable('error_reports', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }),
  appKey: text('app_key'),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Tracking events (md upload) and performance logs. */
export const trackingEvents = pgTable('tracking_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ['md', 'log'] }).notNull(),
  event: text('event').notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  appKey: text('app_key'),
  loadingMs: integer('loading_ms'),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
