import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Share-to-cash-out envelopes (issue 19, decision 063). One open envelope per player and brand (partial unique index);
 * `progress_minor` only grows, under the row's lock, and never passes `target_minor`. The update that reaches the
 * target sets `status = reached` and inserts the `pdd_rewards` row (`pdd_uid`) in the same transaction. An envelope
 * past `expires_at` is expired whatever `status` says (the job only tidies the column).
 */
export const pddEnvelopes = pgTable(
  'pdd_envelopes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    appKey: text('app_key').notNull(),
    currency: text('currency').notNull(),
    targetMinor: bigint('target_minor', { mode: 'number' }).notNull(),
    progressMinor: bigint('progress_minor', { mode: 'number' }).notNull().default(0),
    /** open, reached or expired. */
    status: text('status').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pdd_envelopes_one_open')
      .on(table.userId, table.appKey)
      .where(sql`status = 'open'`),
    index('pdd_envelopes_expiry_idx')
      .on(table.expiresAt)
      .where(sql`status = 'open'`),
  ],
);

/**
 * Each friend's help, counted once per inviter and kind ever (primary key): a device's visit (`friend` = `d:<smid>`)
 * and an attributed sign-up (`friend` = `u:<invitee id>`). A visitor that later signs up adds the sign-up, never its
 * visit again; a second envelope is not helped twice by the same friend.
 */
export const pddHelps = pgTable(
  'pdd_helps',
  {
    inviterId: bigint('inviter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['visit', 'signup'] }).notNull(),
    friend: text('friend').notNull(),
    envelopeId: bigint('envelope_id', { mode: 'number' })
      .notNull()
      .references(() => pddEnvelopes.id),
    /** The friend's user id for a sign-up (its nick is shown masked). */
    friendUserId: bigint('friend_user_id', { mode: 'number' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.inviterId, table.kind, table.friend] }), index('pdd_helps_envelope_idx').on(table.envelopeId)],
);
