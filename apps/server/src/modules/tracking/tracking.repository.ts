import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import type { FunnelArm, FunnelDay } from '@piranha/contract';

/** Each retention pass deletes at most this many rows per statement, so a long backlog never holds one huge lock. */
const RETENTION_BATCH = 10_000;

export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Deletes tracking events older than `days` whole UTC days before `now`; answers how many rows went. */
export async function trackingRetentionPass(db: DbOrTx, now: Date, days: number): Promise<number> {
  const keepFrom = dayOf(new Date(now.getTime() - days * 86_400_000));
  let deleted = 0;
  for (;;) {
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`delete from tracking_events where id in (select id from tracking_events where day < ${keepFrom}::date limit ${RETENTION_BATCH}) returning id`,
    );
    deleted += rows.length;
    if (rows.length < RETENTION_BATCH) return deleted;
  }
}

/**
 * The funnel of one brand over [from, to] (UTC days), from our own data only: visits from page-view events; sign-ups
 * from registrations (account_profiles.registered_at: a tourist becomes a player when they bind); deposits from payment orders in success (status 4); bets and GGR from bets not rejected, by the day
 * they were placed (returns are what those bets paid out and cashed out so far). Every figure is one grouped query
 * over an index on (brand or user, time).
 */
export async function funnelRead(db: DbOrTx, appKey: string, from: string, to: string): Promise<FunnelDay[]> {
  const start = sql`${from}::date`;
  const endExclusive = sql`(${to}::date + 1)`;
  const startAt = sql`(${from}::date)::timestamp at time zone 'utc'`;
  const endAt = sql`((${to}::date + 1))::timestamp at time zone 'utc'`;
  const utcDay = (column: string) => sql.raw(`((${column}) at time zone 'utc')::date`);

  const [visits, signUps, deposits, firsts, bets] = await Promise.all([
    rowsOf<{ day: string; n: string }>(
      db,
      sql`select day::text as day, count(distinct coalesce(visitor, 'u' || user_id::text)) as n from tracking_events
        where app_key = ${appKey} and day >= ${start} and day < ${endExclusive} and event = 'page_view' group by day`,
    ),
    rowsOf<{ day: string; n: string }>(
      db,
      sql`select ${utcDay('registered_at')}::text as day, count(*) as n from account_profiles
        where app_key = ${appKey} and registered_at >= ${startAt} and registered_at < ${endAt} group by 1`,
    ),
    rowsOf<{ day: string; n: string }>(
      db,
      sql`select ${utcDay('updated_at')}::text as day, count(distinct user_id) as n from payment_orders
        where app_key = ${appKey} and direction = 'payin' and status = 4 and updated_at >= ${startAt} and updated_at < ${endAt} group by 1`,
    ),
    rowsOf<{ day: string; n: string }>(
      db,
      sql`select ${utcDay('first_at')}::text as day, count(*) as n from (
          select user_id, min(updated_at) as first_at from payment_orders
          where app_key = ${appKey} and direction = 'payin' and status = 4 and updated_at < ${endAt} group by user_id
        ) f where first_at >= ${startAt} group by 1`,
    ),
    rowsOf<{ day: string; currency: string; n: string; stakes: string; returns: string }>(
      db,
      sql`select ${utcDay('b.created_at')}::text as day, b.currency, count(*) as n, sum(b.stake_placed_minor) as stakes,
          sum(coalesce(b.payout_minor, 0) + b.cash_out_minor) as returns
        from bets b join users u on u.id = b.user_id
        where u.app_key = ${appKey} and b.status <> 2 and b.created_at >= ${startAt} and b.created_at < ${endAt}
        group by 1, 2 order by 1, 2`,
    ),
  ]);

  const days: FunnelDay[] = [];
  const byDay = new Map<string, FunnelDay>();
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    const entry: FunnelDay = { day: dayOf(new Date(at)), visits: 0, sign_ups: 0, first_deposits: 0, depositors: 0, bets: 0, ggr: [] };
    days.push(entry);
    byDay.set(entry.day, entry);
  }
  for (const row of visits) byDay.get(row.day)!.visits = Number(row.n);
  for (const row of signUps) byDay.get(row.day)!.sign_ups = Number(row.n);
  for (const row of deposits) byDay.get(row.day)!.depositors = Number(row.n);
  for (const row of firsts) byDay.get(row.day)!.first_deposits = Number(row.n);
  for (const row of bets) {
    const entry = byDay.get(row.day)!;
    entry.bets += Number(row.n);
    const stakes = Number(row.stakes);
    const returns = Number(row.returns);
    entry.ggr.push({ currency: row.currency, stakes_minor: stakes, returns_minor: returns, ggr_minor: stakes - returns });
  }
  return days;
}

export interface StoredTrackingEvent {
  event: string;
  user_id: number | null;
  visitor: string | null;
  day: string;
  params: unknown;
}

/**
 * One visitor's or player's events of a brand, oldest first. A player's journey also holds their game rounds as
 * `game_round` events, read from the seamless wallet's bets (every provider's and the house studio's rounds go
 * through it): a fact of the server's own, never a client's report (decision 033).
 */
export async function trackingEventsOf(
  db: DbOrTx,
  appKey: string,
  who: { visitor?: string | undefined; uid?: number | undefined },
  limit: number,
): Promise<StoredTrackingEvent[]> {
  const whose = who.visitor !== undefined ? sql`visitor = ${who.visitor}` : sql`user_id = ${who.uid ?? 0}`;
  const rounds =
    who.uid === undefined
      ? sql``
      : sql`union all
        select 'game_round', w.user_id, null, ((w.created_at at time zone 'utc')::date)::text,
          jsonb_build_object('game_id', w.game_code, 'round', w.round, 'free', w.is_free), w.created_at, 1, w.id
        from casino_wallet_txns w join users u on u.id = w.user_id and u.app_key = ${appKey}
        where w.user_id = ${who.uid} and w.kind = 'bet' and w.request_hash is not null and w.state <> 'rolled_back'`;
  const rows = await rowsOf<{ event: string; user_id: string | number | null; visitor: string | null; day: string; params: unknown }>(
    db,
    sql`select event, user_id, visitor, day, params from (
        select event, user_id, visitor, day::text as day, payload -> 'params' as params, received_at as at, 0 as source, id from tracking_events
        where app_key = ${appKey} and kind = 'md' and ${whose}
        ${rounds}
      ) j order by at, source, id limit ${limit}`,
  );
  return rows.map((row) => ({ ...row, user_id: row.user_id === null ? null : Number(row.user_id) }));
}

/**
 * Each experiment's arms side by side over [from, to]: visitors with an `ab_assigned` event for the arm, and the
 * players of the arm — the accounts whose arm is stored (decision 040: carried from the device at sign-up, so it is
 * the arm whose offer they got), else the players those visitors became (any event of the same visitor with a user
 * id) — registered, deposited (any, and first), bet — all counted from our own tables, as the funnel is.
 */
export async function funnelArmsRead(db: DbOrTx, appKey: string, from: string, to: string): Promise<FunnelArm[]> {
  const start = sql`${from}::date`;
  const endExclusive = sql`(${to}::date + 1)`;
  const startAt = sql`(${from}::date)::timestamp at time zone 'utc'`;
  const endAt = sql`((${to}::date + 1))::timestamp at time zone 'utc'`;
  const rows = await rowsOf<{ key: string; arm: string; visitors: string; sign_ups: string; depositors: string; first_deposits: string; bets: string }>(
    db,
    sql`with assigned as (
        select distinct payload -> 'params' ->> 'key' as key, payload -> 'params' ->> 'arm' as arm, visitor from tracking_events
        where app_key = ${appKey} and day >= ${start} and day < ${endExclusive} and event = 'ab_assigned' and visitor is not null
      ), stored as (
        select key, arm, user_id from experiment_assignments where app_key = ${appKey}
      ), players as (
        select key, arm, user_id from stored
        union
        select a.key, a.arm, e.user_id from assigned a join tracking_events e on e.app_key = ${appKey} and e.visitor = a.visitor
          and e.day >= ${start} and e.day < ${endExclusive} and e.user_id is not null
          where not exists (select 1 from stored s where s.user_id = e.user_id and s.key = a.key)
      ), arms as (
        select key, arm from assigned union select key, arm from players
      ), firsts as (
        select user_id, min(updated_at) as first_at from payment_orders
        where app_key = ${appKey} and direction = 'payin' and status = 4 and updated_at < ${endAt} group by user_id
      )
      select r.key, r.arm,
        (select count(distinct a.visitor) from assigned a where a.key = r.key and a.arm = r.arm) as visitors,
        (select count(*) from players p join account_profiles ap on ap.user_id = p.user_id
          where p.key = r.key and p.arm = r.arm and ap.registered_at >= ${startAt} and ap.registered_at < ${endAt}) as sign_ups,
        (select count(distinct p.user_id) from players p join payment_orders o on o.user_id = p.user_id and o.direction = 'payin' and o.status = 4
          and o.updated_at >= ${startAt} and o.updated_at < ${endAt} where p.key = r.key and p.arm = r.arm) as depositors,
        (select count(*) from players p join firsts f on f.user_id = p.user_id and f.first_at >= ${startAt}
          where p.key = r.key and p.arm = r.arm) as first_deposits,
        (select count(*) from players p join bets b on b.user_id = p.user_id and b.status <> 2 and b.created_at >= ${startAt} and b.created_at < ${endAt}
          where p.key = r.key and p.arm = r.arm) as bets
      from arms r where r.key is not null and r.arm is not null order by r.key, r.arm`,
  );
  return rows.map((row) => ({
    key: row.key,
    arm: row.arm,
    visitors: Number(row.visitors),
    sign_ups: Number(row.sign_ups),
    depositors: Number(row.depositors),
    first_deposits: Number(row.first_deposits),
    bets: Number(row.bets),
  }));
}
