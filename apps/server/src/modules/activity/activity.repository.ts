import type { ActivityKind, ActivityTheme, ActivityTier } from '@piranha/domain';
import { and, asc, eq, gt, like, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { activities, bonuses, casinoUserPrefs, freeBetGrants } from '../../db/schema/index.ts';

/** Activities' only SQL (issue 19, decision 031). */

export interface ActivityRow {
  id: number;
  appKey: string;
  kind: ActivityKind;
  theme: ActivityTheme;
  name: string;
  startsAt: Date;
  endsAt: Date;
  tiers: ActivityTier[];
  wageringMultiplier: number;
}

const rowOf = (row: typeof activities.$inferSelect): ActivityRow => ({ ...row, kind: row.kind as ActivityKind, theme: row.theme as ActivityTheme });

export async function activityInsert(db: DbOrTx, row: Omit<ActivityRow, 'id'>, at: Date): Promise<ActivityRow> {
  const [inserted] = await db
    .insert(activities)
    .values({ ...row, createdAt: at, updatedAt: at })
    .returning();
  return rowOf(inserted!);
}

export async function activityUpdate(db: DbOrTx, id: number, change: Pick<ActivityRow, 'name' | 'startsAt' | 'endsAt' | 'tiers' | 'theme'>, at: Date) {
  const [updated] = await db
    .update(activities)
    .set({ ...change, updatedAt: at })
    .where(eq(activities.id, id))
    .returning();
  return updated === undefined ? undefined : rowOf(updated);
}

export async function activityFind(db: DbOrTx, id: number): Promise<ActivityRow | undefined> {
  const [row] = await db.select().from(activities).where(eq(activities.id, id));
  return row === undefined ? undefined : rowOf(row);
}

/** A brand's activities not ended before `endedSince`, soonest ending first. */
export async function activitiesOfBrand(db: DbOrTx, appKey: string, endedSince: Date): Promise<ActivityRow[]> {
  const rows = await db
    .select()
    .from(activities)
    .where(and(eq(activities.appKey, appKey), gt(activities.endsAt, endedSince)))
    .orderBy(asc(activities.endsAt), asc(activities.id))
    .limit(50);
  return rows.map(rowOf);
}

/** The player's paid pay-ins in the currency, oldest first: the durable facts every deposit activity reads. */
export async function depositsPaidOf(db: DbOrTx, userId: number, currency: string): Promise<{ amountMinor: number; paidAt: Date }[]> {
  const rows = await rowsOf<{ amount_minor: string; paid_at: Date | string }>(
    db,
    sql`select amount_minor::text, updated_at as paid_at from payment_orders
        where user_id = ${userId} and direction = 'payin' and status = 4 and currency = ${currency}
        order by updated_at, id`,
  );
  return rows.map((row) => ({ amountMinor: Number(row.amount_minor), paidAt: new Date(row.paid_at) }));
}

/**
 * The stakes of the player's settled sports bets in the currency (what bet-reward reads): free bets count nothing (the
 * house paid), nor do void, push or cancelled outcomes — as loyalty counts turnover (decision 026).
 */
export async function betsSettledOf(db: DbOrTx, userId: number, currency: string): Promise<{ amountMinor: number; paidAt: Date }[]> {
  const rows = await rowsOf<{ amount_minor: string; paid_at: Date | string }>(
    db,
    sql`select stake_minor::text as amount_minor, settled_at as paid_at from bets
        where user_id = ${userId} and status = 5 and not free_bet and settled_at is not null and outcome in (3, 4, 5, 6)
          and currency = ${currency}
        order by settled_at, id`,
  );
  return rows.map((row) => ({ amountMinor: Number(row.amount_minor), paidAt: new Date(row.paid_at) }));
}

/** A brand's ui-switch-reward activity, if it has one (at most one: a unique index, decision 061). */
export async function uiSwitchActivityOf(db: DbOrTx, appKey: string): Promise<ActivityRow | undefined> {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.appKey, appKey), eq(activities.kind, 'ui_switch_reward')));
  return row === undefined ? undefined : rowOf(row);
}

/**
 * The first time the player switched the newer UI on, as the server recorded it (`casino_user_prefs.first_on_at`), as
 * the one fact ui-switch-reward reads; none when never switched on.
 */
export async function uiSwitchedOnOf(db: DbOrTx, userId: number): Promise<{ amountMinor: number; paidAt: Date }[]> {
  const [row] = await db.select({ firstOnAt: casinoUserPrefs.firstOnAt }).from(casinoUserPrefs).where(eq(casinoUserPrefs.userId, userId));
  return row?.firstOnAt ? [{ amountMinor: 1, paidAt: row.firstOnAt }] : [];
}

/** What the player has won from an activity: the engine's grants under its campaign (bonuses, or free bets). */
export async function activityWinsOf(db: DbOrTx, userId: number, campaignId: string, reward: 'bonus' | 'free_bet') {
  if (reward === 'free_bet') {
    const prefix = `bonus:${campaignId}:`;
    const rows = await db
      .select({ reason: freeBetGrants.reason, amountMinor: freeBetGrants.amountMinor, createdAt: freeBetGrants.createdAt })
      .from(freeBetGrants)
      .where(and(eq(freeBetGrants.userId, userId), eq(freeBetGrants.campaignId, campaignId), like(freeBetGrants.reason, `${prefix}activity:%`)))
      .orderBy(asc(freeBetGrants.id));
    return rows.map((row) => ({ triggerRef: row.reason.slice(prefix.length), amountMinor: row.amountMinor, createdAt: row.createdAt }));
  }
  return db
    .select({ triggerRef: bonuses.triggerRef, amountMinor: bonuses.amountMinor, createdAt: bonuses.createdAt })
    .from(bonuses)
    .where(and(eq(bonuses.userId, userId), eq(bonuses.campaignId, campaignId), like(bonuses.triggerRef, 'activity:%')))
    .orderBy(asc(bonuses.id));
}
