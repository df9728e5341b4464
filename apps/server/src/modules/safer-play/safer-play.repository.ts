import { PLAY_GAP_CAP_SECONDS } from '@piranha/domain';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { playerBlocks, playerLimits, playerLimitUsage, saferPlayAudit } from '../../db/schema/index.ts';

export type LimitRow = typeof playerLimits.$inferSelect;
export type BlockRow = typeof playerBlocks.$inferSelect;
export type AuditRow = typeof saferPlayAudit.$inferSelect;

/** The limits the brand's law asks every player to hold (decision 057), in the currency they must be kept in. */
export interface MandatoryLimits {
  kinds: readonly string[];
  currency: string;
}

/** The windows a stake counts in, as the brand's calendar has them now. */
export interface StakeWindows {
  day: Date;
  week: Date;
  month: Date;
}

export async function limitsOf(db: DbOrTx, userId: number, lock = false): Promise<LimitRow[]> {
  const query = db.select().from(playerLimits).where(eq(playerLimits.userId, userId)).orderBy(asc(playerLimits.kind), asc(playerLimits.period));
  return lock ? query.for('update') : query;
}

export async function limitUpsert(tx: DbOrTx, row: LimitRow): Promise<void> {
  await tx
    .insert(playerLimits)
    .values(row)
    .onConflictDoUpdate({
      target: [playerLimits.userId, playerLimits.kind, playerLimits.period, playerLimits.currency],
      set: {
        amountMinor: row.amountMinor,
        pendingAmountMinor: row.pendingAmountMinor,
        pendingAt: row.pendingAt,
        updatedAt: row.updatedAt,
      },
    });
}

export interface UsageRow {
  kind: string;
  period: string;
  /** The limit's currency (wager, loss); '' for play time. */
  currency: string;
  usedMinor: number;
}

export async function usageOf(db: DbOrTx, userId: number, windows: StakeWindows): Promise<UsageRow[]> {
  return rowsOf(
    db,
    sql`select kind, period, currency, used_minor::float8 as "usedMinor" from player_limit_usage where user_id = ${userId}
      and ((period = 'day' and window_start = ${windows.day.toISOString()}::timestamptz)
        or (period = 'week' and window_start = ${windows.week.toISOString()}::timestamptz)
        or (period = 'month' and window_start = ${windows.month.toISOString()}::timestamptz))`,
  );
}

/**
 * Starts a window's counter at 0 from now (decision 065): a limit that comes into force counts only the play after it
 * took effect, not the window's earlier play (nor what a limit removed earlier in the window had counted). For play
 * time the clock starts now (`last_at`), so the gap before the limit is not counted either.
 */
export async function usageStart(
  tx: DbOrTx,
  input: { userId: number; kind: string; period: string; currency: string; windowStart: Date; now: Date },
): Promise<void> {
  const { userId, kind, period, currency, windowStart, now } = input;
  const lastAt = kind === 'time' ? new Date(Math.floor(now.getTime() / 1000) * 1000) : null;
  await tx
    .insert(playerLimitUsage)
    .values({ userId, kind, period, currency, windowStart, usedMinor: 0, lastAt })
    .onConflictDoUpdate({
      target: [playerLimitUsage.userId, playerLimitUsage.kind, playerLimitUsage.period, playerLimitUsage.currency, playerLimitUsage.windowStart],
      set: { usedMinor: 0, lastAt },
    });
}

/**
 * SQL true when the player `userId` (an SQL expression) is on a time-out or self-excluded at `at`: the set-based twin of
 * `saferMarketingAllowed`, for queries that pick many players (the message-events job's marketing sources).
 */
export function saferBlockedSql(userId: SQL, at: Date): SQL {
  return sql`exists (select 1 from player_blocks pb where pb.user_id = ${userId} and (pb.ends_at is null or pb.ends_at > ${at}))`;
}

/** Whether the player's identity check has passed (decision 037). */
export async function kycVerified(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await rowsOf<{ ok: number }>(db, sql`select 1 as ok from kyc_checks where user_id = ${userId} and state = 'verified'`);
  return rows.length > 0;
}

export async function blockOf(db: DbOrTx, userId: number): Promise<BlockRow | undefined> {
  const [row] = await db.select().from(playerBlocks).where(eq(playerBlocks.userId, userId));
  return row;
}

export async function blockLock(tx: DbOrTx, userId: number): Promise<BlockRow | undefined> {
  const [row] = await tx.select().from(playerBlocks).where(eq(playerBlocks.userId, userId)).for('update');
  return row;
}

export async function blockUpsert(tx: DbOrTx, row: BlockRow): Promise<void> {
  await tx
    .insert(playerBlocks)
    .values(row)
    .onConflictDoUpdate({ target: playerBlocks.userId, set: { kind: row.kind, startsAt: row.startsAt, endsAt: row.endsAt } });
}

export async function auditInsert(tx: DbOrTx, entry: Omit<AuditRow, 'id'>): Promise<void> {
  await tx.insert(saferPlayAudit).values(entry);
}

export async function auditOf(db: DbOrTx, userId: number, afterId = 0, limit = 200): Promise<AuditRow[]> {
  return db
    .select()
    .from(saferPlayAudit)
    .where(and(eq(saferPlayAudit.userId, userId), gt(saferPlayAudit.id, afterId)))
    .orderBy(asc(saferPlayAudit.id))
    .limit(limit);
}

/**
 * The stake guard as CTEs for a statement of the caller's (decision 027): the player's wager and loss limits in force
 * (sl), each counted in its window by a conditional upsert that adds the stake only while it fits (su, which waits on
 * and re-reads a concurrent stake's row, so none overshoots), the play-time clock (tl…tu, `playTimeCtes`: a bet is a
 * play action) and a time-out or self-exclusion in force (sb).
 * `claimed` gates the counting (the placement's idempotency key was claimed). The caller aborts when `saferRefusedSql`
 * is true.
 */
export function saferStakeCtes(input: {
  userId: number;
  currency: string;
  stakeMinor: number;
  windows: StakeWindows;
  now: Date;
  claimed: SQL;
  /** The brand's law asks a verified identity before play (decision 037): an unverified player is refused like a block. */
  kycPlay: boolean;
  /**
   * The limits the brand's law asks of every player (decision 057): one missing is refused like a block. A brand that
   * asks none reads nothing for it.
   */
  mandatory: MandatoryLimits;
  /**
   * A win paid in the same statement (a casino bet and its win, decision 086): the loss counters take the stake less
   * it, where the stake alone is checked against the limit; `lr` gives it back in the periods the stake did not count
   * (no limit in force there) — what the stake and then the return (`lossReturnCount`) would have written.
   */
  returnMinor?: number;
}): SQL {
  const { userId, currency, stakeMinor, windows, now, claimed, kycPlay, mandatory, returnMinor = 0 } = input;
  const at = now.toISOString();
  // The kinds asked, as one array parameter so the statement keeps one shape (the placement is a named prepared
  // statement): an empty array for a brand that asks none, where the branch reads no row.
  const kinds = `{${mandatory.kinds.join(',')}}`;
  return sql`sl as (
      select kind, period, case when pending_at is not null and pending_at <= ${at}::timestamptz then pending_amount_minor else amount_minor end as lim
      from player_limits where user_id = ${userId} and currency = ${currency} and kind in ('wager', 'loss')
    ),
    sa as (select kind, period, lim from sl where lim is not null),
    su as (
      insert into player_limit_usage (user_id, kind, period, currency, window_start, used_minor)
      select ${userId}, sa.kind, sa.period, ${currency},
        case sa.period when 'day' then ${windows.day.toISOString()}::timestamptz when 'week' then ${windows.week.toISOString()}::timestamptz
          else ${windows.month.toISOString()}::timestamptz end,
        case when sa.kind = 'loss' then ${stakeMinor - returnMinor}::bigint else ${stakeMinor}::bigint end
      from sa where ${stakeMinor}::bigint <= sa.lim and ${claimed}
      on conflict (user_id, kind, period, currency, window_start) do update set used_minor = player_limit_usage.used_minor + excluded.used_minor
        where player_limit_usage.used_minor + ${stakeMinor}::bigint
          <= (select sa.lim from sa where sa.kind = player_limit_usage.kind and sa.period = player_limit_usage.period)
      returning 1
    ),
    ${playTimeCtes({ userId, day: windows.day, now, claimed })},
    sb as (select 1 from player_blocks where user_id = ${userId} and (ends_at is null or ends_at > ${at}::timestamptz)
      union all select 1 where ${kycPlay}::boolean and not exists (select 1 from kyc_checks where user_id = ${userId} and state = 'verified')
      union all select 1 from unnest(${kinds}::text[]) as mk(kind) where not exists (select 1 from player_limits ml
        where ml.user_id = ${userId} and ml.kind = mk.kind and ml.currency = ${mandatory.currency}
          and ${limitInForceSql('ml', at)} is not null)
      union all select 1 from (${otherCurrencySql({ userId, currency, kinds: STAKE_LIMIT_KINDS, at })}) oc)${
        returnMinor > 0
          ? sql`,
    lr as (${lossReturnSql({ userId, currency, amountMinor: returnMinor, now }, sql`${claimed} and u.period not in (select period from sa where kind = 'loss')`)})`
          : sql``
      }`;
}

/** The money limits a stake counts against (a bet, a casino round). */
export const STAKE_LIMIT_KINDS = ['wager', 'loss'] as const;

/** The amount in force of the limit row aliased `alias` at `at`: a pending change whose time has come counts as applied. */
function limitInForceSql(alias: string, at: string): SQL {
  const t = sql.raw(alias);
  return sql`(case when ${t}.pending_at is not null and ${t}.pending_at <= ${at}::timestamptz then ${t}.pending_amount_minor else ${t}.amount_minor end)`;
}

/**
 * Rows (one per kind) when the player has a limit of one of `kinds` in force in another currency and none of that kind
 * in `currency` (decision 065): money in a currency without a limit of its own is refused, no exchange rate.
 */
export function otherCurrencySql(input: { userId: number; currency: string; kinds: readonly string[]; at: string }): SQL {
  const { userId, currency, kinds, at } = input;
  return sql`select ck.kind from unnest(${`{${kinds.join(',')}}`}::text[]) as ck(kind)
    where exists (select 1 from player_limits ol where ol.user_id = ${userId} and ol.kind = ck.kind and ol.currency <> ${currency}
        and ${limitInForceSql('ol', at)} is not null)
      and not exists (select 1 from player_limits cl where cl.user_id = ${userId} and cl.kind = ck.kind and cl.currency = ${currency}
        and ${limitInForceSql('cl', at)} is not null)`;
}

/** The first of `kinds` the player must set a limit of in `currency` before money of that kind moves in it (decision 065). */
export async function currencyLimitMissing(
  db: DbOrTx,
  input: { userId: number; currency: string; kinds: readonly string[]; now: Date },
): Promise<string | undefined> {
  const [row] = await rowsOf<{ kind: string }>(db, sql`${otherCurrencySql({ ...input, at: input.now.toISOString() })} order by 1 limit 1`);
  return row?.kind;
}

/** True when a time limit is in force and today's counter has reached it (reaching it exactly is used up). */
const playTimeUsedUpSql = sql`(exists (select 1 from ta) and not exists (select 1 from tu, ta where tu.used_minor < ta.lim))`;

/**
 * True when the guard refuses: a block in force, a limit the stake did not fit, or today's play time used up (the last
 * two only once counting was due).
 */
export function saferRefusedSql(claimed: SQL): SQL {
  return sql`(exists (select 1 from sb) or (${claimed} and ((select count(*) from su) < (select count(*) from sa) or ${playTimeUsedUpSql})))`;
}

/** Whole seconds: play time is counted in them, so no fraction is lost between two actions (domain `playGapSplit`). */
function wholeSecondIso(at: Date): string {
  return new Date(Math.floor(at.getTime() / 1000) * 1000).toISOString();
}

/**
 * The play-time clock as CTEs (decision 054), for a player with a daily time limit in force (ta; its minutes as
 * seconds): the action's gap since the last one counted — at most five minutes, only the part since today's start
 * (domain `playGapSplit`) — is added to today's counter, which never passes the limit. The upsert measures the gap from
 * the row's own `last_at` under its lock, so a concurrent action waits, then sees this one's time and adds nothing
 * twice. The first action of a day measures from the last one of an earlier day (tp). A player without a time limit
 * writes nothing.
 */
export function playTimeCtes(input: { userId: number; day: Date; now: Date; claimed: SQL; capSeconds?: number }): SQL {
  const { userId, day, now, claimed, capSeconds = PLAY_GAP_CAP_SECONDS } = input;
  const at = now.toISOString();
  const nowS = wholeSecondIso(now);
  const dayStart = day.toISOString();
  const gapSince = (last: SQL) =>
    sql`greatest(0, extract(epoch from ${nowS}::timestamptz - greatest(coalesce(${last}, ${nowS}::timestamptz),
      ${nowS}::timestamptz - ${capSeconds}::int * interval '1 second', ${dayStart}::timestamptz)))::bigint`;
  return sql`tl as (
      select (case when pending_at is not null and pending_at <= ${at}::timestamptz then pending_amount_minor else amount_minor end) * 60 as lim
      from player_limits where user_id = ${userId} and kind = 'time' and period = 'day'
    ),
    ta as (select lim from tl where lim is not null),
    tp as (select max(last_at) as last from player_limit_usage
      where user_id = ${userId} and kind = 'time' and period = 'day' and window_start < ${dayStart}::timestamptz),
    tu as (
      insert into player_limit_usage (user_id, kind, period, window_start, used_minor, last_at)
      select ${userId}, 'time', 'day', ${dayStart}::timestamptz, least(ta.lim, ${gapSince(sql`tp.last`)}), ${nowS}::timestamptz
      from ta, tp where ${claimed}
      on conflict (user_id, kind, period, currency, window_start) do update
        set used_minor = least((select ta.lim from ta), player_limit_usage.used_minor + ${gapSince(sql`player_limit_usage.last_at`)}),
          last_at = greatest(player_limit_usage.last_at, excluded.last_at)
      returning used_minor
    )`;
}

/**
 * Runs the play-time clock on its own (a game launch, a free bet or round, a refusal's explanation): the limit in
 * seconds (null: none) and today's seconds after this action.
 */
export async function playTimeTakeSql(
  db: DbOrTx,
  input: { userId: number; day: Date; now: Date; capSeconds?: number },
): Promise<{ limitSeconds: number | null; usedSeconds: number }> {
  const [row] = await rowsOf<{ lim: number | null; used: number | null }>(
    db,
    sql`with ${playTimeCtes({ ...input, claimed: sql`true` })}
      select (select lim from ta)::float8 as lim, (select used_minor from tu)::float8 as used`,
  );
  return { limitSeconds: row?.lim ?? null, usedSeconds: row?.used ?? 0 };
}

/** Runs the guard on its own inside the caller's transaction; true when the stake was counted and may go ahead. */
export async function saferStakeTakeSql(
  tx: DbOrTx,
  input: { userId: number; currency: string; stakeMinor: number; windows: StakeWindows; now: Date; kycPlay: boolean; mandatory: MandatoryLimits },
): Promise<boolean> {
  const claimed = sql`true`;
  const [row] = await rowsOf<{ refused: boolean }>(tx, sql`with ${saferStakeCtes({ ...input, claimed })} select ${saferRefusedSql(claimed)} as refused`);
  return row?.refused !== true;
}

/**
 * A return (a settled win, a cash-out) lowers the loss counted in each period's latest window that has begun — the
 * current one whenever the player staked in it; no time zone is needed, so settlement need not know the brand.
 */
export async function lossReturnCount(tx: DbOrTx, userId: number, currency: string, amountMinor: number, now: Date): Promise<void> {
  await tx.execute(lossReturnSql({ userId, currency, amountMinor, now }, sql`true`));
}

/**
 * The UPDATE of a return: each period's latest loss window (the current one, or the last one counted) gives back
 * `amountMinor`, where `also` holds (a statement's own condition: its claim, the periods its stake counted already).
 */
export function lossReturnSql(input: { userId: number; currency: string; amountMinor: number; now: Date }, also: SQL): SQL {
  const { userId, currency, amountMinor, now } = input;
  return sql`update player_limit_usage u set used_minor = u.used_minor - ${amountMinor}::bigint where u.user_id = ${userId} and u.kind = 'loss'
      and u.currency = ${currency} and ${also}
      and u.window_start = (select max(m.window_start) from player_limit_usage m
        where m.user_id = ${userId} and m.kind = 'loss' and m.currency = ${currency} and m.period = u.period
          and m.window_start <= ${now.toISOString()}::timestamptz)`;
}

/** Per local day since `since`: the player's cash-wallet movements in `currency`, grouped as a statement shows them. */
export async function statementDays(db: DbOrTx, userId: number, currency: string, since: Date, timeZone: string) {
  return rowsOf<{ date: string; deposits: number; withdrawals: number; stakes: number; returns: number; withheld: number }>(
    db,
    sql`select to_char(t.created_at at time zone ${timeZone}, 'YYYY-MM-DD') as date,
        coalesce(sum(case when t.kind = 'payin' then l.amount_minor else 0 end), 0)::float8 as deposits,
        coalesce(-sum(case when t.kind in ('payout_request', 'payout_refund') then l.amount_minor else 0 end), 0)::float8 as withdrawals,
        coalesce(-sum(case when t.kind in ('bet_place', 'casino_bet') then l.amount_minor else 0 end), 0)::float8 as stakes,
        coalesce(sum(case when t.kind in ('bet_settle', 'bet_resettle', 'bet_resettle_reverse', 'bet_resettle_debt', 'bet_cash_out', 'casino_win', 'casino_rollback')
          then l.amount_minor else 0 end), 0)::float8 as returns,
        -- What the same transfers put in tax_withheld: a withdrawal's tax (a refund gives it back), a prize's withholding.
        coalesce(sum((select sum(w.amount_minor) from ledger_lines w join ledger_accounts wa on wa.id = w.account_id
          where w.transfer_id = l.transfer_id and wa.house_kind = 'tax_withheld')), 0)::float8 as withheld
      from ledger_lines l join transfers t on t.id = l.transfer_id join ledger_accounts a on a.id = l.account_id
      where a.user_id = ${userId} and a.currency = ${currency} and a.kind = 'cash' and t.created_at >= ${since.toISOString()}::timestamptz
      group by 1 order by 1 desc`,
  );
}
