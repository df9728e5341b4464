import type { BoosterStatus, BoosterTerms } from '@piranha/domain';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { bonusBoosters } from '../../db/schema/index.ts';

/** Booster cards' SQL (decision 044). */

export interface BoosterRow {
  id: number;
  userId: number;
  campaignId: string;
  triggerRef: string;
  currency: string;
  terms: BoosterTerms;
  status: BoosterStatus;
  betId: number | null;
  paidMinor: number;
  paidVersion: string | null;
  paidBonusId: number | null;
  expiresAt: Date;
  createdAt: Date;
  activatedAt: Date | null;
  paidAt: Date | null;
}

function boosterOf(row: typeof bonusBoosters.$inferSelect): BoosterRow {
  return { ...row, status: row.status as BoosterStatus, terms: row.terms as BoosterTerms };
}

/** Inserts a card unless (campaign, user, trigger) has one; answers the new row only when this call made it. */
export async function boosterInsert(db: DbOrTx, row: typeof bonusBoosters.$inferInsert): Promise<BoosterRow | undefined> {
  const [inserted] = await db.insert(bonusBoosters).values(row).onConflictDoNothing().returning();
  return inserted && boosterOf(inserted);
}

export async function boostersOfUser(db: DbOrTx, userId: number, limit: number): Promise<BoosterRow[]> {
  const rows = await db.select().from(bonusBoosters).where(eq(bonusBoosters.userId, userId)).orderBy(desc(bonusBoosters.id)).limit(limit);
  return rows.map(boosterOf);
}

/** A player's cards that are ready or active, locked in id order so two activations take turns. */
export async function boostersOpenOfUserForUpdate(db: DbOrTx, userId: number): Promise<BoosterRow[]> {
  const rows = await db
    .select()
    .from(bonusBoosters)
    .where(and(eq(bonusBoosters.userId, userId), inArray(bonusBoosters.status, [0, 1])))
    .orderBy(bonusBoosters.id)
    .for('update');
  return rows.map(boosterOf);
}

export async function boosterOfUser(db: DbOrTx, userId: number, id: number): Promise<BoosterRow | undefined> {
  const [row] = await db
    .select()
    .from(bonusBoosters)
    .where(and(eq(bonusBoosters.id, id), eq(bonusBoosters.userId, userId)));
  return row && boosterOf(row);
}

export async function boosterForUpdate(db: DbOrTx, id: number): Promise<BoosterRow | undefined> {
  const [row] = await db.select().from(bonusBoosters).where(eq(bonusBoosters.id, id)).for('update');
  return row && boosterOf(row);
}

export async function boosterSet(db: DbOrTx, id: number, change: Partial<typeof bonusBoosters.$inferInsert>): Promise<void> {
  await db.update(bonusBoosters).set(change).where(eq(bonusBoosters.id, id));
}

/** Active cards of a target, locked (skipping those another pass holds). */
export async function boostersActiveTake(db: DbOrTx, target: 'sports' | 'casino', limit: number): Promise<BoosterRow[]> {
  const rows = await db
    .select()
    .from(bonusBoosters)
    .where(and(eq(bonusBoosters.status, 1), sql`${bonusBoosters.terms}->>'target' = ${target}`))
    .orderBy(bonusBoosters.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map(boosterOf);
}

export interface BoosterBetCandidate {
  id: string;
  stake_minor: string;
  free_bet: boolean;
  line_count: number;
  odds: number[];
}

/** The player's bets placed while the card was active and before it expired, not raised by another card, oldest first. */
export async function boosterBetCandidates(db: DbOrTx, card: BoosterRow, limit: number): Promise<BoosterBetCandidate[]> {
  return rowsOf<BoosterBetCandidate>(
    db,
    sql`
    select b.id::text as id, b.stake_placed_minor::text as stake_minor, b.free_bet, b.line_count,
      array(select l.odds_thousandths from bet_legs l where l.bet_id = b.id order by l.leg_index) as odds
    from bets b
    where b.user_id = ${card.userId} and b.currency = ${card.currency} and b.created_at >= ${card.activatedAt}
      and b.created_at < ${card.expiresAt} and b.status in (1, 4, 5)
      and not exists (select 1 from bonus_boosters x where x.bet_id = b.id)
    order by b.created_at, b.id
    limit ${limit}`,
  );
}

/** Cards whose bet was rejected or cancelled after they were attached: they go back to waiting for the next bet. */
export async function boostersDetachVoided(db: DbOrTx): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`
    update bonus_boosters x set status = 1, bet_id = null
    from bets b where x.status = 2 and x.bet_id = b.id and b.status in (2, 3)
    returning x.id::text as id`,
  );
  return rows.length;
}

/** Sports cards whose bet has settled since they were last paid (first settlement, or a resettlement). */
export async function boostersDueIds(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`
    select x.id::text as id from bonus_boosters x join bets b on b.id = x.bet_id
    where x.status in (2, 3) and b.status = 5 and x.paid_version is distinct from b.settled_at::text
    order by x.id limit ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

export interface BoosterBetSettled {
  status: number;
  stake_minor: string;
  payout_minor: string | null;
  version: string | null;
}

export async function boosterBetOf(db: DbOrTx, betId: number): Promise<BoosterBetSettled | undefined> {
  const [row] = await rowsOf<BoosterBetSettled>(
    db,
    sql`select status, stake_minor::text as stake_minor, payout_minor::text as payout_minor, settled_at::text as version from bets where id = ${betId}`,
  );
  return row;
}

/** A casino card's session: the net win (wins less stakes) of its settled paid rounds between activation and the end. */
export async function boosterSessionNetWin(db: DbOrTx, card: BoosterRow, endAt: Date): Promise<number> {
  const [row] = await rowsOf<{ net: string | null }>(
    db,
    sql`
    select coalesce(sum(win - stake), 0)::text as net from casino_rounds
    where user_id = ${card.userId} and currency = ${card.currency} and status = 'settled' and free_round_id is null
      and created_at >= ${card.activatedAt} and created_at < ${endAt}`,
  );
  return Number(row?.net ?? 0);
}

/** Ready cards, and active sports cards that met no bet, past their expiry (an active casino session runs to its end). */
export async function boostersExpire(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(bonusBoosters)
    .set({ status: 4 })
    .where(
      and(
        sql`(${bonusBoosters.status} = 0 or (${bonusBoosters.status} = 1 and ${bonusBoosters.terms}->>'target' = 'sports'))`,
        lte(bonusBoosters.expiresAt, now),
      ),
    )
    .returning({ id: bonusBoosters.id });
  return rows.length;
}

export async function walletBalanceOf(db: DbOrTx, userId: number, currency: string): Promise<number> {
  const [row] = await rowsOf<{ balance: string }>(
    db,
    sql`select balance_minor::text as balance from wallets where user_id = ${userId} and currency = ${currency}`,
  );
  return Number(row?.balance ?? 0);
}
