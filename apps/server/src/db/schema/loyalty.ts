import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Loyalty (issue 18, decision 026): VIP points and task progress, both moved only by the loyalty pass from durable
 * facts (settled bets, settled casino rounds, paid deposits). Rewards are bonuses of the engine (decision 018); the
 * grant's unique (campaign, player, trigger) key is what makes each one paid once.
 */

/** A player's VIP points, in point minor units (currency minor units × the source's weight). */
export const loyaltyAccounts = pgTable('loyalty_accounts', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  pointsMinor: bigint('points_minor', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Every fact the loyalty pass has counted, once: its primary key is the exactly-once guarantee. Written in the same
 * transaction as the points and task progress it caused, so a pass killed before commit leaves neither behind.
 */
export const loyaltyFacts = pgTable(
  'loyalty_facts',
  {
    /** bet, round or deposit. */
    source: text('source').notNull(),
    /** The bet id, casino round id or payment order id. */
    sourceRef: text('source_ref').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    pointsMinor: bigint('points_minor', { mode: 'number' }).notNull(),
    /**
     * What the fact counted for tasks and boards (decision 048): the stake that rode (the deposit) and what it
     * returned, so a resettlement can take the first settlement's share back once. Null on facts counted before
     * these columns, and on facts outside the brand's currency (they counted nothing).
     */
    stakeMinor: bigint('stake_minor', { mode: 'number' }),
    returnMinor: bigint('return_minor', { mode: 'number' }),
    /** When the fact happened (settled, paid): it decides the task period it counts in. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.source, table.sourceRef] }),
    index('loyalty_facts_user_idx').on(table.userId),
    // The raffle draw and the biggest-win board read a brand week of facts by time (decision 045).
    index('loyalty_facts_occurred_idx').on(table.occurredAt),
  ],
);

/** Progress of one task of one period (`d:2026-11-28`, `w:2026-11-23`) for one player, in minor units. */
export const loyaltyTaskProgress = pgTable(
  'loyalty_task_progress',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    taskId: text('task_id').notNull(),
    periodKey: text('period_key').notNull(),
    progressMinor: bigint('progress_minor', { mode: 'number' }).notNull().default(0),
    /** Set in the claim's transaction, beside the engine's grant. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.taskId, table.periodKey] }),
    index('loyalty_task_progress_claimable_idx')
      .on(table.userId)
      .where(sql`claimed_at is null`),
  ],
);

/**
 * Ranking scores of a brand's day or week (`d:…`, `w:…`): settled turnover, and when the player reached it (the
 * moment of the last fact that raised it — ties go to who got there first). Written by the loyalty pass beside the
 * facts, so a board is always what the counted facts add up to.
 */
export const loyaltyRankScores = pgTable(
  'loyalty_rank_scores',
  {
    appKey: text('app_key').notNull(),
    periodKey: text('period_key').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    scoreMinor: bigint('score_minor', { mode: 'number' }).notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.appKey, table.periodKey, table.userId] }),
    index('loyalty_rank_scores_board_idx').on(table.appKey, table.periodKey, table.scoreMinor.desc(), table.reachedAt, table.userId),
  ],
);

/**
 * A board's snapshot of places (decision 048): the loyalty pass marks a board stale in the transaction that moves its
 * scores, and afterwards rewrites the places that changed (`loyalty_rank_places`) in one transaction holding this
 * row's lock, so a ranking read is index lookups rather than counting the players above. `refreshed_at` is what the
 * page shows as "places as of"; `players` how many the snapshot ranked.
 */
export const loyaltyRankSnapshots = pgTable(
  'loyalty_rank_snapshots',
  {
    appKey: text('app_key').notNull(),
    /** The board key (`d:…`, `w:…`, `win:d:…`). */
    periodKey: text('period_key').notNull(),
    stale: boolean('stale').notNull().default(true),
    players: integer('players').notNull().default(0),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.appKey, table.periodKey] }),
    index('loyalty_rank_snapshots_stale_idx')
      .on(table.appKey, table.periodKey)
      .where(sql`stale`),
  ],
);

/** Each ranked player's place in a board's snapshot, the score it was counted at and the score of the place above. */
export const loyaltyRankPlaces = pgTable(
  'loyalty_rank_places',
  {
    appKey: text('app_key').notNull(),
    periodKey: text('period_key').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    place: integer('place').notNull(),
    scoreMinor: bigint('score_minor', { mode: 'number' }).notNull(),
    /** The score of the player one place above (null for the first). */
    aboveMinor: bigint('above_minor', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.appKey, table.periodKey, table.userId] }),
    index('loyalty_rank_places_place_idx').on(table.appKey, table.periodKey, table.place),
  ],
);

/** A board that has been closed: its winners are frozen in `loyalty_rank_prizes` in the same transaction. */
export const loyaltyRankCloses = pgTable(
  'loyalty_rank_closes',
  {
    appKey: text('app_key').notNull(),
    periodKey: text('period_key').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.appKey, table.periodKey] })],
);

/** The prize of one place of a closed board; paid once through the engine (`paid_at` beside the grant). */
export const loyaltyRankPrizes = pgTable(
  'loyalty_rank_prizes',
  {
    appKey: text('app_key').notNull(),
    periodKey: text('period_key').notNull(),
    place: integer('place').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    scoreMinor: bigint('score_minor', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** The loyalty settings version whose prizes the close froze (decision 048; 0: the code defaults). */
    configVersion: integer('config_version').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.appKey, table.periodKey, table.place] }),
    index('loyalty_rank_prizes_due_idx')
      .on(table.appKey, table.periodKey)
      .where(sql`paid_at is null`),
  ],
);

/**
 * How far the loyalty pass has read each fact source (`bet`, `round`, `crash_live`, `deposit`): every fact of the source stamped
 * before `cursor_at` and visible then has been counted. The pass rereads a short overlap behind it (commits land a
 * little after their stamp); `loyalty_facts`' key keeps that reread from counting anything twice. Moved in the same
 * transaction as the facts it covers, so a pass killed before commit moves neither.
 */
export const loyaltyPassCursors = pgTable('loyalty_pass_cursors', {
  source: text('source').primaryKey(),
  cursorAt: timestamp('cursor_at', { withTimezone: true }).notNull(),
});

/** A brand's day or week whose cash-back has been computed: its rows in `loyalty_cashbacks` are written in the same transaction. */
export const loyaltyCashbackCloses = pgTable(
  'loyalty_cashback_closes',
  {
    appKey: text('app_key').notNull(),
    periodKey: text('period_key').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.appKey, table.periodKey] })],
);

/**
 * One player's net-loss cash-back of one closed period (issue 18, decision 026): the totals it was computed from,
 * the level and rate, and the amount; paid once through the engine (`paid_at` beside the grant).
 */
export const loyaltyCashbacks = pgTable(
  'loyalty_cashbacks',
  {
    appKey: text('app_key').notNull(),
    periodKey: text('period_key').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    level: integer('level').notNull(),
    rateBp: integer('rate_bp').notNull(),
    stakeMinor: bigint('stake_minor', { mode: 'number' }).notNull(),
    returnMinor: bigint('return_minor', { mode: 'number' }).notNull(),
    bonusUsedMinor: bigint('bonus_used_minor', { mode: 'number' }).notNull(),
    netLossMinor: bigint('net_loss_minor', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    periodEndsAt: timestamp('period_ends_at', { withTimezone: true }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.appKey, table.periodKey, table.userId] }),
    index('loyalty_cashbacks_user_idx').on(table.userId, table.periodEndsAt),
    index('loyalty_cashbacks_due_idx')
      .on(table.periodEndsAt)
      .where(sql`paid_at is null`),
  ],
);

/**
 * VIP wheel tickets (vip-roulette, issue 18): one per level reached, granted by the loyalty pass in the transaction
 * that raised the points. The primary key (player, level) makes each level's ticket granted once; `spin_id` is set in
 * the spin's transaction, beside the prize's grant.
 */
export const loyaltyWheelTickets = pgTable(
  'loyalty_wheel_tickets',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    level: integer('level').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    spinId: bigint('spin_id', { mode: 'number' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.level] })],
);

/** The wheel's provably-fair seed pair per player (like casino_fair_seeds): the server seed stays secret until rotated. */
export const loyaltyWheelSeeds = pgTable(
  'loyalty_wheel_seeds',
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('loyalty_wheel_seeds_active_key')
      .on(table.userId)
      .where(sql`active`),
  ],
);

/** Every spin: the ticket it used, the seed and nonce it was drawn with, where it landed and what it paid. */
export const loyaltyWheelSpins = pgTable(
  'loyalty_wheel_spins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    appKey: text('app_key').notNull(),
    ticketLevel: integer('ticket_level').notNull(),
    seedId: bigint('seed_id', { mode: 'number' })
      .notNull()
      .references(() => loyaltyWheelSeeds.id),
    nonce: integer('nonce').notNull(),
    segment: integer('segment').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The brand's wheel it was drawn on (`loyalty_brand_configs.version` that set the wheel; 0: the code default). */
    wheelVersion: integer('wheel_version').notNull().default(0),
    bonusId: bigint('bonus_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('loyalty_wheel_spins_ticket_key').on(table.userId, table.ticketLevel),
    uniqueIndex('loyalty_wheel_spins_nonce_key').on(table.seedId, table.nonce),
    index('loyalty_wheel_spins_app_idx').on(table.appKey, table.id),
  ],
);

/**
 * A brand's weekly raffle (issue 18, decision 034): created when its week opens with the server seed committed (its
 * SHA-256 shown to players), drawn once after the week ends — `drawn_at` set in the transaction that freezes the
 * entries and winners — and the seed shown from then on.
 */
export const loyaltyRaffles = pgTable(
  'loyalty_raffles',
  {
    appKey: text('app_key').notNull(),
    /** The brand week, `w:<Monday>`. */
    periodKey: text('period_key').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** When the draw is due (the week's end plus the grace). */
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.appKey, table.periodKey] }),
    index('loyalty_raffles_due_idx')
      .on(table.drawAt)
      .where(sql`drawn_at is null`),
  ],
);

/** The frozen entries of a drawn raffle in their published order (player id ascending): what anyone verifies against. */
export const loyaltyRaffleEntries = pgTable(
  'loyalty_raffle_entries',
  {
    appKey: text('app_key').notNull(),
    periodKey: text('period_key').notNull(),
    position: integer('position').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tickets: bigint('tickets', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.appKey, table.periodKey, table.position] }),
    index('loyalty_raffle_entries_user_idx').on(table.appKey, table.periodKey, table.userId),
  ],
);

/** A raffle's winners; each prize paid once through the engine (`paid_at` set beside the grant). */
export const loyaltyRaffleWinners = pgTable(
  'loyalty_raffle_winners',
  {
    appKey: text('app_key').notNull(),
    periodKey: text('period_key').notNull(),
    place: integer('place').notNull(),
    position: integer('position').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tickets: bigint('tickets', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The loyalty settings version whose prizes the draw froze (decision 048; 0: the code defaults). */
    configVersion: integer('config_version').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.appKey, table.periodKey, table.place] }),
    index('loyalty_raffle_winners_due_idx')
      .on(table.appKey, table.periodKey)
      .where(sql`paid_at is null`),
  ],
);

/**
 * A brand's operator-set loyalty settings (decision 045), one row per change: the level ladder, tasks, cash-back
 * rates and wheel prizes as they stand after it (`config`, the whole effective set). The highest version is in force;
 * older ones stay so that a spin drawn on an older wheel still verifies.
 */
export const loyaltyBrandConfigs = pgTable(
  'loyalty_brand_configs',
  {
    appKey: text('app_key').notNull(),
    version: integer('version').notNull(),
    config: jsonb('config').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.appKey, table.version] })],
);

/**
 * The loyalty settings version each paid loyalty reward was paid with (decision 048): written in the payment's
 * transaction beside the engine's grant, so an operator's later change never rewrites what a paid reward was.
 */
export const loyaltyRewardVersions = pgTable('loyalty_reward_versions', {
  bonusId: bigint('bonus_id', { mode: 'number' }).primaryKey(),
  appKey: text('app_key').notNull(),
  configVersion: integer('config_version').notNull(),
});
