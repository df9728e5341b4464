import { bigint, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';

/** Stored responses of POSTs sent with an Idempotency-Key, for 24 h. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    route: text('route').notNull(),
    /** 'u:<uid>' for a signed-in user, else 'd:<device id>', else 'ip:<address>'. */
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['in_flight', 'done'] }).notNull(),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The server process working on an in-flight key (plugins/idempotency.ts `IDEMPOTENCY_OWNER`). */
    owner: text('owner'),
    /**
     * Until when the owner is known to be alive: it renews the lease while it works. An in-flight key whose lease
     * lapsed was left by a dead process, and a retry takes it over (decision 016). Null reads as lapsed.
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** What the in-flight key's transaction committed (an order id, a round id): a takeover resumes from it. */
    resumeRef: text('resume_ref'),
  },
  (table) => [primaryKey({ columns: [table.key, table.route, table.scope] })],
);

/** Operator settings such as the global status; one row per key. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Dynamic configs (spec §3). An A/B config puts `bPercent` of users or devices in arm B. */
export const dynconfigs = pgTable('dynconfigs', {
  key: text('key').primaryKey(),
  kind: text('kind', { enum: ['ab', 'switch'] }).notNull(),
  enabled: integer('enabled').notNull().default(1),
  bPercent: real('b_percent').notNull().default(0),
  configs: jsonb('configs').notNull().default({}),
});

/**
 * An account's arm of an A/B config (decision 040): written when the account is created, with the arm the device
 * was shown before sign-up, or the first time a signed-in account reads the config. Read before any hashing, so a
 * player keeps their arm on every device; the bonus engine reads it to pick the campaign of the player's arm.
 */
export const experimentAssignments = pgTable(
  'experiment_assignments',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    appKey: text('app_key').notNull(),
    arm: text('arm', { enum: ['A', 'B'] }).notNull(),
    /** 'device': carried from the visitor's device at sign-up; 'account': bucketed by the uid. */
    source: text('source', { enum: ['device', 'account'] }).notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] }), index('experiment_assignments_brand_idx').on(table.appKey, table.key, table.arm)],
);
