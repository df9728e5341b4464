import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { ledgerAccounts } from './ledger.ts';

/**
 * The bonus engine (issue 17, decision 018). A player's bonus money sits in a ledger account of kind `bonus`
 * (one per player and currency) whose balance row is `bonus_wallets`: never spendable, never withdrawable, moved
 * only by the engine's grant, conversion and forfeit transfers.
 */
export const bonusWallets = pgTable(
  'bonus_wallets',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .primaryKey()
      .references(() => ledgerAccounts.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('bonus_wallets_user_currency_key').on(table.userId, table.currency), check('bonus_wallets_balance_check', sql`balance_minor >= 0`)],
);

/** A brand's offer, as data: seeded per brand at boot and created, paused or ended by operators. */
export const bonusCampaigns = pgTable(
  'bonus_campaigns',
  {
    id: text('id').primaryKey(),
    appKey: text('app_key').notNull(),
    /** sign_up, first_deposit, reload, daily_deposit, redeem_code (domain `CampaignKind`). */
    kind: text('kind').notNull(),
    /** active, paused or ended; only an active campaign grants. */
    status: text('status').notNull(),
    /** The campaign's terms (contract `campaignTerms`): amounts, rate, wagering, weights, caps, lifetime. */
    terms: jsonb('terms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('bonus_campaigns_brand_idx').on(table.appKey, table.kind)],
);

/**
 * One bonus granted to one player. (campaign, user, trigger) is unique: the trigger is the event that earned it
 * (the deposit order, 'sign_up', a code), so a replayed or concurrent event grants nothing twice.
 */
export const bonuses = pgTable(
  'bonuses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => bonusCampaigns.id),
    triggerRef: text('trigger_ref').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    requirementMinor: bigint('requirement_minor', { mode: 'number' }).notNull(),
    wageredMinor: bigint('wagered_minor', { mode: 'number' }).notNull().default(0),
    /** Spec §4: 0 locked, 1 unlocking, 2 unlocked, 3 expired. */
    status: smallint('status').notNull(),
    /** Wagering rules copied from the campaign at grant time, so a later edit never changes a player's deal. */
    rules: jsonb('rules').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When `new_bonus` first answered it to the player (its popup shows once); null until then. */
    shownAt: timestamp('shown_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bonuses_campaign_user_trigger_key').on(table.campaignId, table.userId, table.triggerRef),
    index('bonuses_user_idx').on(table.userId, table.id),
    // The message job reads grants since its cursor (decision 028).
    index('bonuses_created_idx').on(table.createdAt),
    index('bonuses_unlocked_idx')
      .on(table.finishedAt)
      .where(sql`status = 2`),
    // new_bonus polls every 10 s after a deposit: finds a player's unshown grants without reading the rest.
    index('bonuses_unshown_idx')
      .on(table.userId, table.id)
      .where(sql`shown_at is null`),
    // One bonus unlocking per player and currency: every settled bet counts towards exactly one of them.
    uniqueIndex('bonuses_unlocking_key')
      .on(table.userId, table.currency)
      .where(sql`status = 1`),
    index('bonuses_open_idx')
      .on(table.status, table.expiresAt)
      .where(sql`status in (0, 1)`),
    check('bonuses_wagered_check', sql`wagered_minor >= 0 and wagered_minor <= requirement_minor`),
  ],
);

/**
 * What one settled bet or casino round counted towards one bonus. `version` is the source's settlement time: a
 * resettled bet has a new one, so the consumer replaces the contribution and moves the progress by the difference.
 */
export const bonusContributions = pgTable(
  'bonus_contributions',
  {
    bonusId: bigint('bonus_id', { mode: 'number' })
      .notNull()
      .references(() => bonuses.id),
    source: text('source').notNull(),
    sourceRef: text('source_ref').notNull(),
    version: text('version').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.bonusId, table.source, table.sourceRef] })],
);

/** Redeem codes of a redeem_code campaign: `uses` only rises, never past `uses_max`, each player once. */
export const bonusCodes = pgTable(
  'bonus_codes',
  {
    code: text('code').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => bonusCampaigns.id),
    usesMax: bigint('uses_max', { mode: 'number' }).notNull(),
    uses: bigint('uses', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  () => [check('bonus_codes_uses_check', sql`uses >= 0 and uses <= uses_max`)],
);

/**
 * Who has had a sign-up bonus, per brand (decision 024): one row per identity of the person (normalised e-mail,
 * device smid, payment account). The primary key is the once-per-person guarantee: a second claim by any of the
 * same identities conflicts, even when both arrive at once.
 */
export const bonusClaims = pgTable(
  'bonus_claims',
  {
    appKey: text('app_key').notNull(),
    keyKind: text('key_kind').notNull(),
    keyValue: text('key_value').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.appKey, table.keyKind, table.keyValue] })],
);

/** Sign-up bonuses granted per brand, client IP and UTC day: `count` only rises, by a guarded upsert. */
export const bonusIpClaims = pgTable(
  'bonus_ip_claims',
  {
    appKey: text('app_key').notNull(),
    ip: text('ip').notNull(),
    day: text('day').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.appKey, table.ip, table.day] })],
);
