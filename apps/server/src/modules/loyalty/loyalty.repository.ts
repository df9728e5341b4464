import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

/** Loyalty's only SQL (issue 18, decision 026). */

/** A durable fact not counted yet: a settled bet, a settled casino round or a paid deposit. */
export interface FactCandidate {
  source: 'bet' | 'round' | 'deposit';
  source_ref: string;
  user_id: string;
  app_key: string;
  currency: string;
  /** Stake that rode to settlement (bets: 0 when void, pushed, cancelled or fully cashed out), or the deposit. */
  amount_minor: string;
  /** What the bet or round returned (0 for deposits). */
  return_minor: string;
  occurred_at: Date | string;
  /** A round's game id; a multiple's leg count (as text); '' otherwise. */
  detail: string;
}

export type FactSource = FactCandidate['source'];
export const FACT_SOURCES: readonly FactSource[] = ['bet', 'deposit', 'round'];

/** Each source's cursor (decision 026): facts stamped before it, less the overlap, are never read again. */
export async function passCursorsOf(db: DbOrTx): Promise<Map<FactSource, Date>> {
  const rows = await rowsOf<{ source: FactSource; cursor_at: Date | string }>(db, sql`select source, cursor_at from loyalty_pass_cursors`);
  return new Map(rows.map((row) => [row.source, new Date(row.cursor_at)]));
}

/** Moves cursors forward only (two passes racing both move them; the later stamp wins), in source order. */
export async function passCursorsAdvance(db: DbOrTx, moves: ReadonlyMap<FactSource, Date>): Promise<void> {
  const entries = [...moves].sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return;
  const values = sql.join(
    entries.map(([source, at]) => sql`(${source}::text, ${at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into loyalty_pass_cursors (source, cursor_at) values ${values}
    on conflict (source) do update set cursor_at = greatest(loyalty_pass_cursors.cursor_at, excluded.cursor_at)`);
}

/**
 * Facts with no `loyalty_facts` row stamped since each source's `from` (no bound: the whole history, the first pass
 * of a deployment), oldest first per source, so a source's cursor can move to the last one read. Free bets and free
 * rounds earn nothing (the house paid for them). A bet settled as void, push or cancelled counts no turnover.
 */
export async function factCandidates(db: DbOrTx, from: ReadonlyMap<FactSource, Date>, limit: number): Promise<FactCandidate[]> {
  // Always a parameter, never a literal `true`: the statement is prepared once per connection under one name, so
  // its text must not change between a source with a cursor and one without (PostgreSQL refuses the second shape).
  const since = (source: FactSource, column: ReturnType<typeof sql>) => sql`${column} >= ${(from.get(source) ?? new Date(0)).toISOString()}::timestamptz`;
  return rowsOf<FactCandidate>(
    db,
    sql`
    (select 'bet' as source, b.id::text as source_ref, b.user_id::text as user_id, u.app_key, b.currency,
       (case when b.outcome in (3, 4, 5, 6) then b.stake_minor else 0 end)::text as amount_minor,
       (coalesce(b.payout_minor, 0))::text as return_minor, b.settled_at as occurred_at,
       (case when b.kind = 'bet_multi' then (select count(*) from bet_legs l where l.bet_id = b.id)::text else '' end) as detail
     from bets b join users u on u.id = b.user_id
     where b.status = 5 and b.settled_at is not null and ${since('bet', sql`b.settled_at`)} and not b.free_bet
       -- A resettled bet has a new settled_at: its fact is recounted once (decision 045), the same settlement never.
       and not exists (select 1 from loyalty_facts f where f.source = 'bet' and f.source_ref = b.id::text and f.occurred_at = b.settled_at)
     order by b.settled_at, b.id limit ${limit})
    union all
    (select 'round', r.id::text, r.user_id::text, u.app_key, r.currency, r.stake::text, r.win::text, coalesce(r.settled_at, r.updated_at), r.game_id
     from casino_rounds r join users u on u.id = r.user_id
     where r.status = 'settled' and ${since('round', sql`coalesce(r.settled_at, r.updated_at)`)} and r.free_round_id is null
       and not exists (select 1 from loyalty_facts f where f.source = 'round' and f.source_ref = r.id::text)
     order by coalesce(r.settled_at, r.updated_at), r.id limit ${limit})
    union all
    (select 'deposit', o.order_id, o.user_id::text, u.app_key, o.currency, o.amount_minor::text, '0', o.updated_at, ''
     from payment_orders o join users u on u.id = o.user_id
     where o.status in (2, 4) and ${since('deposit', sql`o.updated_at`)} and o.direction = 'payin' and o.status = 4
       and not exists (select 1 from loyalty_facts f where f.source = 'deposit' and f.source_ref = o.order_id)
     order by o.updated_at, o.id limit ${limit})`,
    'loyalty_fact_candidates',
  );
}

/**
 * Records facts; answers, for each fact this call wrote, the points it had counted before (undefined: a new fact). A
 * fact another pass recorded first (two nodes in the instant of a leader change) is not answered, so its points and
 * progress are applied by that pass alone. A bet fact recorded under an earlier settlement (its `occurred_at` is the
 * settled_at it counted) is replaced by the resettled one — only forward, under the row lock taken first — so a
 * resettlement adjusts the points exactly once (decision 045).
 */
export async function factsInsert(
  db: DbOrTx,
  rows: readonly { source: string; sourceRef: string; userId: number; pointsMinor: number; occurredAt: Date }[],
  at: Date,
): Promise<Map<string, number | undefined>> {
  if (rows.length === 0) return new Map();
  const betRefs = [...new Set(rows.filter((row) => row.source === 'bet').map((row) => row.sourceRef))].sort();
  const before = new Map<string, number>();
  if (betRefs.length > 0) {
    const locked = await rowsOf<{ source_ref: string; points_minor: string }>(
      db,
      sql`select source_ref, points_minor::text as points_minor from loyalty_facts
          where source = 'bet' and source_ref in (${sql.join(
            betRefs.map((ref) => sql`${ref}`),
            sql`, `,
          )}) order by source_ref for update`,
    );
    for (const row of locked) before.set(`bet:${row.source_ref}`, Number(row.points_minor));
  }
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.source}::text, ${row.sourceRef}::text, ${row.userId}::bigint, ${row.pointsMinor}::bigint, ${row.occurredAt.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const written = await rowsOf<{ source: string; source_ref: string }>(
    db,
    sql`insert into loyalty_facts (source, source_ref, user_id, points_minor, occurred_at, counted_at) values ${values}
        on conflict (source, source_ref) do update
          set points_minor = excluded.points_minor, occurred_at = excluded.occurred_at, counted_at = excluded.counted_at
          where loyalty_facts.source = 'bet' and loyalty_facts.occurred_at < excluded.occurred_at
        returning source, source_ref`,
  );
  return new Map(written.map((row) => [`${row.source}:${row.source_ref}`, before.get(`${row.source}:${row.source_ref}`)] as const));
}

/** Adds points to players' accounts (creating them), one statement. */
export async function pointsAdd(db: DbOrTx, deltas: ReadonlyMap<number, number>, at: Date): Promise<void> {
  // In player order, so two passes racing (a leader change) lock rows in the same order and cannot deadlock. A
  // resettlement's delta may be negative (a won bet voided); points never go below 0.
  const entries = [...deltas].filter(([, delta]) => delta !== 0).sort(([a], [b]) => a - b);
  if (entries.length === 0) return;
  const values = sql.join(
    entries.map(([userId, delta]) => sql`(${userId}::bigint, ${delta}::bigint, ${at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into loyalty_accounts (user_id, points_minor, updated_at) values ${values}
    on conflict (user_id) do update set points_minor = greatest(0, loyalty_accounts.points_minor + excluded.points_minor), updated_at = excluded.updated_at`);
}

/** Adds task progress, one statement. */
export async function taskProgressAdd(db: DbOrTx, rows: readonly { userId: number; taskId: string; periodKey: string; deltaMinor: number }[], at: Date) {
  const moves = rows
    .filter((row) => row.deltaMinor > 0)
    .sort((a, b) => a.userId - b.userId || a.taskId.localeCompare(b.taskId) || a.periodKey.localeCompare(b.periodKey));
  if (moves.length === 0) return;
  const values = sql.join(
    moves.map((row) => sql`(${row.userId}::bigint, ${row.taskId}::text, ${row.periodKey}::text, ${row.deltaMinor}::bigint, ${at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into loyalty_task_progress (user_id, task_id, period_key, progress_minor, updated_at) values ${values}
    on conflict (user_id, task_id, period_key) do update
      set progress_minor = loyalty_task_progress.progress_minor + excluded.progress_minor, updated_at = excluded.updated_at`);
}

export async function pointsOf(db: DbOrTx, userId: number, forUpdate = false): Promise<number> {
  const [row] = await rowsOf<{ points_minor: string }>(
    db,
    sql`select points_minor::text as points_minor from loyalty_accounts where user_id = ${userId} ${forUpdate ? sql`for update` : sql``}`,
  );
  return row === undefined ? 0 : Number(row.points_minor);
}

/** Levels whose level-up reward the player has received: the engine's grants of the campaign, by trigger. */
export async function vipLevelsReceived(db: DbOrTx, userId: number, campaignId: string): Promise<Set<number>> {
  const rows = await rowsOf<{ trigger_ref: string }>(
    db,
    sql`select trigger_ref from bonuses where user_id = ${userId} and campaign_id = ${campaignId} and trigger_ref like 'vip_level:%'`,
  );
  return new Set(rows.map((row) => Number(row.trigger_ref.slice('vip_level:'.length))));
}

/** Which free rewards (week_free, month_free) the player received in the given periods: grants by trigger `<kind>:<period>`. */
export async function freeRewardsReceived(
  db: DbOrTx,
  userId: number,
  week: { campaignId: string; triggerRef: string },
  month: { campaignId: string; triggerRef: string },
): Promise<Set<'week_free' | 'month_free'>> {
  const rows = await rowsOf<{ campaign_id: string }>(
    db,
    sql`select campaign_id from bonuses where user_id = ${userId}
          and ((campaign_id = ${week.campaignId} and trigger_ref = ${week.triggerRef})
            or (campaign_id = ${month.campaignId} and trigger_ref = ${month.triggerRef}))`,
  );
  const received = new Set<'week_free' | 'month_free'>();
  for (const row of rows) received.add(row.campaign_id === week.campaignId ? 'week_free' : 'month_free');
  return received;
}

export interface TaskProgressRow {
  task_id: string;
  period_key: string;
  progress_minor: string;
  claimed_at: Date | string | null;
}

export async function taskProgressOf(db: DbOrTx, userId: number, periodKeys: readonly string[]): Promise<TaskProgressRow[]> {
  if (periodKeys.length === 0) return [];
  return rowsOf<TaskProgressRow>(
    db,
    sql`select task_id, period_key, progress_minor::text as progress_minor, claimed_at from loyalty_task_progress
        where user_id = ${userId} and period_key in (${sql.join(
          periodKeys.map((key) => sql`${key}`),
          sql`, `,
        )})`,
  );
}

/** Locks one task's row of a period (the claim's serialisation point); undefined when nothing counted yet. */
export async function taskProgressForUpdate(db: DbOrTx, userId: number, taskId: string, periodKey: string): Promise<TaskProgressRow | undefined> {
  const [row] = await rowsOf<TaskProgressRow>(
    db,
    sql`select task_id, period_key, progress_minor::text as progress_minor, claimed_at from loyalty_task_progress
        where user_id = ${userId} and task_id = ${taskId} and period_key = ${periodKey} for update`,
  );
  return row;
}

export async function taskClaimedSet(db: DbOrTx, userId: number, taskId: string, periodKey: string, at: Date): Promise<void> {
  await db.execute(
    sql`update loyalty_task_progress set claimed_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
        where user_id = ${userId} and task_id = ${taskId} and period_key = ${periodKey}`,
  );
}

/** Adds turnover to ranking scores; the reach time moves to the latest fact that raised the score. */
export async function rankScoresAdd(db: DbOrTx, rows: readonly { appKey: string; periodKey: string; userId: number; deltaMinor: number; reachedAt: Date }[]) {
  const moves = rows
    .filter((row) => row.deltaMinor > 0)
    .sort((a, b) => a.appKey.localeCompare(b.appKey) || a.periodKey.localeCompare(b.periodKey) || a.userId - b.userId);
  if (moves.length === 0) return;
  const values = sql.join(
    moves.map(
      (row) =>
        sql`(${row.appKey}::text, ${row.periodKey}::text, ${row.userId}::bigint, ${row.deltaMinor}::bigint, ${row.reachedAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    insert into loyalty_rank_scores (app_key, period_key, user_id, score_minor, reached_at) values ${values}
    on conflict (app_key, period_key, user_id) do update
      set score_minor = loyalty_rank_scores.score_minor + excluded.score_minor,
          reached_at = greatest(loyalty_rank_scores.reached_at, excluded.reached_at)`);
}

/**
 * Raises biggest-win scores (decision 045): a board row holds the player's largest single win of the period, and
 * `reached_at` the moment of that win — a later equal win does not move it (who got there first keeps the tie).
 */
export async function rankScoresMax(db: DbOrTx, rows: readonly { appKey: string; periodKey: string; userId: number; scoreMinor: number; reachedAt: Date }[]) {
  const moves = rows
    .filter((row) => row.scoreMinor > 0)
    .sort((a, b) => a.appKey.localeCompare(b.appKey) || a.periodKey.localeCompare(b.periodKey) || a.userId - b.userId);
  if (moves.length === 0) return;
  const values = sql.join(
    moves.map(
      (row) =>
        sql`(${row.appKey}::text, ${row.periodKey}::text, ${row.userId}::bigint, ${row.scoreMinor}::bigint, ${row.reachedAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    insert into loyalty_rank_scores (app_key, period_key, user_id, score_minor, reached_at) values ${values}
    on conflict (app_key, period_key, user_id) do update
      set score_minor = greatest(loyalty_rank_scores.score_minor, excluded.score_minor),
          reached_at = case
            when excluded.score_minor > loyalty_rank_scores.score_minor then excluded.reached_at
            when excluded.score_minor = loyalty_rank_scores.score_minor then least(loyalty_rank_scores.reached_at, excluded.reached_at)
            else loyalty_rank_scores.reached_at end`);
}

export interface RankBoardRow {
  user_id: string;
  score_minor: string;
  reached_at: Date | string;
  nick: string | null;
}

/** The first `limit` rows of a board, in ranking order (score, then who got there first, then id). */
export async function rankBoard(db: DbOrTx, appKey: string, periodKey: string, limit: number): Promise<RankBoardRow[]> {
  return rowsOf<RankBoardRow>(
    db,
    sql`select s.user_id::text as user_id, s.score_minor::text as score_minor, s.reached_at, p.nick
        from loyalty_rank_scores s left join account_profiles p on p.user_id = s.user_id
        where s.app_key = ${appKey} and s.period_key = ${periodKey}
        order by s.score_minor desc, s.reached_at asc, s.user_id asc
        limit ${limit}`,
  );
}

/**
 * The player's place on a board: score, how many are ahead, and the score of the one just above. Written as range
 * reads of the board index (higher score; then the same score reached earlier, or at the same instant by a lower id)
 * rather than one OR predicate, which PostgreSQL and PGlite can only apply as a filter over the whole board
 * (decision 045: 100,000 rows made that half a second a read).
 */
export async function rankOwn(db: DbOrTx, appKey: string, periodKey: string, userId: number) {
  const board = sql`s.app_key = ${appKey} and s.period_key = ${periodKey}`;
  const tiedAhead = sql`${board} and s.score_minor = me.score_minor
      and (s.reached_at < me.reached_at or (s.reached_at = me.reached_at and s.user_id < me.user_id))`;
  const [row] = await rowsOf<{ score_minor: string; higher: string; tied: string; above_higher: string | null }>(
    db,
    sql`with me as (select user_id, score_minor, reached_at from loyalty_rank_scores where app_key = ${appKey} and period_key = ${periodKey} and user_id = ${userId})
        select me.score_minor::text as score_minor,
          (select count(*) from loyalty_rank_scores s where ${board} and s.score_minor > me.score_minor)::text as higher,
          (select count(*) from loyalty_rank_scores s where ${tiedAhead})::text as tied,
          (select s.score_minor::text from loyalty_rank_scores s where ${board} and s.score_minor > me.score_minor
            order by s.score_minor asc limit 1) as above_higher
        from me`,
  );
  if (row === undefined) return undefined;
  const tied = Number(row.tied);
  // The one just above is a tied player who got there first, else the lowest higher score.
  const aboveMinor = tied > 0 ? Number(row.score_minor) : row.above_higher === null ? undefined : Number(row.above_higher);
  return { scoreMinor: Number(row.score_minor), ahead: Number(row.higher) + tied, aboveMinor };
}

/** Boards of these periods that have scores and are not closed yet. */
export async function rankBoardsOpen(db: DbOrTx, periodKeys: readonly string[]): Promise<{ app_key: string; period_key: string }[]> {
  if (periodKeys.length === 0) return [];
  return rowsOf<{ app_key: string; period_key: string }>(
    db,
    sql`select distinct s.app_key, s.period_key from loyalty_rank_scores s
        where s.period_key in (${sql.join(
          periodKeys.map((key) => sql`${key}`),
          sql`, `,
        )})
          and not exists (select 1 from loyalty_rank_closes c where c.app_key = s.app_key and c.period_key = s.period_key)`,
  );
}

/**
 * Closes a board: marks it closed and freezes its winners (the first `amounts.length` places, in ranking order) in one
 * transaction. False when it was closed already — a rerun never freezes a second, different list.
 */
export async function rankBoardClose(db: DbOrTx, appKey: string, periodKey: string, amounts: readonly number[], at: Date): Promise<boolean> {
  const closed = await rowsOf<{ app_key: string }>(
    db,
    sql`insert into loyalty_rank_closes (app_key, period_key, closed_at) values (${appKey}, ${periodKey}, ${at.toISOString()}::timestamptz)
        on conflict do nothing returning app_key`,
  );
  if (closed.length === 0 || amounts.length === 0) return closed.length > 0;
  const prizes = sql.join(
    amounts.map((amount, index) => sql`(${index + 1}::int, ${amount}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into loyalty_rank_prizes (app_key, period_key, place, user_id, score_minor, amount_minor)
    select ${appKey}, ${periodKey}, w.place, w.user_id, w.score_minor, p.amount
    from (select user_id, score_minor, row_number() over (order by score_minor desc, reached_at asc, user_id asc)::int as place
          from loyalty_rank_scores where app_key = ${appKey} and period_key = ${periodKey}) w
    join (values ${prizes}) as p(place, amount) on p.place = w.place`);
  return true;
}

export interface RankPrizeRow {
  app_key: string;
  period_key: string;
  place: number;
  user_id: string;
  amount_minor: string;
}

export async function rankPrizesDue(db: DbOrTx, limit: number): Promise<RankPrizeRow[]> {
  return rowsOf<RankPrizeRow>(
    db,
    sql`select app_key, period_key, place, user_id::text as user_id, amount_minor::text as amount_minor
        from loyalty_rank_prizes where paid_at is null order by period_key, app_key, place limit ${limit}`,
  );
}

/** Locks a due prize; undefined when another run paid it meanwhile. */
export async function rankPrizeDueForUpdate(db: DbOrTx, appKey: string, periodKey: string, place: number): Promise<boolean> {
  const rows = await rowsOf<{ place: number }>(
    db,
    sql`select place from loyalty_rank_prizes where app_key = ${appKey} and period_key = ${periodKey} and place = ${place} and paid_at is null for update`,
  );
  return rows.length > 0;
}

export async function rankPrizePaidSet(db: DbOrTx, appKey: string, periodKey: string, place: number, at: Date): Promise<void> {
  await db.execute(
    sql`update loyalty_rank_prizes set paid_at = ${at.toISOString()}::timestamptz where app_key = ${appKey} and period_key = ${periodKey} and place = ${place}`,
  );
}
