import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { betLegs, bets } from './betting.ts';

/**
 * Resettlement after a corrected result (betting README). A leg whose saved outcome was decided under a result
 * revision above 1 has a row here with that revision and the final score it read; no row means revision 1. A
 * resettlement writes it in the same transaction as its transfers, so a rerun, a crash and a restart, or two nodes,
 * find the leg up to date and move no money twice.
 */
export const betLegResults = pgTable(
  'bet_leg_results',
  {
    legId: bigint('leg_id', { mode: 'number' })
      .primaryKey()
      .references(() => betLegs.id),
    betId: bigint('bet_id', { mode: 'number' })
      .notNull()
      .references(() => bets.id),
    /** The result revision the leg's outcome was last decided under. */
    revision: integer('revision').notNull(),
    scoreHome: integer('score_home').notNull(),
    scoreAway: integer('score_away').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('bet_leg_results_bet_idx').on(table.betId)],
);

/**
 * One row per money-moving change a corrected result made to a bet: `resettle` (reversed and settled again),
 * `reopen` (reversed; a leg it lost on is now won and others are still open) or `settle` (a reopened bet settled
 * again). `ref` is the external ref of its transfers. `owedMinor` is what the player owes on this bet after the row —
 * a reversal the wallet could not cover (winnings already spent); the bet's latest row holds its debt.
 */
export const betResettlements = pgTable(
  'bet_resettlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    betId: bigint('bet_id', { mode: 'number' })
      .notNull()
      .references(() => bets.id),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    outcomeBefore: smallint('outcome_before').notNull(),
    outcomeAfter: smallint('outcome_after').notNull(),
    /** The return before (null when the bet was open) and after (null when it was reopened). */
    payoutBeforeMinor: bigint('payout_before_minor', { mode: 'number' }),
    payoutAfterMinor: bigint('payout_after_minor', { mode: 'number' }),
    /** Taken back from the player (the earlier credit and any earlier debt, as far as the wallet covered them). */
    takenMinor: bigint('taken_minor', { mode: 'number' }).notNull(),
    /** Credited to the player by the settlement under the corrected result. */
    creditedMinor: bigint('credited_minor', { mode: 'number' }).notNull(),
    owedMinor: bigint('owed_minor', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('bet_resettlements_ref_key').on(table.ref),
    index('bet_resettlements_bet_idx').on(table.betId, table.id),
    check('bet_resettlements_amounts_check', sql`taken_minor >= 0 and credited_minor >= 0 and owed_minor >= 0`),
  ],
);
