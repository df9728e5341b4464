import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Betting: one row per bet (a single, an accumulator or a system bet), its legs, its cash-outs and the free-bet
 * grants that can stake one. Money never lives here: every stake, refund, payout and cash-out is a ledger transfer
 * whose external ref is the bet id, written in the same transaction as the row change it pays for.
 */
export const bets = pgTable(
  'bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    /** single_bet, bet_multi or system_bet. */
    kind: text('kind').notNull(),
    /** Series code: 1 for a single, N×1000+M otherwise (3001 treble, 3004 Trixie). */
    seriesCode: integer('series_code').notNull(),
    unitStakeMinor: bigint('unit_stake_minor', { mode: 'number' }).notNull(),
    lineCount: integer('line_count').notNull(),
    /** Stake still riding: unit × lines, less what partial cash-outs took. */
    stakeMinor: bigint('stake_minor', { mode: 'number' }).notNull(),
    /** Stake as placed (what bets_in_play received). */
    stakePlacedMinor: bigint('stake_placed_minor', { mode: 'number' }).notNull(),
    payoutMinorMax: bigint('payout_minor_max', { mode: 'number' }).notNull(),
    /** Order status: 1 confirming (live delay), 2 rejected, 4 confirmed, 5 settled. */
    status: smallint('status').notNull(),
    rejectReason: smallint('reject_reason'),
    /** Outcome code of spec §4 (0 open, 2 push, 3 lost, 4 won, 5 half won, 6 half lost, 7 cancelled). */
    outcome: smallint('outcome').notNull().default(0),
    payoutMinor: bigint('payout_minor', { mode: 'number' }),
    cashOutMinor: bigint('cash_out_minor', { mode: 'number' }).notNull().default(0),
    cashOutCount: integer('cash_out_count').notNull().default(0),
    /**
     * Prize withholding the bet's payments kept back so far (Mexico's ISR, decision 060): what its net win — cash-outs
     * and the settlement's credit, less the stake — asks at the brand's rate. A resettlement moves the difference.
     */
    withheldMinor: bigint('withheld_minor', { mode: 'number' }).notNull().default(0),
    /** 0 accept none, 1 better, 2 any. */
    oddsChange: smallint('odds_change').notNull(),
    live: boolean('live').notNull(),
    freeBet: boolean('free_bet').notNull().default(false),
    /** The grant a free bet was staked from (its refund goes back there). */
    freeBetGrantId: bigint('free_bet_grant_id', { mode: 'number' }),
    /** When the live acceptance delay ends. */
    acceptAt: timestamp('accept_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('bets_user_idx').on(table.userId, table.createdAt),
    // The message job reads bets settled as won since its cursor (decision 028).
    index('bets_won_settled_idx')
      .on(table.settledAt)
      .where(sql`outcome in (4, 5)`),
    // The loyalty pass reads bets settled since its cursor (decision 026).
    index('bets_settled_idx')
      .on(table.settledAt)
      .where(sql`status = 5`),
    index('bets_open_idx')
      .on(table.id)
      .where(sql`status in (1, 4)`),
    check('bets_stake_check', sql`stake_minor >= 0 and stake_placed_minor > 0`),
  ],
);

export const betLegs = pgTable(
  'bet_legs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    betId: bigint('bet_id', { mode: 'number' })
      .notNull()
      .references(() => bets.id),
    legIndex: smallint('leg_index').notNull(),
    matchId: bigint('match_id', { mode: 'number' }).notNull(),
    marketId: bigint('market_id', { mode: 'number' }).notNull(),
    marketType: integer('market_type').notNull(),
    period: integer('period').notNull(),
    line: text('line'),
    optionType: integer('option_type').notNull(),
    matchName: text('match_name').notNull(),
    oddsThousandths: integer('odds_thousandths').notNull(),
    live: boolean('live').notNull(),
    scoreHome: integer('score_home').notNull(),
    scoreAway: integer('score_away').notNull(),
    /** Outcome code of spec §4; 0 while open. */
    outcome: smallint('outcome').notNull().default(0),
  },
  (table) => [uniqueIndex('bet_legs_bet_index_key').on(table.betId, table.legIndex), index('bet_legs_match_idx').on(table.matchId)],
);

export const betCashOuts = pgTable(
  'bet_cash_outs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    betId: bigint('bet_id', { mode: 'number' })
      .notNull()
      .references(() => bets.id),
    stakeMinor: bigint('stake_minor', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('bet_cash_outs_bet_idx').on(table.betId)],
);

/** A free-bet balance granted by the bonus engine; `remaining` only falls, and never below zero. */
export const freeBetGrants = pgTable(
  'free_bet_grants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    remainingMinor: bigint('remaining_minor', { mode: 'number' }).notNull(),
    /** Who granted it and why (e.g. bonus id); unique per user so a grant replays to nothing. */
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The bonus campaign that granted it (decision 024); null for grants made before campaigns granted free bets. */
    campaignId: text('campaign_id'),
    /** Lowest total odds (thousandths) it may be staked at; null for any. */
    oddsMinThousandths: integer('odds_min_thousandths'),
    /** After this it can no longer be staked; null never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('free_bet_grants_reason_key').on(table.userId, table.reason),
    check('free_bet_grants_remaining_check', sql`remaining_minor >= 0 and remaining_minor <= amount_minor`),
  ],
);
