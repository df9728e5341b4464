import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Activities (issue 19, decision 031): operator-made templates per brand. A player's progress is not stored — it is
 * recomputed from paid pay-in orders — and each claimed tier is a bonus of the engine under the activity's own
 * campaign (`<brand>:activity:<id>`), whose unique (campaign, player, trigger) key pays it once.
 */
export const activities = pgTable(
  'activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appKey: text('app_key').notNull(),
    /** first_charge, daily_deposit, total_deposit, bet_reward, daily_cash, week_cash, free_bet or ui_switch_reward (domain `ActivityKind`). */
    kind: text('kind').notNull(),
    /** Its art (domain `ActivityTheme`): standard, or christmas — the same rules with a seasonal page (decision 061). */
    theme: text('theme').notNull().default('standard'),
    /** The operator's name for it (shown as is; the page's own texts are translated). */
    name: text('name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** [{ thresholdMinor, rewardMinor }], thresholds rising. */
    tiers: jsonb('tiers').$type<{ thresholdMinor: number; rewardMinor: number }[]>().notNull(),
    wageringMultiplier: integer('wagering_multiplier').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('activities_brand_idx').on(table.appKey, table.endsAt),
    // Turning the newer UI on is rewarded once per player ever: a brand has at most one such activity (decision 061).
    uniqueIndex('activities_ui_switch_once')
      .on(table.appKey)
      .where(sql`kind = 'ui_switch_reward'`),
  ],
);
