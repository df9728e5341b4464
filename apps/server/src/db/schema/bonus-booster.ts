import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bonusCampaigns } from './bonus.ts';

/**
 * Booster cards (issue 17, decision 044). A card is granted by a booster campaign (its codes), activated by the
 * player, attached by the bonus pass to their next qualifying bet (or it boosts a casino session), and paid once at
 * settlement; a resettlement moves only the difference. (campaign, user, trigger) is unique like a bonus's.
 */
export const bonusBoosters = pgTable(
  'bonus_boosters',
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
    /** The card's terms copied from its campaign (domain `BoosterTerms`), so an edit never changes a player's deal. */
    terms: jsonb('terms').notNull(),
    /** 0 ready, 1 active, 2 attached to a bet, 3 paid, 4 expired (domain `BOOSTER_STATUS`). */
    status: smallint('status').notNull(),
    betId: bigint('bet_id', { mode: 'number' }),
    /** What the card has paid so far, and the settlement (bet settled_at) it was paid for. */
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull().default(0),
    paidVersion: text('paid_version'),
    /** pay_as bonus: the bonus that carries the extra. */
    paidBonusId: bigint('paid_bonus_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bonus_boosters_campaign_user_trigger_key').on(table.campaignId, table.userId, table.triggerRef),
    index('bonus_boosters_user_idx').on(table.userId, table.id),
    // One card active per player: the next bet is raised by exactly one card.
    uniqueIndex('bonus_boosters_active_key')
      .on(table.userId)
      .where(sql`status = 1`),
    // A bet is raised by one card at most.
    uniqueIndex('bonus_boosters_bet_key')
      .on(table.betId)
      .where(sql`bet_id is not null`),
    index('bonus_boosters_open_idx')
      .on(table.status)
      .where(sql`status in (1, 2, 3)`),
    check('bonus_boosters_paid_check', sql`paid_minor >= 0`),
  ],
);
