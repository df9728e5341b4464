import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Web push (issue 21, decision 035): the deployment's VAPID keys, players' subscriptions and the delivery outbox. */

/**
 * The deployment's VAPID key pair (RFC 8292), made once by the first node that needs it and shared by every node
 * through the database; never committed, never logged. One row.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: smallint('id').primaryKey(),
    /** Uncompressed P-256 public key, base64url (the browser's applicationServerKey). */
    publicKey: text('public_key').notNull(),
    /** The P-256 private scalar, base64url. */
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  () => [check('push_vapid_keys_one_row', sql`id = 1`)],
);

/**
 * A device's push registration for one player: a browser's Web Push subscription (kind `webpush`: endpoint and keys;
 * one row per endpoint) or a native shell's token (decision 073: kind `fcm` or `apns`, `token`, and for APNs the app's
 * `topic`; one row per kind and token). A device signed in as another player moves its row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The account's brand (users.app_key) when it registered: sends are targeted per brand. */
    appKey: text('app_key').notNull(),
    /** webpush (a browser's Push API), fcm (the Android shell, through FCM) or apns (the iOS shell). */
    kind: text('kind', { enum: ['webpush', 'fcm', 'apns'] })
      .notNull()
      .default('webpush'),
    /** webpush only: the push service's endpoint. */
    endpoint: text('endpoint'),
    /** webpush only: the browser's P-256 ECDH public key and auth secret (RFC 8291), base64url. */
    p256dh: text('p256dh'),
    auth: text('auth'),
    /** fcm: the FCM registration token; apns: the device token (lower-case hex). */
    token: text('token'),
    /** apns only: the app's bundle id, sent as `apns-topic`. */
    topic: text('topic'),
    deviceId: text('device_id').notNull(),
    platform: text('platform').notNull(),
    app: text('app').notNull().default(''),
    registrationId: text('registration_id').notNull().default(''),
    version: text('version').notNull().default(''),
    model: text('model').notNull().default(''),
    rom: text('rom').notNull().default(''),
    /** The country the client reported when it registered (lca_coun), for segments; "" when none. */
    country: text('country').notNull().default(''),
    /** The player's language when it registered; the notification's language follows the profile when set. */
    lang: text('lang').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint),
    uniqueIndex('push_subscriptions_kind_token_key').on(table.kind, table.token),
    check(
      'push_subscriptions_kind_shape',
      sql`(kind = 'webpush' and endpoint is not null and p256dh is not null and auth is not null and token is null)
        or (kind = 'fcm' and token is not null and endpoint is null and topic is null)
        or (kind = 'apns' and token is not null and endpoint is null and topic is not null)`,
    ),
    index('push_subscriptions_user_idx').on(table.userId),
    index('push_subscriptions_brand_idx').on(table.appKey, table.userId),
  ],
);

/** What one notification says: already in the player's language. */
export interface PushPayload {
  /** Unique per notification and player (`msg:<message id>`, `ops:<send id>`): the service worker's dedupe key. */
  id: string;
  title: string;
  body: string;
  /** The in-app hash route it opens (`#/deposit`). */
  link: string;
  lang: string;
  /**
   * What sent it, for `push_opened` (decision 041): `operator` for an operator's send, else the event message's source
   * (`payin`, `payout_paid`, `bet_won`, `bonus`…). The service worker opens the link with `?push=<source>`.
   */
  source?: string;
}

/**
 * One notification to one subscription. `ref` names what it is about, so a pass that runs twice (or on two nodes)
 * queues it once; rows are claimed with `for update skip locked` and a lease (`next_at`), so two nodes never send the
 * same row at once, and a node that dies mid-send leaves it to be sent again after the lease (the service worker
 * drops a repeat by its id).
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ref: text('ref').notNull(),
    subscriptionId: bigint('subscription_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** Marketing (an operator send, a bonus notice): never delivered while the player is timed out or self-excluded. */
    marketing: boolean('marketing').notNull(),
    payload: jsonb('payload').$type<PushPayload>().notNull(),
    ttlS: integer('ttl_s').notNull(),
    urgency: text('urgency').notNull().default('normal'),
    /** pending → sent | gone (404/410: subscription pruned) | failed (gave up) | suppressed (marketing blocked). */
    status: text('status', { enum: ['pending', 'sent', 'gone', 'failed', 'suppressed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    lastStatus: integer('last_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('push_outbox_ref_subscription_key').on(table.ref, table.subscriptionId),
    index('push_outbox_due_idx')
      .on(table.nextAt)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * Socket tickets already used (decision 041): a ticket opens one socket, once, on whichever node — the primary key
 * decides between two nodes connecting with the same ticket at the same moment. Rows past their ticket's expiry are
 * of no use (an expired ticket is refused before this table is read) and are deleted as connects go by.
 */
export const realtimeTicketUses = pgTable(
  'realtime_ticket_uses',
  {
    nonce: text('nonce').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('realtime_ticket_uses_expires_idx').on(table.expiresAt)],
);
