import type { BonusRules, BonusStatus, CampaignKind, CampaignStatus, CampaignTerms } from '@piranha/domain';
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { bonusCampaigns, bonusCodes, bonuses, bonusWallets, paymentEvents } from '../../db/schema/index.ts';

/** The bonus engine's only SQL (issue 17, decision 018). */

export interface CampaignRow {
  id: string;
  appKey: string;
  kind: CampaignKind;
  status: CampaignStatus;
  terms: CampaignTerms;
}

export interface BonusRow {
  id: number;
  userId: number;
  campaignId: string;
  triggerRef: string;
  currency: string;
  amountMinor: number;
  requirementMinor: number;
  wageredMinor: number;
  status: BonusStatus;
  rules: BonusRules;
  expiresAt: Date;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

function campaignOf(row: typeof bonusCampaigns.$inferSelect): CampaignRow {
  return { id: row.id, appKey: row.appKey, kind: row.kind as CampaignKind, status: row.status as CampaignStatus, terms: row.terms as CampaignTerms };
}

function bonusOf(row: typeof bonuses.$inferSelect): BonusRow {
  return { ...row, status: row.status as BonusStatus, rules: row.rules as BonusRules };
}

/** A campaign a seed writes once (bonus, loyalty, referral, installed-web-app defaults). */
export interface CampaignSeedRow {
  id: string;
  appKey: string;
  kind: CampaignKind;
  terms: CampaignTerms;
}

/** Inserts campaigns that do not exist yet; an operator's later changes to a seeded one are kept. */
export async function campaignsSeed(db: DbOrTx, rows: readonly CampaignSeedRow[], at: Date) {
  if (rows.length === 0) return;
  await db
    .insert(bonusCampaigns)
    .values(rows.map((row) => ({ ...row, status: 'active', createdAt: at, updatedAt: at })))
    .onConflictDoNothing();
}

export async function campaignInsert(db: DbOrTx, row: { id: string; appKey: string; kind: CampaignKind; terms: CampaignTerms }, at: Date): Promise<boolean> {
  const inserted = await db
    .insert(bonusCampaigns)
    .values({ ...row, status: 'active', createdAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning({ id: bonusCampaigns.id });
  return inserted.length > 0;
}

export async function campaignStatusSet(db: DbOrTx, id: string, status: CampaignStatus, at: Date): Promise<CampaignRow | undefined> {
  // An ended campaign stays ended: pausing or resuming it is refused by matching nothing.
  const [row] = await db
    .update(bonusCampaigns)
    .set({ status, updatedAt: at })
    .where(and(eq(bonusCampaigns.id, id), sql`${bonusCampaigns.status} <> 'ended'`))
    .returning();
  return row && campaignOf(row);
}

export async function campaignFind(db: DbOrTx, id: string): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(bonusCampaigns).where(eq(bonusCampaigns.id, id));
  return row && campaignOf(row);
}

export async function campaignsActiveOf(db: DbOrTx, appKey: string, kind: CampaignKind): Promise<CampaignRow[]> {
  const rows = await db
    .select()
    .from(bonusCampaigns)
    .where(and(eq(bonusCampaigns.appKey, appKey), eq(bonusCampaigns.kind, kind), eq(bonusCampaigns.status, 'active')));
  return rows.map(campaignOf);
}

export async function campaignsOfBrand(db: DbOrTx, appKey: string): Promise<CampaignRow[]> {
  const rows = await db.select().from(bonusCampaigns).where(eq(bonusCampaigns.appKey, appKey)).orderBy(bonusCampaigns.id);
  return rows.map(campaignOf);
}

/** Inserts a bonus unless (campaign, user, trigger) already has one; answers the new row only when this call made it. */
export async function bonusInsert(db: DbOrTx, row: typeof bonuses.$inferInsert): Promise<BonusRow | undefined> {
  const [inserted] = await db.insert(bonuses).values(row).onConflictDoNothing().returning();
  return inserted && bonusOf(inserted);
}

export async function bonusForUpdate(db: DbOrTx, id: number): Promise<BonusRow | undefined> {
  const [row] = await db.select().from(bonuses).where(eq(bonuses.id, id)).for('update');
  return row && bonusOf(row);
}

/** A player's open bonuses (locked or unlocking) in one currency, locked in id order. */
export async function bonusesOpenOfUserForUpdate(db: DbOrTx, userId: number, currency: string): Promise<BonusRow[]> {
  const rows = await db
    .select()
    .from(bonuses)
    .where(and(eq(bonuses.userId, userId), eq(bonuses.currency, currency), inArray(bonuses.status, [0, 1])))
    .orderBy(bonuses.id)
    .for('update');
  return rows.map(bonusOf);
}

export async function bonusOfUser(db: DbOrTx, userId: number, id: number): Promise<BonusRow | undefined> {
  const [row] = await db
    .select()
    .from(bonuses)
    .where(and(eq(bonuses.id, id), eq(bonuses.userId, userId)));
  return row && bonusOf(row);
}

export async function bonusStatusSet(db: DbOrTx, id: number, change: { status: BonusStatus; startedAt?: Date; finishedAt?: Date }): Promise<void> {
  await db.update(bonuses).set(change).where(eq(bonuses.id, id));
}

/** A page of a player's bonuses in some statuses, newest first, after the cursor (a bonus id). */
export async function bonusesPageOfUser(db: DbOrTx, userId: number, statuses: readonly BonusStatus[], beforeId: number | undefined, limit: number) {
  const rows = await db
    .select()
    .from(bonuses)
    .where(and(eq(bonuses.userId, userId), inArray(bonuses.status, [...statuses]), beforeId === undefined ? undefined : lt(bonuses.id, beforeId)))
    .orderBy(desc(bonuses.id))
    .limit(limit);
  return rows.map(bonusOf);
}

/** Open bonuses (locked or unlocking) whose deadline has passed, oldest first. */
export async function bonusesExpiredIds(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: bonuses.id })
    .from(bonuses)
    .where(and(inArray(bonuses.status, [0, 1]), lt(bonuses.expiresAt, now)))
    .orderBy(bonuses.expiresAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function bonusesUnlockingOfUser(db: DbOrTx, userId: number, currency: string): Promise<BonusRow[]> {
  const rows = await db
    .select()
    .from(bonuses)
    .where(and(eq(bonuses.userId, userId), eq(bonuses.currency, currency), eq(bonuses.status, 1)));
  return rows.map(bonusOf);
}

/** The query of `bonusStakeMaxUnlocking` (a placement's statement runs it inside itself, bonusStakeGuard). */
export function bonusStakeMaxUnlockingSql(userId: number, currency: string): SQL {
  return sql`select (rules->>'stakeMaxMinor')::bigint as stake_max from bonuses where user_id = ${userId} and currency = ${currency} and status = 1`;
}

/** The maximum stake of the player's unlocking bonus in this currency, or undefined when none limits it. */
export async function bonusStakeMaxUnlocking(db: DbOrTx, userId: number, currency: string): Promise<number | undefined> {
  const [row] = await rowsOf<{ stake_max: string | number | null }>(db, bonusStakeMaxUnlockingSql(userId, currency), 'bonus_stake_max_unlocking');
  return row?.stake_max == null ? undefined : Number(row.stake_max);
}

export async function bonusBalanceOf(db: DbOrTx, userId: number) {
  return db.select({ currency: bonusWallets.currency, balanceMinor: bonusWallets.balanceMinor }).from(bonusWallets).where(eq(bonusWallets.userId, userId));
}

/** Takes one use of a live code; undefined when it is unknown, expired or used up (the row check stops a race). */
export async function codeUseTake(db: DbOrTx, code: string, now: Date): Promise<{ campaignId: string } | undefined> {
  const [row] = await db
    .update(bonusCodes)
    .set({ uses: sql`${bonusCodes.uses} + 1` })
    .where(and(eq(bonusCodes.code, code), lt(bonusCodes.uses, bonusCodes.usesMax), sql`${bonusCodes.expiresAt} > ${now}`))
    .returning({ campaignId: bonusCodes.campaignId });
  return row;
}

export async function codeFind(db: DbOrTx, code: string) {
  const [row] = await db.select().from(bonusCodes).where(eq(bonusCodes.code, code));
  return row;
}

export async function codeInsert(db: DbOrTx, row: typeof bonusCodes.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(bonusCodes).values(row).onConflictDoNothing().returning({ code: bonusCodes.code });
  return inserted.length > 0;
}

/** Pending first-deposit events, locked so two consumers never take the same one. */
export async function depositEventsPendingTake(db: DbOrTx, limit: number) {
  return db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.kind, 'first_deposit'), sql`${paymentEvents.consumedAt} is null`))
    .orderBy(paymentEvents.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function paymentEventConsumed(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(paymentEvents).set({ consumedAt: at }).where(eq(paymentEvents.id, id));
}

export interface ContributionCandidate {
  bonus_id: string;
  /** `crash_live`: a live Crash bet (decision 071), counted as a Crash round. */
  source: 'bet' | 'round' | 'crash_live';
  source_ref: string;
  version: string;
  /** 5 when settled; a resettlement that reopened a bet leaves another status (its contribution falls to 0). */
  bet_status: number;
  /** Sports: the bet's stake still riding at settlement, its outcome code, cash-outs and lowest leg odds. */
  stake_minor: string;
  outcome: number | null;
  cash_out_count: number | null;
  odds_min: number | null;
  game_id: string | null;
  previous_minor: string | null;
  rules: BonusRules;
}

/**
 * Settled bets and rounds of a player's unlocking bonuses that have no contribution yet, or whose settlement changed
 * since theirs was counted (a resettled bet has a new settled_at). Only play after the bonus started counts; free
 * bets and free rounds never do. Locks the bonuses so two consumers never count one bet twice.
 */
export async function contributionCandidates(db: DbOrTx, limit: number): Promise<ContributionCandidate[]> {
  const rows = await rowsOf<ContributionCandidate>(
    db,
    sql`
    with open as (select id, user_id, currency, started_at, rules from bonuses where status = 1 order by id limit 1000 for update skip locked)
    (select o.id as bonus_id, 'bet' as source, b.id::text as source_ref, coalesce(b.settled_at::text, 'open') as version,
      b.status as bet_status, b.stake_minor, b.outcome, b.cash_out_count, (select min(odds_thousandths) from bet_legs l where l.bet_id = b.id) as odds_min,
      null::text as game_id, c.amount_minor as previous_minor, o.rules
     from open o
     join bets b on b.user_id = o.user_id and b.currency = o.currency and b.created_at >= o.started_at and not b.free_bet
     left join bonus_contributions c on c.bonus_id = o.id and c.source = 'bet' and c.source_ref = b.id::text
     where (b.status = 5 or c.bonus_id is not null) and c.version is distinct from coalesce(b.settled_at::text, 'open')
     limit ${limit})
    union all
    (select o.id, 'round', r.id::text, r.settled_at::text, 5, r.stake, null, null, null, r.game_id, c.amount_minor, o.rules
     from open o
     join casino_rounds r on r.user_id = o.user_id and r.currency = o.currency and r.created_at >= o.started_at
       and r.status = 'settled' and r.free_round_id is null
     left join bonus_contributions c on c.bonus_id = o.id and c.source = 'round' and c.source_ref = r.id::text
     where c.bonus_id is null
     limit ${limit})
    union all
    -- Live Crash bets (decision 071) are not casino_rounds rows: a won or lost one counts as a Crash round.
    (select o.id, 'crash_live', l.id::text, l.settled_at::text, 5, l.stake, null, null, null, 'crash', c.amount_minor, o.rules
     from open o
     join crash_live_bets l on l.user_id = o.user_id and l.currency = o.currency and l.created_at >= o.started_at
       and l.status in ('won', 'lost')
     left join bonus_contributions c on c.bonus_id = o.id and c.source = 'crash_live' and c.source_ref = l.id::text
     where c.bonus_id is null
     limit ${limit})`,
  );
  return rows.map((row) => ({ ...row, bet_status: Number(row.bet_status) }));
}

/** Writes (or replaces) contributions and moves each bonus's progress by the difference, within the requirement. */
export async function contributionsApply(
  db: DbOrTx,
  rows: readonly { bonusId: number; source: string; sourceRef: string; version: string; amountMinor: number; deltaMinor: number }[],
) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((row) => sql`(${row.bonusId}::bigint, ${row.source}::text, ${row.sourceRef}::text, ${row.version}::text, ${row.amountMinor}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into bonus_contributions (bonus_id, source, source_ref, version, amount_minor) values ${values}
    on conflict (bonus_id, source, source_ref) do update set version = excluded.version, amount_minor = excluded.amount_minor`);
  const deltas = new Map<number, number>();
  for (const row of rows) deltas.set(row.bonusId, (deltas.get(row.bonusId) ?? 0) + row.deltaMinor);
  const moves = sql.join(
    [...deltas].map(([bonusId, delta]) => sql`(${bonusId}::bigint, ${delta}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`
    update bonuses set wagered_minor = least(requirement_minor, greatest(0, wagered_minor + d.delta))
    from (values ${moves}) as d(bonus_id, delta) where bonuses.id = d.bonus_id`);
}

/** Unlocking bonuses whose progress has reached the requirement: due for conversion. */
export async function bonusesWageredIds(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: bonuses.id })
    .from(bonuses)
    .where(and(eq(bonuses.status, 1), sql`${bonuses.wageredMinor} >= ${bonuses.requirementMinor}`))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Marks every grant of the player not shown yet as shown and answers them. One UPDATE: of two concurrent polls the
 * second waits on the row locks, re-reads `shown_at` and matches nothing, so each grant is answered exactly once.
 */
export async function bonusesUnshownTake(db: DbOrTx, userId: number, at: Date): Promise<BonusRow[]> {
  const rows = await db
    .update(bonuses)
    .set({ shownAt: at })
    .where(and(eq(bonuses.userId, userId), sql`${bonuses.shownAt} is null`))
    .returning();
  return rows.map(bonusOf);
}

export async function bonusShownSet(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(bonuses).set({ shownAt: at }).where(eq(bonuses.id, id));
}

export interface BonusHistoryRow {
  line_id: string;
  kind: string;
  bonus_id: string;
  currency: string;
  amount_minor: string;
  created_at: Date | string;
}

/** A page of the lines of the player's bonus accounts (grants, conversions, forfeits), newest first, before a line id. */
export async function bonusHistoryPage(db: DbOrTx, userId: number, beforeLineId: number | undefined, limit: number): Promise<BonusHistoryRow[]> {
  return rowsOf<BonusHistoryRow>(
    db,
    sql`
    select l.id::text as line_id, t.kind, t.external_ref as bonus_id, l.currency, l.amount_minor::text as amount_minor, t.created_at
    from ledger_accounts a
    join ledger_lines l on l.account_id = a.id
    join transfers t on t.id = l.transfer_id
    where a.user_id = ${userId} and a.kind = 'bonus' ${beforeLineId === undefined ? sql`` : sql`and l.id < ${beforeLineId}`}
    order by l.id desc
    limit ${limit}`,
  );
}
