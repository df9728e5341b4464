import { sql } from 'drizzle-orm';
import { bigserial, bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  appKey: text('app_key').notNull(),
  visitor: boolean('visitor').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A login session. Only the SHA-256 of the sid is stored, so a leaked table grants nothing. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    sidHash: text('sid_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the player last proved they are present (a sign-in or a money action); money actions refuse a session idle longer. */
    activeAt: timestamp('active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sessions_sid_hash_key').on(table.sidHash),
    index('sessions_user_idx')
      .on(table.userId)
      .where(sql`revoked_at is null`),
  ],
);
