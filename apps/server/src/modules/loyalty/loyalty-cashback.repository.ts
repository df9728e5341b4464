import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

/** Cash-back's SQL (issue 18, decision 026). */

export interface CashbackTotalsRow {
  user_id: string;
  stake_minor: string;
  return_minor: string;
  bonus_used_minor: string;
  points_minor: string;
}

/**
 * Per player of a brand, over [from, to): settled stakes and returns in its currency (bets whose stake rode to
 * settlement — void, push and cancelled count neither — and casino rounds; free bets and free rounds are the house's
 * money and count nothing), the cash that bonuses turned into in the period (the conversion's ledger line), and the
 * player's VIP points now. Only players who staked appear.
 */
export async function cashbackTotals(db: DbOrTx, appKey: string, currency: string, from: Date, to: Date): Promise<CashbackTotalsRow[]> {
  const start = from.toISOString();
  const end = to.toISOString();
  return rowsOf<CashbackTotalsRow>(
    db,
    sql`
    with play as (
      select b.user_id, (case when b.outcome in (3, 4, 5, 6) then b.stake_minor else 0 end) as stake,
        (case when b.outcome in (3, 4, 5, 6) then coalesce(b.payout_minor, 0) else 0 end) as ret
      from bets b join users u on u.id = b.user_id
      where b.status = 5 and b.settled_at >= ${start}::timestamptz and b.settled_at < ${end}::timestamptz
        and not b.free_bet and b.currency = ${currency} and u.app_key = ${appKey}
      union all
      select r.user_id, r.stake, r.win
      from casino_rounds r join users u on u.id = r.user_id
      where r.status = 'settled' and coalesce(r.settled_at, r.updated_at) >= ${start}::timestamptz
        and coalesce(r.settled_at, r.updated_at) < ${end}::timestamptz
        and r.free_round_id is null and r.currency = ${currency} and u.app_key = ${appKey}
      union all
      -- Live Crash bets (decision 071) are not casino_rounds rows: a won or lost one is a settled round of its own.
      select l.user_id, l.stake, l.win
      from crash_live_bets l join users u on u.id = l.user_id
      where l.status in ('won', 'lost') and l.settled_at >= ${start}::timestamptz and l.settled_at < ${end}::timestamptz
        and l.currency = ${currency} and u.app_key = ${appKey}
    ),
    players as (select user_id, sum(stake) as stake, sum(ret) as ret from play group by user_id having sum(stake) > 0),
    used as (
      select g.user_id, sum(l.amount_minor) as amount
      from players p join bonuses g on g.user_id = p.user_id
        join transfers x on x.kind = 'bonus_convert' and x.external_ref = g.id::text
        join ledger_lines l on l.transfer_id = x.id
        join ledger_accounts a on a.id = l.account_id and a.user_id = g.user_id and a.kind = 'cash'
      where g.status = 2 and g.currency = ${currency}
        and g.finished_at >= ${start}::timestamptz and g.finished_at < ${end}::timestamptz
      group by g.user_id
    )
    select p.user_id::text as user_id, p.stake::text as stake_minor, p.ret::text as return_minor,
      coalesce(used.amount, 0)::text as bonus_used_minor, coalesce(acc.points_minor, 0)::text as points_minor
    from players p left join used on used.user_id = p.user_id left join loyalty_accounts acc on acc.user_id = p.user_id
    order by p.user_id`,
  );
}

/** Marks a period closed; false when it was already (a rerun computes nothing twice). */
export async function cashbackCloseInsert(db: DbOrTx, appKey: string, periodKey: string, at: Date): Promise<boolean> {
  const rows = await rowsOf<{ app_key: string }>(
    db,
    sql`insert into loyalty_cashback_closes (app_key, period_key, closed_at) values (${appKey}, ${periodKey}, ${at.toISOString()}::timestamptz)
        on conflict do nothing returning app_key`,
  );
  return rows.length > 0;
}

export async function cashbackClosedKeys(db: DbOrTx, appKey: string, periodKeys: readonly string[]): Promise<Set<string>> {
  if (periodKeys.length === 0) return new Set();
  const rows = await rowsOf<{ period_key: string }>(
    db,
    sql`select period_key from loyalty_cashback_closes where app_key = ${appKey} and period_key in (${sql.join(
      periodKeys.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((row) => row.period_key));
}

export interface CashbackInsert {
  userId: number;
  level: number;
  rateBp: number;
  stakeMinor: number;
  returnMinor: number;
  bonusUsedMinor: number;
  netLossMinor: number;
  amountMinor: number;
}

const INSERT_CHUNK = 1_000;

export async function cashbacksInsert(
  db: DbOrTx,
  period: { appKey: string; periodKey: string; currency: string; endsAt: Date },
  rows: readonly CashbackInsert[],
  at: Date,
): Promise<void> {
  for (let index = 0; index < rows.length; index += INSERT_CHUNK) {
    const values = sql.join(
      rows.slice(index, index + INSERT_CHUNK).map(
        (row) =>
          sql`(${period.appKey}::text, ${period.periodKey}::text, ${row.userId}::bigint, ${period.currency}::text, ${row.level}::int, ${row.rateBp}::int,
              ${row.stakeMinor}::bigint, ${row.returnMinor}::bigint, ${row.bonusUsedMinor}::bigint, ${row.netLossMinor}::bigint, ${row.amountMinor}::bigint,
              ${period.endsAt.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      insert into loyalty_cashbacks (app_key, period_key, user_id, currency, level, rate_bp, stake_minor, return_minor, bonus_used_minor,
        net_loss_minor, amount_minor, period_ends_at, computed_at)
      values ${values} on conflict do nothing`);
  }
}

export interface CashbackDueRow {
  app_key: string;
  period_key: string;
  user_id: string;
  amount_minor: string;
}

export async function cashbacksDue(db: DbOrTx, limit: number): Promise<CashbackDueRow[]> {
  return rowsOf<CashbackDueRow>(
    db,
    sql`select app_key, period_key, user_id::text as user_id, amount_minor::text as amount_minor
        from loyalty_cashbacks where paid_at is null order by period_ends_at, app_key, user_id limit ${limit}`,
  );
}

/** Locks a due cash-back; false when another run paid it meanwhile. */
export async function cashbackDueForUpdate(db: DbOrTx, appKey: string, periodKey: string, userId: number): Promise<boolean> {
  const rows = await rowsOf<{ user_id: string }>(
    db,
    sql`select user_id::text as user_id from loyalty_cashbacks
        where app_key = ${appKey} and period_key = ${periodKey} and user_id = ${userId} and paid_at is null for update`,
  );
  return rows.length > 0;
}

export async function cashbackPaidSet(db: DbOrTx, appKey: string, periodKey: string, userId: number, at: Date): Promise<void> {
  await db.execute(
    sql`update loyalty_cashbacks set paid_at = ${at.toISOString()}::timestamptz where app_key = ${appKey} and period_key = ${periodKey} and user_id = ${userId}`,
  );
}

export interface CashbackHistoryRow {
  period_key: string;
  currency: string;
  level: number;
  rate_bp: number;
  stake_minor: string;
  return_minor: string;
  bonus_used_minor: string;
  net_loss_minor: string;
  amount_minor: string;
  period_ends_at: Date | string;
  paid_at: Date | string | null;
}

/** A player's cash-backs of a brand, newest period first, one page. */
export async function cashbackHistory(db: DbOrTx, appKey: string, userId: number, offset: number, limit: number): Promise<CashbackHistoryRow[]> {
  return rowsOf<CashbackHistoryRow>(
    db,
    sql`select period_key, currency, level, rate_bp, stake_minor::text as stake_minor, return_minor::text as return_minor,
          bonus_used_minor::text as bonus_used_minor, net_loss_minor::text as net_loss_minor, amount_minor::text as amount_minor, period_ends_at, paid_at
        from loyalty_cashbacks where user_id = ${userId} and app_key = ${appKey}
        order by period_ends_at desc, period_key desc offset ${offset} limit ${limit}`,
  );
}
