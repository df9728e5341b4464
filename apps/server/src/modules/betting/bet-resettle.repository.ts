import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { betLegResults, betResettlements, wallets } from '../../db/schema/index.ts';

export type BetLegResultRow = typeof betLegResults.$inferSelect;
export type BetResettlementRow = typeof betResettlements.$inferSelect;
export type BetResettlementInsert = typeof betResettlements.$inferInsert;

/**
 * Bets with a leg on the match whose saved outcome was decided under a revision older than `revision` (a leg with
 * no `bet_leg_results` row was decided under revision 1). Legs still open are not listed: they settle on the
 * latest result anyway.
 */
export async function betIdsWithStaleLegs(db: DbOrTx, matchId: number, revision: number): Promise<number[]> {
  const rows = await rowsOf<{ bet_id: string | number }>(
    db,
    sql`
    select distinct l.bet_id from bet_legs l left join bet_leg_results r on r.leg_id = l.id
    where l.match_id = ${matchId} and l.outcome <> 0 and coalesce(r.revision, 1) < ${revision}
    order by l.bet_id`,
  );
  return rows.map((row) => Number(row.bet_id));
}

export async function legResultsOf(db: DbOrTx, legIds: readonly number[]): Promise<BetLegResultRow[]> {
  if (legIds.length === 0) return [];
  return db
    .select()
    .from(betLegResults)
    .where(inArray(betLegResults.legId, [...legIds]));
}

export async function legResultSet(tx: DbOrTx, row: BetLegResultRow): Promise<void> {
  await tx
    .insert(betLegResults)
    .values(row)
    .onConflictDoUpdate({
      target: betLegResults.legId,
      set: { revision: row.revision, scoreHome: row.scoreHome, scoreAway: row.scoreAway, updatedAt: row.updatedAt },
    });
}

/** The bet's latest resettlement row: its `owedMinor` is what the player still owes on the bet. */
export async function resettlementLatest(db: DbOrTx, betId: number): Promise<BetResettlementRow | undefined> {
  const [row] = await db.select().from(betResettlements).where(eq(betResettlements.betId, betId)).orderBy(desc(betResettlements.id)).limit(1);
  return row;
}

export async function resettlementCount(db: DbOrTx, betId: number, kind: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(betResettlements)
    .where(and(eq(betResettlements.betId, betId), eq(betResettlements.kind, kind)));
  return row?.value ?? 0;
}

export async function resettlementInsert(tx: DbOrTx, row: BetResettlementInsert): Promise<void> {
  await tx.insert(betResettlements).values(row);
}

export async function resettlementsOfBets(db: DbOrTx, betIds: readonly number[]): Promise<BetResettlementRow[]> {
  if (betIds.length === 0) return [];
  return db
    .select()
    .from(betResettlements)
    .where(inArray(betResettlements.betId, [...betIds]))
    .orderBy(asc(betResettlements.id));
}

/**
 * The player's balance, with the wallet row locked until the transaction ends: a reversal reads what it may take and
 * takes it with no placement or cash-out in between (the ledger's conditional debit would refuse an overdraft anyway).
 */
export async function walletBalanceLock(tx: DbOrTx, userId: number, currency: string): Promise<number> {
  const [row] = await tx
    .select({ balanceMinor: wallets.balanceMinor })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.currency, currency)))
    .for('update');
  return row?.balanceMinor ?? 0;
}
