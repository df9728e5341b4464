import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { betAutoCashOuts, bets } from '../../db/schema/index.ts';
import type { BetRow } from './betting.repository.ts';

/** Auto cash-out targets (db/schema/betting-2.ts). */

export async function autoCashOutSet(tx: DbOrTx, values: { betId: number; userId: number; targetMinor: number; createdAt: Date }): Promise<void> {
  await tx
    .insert(betAutoCashOuts)
    .values(values)
    .onConflictDoUpdate({
      target: betAutoCashOuts.betId,
      set: { targetMinor: values.targetMinor, createdAt: values.createdAt, executedAt: null, amountMinor: null },
    });
}

export async function autoCashOutRemove(tx: DbOrTx, betId: number): Promise<void> {
  await tx.delete(betAutoCashOuts).where(and(eq(betAutoCashOuts.betId, betId), isNull(betAutoCashOuts.executedAt)));
}

export async function autoCashOutExecuted(tx: DbOrTx, betId: number, amountMinor: number, at: Date): Promise<void> {
  await tx.update(betAutoCashOuts).set({ executedAt: at, amountMinor }).where(eq(betAutoCashOuts.betId, betId));
}

/** Targets not executed yet, oldest bet first. */
export async function autoCashOutsArmed(db: DbOrTx): Promise<{ betId: number; targetMinor: number }[]> {
  return db
    .select({ betId: betAutoCashOuts.betId, targetMinor: betAutoCashOuts.targetMinor })
    .from(betAutoCashOuts)
    .where(isNull(betAutoCashOuts.executedAt))
    .orderBy(betAutoCashOuts.betId)
    .limit(1000);
}

/** Armed targets of these bets, by bet id. */
export async function autoCashOutsOfBets(db: DbOrTx, betIds: readonly number[]): Promise<Map<number, number>> {
  if (betIds.length === 0) return new Map();
  const rows = await db
    .select({ betId: betAutoCashOuts.betId, targetMinor: betAutoCashOuts.targetMinor })
    .from(betAutoCashOuts)
    .where(and(inArray(betAutoCashOuts.betId, [...betIds]), isNull(betAutoCashOuts.executedAt)));
  return new Map(rows.map((row) => [row.betId, row.targetMinor]));
}

/** Bets by id whoever owns them (the worker's view). */
export async function betsOfIdsAny(db: DbOrTx, ids: readonly number[]): Promise<BetRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(bets)
    .where(inArray(bets.id, [...ids]));
}
