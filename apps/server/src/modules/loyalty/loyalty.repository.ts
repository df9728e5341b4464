import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

/** Loyalty's only SQL (issue 18, decision 026). */

/** A durable fact not counted yet: a settled bet, a settled casino round, a settled live Crash bet or a paid deposit. */
export interface FactCandidate {
  /** `crash_live`: a live Crash bet (decision 071: not a casino_rounds row), counted as a Crash round. */
  source: 'bet' | 'round' | 'deposit' | 'crash_live';
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
export const FACT_SOURCES: readonly FactSource[] = ['bet', 'crash_live', 'deposit', 'round'];

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
    (select 'crash_live', l.id::text, l.user_id::text, u.app_key, l.currency, l.stake::text, l.win::text, l.settled_at, 'crash'
     from crash_live_bets l join users u on u.id = l.user_id
     where l.status in ('won', 'lost') and ${since('crash_live', sql`l.settled_at`)}
       and not exists (select 1 from loyalty_facts f where f.source = 'crash_live' and f.source_ref = l.id::text)
     order by l.settled_at, l.id limit ${limit})
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
/** What a fact had counted before a resettlement rewrote it (decision 048: stake and return null on older facts). */
export interface FactBefore {
  pointsMinor: number;
  stakeMinor: number | null;
  returnMinor: number | null;
  occurredAt: Date;
}

/** Code-unit order, as `Array.prototype.sort` with no comparator (the bets' lock list above). */
function textOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export async function factsInsert(
  db: DbOrTx,
  rows: readonly {
    source: string;
    sourceRef: string;
    userId: number;
    pointsMinor: number;
    stakeMinor: number | null;
    returnMinor: number | null;
    occurredAt: Date;
  }[],
  at: Date,
): Promise<Map<string, FactBefore | undefined>> {
  if (rows.length === 0) return new Map();
  const betRefs = [...new Set(rows.filter((row) => row.source === 'bet').map((row) => row.sourceRef))].sort();
  const before = new Map<string, FactBefore>();
  if (betRefs.length > 0) {
    const locked = await rowsOf<{
      source_ref: string;
      points_minor: string;
      stake_minor: string | null;
      return_minor: string | null;
      occurred_at: Date | string;
    }>(
      db,
      sql`select source_ref, points_minor::text as points_minor, stake_minor::text as stake_minor, return_minor::text as return_minor, occurred_at
          from loyalty_facts
          where source = 'bet' and source_ref in (${sql.join(
            betRefs.map((ref) => sql`${ref}`),
            sql`, `,
          )}) order by source_ref for update`,
    );
    for (const row of locked)
      before.set(`bet:${row.source_ref}`, {
        pointsMinor: Number(row.points_minor),
        stakeMinor: row.stake_minor === null ? null : Number(row.stake_minor),
        returnMinor: row.return_minor === null ? null : Number(row.return_minor),
        occurredAt: new Date(row.occurred_at),
      });
  }
  // Inserted in one order, (source, ref), as the bets above are locked: two passes racing (two nodes, a leader change)
  // then meet their common facts in the same order and wait instead of deadlocking — in the order candidates were read
  // (by settlement time), one pass's new row could wait on the other's while the other waited on one of its own.
  const ordered = [...rows].sort((a, b) => (a.source === b.source ? textOrder(a.sourceRef, b.sourceRef) : textOrder(a.source, b.source)));
  const values = sql.join(
    ordered.map(
      (row) =>
        sql`(${row.source}::text, ${row.sourceRef}::text, ${row.userId}::bigint, ${row.pointsMinor}::bigint, ${row.stakeMinor}::bigint, ${row.returnMinor}::bigint, ${row.occurredAt.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const written = await rowsOf<{ source: string; source_ref: string }>(
    db,
    sql`insert into loyalty_facts (source, source_ref, user_id, points_minor, stake_minor, return_minor, occurred_at, counted_at) values ${values}
        on conflict (source, source_ref) do update
          set points_minor = excluded.points_minor, stake_minor = excluded.stake_minor, return_minor = excluded.return_minor,
            occurred_at = excluded.occurred_at, counted_at = excluded.counted_at
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

/**
 * Adds task progress, one statement; a resettlement's negative share (decision 048) is taken back by a second one,
 * never below 0 (a claimed task stays claimed).
 */
export async function taskProgressAdd(db: DbOrTx, rows: readonly { userId: number; taskId: string; periodKey: string; deltaMinor: number }[], at: Date) {
  const order = (a: { userId: number; taskId: string; periodKey: string }, b: { userId: number; taskId: string; periodKey: string }) =>
    a.userId - b.userId || a.taskId.localeCompare(b.taskId) || a.periodKey.localeCompare(b.periodKey);
  const back = rows.filter((row) => row.deltaMinor < 0).sort(order);
  if (back.length > 0) {
    const values = sql.join(
      back.map((row) => sql`(${row.userId}::bigint, ${row.taskId}::text, ${row.periodKey}::text, ${row.deltaMinor}::bigint)`),
      sql`, `,
    );
    await db.execute(sql`
      update loyalty_task_progress p set progress_minor = greatest(0, p.progress_minor + v.delta), updated_at = ${at.toISOString()}::timestamptz
      from (values ${values}) as v(user_id, task_id, period_key, delta)
      where p.user_id = v.user_id and p.task_id = v.task_id and p.period_key = v.period_key`);
  }
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

/**
 * Adds turnover to ranking scores; the reach time moves to the latest fact that raised the score. A resettlement's
 * negative share (decision 048) lowers the score, never below 0, and leaves the reach time (a score of 0 is off the
 * board).
 */
export async function rankScoresAdd(db: DbOrTx, rows: readonly { appKey: string; periodKey: string; userId: number; deltaMinor: number; reachedAt: Date }[]) {
  const back = rows
    .filter((row) => row.deltaMinor < 0)
    .sort((a, b) => a.appKey.localeCompare(b.appKey) || a.periodKey.localeCompare(b.periodKey) || a.userId - b.userId);
  if (back.length > 0) {
    const values = sql.join(
      back.map((row) => sql`(${row.appKey}::text, ${row.periodKey}::text, ${row.userId}::bigint, ${row.deltaMinor}::bigint)`),
      sql`, `,
    );
    await db.execute(sql`
      update loyalty_rank_scores s set score_minor = greatest(0, s.score_minor + v.delta)
      from (values ${values}) as v(app_key, period_key, user_id, delta)
      where s.app_key = v.app_key and s.period_key = v.period_key and s.user_id = v.user_id`);
  }
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

/**
 * Recounts one player's biggest win of a board (decision 048) from the facts of its window after a resettlement took
 * back the win it had counted: the largest return − stake of a bet or round that rode, the earliest on a tie; 0 (off
 * the board) when none is left. Facts counted before stakes were recorded are not seen.
 */
export async function rankWinRecount(db: DbOrTx, board: { appKey: string; periodKey: string; userId: number; from: Date; to: Date }): Promise<void> {
  const [best] = await rowsOf<{ win: string; occurred_at: Date | string }>(
    db,
    sql`select (return_minor - stake_minor)::text as win, occurred_at from loyalty_facts
        where user_id = ${board.userId} and source in ('bet', 'round', 'crash_live') and stake_minor > 0 and return_minor > stake_minor
          and occurred_at >= ${board.from.toISOString()}::timestamptz and occurred_at < ${board.to.toISOString()}::timestamptz
        order by return_minor - stake_minor desc, occurred_at asc limit 1`,
  );
  const where = sql`app_key = ${board.appKey} and period_key = ${board.periodKey} and user_id = ${board.userId}`;
  if (best === undefined) await db.execute(sql`update loyalty_rank_scores set score_minor = 0 where ${where}`);
  else
    await db.execute(
      sql`update loyalty_rank_scores set score_minor = ${Number(best.win)}, reached_at = ${new Date(best.occurred_at).toISOString()}::timestamptz where ${where}`,
    );
}

export interface RankPlaceRow {
  user_id: string;
  place: number;
  score_minor: string;
  above_minor: string | null;
  nick: string | null;
}

/**
 * A board's snapshot as one statement (decision 048), so the top, the player's own place and the stamp all come from
 * the same count: when its places were counted and how many, the first `limit` places (a range read of the place
 * index) and the player's own (a primary-key read). Undefined before the board's first count.
 */
export async function rankSnapshotRead(db: DbOrTx, appKey: string, boardKey: string, userId: number, limit: number) {
  const board = sql`app_key = ${appKey} and period_key = ${boardKey}`;
  const rows = await rowsOf<RankPlaceRow & { players: number; refreshed_at: Date | string | null }>(
    db,
    sql`with snap as (select players, refreshed_at from loyalty_rank_snapshots where ${board}),
        places as (
          (select user_id, place, score_minor, above_minor from loyalty_rank_places where ${board} and place <= ${limit})
          union
          (select user_id, place, score_minor, above_minor from loyalty_rank_places where ${board} and user_id = ${userId}))
        select snap.players, snap.refreshed_at, pl.user_id::text as user_id, pl.place, pl.score_minor::text as score_minor,
          pl.above_minor::text as above_minor, pr.nick
        from snap left join places pl on true left join account_profiles pr on pr.user_id = pl.user_id
        order by pl.place`,
  );
  if (rows.length === 0) return undefined;
  const places = rows.filter((row) => row.user_id !== null);
  return {
    players: rows[0]!.players,
    refreshedAt: rows[0]!.refreshed_at === null ? undefined : new Date(rows[0]!.refreshed_at),
    top: places.filter((row) => row.place <= limit),
    own: places.find((row) => Number(row.user_id) === userId),
  };
}

/**
 * Marks boards stale (decision 048), in the transaction that moved their scores, in key order (two passes racing
 * lock the rows in the same order). Always an update (never a no-op), so the batch holds the row lock until it
 * commits: that is what lets a refresh never miss a move — a move committed before the refresh took the lock is in
 * its read; one waiting on the lock marks the board stale again after it.
 */
export async function rankSnapshotsStale(db: DbOrTx, boards: readonly { appKey: string; periodKey: string }[]): Promise<void> {
  const keys = [...new Map(boards.map((board) => [`${board.appKey}|${board.periodKey}`, board] as const)).values()].sort(
    (a, b) => a.appKey.localeCompare(b.appKey) || a.periodKey.localeCompare(b.periodKey),
  );
  if (keys.length === 0) return;
  const values = sql.join(
    keys.map((board) => sql`(${board.appKey}::text, ${board.periodKey}::text, true)`),
    sql`, `,
  );
  await db.execute(sql`insert into loyalty_rank_snapshots (app_key, period_key, stale) values ${values}
    on conflict (app_key, period_key) do update set stale = true`);
}

/** Stale boards with when they were last refreshed and how many players they ranked then. */
export async function rankSnapshotsStaleList(
  db: DbOrTx,
): Promise<{ app_key: string; period_key: string; players: number; refreshed_at: Date | string | null }[]> {
  return rowsOf(db, sql`select app_key, period_key, players, refreshed_at from loyalty_rank_snapshots where stale order by app_key, period_key`);
}

/**
 * Recounts one board's places in the caller's transaction (decision 048): locks the snapshot row (answers undefined
 * when another pass refreshed it meanwhile), ranks the scores (score, then who got there first, then id), writes only
 * the places that changed, removes players no longer on the board, and stamps the snapshot. Answers the stamp.
 *
 * The stamp only moves forward (decision 055): `at` is the pass's start, and a pass that started earlier may count
 * after a later one, so the stamp is at least a millisecond past the previous one. Each count then has a stamp of its
 * own, which is what the nodes' caches of `rank/list` answers are keyed by.
 */
export async function rankSnapshotRefresh(db: DbOrTx, appKey: string, boardKey: string, at: Date): Promise<Date | undefined> {
  const [lock] = await rowsOf<{ stale: boolean }>(
    db,
    sql`select stale from loyalty_rank_snapshots where app_key = ${appKey} and period_key = ${boardKey} for update`,
  );
  if (lock === undefined || !lock.stale) return undefined;
  const board = sql`app_key = ${appKey} and period_key = ${boardKey}`;
  await db.execute(sql`
    insert into loyalty_rank_places (app_key, period_key, user_id, place, score_minor, above_minor)
    select ${appKey}, ${boardKey}, r.user_id, r.place, r.score_minor, r.above_minor
    from (select user_id, score_minor,
            (row_number() over w)::int as place,
            lag(score_minor) over w as above_minor
          from loyalty_rank_scores where ${board} and score_minor > 0
          window w as (order by score_minor desc, reached_at asc, user_id asc)) r
    on conflict (app_key, period_key, user_id) do update
      set place = excluded.place, score_minor = excluded.score_minor, above_minor = excluded.above_minor
      where (loyalty_rank_places.place, loyalty_rank_places.score_minor, loyalty_rank_places.above_minor)
        is distinct from (excluded.place, excluded.score_minor, excluded.above_minor)`);
  await db.execute(sql`
    delete from loyalty_rank_places p where p.app_key = ${appKey} and p.period_key = ${boardKey}
      and not exists (select 1 from loyalty_rank_scores s where s.app_key = p.app_key and s.period_key = p.period_key
        and s.user_id = p.user_id and s.score_minor > 0)`);
  const [stamped] = await rowsOf<{ refreshed_at: Date | string }>(
    db,
    sql`update loyalty_rank_snapshots set stale = false,
      refreshed_at = greatest(${at.toISOString()}::timestamptz, refreshed_at + interval '1 millisecond'),
      players = (select count(*) from loyalty_rank_places where ${board})
    where ${board} returning refreshed_at`,
  );
  return new Date(stamped!.refreshed_at);
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
export async function rankBoardClose(
  db: DbOrTx,
  appKey: string,
  periodKey: string,
  amounts: readonly number[],
  configVersion: number,
  at: Date,
): Promise<boolean> {
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
    insert into loyalty_rank_prizes (app_key, period_key, place, user_id, score_minor, amount_minor, config_version)
    select ${appKey}, ${periodKey}, w.place, w.user_id, w.score_minor, p.amount, ${configVersion}::int
    from (select user_id, score_minor, row_number() over (order by score_minor desc, reached_at asc, user_id asc)::int as place
          from loyalty_rank_scores where app_key = ${appKey} and period_key = ${periodKey} and score_minor > 0) w
    join (values ${prizes}) as p(place, amount) on p.place = w.place`);
  return true;
}

export interface RankPrizeRow {
  app_key: string;
  period_key: string;
  place: number;
  user_id: string;
  amount_minor: string;
  config_version: number;
}

export async function rankPrizesDue(db: DbOrTx, limit: number): Promise<RankPrizeRow[]> {
  return rowsOf<RankPrizeRow>(
    db,
    sql`select app_key, period_key, place, user_id::text as user_id, amount_minor::text as amount_minor, config_version
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

/** Records the loyalty settings version a reward was paid with (decision 048), in the payment's transaction. */
export async function rewardVersionRecord(db: DbOrTx, bonusId: number, appKey: string, configVersion: number): Promise<void> {
  await db.execute(sql`insert into loyalty_reward_versions (bonus_id, app_key, config_version) values (${bonusId}, ${appKey}, ${configVersion})`);
}
