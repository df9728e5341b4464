import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts.ts';

/**
 * Casino (issue 7): the game catalogue, players' favourites, recents and UI switch, game session tokens, the
 * house studio's provably-fair seeds and rounds, free-round grants, and the seamless wallet's transactions.
 */

/** Games the hall lists. House games are seeded at boot; external providers' games only when configured. */
export const casinoGames = pgTable(
  'casino_games',
  {
    platform: text('platform').notNull(),
    gameId: text('game_id').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull(),
    rtp: doublePrecision('rtp').notNull(),
    isNew: boolean('is_new').notNull().default(false),
    isHot: boolean('is_hot').notNull().default(false),
    liveGame: boolean('live_game').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    cover: text('cover').notNull(),
  },
  (table) => [primaryKey({ columns: [table.platform, table.gameId] })],
);

export const casinoFavourites = pgTable(
  'casino_favourites',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    platform: text('platform').notNull(),
    gameId: text('game_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.platform, table.gameId] })],
);

export const casinoRecents = pgTable(
  'casino_recents',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    platform: text('platform').notNull(),
    gameId: text('game_id').notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.platform, table.gameId] }), index('casino_recents_user_idx').on(table.userId, table.playedAt)],
);

export const casinoFeedback = pgTable('casino_feedback', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  platform: text('platform'),
  gameId: text('game_id'),
  content: text('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Spec §4: the player's newer-UI switch (1 on, 2 off). */
export const casinoUserPrefs = pgTable('casino_user_prefs', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  uiSwitch: smallint('ui_switch').notNull(),
  /** The first time the player switched it on (never cleared by switching off): what ui-switch-reward reads (decision 061). */
  firstOnAt: timestamp('first_on_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A game session token from launch (game set) or the game user token (game null). Only its SHA-256 is stored. A token
 * belongs to the player's session that launched it: it takes bets only while that session is live (decision 016).
 */
export const casinoSessions = pgTable(
  'casino_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The launching session (renewal moves it to the replacing one); null for recovery's own tokens, which never bet. */
    sessionId: bigint('session_id', { mode: 'number' }).references(() => sessions.id),
    platform: text('platform').notNull(),
    gameId: text('game_id'),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('casino_sessions_user_idx').on(table.userId), index('casino_sessions_session_idx').on(table.sessionId)],
);

/** A provably-fair seed pair: the server seed stays secret until rotated out; `nonce` is the next round's. */
export const casinoFairSeeds = pgTable(
  'casino_fair_seeds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('casino_fair_seeds_active_key')
      .on(table.userId)
      .where(sql`active`),
  ],
);

/** Free rounds the bonus engine granted: `remaining` of `total` rounds at `stake` each. */
export const casinoFreeRounds = pgTable(
  'casino_free_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    grantRef: text('grant_ref').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    platform: text('platform').notNull(),
    gameId: text('game_id').notNull(),
    total: integer('total').notNull(),
    remaining: integer('remaining').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    winTotal: bigint('win_total', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The bonus campaign that granted them (null for grants made before campaigns granted free rounds). */
    campaignId: text('campaign_id'),
    /** Where the winnings land: `cash` per round, or `bonus` (one bonus of the total once the rounds are done). */
    winTo: text('win_to').notNull().default('cash'),
    /** A `bonus` grant: when its winnings became a bonus; no round may be taken after. */
    winSettledAt: timestamp('win_settled_at', { withTimezone: true }),
    /** When `new_bonus` answered it (`free_round_bonus`); null until then. */
    shownAt: timestamp('shown_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('casino_free_rounds_ref_key').on(table.grantRef),
    index('casino_free_rounds_user_idx').on(table.userId),
    index('casino_free_rounds_unsettled_idx')
      .on(table.id)
      .where(sql`${table.winTo} = 'bonus' and ${table.winSettledAt} is null`),
    index('casino_free_rounds_unshown_idx')
      .on(table.userId)
      .where(sql`${table.shownAt} is null`),
  ],
);

/**
 * One round of the house studio: choices, outcome, money and proof. `status`: pending (outcome fixed, money
 * not yet confirmed), open (Mines waiting for the player), settled, refunded, void.
 */
export const casinoRounds = pgTable(
  'casino_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: text('public_id').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    platform: text('platform').notNull(),
    gameId: text('game_id').notNull(),
    currency: text('currency').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    win: bigint('win', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull(),
    params: jsonb('params').notNull(),
    outcome: jsonb('outcome').notNull(),
    /** What must stay hidden while the round is open (Mines positions). */
    secret: jsonb('secret'),
    seedId: bigint('seed_id', { mode: 'number' })
      .notNull()
      .references(() => casinoFairSeeds.id),
    nonce: integer('nonce').notNull(),
    clientSeed: text('client_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    freeRoundId: bigint('free_round_id', { mode: 'number' }).references(() => casinoFreeRounds.id),
    balanceBefore: bigint('balance_before', { mode: 'number' }),
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('casino_rounds_public_key').on(table.publicId),
    index('casino_rounds_user_idx').on(table.userId, table.id),
    // The loyalty pass reads rounds settled since its cursor (decision 026).
    index('casino_rounds_settled_idx')
      .on(sql`coalesce(${table.settledAt}, ${table.updatedAt})`)
      .where(sql`status = 'settled'`),
    index('casino_rounds_unfinished_idx')
      .on(table.updatedAt)
      .where(sql`status in ('pending', 'open')`),
  ],
);

/**
 * The seamless wallet's transactions (integrations.md §7.1), unique by (partner, transaction_uuid) and kept
 * with the request hash and the answer given, so a replay gets the same answer and a changed replay is
 * refused. A rollback that arrives before its bet leaves a tombstone bet row (state rolled_back, no hash).
 * Bet states: open, settled (a win arrived), rolled_back.
 */
export const casinoWalletTxns = pgTable(
  'casino_wallet_txns',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partner: text('partner').notNull(),
    transactionUuid: text('transaction_uuid').notNull(),
    kind: text('kind').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    currency: text('currency'),
    amount: bigint('amount', { mode: 'number' }),
    round: text('round'),
    gameCode: text('game_code'),
    referenceUuid: text('reference_uuid'),
    requestHash: text('request_hash'),
    response: jsonb('response'),
    state: text('state').notNull(),
    isFree: boolean('is_free').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('casino_wallet_txns_partner_uuid_key').on(table.partner, table.transactionUuid),
    // A player's journey (ops tracking events) lists their game rounds from here (decision 033).
    index('casino_wallet_txns_user_idx')
      .on(table.userId, table.id)
      .where(sql`kind = 'bet'`),
  ],
);
