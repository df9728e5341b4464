import { and, asc, count, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { betCashOuts, betLegs, bets, freeBetGrants } from '../../db/schema/index.ts';

export type BetRow = typeof bets.$inferSelect;
export type BetLegRow = typeof betLegs.$inferSelect;
export type BetInsert = typeof bets.$inferInsert;
export type BetLegInsert = Omit<typeof betLegs.$inferInsert, 'betId'>;

/** What a placement needs back from the insert. */
export interface BetInserted {
  id: number;
  status: number;
  stakeMinor: number;
}

/**
 * The bet row and its legs in one statement (one round trip on the placement's hot path). Columns left out keep
 * their defaults: outcome 0, no payout, no cash-out.
 */
export async function betInsert(tx: DbOrTx, bet: Omit<BetInsert, 'id'>, legs: readonly BetLegInsert[]): Promise<BetInserted> {
  const legValues = sql.join(
    legs.map(
      (leg) =>
        sql`(${leg.legIndex}::smallint, ${leg.matchId}::bigint, ${leg.marketId}::bigint, ${leg.marketType}::integer, ${leg.period}::integer,
          ${leg.line ?? null}::text, ${leg.optionType}::integer, ${leg.matchName}::text, ${leg.oddsThousandths}::integer, ${leg.live}::boolean,
          ${leg.scoreHome}::integer, ${leg.scoreAway}::integer)`,
    ),
    sql`, `,
  );
  const [row] = await rowsOf<{ id: string | number; status: number; stake_minor: string | number }>(
    tx,
    sql`with b as (
        insert into bets (user_id, currency, kind, series_code, unit_stake_minor, line_count, stake_minor, stake_placed_minor,
          payout_minor_max, status, odds_change, live, free_bet, free_bet_grant_id, accept_at, created_at)
        values (${bet.userId}, ${bet.currency}, ${bet.kind}, ${bet.seriesCode}, ${bet.unitStakeMinor}, ${bet.lineCount}, ${bet.stakeMinor},
          ${bet.stakePlacedMinor}, ${bet.payoutMinorMax}, ${bet.status}, ${bet.oddsChange}, ${bet.live}, ${bet.freeBet ?? false},
          ${bet.freeBetGrantId ?? null}::bigint, ${bet.acceptAt?.toISOString() ?? null}::timestamptz, ${bet.createdAt.toISOString()}::timestamptz)
        returning id, status, stake_minor
      ), l as (
        insert into bet_legs (bet_id, leg_index, match_id, market_id, market_type, period, line, option_type, match_name, odds_thousandths,
          live, score_home, score_away)
        select b.id, v.* from b cross join (values ${legValues}) as v
      )
      select id, status, stake_minor from b`,
  );
  if (!row) throw new Error('bet insert returned nothing');
  return { id: Number(row.id), status: Number(row.status), stakeMinor: Number(row.stake_minor) };
}

export async function betsOfIds(db: DbOrTx, userId: number, ids: readonly number[]): Promise<BetRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(bets)
    .where(and(eq(bets.userId, userId), inArray(bets.id, [...ids])));
}

export async function betOfId(db: DbOrTx, betId: number): Promise<BetRow | undefined> {
  const [row] = await db.select().from(bets).where(eq(bets.id, betId));
  return row;
}

/** Locks the bet row for the rest of the transaction (cash-out and settlement serialise on it). */
export async function betLock(tx: DbOrTx, betId: number): Promise<BetRow | undefined> {
  const [row] = await tx.select().from(bets).where(eq(bets.id, betId)).for('update');
  return row;
}

export async function legsOfBets(db: DbOrTx, betIds: readonly number[]): Promise<BetLegRow[]> {
  if (betIds.length === 0) return [];
  return db
    .select()
    .from(betLegs)
    .where(inArray(betLegs.betId, [...betIds]))
    .orderBy(asc(betLegs.betId), asc(betLegs.legIndex));
}

export async function betsWithStatus(db: DbOrTx, status: number, limit: number, afterId = 0): Promise<BetRow[]> {
  return db
    .select()
    .from(bets)
    .where(and(eq(bets.status, status), gt(bets.id, afterId)))
    .orderBy(asc(bets.id))
    .limit(limit);
}

/** Moves a bet from one status to another; false when someone else moved it first (so work happens once). */
export async function betStatusMove(tx: DbOrTx, betId: number, from: number, to: Partial<BetRow> & { status: number }): Promise<boolean> {
  const rows = await tx
    .update(bets)
    .set(to)
    .where(and(eq(bets.id, betId), eq(bets.status, from)))
    .returning({ id: bets.id });
  return rows.length === 1;
}

export async function betUpdate(tx: DbOrTx, betId: number, values: Partial<BetRow>): Promise<void> {
  await tx.update(bets).set(values).where(eq(bets.id, betId));
}

export async function legOutcomeSet(tx: DbOrTx, legId: number, outcome: number): Promise<void> {
  await tx.update(betLegs).set({ outcome }).where(eq(betLegs.id, legId));
}

export interface BetPageQuery {
  userId: number;
  settled: boolean;
  fromAt: Date;
  toAt: Date;
  offset: number;
  limit: number;
}

export async function betsPage(db: DbOrTx, query: BetPageQuery): Promise<{ rows: BetRow[]; total: number }> {
  const where = and(
    eq(bets.userId, query.userId),
    query.settled ? inArray(bets.status, [2, 3, 5]) : inArray(bets.status, [0, 1, 4]),
    gte(bets.createdAt, query.fromAt),
    lt(bets.createdAt, query.toAt),
  );
  const rows = await db.select().from(bets).where(where).orderBy(desc(bets.createdAt), desc(bets.id)).limit(query.limit).offset(query.offset);
  const [total] = await db.select({ value: count() }).from(bets).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function cashOutInsert(tx: DbOrTx, betId: number, stakeMinor: number, amountMinor: number, at: Date): Promise<void> {
  await tx.insert(betCashOuts).values({ betId, stakeMinor, amountMinor, createdAt: at });
}

export async function cashOutsOfBets(db: DbOrTx, betIds: readonly number[]) {
  if (betIds.length === 0) return [];
  return db
    .select()
    .from(betCashOuts)
    .where(inArray(betCashOuts.betId, [...betIds]))
    .orderBy(asc(betCashOuts.id));
}

export async function freeBetGrantInsert(
  tx: DbOrTx,
  grant: { userId: number; currency: string; amountMinor: number; reason: string; at: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(freeBetGrants)
    .values({
      userId: grant.userId,
      currency: grant.currency,
      amountMinor: grant.amountMinor,
      remainingMinor: grant.amountMinor,
      reason: grant.reason,
      createdAt: grant.at,
    })
    .onConflictDoNothing()
    .returning({ id: freeBetGrants.id });
  return rows.length === 1;
}

export async function freeBetGrantsOf(db: DbOrTx, userId: number, currency: string) {
  return db
    .select()
    .from(freeBetGrants)
    .where(and(eq(freeBetGrants.userId, userId), eq(freeBetGrants.currency, currency)))
    .orderBy(asc(freeBetGrants.id));
}

/**
 * Takes a free stake from the oldest grant that covers it. The conditional update re-checks `remaining` on the
 * latest row version, so concurrent free bets can never spend a grant twice.
 */
export async function freeBetGrantDebit(tx: DbOrTx, userId: number, currency: string, amountMinor: number): Promise<number | undefined> {
  const rows = await rowsOf<{ id: string | number }>(
    tx,
    sql`
    update free_bet_grants set remaining_minor = remaining_minor - ${amountMinor}
    where id = (
      select id from free_bet_grants
      where user_id = ${userId} and currency = ${currency} and remaining_minor >= ${amountMinor}
      order by id limit 1 for update skip locked
    ) and remaining_minor >= ${amountMinor}
    returning id`,
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}

export async function freeBetGrantRefund(tx: DbOrTx, grantId: number, amountMinor: number): Promise<void> {
  await tx
    .update(freeBetGrants)
    .set({ remainingMinor: sql`${freeBetGrants.remainingMinor} + ${amountMinor}` })
    .where(eq(freeBetGrants.id, grantId));
}
