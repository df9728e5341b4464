import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Invites (issue 19, decision 051). One row per invited player: the primary key on the invitee is the "attributed
 * once" guarantee (concurrent binds → one row). `qualified_at` is set once, by a guarded update in the transaction
 * that credits the qualifying pay-in; the inviter's reward is the engine's grant under `<brand>:referral`, trigger
 * `referral:<invitee>`, whose unique key pays it once.
 */
export const referrals = pgTable(
  'referrals',
  {
    inviteeId: bigint('invitee_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    inviterId: bigint('inviter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    appKey: text('app_key').notNull(),
    /** link, code, mini_app or install_referrer (domain `AttributionSource`). */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    qualifiedAt: timestamp('qualified_at', { withTimezone: true }),
    /** 'paid' or 'unavailable' (the campaign was paused or ended when the friend qualified); null before. */
    rewardStatus: text('reward_status'),
  },
  (table) => [index('referrals_inviter_idx').on(table.inviterId, table.createdAt)],
);

/**
 * What self-referral compares (decision 051): the devices (smid) and networks (IPv4 /24, IPv6 /64) a player was seen
 * on at sign-in and on the invite pages. Payment accounts are read from `payment_accounts`.
 */
export const referralMarks = pgTable(
  'referral_marks',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['device', 'network'] }).notNull(),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.value] })],
);

/** A device's install referrer (spec §7 referrer report), the first report kept; read as the `install_referrer` source. */
export const referrerInstalls = pgTable(
  'referrer_installs',
  {
    appKey: text('app_key').notNull(),
    smid: text('smid').notNull(),
    source: text('source').notNull(),
    campaign: text('campaign').notNull(),
    inviteCode: text('invite_code'),
    timezone: text('timezone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.appKey, table.smid] })],
);
