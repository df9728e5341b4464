import { and, asc, count, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { betCashOuts, betLegs, bets, freeBetGrants } from '../../db/schema/index.ts';
import { transferCtes, type TransferRows } from '../ledger/ledger.service.ts';

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

/** The bet's columns (all but id and those left to their defaults) and their values as one SQL select list. */
const BET_COLUMNS = sql.raw(`user_id, currency, kind, series_code, unit_stake_minor, line_count, stake_minor, stake_placed_minor,
  payout_minor_max, status, odds_change, live, free_bet, free_bet_grant_id, accept_at, created_at`);

function betValues(bet: Omit<BetInsert, 'id'>): SQL {
  return sql`${bet.userId}::bigint, ${bet.currency}::text, ${bet.kind}::text, ${bet.seriesCode}::integer, ${bet.unitStakeMinor}::bigint,
    ${bet.lineCount}::integer, ${bet.stakeMinor}::bigint, ${bet.stakePlacedMinor}::bigint, ${bet.payoutMinorMax}::bigint, ${bet.status}::smallint,
    ${bet.oddsChange}::smallint, ${bet.live}::boolean, ${bet.freeBet ?? false}::boolean, ${bet.freeBetGrantId ?? null}::bigint,
    ${bet.acceptAt?.toISOString() ?? null}::timestamptz, ${bet.createdAt.toISOString()}::timestamptz`;
}

/** The CTE `bl` inserting the legs of the bet returned by the CTE `b`. */
function legsCte(legs: readonly BetLegInsert[]): SQL {
  const values = sql.join(
    legs.map(
      (leg) =>
        sql`(${leg.legIndex}::smallint, ${leg.matchId}::bigint, ${leg.marketId}::bigint, ${leg.marketType}::integer, ${leg.period}::integer,
          ${leg.line ?? null}::text, ${leg.optionType}::integer, ${leg.matchName}::text, ${leg.oddsThousandths}::integer, ${leg.live}::boolean,
          ${leg.scoreHome}::integer, ${leg.scoreAway}::integer)`,
    ),
    sql`, `,
  );
  return sql`bl as (
      insert into bet_legs (bet_id, leg_index, match_id, market_id, market_type, period, line, option_type, match_name, odds_thousandths,
        live, score_home, score_away)
      select b.id, v.* from b cross join (values ${values}) as v
    )`;
}

type InsertedRow = { id: string | number; status: number | string; stake_minor: string | number };
const insertedOf = (row: InsertedRow): BetInserted => ({ id: Number(row.id), status: Number(row.status), stakeMinor: Number(row.stake_minor) });

/**
 * The bet row and its legs in one statement, inside the caller's transaction. Columns left out keep their defaults:
 * outcome 0, no payout, no cash-out.
 */
export async function betInsert(tx: DbOrTx, bet: Omit<BetInsert, 'id'>, legs: readonly BetLegInsert[]): Promise<BetInserted> {
  const [row] = await rowsOf<InsertedRow>(
    tx,
    sql`with b as (insert into bets (${BET_COLUMNS}) select ${betValues(bet)} returning id, status, stake_minor), ${legsCte(legs)}
      select id, status, stake_minor from b`,
  );
  if (!row) throw new Error('bet insert returned nothing');
  return insertedOf(row);
}

/** Raised by the database when a one-statement placement's wallet debit did not apply: everything it wrote is undone. */
const ABORT_INSUFFICIENT = 'piranha_abort:INSUFFICIENT_FUNDS';
const ABORT_SESSION = 'piranha_abort:SESSION_EXPIRED';
const ABORT_SAFER = 'piranha_abort:SAFER_PLAY';

/** The placement statement aborted on the safer-play guard (a block in force, a limit the stake passes). */
export class SaferPlayRefused extends Error {}

/**
 * A whole placement of one bet as ONE statement (so one implicit transaction and one round trip): the idempotency
 * key's answer (`keyInsert`, drawing the bet id from the CTE `n`), the bet and its legs, and the stake's ledger
 * transfer with the player's wallet debit (`stake`, from ledgerTransferPrepare). Nothing is written when the key
 * already holds an answer (claimed: false). When the debit is not covered, `piranha_abort` (migration 0008) aborts
 * the statement and INSUFFICIENT_FUNDS is thrown with nothing written.
 */
export async function betPlaceInOneStatement(
  db: DbOrTx,
  bet: Omit<BetInsert, 'id'>,
  legs: readonly BetLegInsert[],
  stake: TransferRows,
  keyInsert: SQL,
  sessionLive: SQL,
  /** The safer-play guard's CTEs and abort condition (modules/safer-play, decision 027); its claim test is `exists k`. */
  safer: { ctes: SQL; refused: SQL },
  /**
   * The unlocking bonus's stake maximum (bonusStakeGuard): its CTEs and a CASE branch aborting the statement, checked
   * first, as the read it replaces came before everything else.
   */
  bonus: { ctes: SQL; abortWhen: SQL },
): Promise<({ claimed: true } & BetInserted) | { claimed: false }> {
  if (!stake.wallet || stake.wallet.amountMinor >= 0) throw new Error('a one-statement placement debits one player wallet');
  let rows: (Partial<InsertedRow> & { claimed: number })[];
  try {
    rows = await rowsOf(
      db,
      sql`with n as (select nextval('bets_id_seq') as id),
        s as (${sessionLive}),
        k as (${keyInsert}),
        b as (
          insert into bets (id, ${BET_COLUMNS}) select n.id, ${betValues(bet)} from n where exists (select 1 from k)
          returning id, status, stake_minor
        ), ${legsCte(legs)}, ${transferCtes(stake, sql`b.id::text`, sql`b`)}, ${safer.ctes}, ${bonus.ctes}
        select (select count(*) from k)::int as claimed, b.id, b.status, b.stake_minor,
          case ${bonus.abortWhen}
            when not exists (select 1 from s) then piranha_abort('SESSION_EXPIRED')
            when ${safer.refused} then piranha_abort('SAFER_PLAY')
            when exists (select 1 from b) and not exists (select 1 from lw) then piranha_abort('INSUFFICIENT_FUNDS') end as aborted
        from (select 1) as one left join b on true`,
      // One shape per number of legs and of transfer lines.
      `bet_place_${legs.length}_${stake.lines.length}`,
    );
  } catch (error) {
    if (error instanceof Error && error.message.includes(ABORT_INSUFFICIENT)) throw new AppError('INSUFFICIENT_FUNDS');
    if (error instanceof Error && error.message.includes(ABORT_SESSION)) throw new AppError('SESSION_EXPIRED', { field: 'sid' });
    if (error instanceof Error && error.message.includes(ABORT_SAFER)) throw new SaferPlayRefused();
    throw error;
  }
  const [row] = rows;
  if (!row || row.claimed === 0 || row.id == null) return { claimed: false };
  return { claimed: true, ...insertedOf(row as InsertedRow) };
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
/**
 * Moves a bet from one status to another, only if it is still in the first. With `cashOutCount`, only if no cash-out
 * committed since the caller read the bet either: a settlement decided from an older read must not pay a stake a
 * partial cash-out has already taken back (the next pass reads the bet again).
 */
export async function betStatusMove(
  tx: DbOrTx,
  betId: number,
  from: number,
  to: Partial<BetRow> & { status: number },
  cashOutCount?: number,
): Promise<boolean> {
  const rows = await tx
    .update(bets)
    .set(to)
    .where(and(eq(bets.id, betId), eq(bets.status, from), cashOutCount === undefined ? undefined : eq(bets.cashOutCount, cashOutCount)))
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

export interface FreeBetGrantInput {
  userId: number;
  currency: string;
  amountMinor: number;
  reason: string;
  at: Date;
  campaignId?: string | undefined;
  oddsMinThousandths?: number | undefined;
  expiresAt?: Date | undefined;
}

/** Inserts a grant; its id, or undefined when (user, reason) was granted before. */
export async function freeBetGrantInsert(tx: DbOrTx, grant: FreeBetGrantInput): Promise<number | undefined> {
  const rows = await tx
    .insert(freeBetGrants)
    .values({
      userId: grant.userId,
      currency: grant.currency,
      amountMinor: grant.amountMinor,
      remainingMinor: grant.amountMinor,
      reason: grant.reason,
      createdAt: grant.at,
      campaignId: grant.campaignId ?? null,
      oddsMinThousandths: grant.oddsMinThousandths ?? null,
      expiresAt: grant.expiresAt ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: freeBetGrants.id });
  return rows[0]?.id;
}

/** A player's grants in a currency that can still be staked at `at` (not expired), oldest first. */
export async function freeBetGrantsOf(db: DbOrTx, userId: number, currency: string, at: Date) {
  return db
    .select()
    .from(freeBetGrants)
    .where(
      and(
        eq(freeBetGrants.userId, userId),
        eq(freeBetGrants.currency, currency),
        sql`(${freeBetGrants.expiresAt} is null or ${freeBetGrants.expiresAt} > ${at.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(freeBetGrants.id));
}

/** Every free-bet grant a bonus campaign made to a player, newest first (the bonus list shows them). */
export async function freeBetGrantsOfCampaigns(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(freeBetGrants)
    .where(and(eq(freeBetGrants.userId, userId), sql`${freeBetGrants.campaignId} is not null`))
    .orderBy(desc(freeBetGrants.id))
    .limit(100);
}

export async function freeBetGrantOfId(db: DbOrTx, id: number) {
  const [row] = await db.select().from(freeBetGrants).where(eq(freeBetGrants.id, id));
  return row;
}

/**
 * Takes a free stake from the oldest grant that covers it. The conditional update re-checks `remaining` on the
 * latest row version, so concurrent free bets can never spend a grant twice.
 */
export async function freeBetGrantDebit(
  tx: DbOrTx,
  userId: number,
  currency: string,
  amountMinor: number,
  bet: { oddsThousandths: number; at: Date },
): Promise<number | undefined> {
  // Only a grant that has not expired and whose minimum odds the bet meets (domain freeBetUsable) may pay it.
  const rows = await rowsOf<{ id: string | number }>(
    tx,
    sql`
    update free_bet_grants set remaining_minor = remaining_minor - ${amountMinor}
    where id = (
      select id from free_bet_grants
      where user_id = ${userId} and currency = ${currency} and remaining_minor >= ${amountMinor}
        and (expires_at is null or expires_at > ${bet.at.toISOString()}::timestamptz)
        and (odds_min_thousandths is null or odds_min_thousandths <= ${bet.oddsThousandths})
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

/** The highest match id any bet names (0 without bets): a new feed's match ids start above it. */
export async function betLegsMatchIdMax(db: DbOrTx): Promise<number> {
  const [row] = await rowsOf<{ match_id_max: string | number | null }>(db, sql`select max(match_id) as match_id_max from bet_legs`);
  return Number(row?.match_id_max ?? 0);
}

/** Each player's brand (`users.app_key`), for rules that follow the brand's market such as prize withholding. */
export async function appKeysOfUsers(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await rowsOf<{ id: string | number; app_key: string }>(
    db,
    sql`select id, app_key from users where id in (${sql.join(
      [...new Set(userIds)].map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((row) => [Number(row.id), row.app_key]));
}
