import type { AgentBasis, AgentTier } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

/** The agent programme's SQL (issue 19, decision 052). */

export async function agentConfigOf(db: DbOrTx, appKey: string): Promise<{ basis: AgentBasis; tiers: AgentTier[] } | undefined> {
  const [row] = await rowsOf<{ basis: string; tiers: AgentTier[] | string }>(db, sql`select basis, tiers from agent_configs where app_key = ${appKey}`);
  if (!row) return undefined;
  return { basis: row.basis as AgentBasis, tiers: typeof row.tiers === 'string' ? (JSON.parse(row.tiers) as AgentTier[]) : row.tiers };
}

export async function agentConfigUpsert(db: DbOrTx, appKey: string, basis: AgentBasis, tiers: readonly AgentTier[], at: Date): Promise<void> {
  await db.execute(sql`
    insert into agent_configs (app_key, basis, tiers, updated_at) values (${appKey}, ${basis}, ${JSON.stringify(tiers)}::jsonb, ${at.toISOString()}::timestamptz)
    on conflict (app_key) do update set basis = excluded.basis, tiers = excluded.tiers, updated_at = excluded.updated_at`);
}

export async function agentConfigBrands(db: DbOrTx): Promise<string[]> {
  const rows = await rowsOf<{ app_key: string }>(db, sql`select app_key from agent_configs order by app_key`);
  return rows.map((row) => row.app_key);
}

export async function agentInsert(db: DbOrTx, userId: number, appKey: string, at: Date): Promise<void> {
  await db.execute(
    sql`insert into agents (user_id, app_key, created_at) values (${userId}, ${appKey}, ${at.toISOString()}::timestamptz) on conflict do nothing`,
  );
}

export async function agentOf(db: DbOrTx, userId: number, lock = false): Promise<{ appKey: string } | undefined> {
  const [row] = await rowsOf<{ app_key: string }>(
    db,
    lock ? sql`select app_key from agents where user_id = ${userId} for update` : sql`select app_key from agents where user_id = ${userId}`,
  );
  return row && { appKey: row.app_key };
}

/** Binds a player to an agent's team; false when the player was already in a team (one agent per player, for good). */
export async function memberInsert(db: DbOrTx, memberUserId: number, agentUserId: number, appKey: string, at: Date): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`insert into agent_members (member_user_id, agent_user_id, app_key, bound_at)
        values (${memberUserId}, ${agentUserId}, ${appKey}, ${at.toISOString()}::timestamptz) on conflict do nothing returning member_user_id`,
  );
  return rows.length > 0;
}

export async function boundAgentOf(db: DbOrTx, memberUserId: number): Promise<{ agentUserId: number; boundAt: Date } | undefined> {
  const [row] = await rowsOf<{ agent_user_id: string; bound_at: Date | string }>(
    db,
    sql`select agent_user_id::text, bound_at from agent_members where member_user_id = ${memberUserId}`,
  );
  return row && { agentUserId: Number(row.agent_user_id), boundAt: new Date(row.bound_at) };
}

export async function teamSize(db: DbOrTx, agentUserId: number): Promise<number> {
  const [row] = await rowsOf<{ n: string }>(db, sql`select count(*)::text as n from agent_members where agent_user_id = ${agentUserId}`);
  return Number(row?.n ?? 0);
}

/** The agent's own team, newest first; never anyone else's. */
export async function teamPage(db: DbOrTx, agentUserId: number, offset: number, limit: number) {
  return rowsOf<{ member_user_id: string; nick: string | null; bound_at: Date | string }>(
    db,
    sql`select m.member_user_id::text, p.nick, m.bound_at from agent_members m left join account_profiles p on p.user_id = m.member_user_id
        where m.agent_user_id = ${agentUserId} order by m.bound_at desc, m.member_user_id desc offset ${offset} limit ${limit}`,
  );
}

export interface TeamTotalsRow {
  agent_user_id: string;
  members: string;
  stake_minor: string;
  return_minor: string;
}

/**
 * Per agent of a brand (or one agent), over [from, to): the settled stakes and returns, in the brand's currency, of
 * its team's players since each joined — sports bets whose stake rode to settlement (void, push and cancelled count
 * nothing) and casino rounds; free bets and free rounds are the house's money and count nothing (as cash-back counts).
 */
export async function teamTotals(db: DbOrTx, appKey: string, currency: string, from: Date, to: Date, agentUserId?: number): Promise<TeamTotalsRow[]> {
  const start = from.toISOString();
  const end = to.toISOString();
  const agentFilter = agentUserId === undefined ? sql`` : sql`and m.agent_user_id = ${agentUserId}`;
  return rowsOf<TeamTotalsRow>(
    db,
    sql`
    with team as (select member_user_id, agent_user_id, bound_at from agent_members m where m.app_key = ${appKey} ${agentFilter}),
    play as (
      select t.agent_user_id, b.user_id, (case when b.outcome in (3, 4, 5, 6) then b.stake_minor else 0 end) as stake,
        (case when b.outcome in (3, 4, 5, 6) then coalesce(b.payout_minor, 0) else 0 end) as ret
      from bets b join team t on t.member_user_id = b.user_id
      where b.status = 5 and b.settled_at >= greatest(${start}::timestamptz, t.bound_at) and b.settled_at < ${end}::timestamptz
        and not b.free_bet and b.currency = ${currency}
      union all
      select t.agent_user_id, r.user_id, r.stake, r.win
      from casino_rounds r join team t on t.member_user_id = r.user_id
      where r.status = 'settled' and coalesce(r.settled_at, r.updated_at) >= greatest(${start}::timestamptz, t.bound_at)
        and coalesce(r.settled_at, r.updated_at) < ${end}::timestamptz and r.free_round_id is null and r.currency = ${currency}
      union all
      -- Live Crash bets (decision 071) are not casino_rounds rows: a won or lost one is a settled round of its own.
      select t.agent_user_id, l.user_id, l.stake, l.win
      from crash_live_bets l join team t on t.member_user_id = l.user_id
      where l.status in ('won', 'lost') and l.settled_at >= greatest(${start}::timestamptz, t.bound_at)
        and l.settled_at < ${end}::timestamptz and l.currency = ${currency}
    )
    select agent_user_id::text, count(distinct user_id)::text as members, sum(stake)::text as stake_minor, sum(ret)::text as return_minor
    from play group by agent_user_id having sum(stake) > 0 order by agent_user_id`,
  );
}

/** Marks a brand day closed; false when it already was (a rerun settles nothing twice). */
export async function dayCloseInsert(db: DbOrTx, appKey: string, dayKey: string, at: Date): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`insert into agent_day_closes (app_key, day_key, closed_at) values (${appKey}, ${dayKey}, ${at.toISOString()}::timestamptz)
        on conflict do nothing returning app_key`,
  );
  return rows.length > 0;
}

export async function dayClosedKeys(db: DbOrTx, appKey: string, dayKeys: readonly string[]): Promise<Set<string>> {
  if (dayKeys.length === 0) return new Set();
  const rows = await rowsOf<{ day_key: string }>(
    db,
    sql`select day_key from agent_day_closes where app_key = ${appKey} and day_key in (${sql.join(
      dayKeys.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((row) => row.day_key));
}

export interface CommissionInsert {
  agentUserId: number;
  members: number;
  stakeMinor: number;
  returnMinor: number;
  basisMinor: number;
  rateBp: number;
  commissionMinor: number;
}

export async function commissionInsert(
  db: DbOrTx,
  day: { appKey: string; dayKey: string; currency: string; basis: AgentBasis; endsAt: Date },
  row: CommissionInsert,
  at: Date,
): Promise<void> {
  await db.execute(sql`
    insert into agent_commissions (app_key, day_key, agent_user_id, currency, basis, members, stake_minor, return_minor, basis_minor, rate_bp,
      commission_minor, day_ends_at, computed_at)
    values (${day.appKey}, ${day.dayKey}, ${row.agentUserId}, ${day.currency}, ${day.basis}, ${row.members}, ${row.stakeMinor}, ${row.returnMinor},
      ${row.basisMinor}, ${row.rateBp}, ${row.commissionMinor}, ${day.endsAt.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
}

export async function commissionSums(db: DbOrTx, agentUserId: number): Promise<{ available: number; total: number }> {
  const [row] = await rowsOf<{ available: string; total: string }>(
    db,
    sql`select coalesce(sum(commission_minor) filter (where transfer_id is null), 0)::text as available, coalesce(sum(commission_minor), 0)::text as total
        from agent_commissions where agent_user_id = ${agentUserId}`,
  );
  return { available: Number(row?.available ?? 0), total: Number(row?.total ?? 0) };
}

export async function commissionOfDay(db: DbOrTx, agentUserId: number, appKey: string, dayKey: string): Promise<number> {
  const [row] = await rowsOf<{ commission_minor: string }>(
    db,
    sql`select commission_minor::text from agent_commissions where app_key = ${appKey} and day_key = ${dayKey} and agent_user_id = ${agentUserId}`,
  );
  return Number(row?.commission_minor ?? 0);
}

export async function commissionPage(db: DbOrTx, agentUserId: number, offset: number, limit: number) {
  return rowsOf<{
    day_key: string;
    members: number;
    stake_minor: string;
    return_minor: string;
    basis_minor: string;
    rate_bp: number;
    commission_minor: string;
    transfer_id: string | null;
  }>(
    db,
    sql`select day_key, members, stake_minor::text, return_minor::text, basis_minor::text, rate_bp, commission_minor::text, transfer_id::text
        from agent_commissions where agent_user_id = ${agentUserId} order by day_ends_at desc offset ${offset} limit ${limit}`,
  );
}

/** Takes every untransferred commission of the agent into a new transfer; answers its id and amount (0: nothing to take). */
export async function commissionsTake(db: DbOrTx, agentUserId: number, currency: string, at: Date): Promise<{ id: number; amountMinor: number } | undefined> {
  const [sum] = await rowsOf<{ amount: string }>(
    db,
    sql`select coalesce(sum(commission_minor), 0)::text as amount from agent_commissions
        where agent_user_id = ${agentUserId} and transfer_id is null and currency = ${currency}`,
  );
  const amountMinor = Number(sum?.amount ?? 0);
  if (amountMinor <= 0) return undefined;
  const [inserted] = await rowsOf<{ id: string }>(
    db,
    sql`insert into agent_transfers (agent_user_id, currency, amount_minor, created_at)
        values (${agentUserId}, ${currency}, ${amountMinor}, ${at.toISOString()}::timestamptz) returning id::text`,
  );
  const id = Number(inserted!.id);
  const taken = await rowsOf<{ commission_minor: string }>(
    db,
    sql`update agent_commissions set transfer_id = ${id} where agent_user_id = ${agentUserId} and transfer_id is null and currency = ${currency}
        returning commission_minor::text`,
  );
  // The agent row is locked by the caller, so nothing settled in between can slip past the sum.
  if (taken.reduce((total, row) => total + Number(row.commission_minor), 0) !== amountMinor) throw new Error('agent commissions moved during a transfer');
  return { id, amountMinor };
}

export async function transferPage(db: DbOrTx, agentUserId: number, offset: number, limit: number) {
  return rowsOf<{ id: string; amount_minor: string; created_at: Date | string }>(
    db,
    sql`select id::text, amount_minor::text, created_at from agent_transfers where agent_user_id = ${agentUserId}
        order by id desc offset ${offset} limit ${limit}`,
  );
}
