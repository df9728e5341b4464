import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What a user is beyond its id: e-mail, password hash (argon2id, never the password), nick, language, and
 * whether the account is closed. A tourist has no e-mail; binding one makes it a registered player with the
 * same uid, so balances and history stay. E-mails are unique per brand: each brand is its own product.
 */
export const accountProfiles = pgTable(
  'account_profiles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    appKey: text('app_key').notNull(),
    /** Trimmed and lower-cased; null for a tourist. */
    email: text('email'),
    passwordHash: text('password_hash'),
    nick: text('nick').notNull(),
    lang: text('lang').notNull(),
    registeredAt: at('registered_at'),
    /** The session the registration opened: first_regist stays 1 for it. */
    registeredSessionId: bigint('registered_session_id', { mode: 'number' }).references(() => sessions.id),
    /** The terms version (domain TERMS_VERSION) the player accepted at sign-up and when; null before decision 032. */
    termsVersion: text('terms_version'),
    termsAcceptedAt: at('terms_accepted_at'),
    /** The market's minimum age the player confirmed being of at sign-up (18 or 21), and when. */
    ageConfirmed: integer('age_confirmed'),
    ageConfirmedAt: at('age_confirmed_at'),
    closedAt: at('closed_at'),
    closeReason: text('close_reason'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('account_profiles_app_email_key')
      .on(table.appKey, table.email)
      .where(sql`email is not null`),
    // The funnel counts a brand's sign-ups per day (decision 030/033).
    index('account_profiles_app_registered_idx')
      .on(table.appKey, table.registeredAt)
      .where(sql`registered_at is not null`),
  ],
);

/**
 * The tourists of a device. The smid only identifies: a tourist is claimed again with the device secret issued when
 * it was created (only its SHA-256 is kept), so one smid may lead to several tourists, each with its own secret.
 * Rows from before the secret have none and can no longer be claimed by device. Removed when the tourist registers.
 */
export const visitorDevices = pgTable(
  'visitor_devices',
  {
    appKey: text('app_key').notNull(),
    smid: text('smid').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** Hex SHA-256 of the device secret; null for a tourist made before secrets (never claimed by device again). */
    secretHash: text('secret_hash'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.appKey, table.smid, table.userId] }),
    index('visitor_devices_user_idx').on(table.userId),
    uniqueIndex('visitor_devices_secret_key').on(table.secretHash),
  ],
);

/**
 * One-time codes sent by e-mail or SMS. Only a salted SHA-256 of the code is kept, bound to the channel,
 * address and purpose; the newest code of an address and purpose is the only one that works.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appKey: text('app_key').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    target: text('target').notNull(),
    purpose: text('purpose', { enum: ['register', 'login', 'bind', 'reset'] }).notNull(),
    /** The signed-in user a bind code was asked by; a bind code works for that user only. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
  },
  (table) => [index('verification_codes_lookup_idx').on(table.appKey, table.channel, table.target, table.purpose, table.createdAt)],
);

/** Short-lived single-use tickets such as the request_id of bind/check. Only the SHA-256 of the ticket is kept. */
export const accountTickets = pgTable('account_tickets', {
  tokenHash: text('token_hash').primaryKey(),
  kind: text('kind', { enum: ['bind'] }).notNull(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  target: text('target').notNull(),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/** A social sign-in identity (spec §3 bind_info: plat, unionid, create_at). `union_id` is the provider's stable subject. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    appKey: text('app_key').notNull(),
    plat: text('plat').notNull(),
    unionId: text('union_id').notNull(),
    email: text('email'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('social_identities_plat_union_key').on(table.appKey, table.plat, table.unionId),
    index('social_identities_user_idx').on(table.userId),
  ],
);

/**
 * Counters of sign-in failures and code sends per bucket (an IP, an e-mail) in fixed one-hour windows. In the
 * database rather than memory so every server node sees the same count and tests can move the clock.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    bucket: text('bucket').notNull(),
    windowStart: at('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.windowStart] }), index('auth_throttle_window_idx').on(table.windowStart)],
);

/** Mail the sandbox provider kept instead of sending (no SMTP_URL): read at /dev/mailbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appKey: text('app_key').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('mail_outbox_to_idx').on(table.toAddress)],
);

/** Text messages the sandbox SMS provider kept: read at /dev/smsbox. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appKey: text('app_key').notNull(),
    toPhone: text('to_phone').notNull(),
    text: text('text').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('sms_outbox_to_idx').on(table.toPhone)],
);
