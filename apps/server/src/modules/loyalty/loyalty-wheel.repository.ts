import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

/** Storage of the VIP wheel (vip-roulette, issue 18, decision 026): tickets per level, seeds, spins. */

/** Points of players, one statement (the pass's level-up check). */
export async function pointsOfMany(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const ids = sql.join(
    userIds.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const rows = await rowsOf<{ user_id: string; points_minor: string }>(
    db,
    sql`select user_id::text as user_id, points_minor::text as points_minor from loyalty_accounts where user_id in (${ids})`,
  );
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.points_minor)]));
}

/** One ticket per (player, level) reached: levels already granted are skipped by the primary key. */
export async function wheelTicketsGrant(db: DbOrTx, grants: readonly { userId: number; level: number }[], at: Date): Promise<void> {
  if (grants.length === 0) return;
  const values = sql.join(
    grants.map((grant) => sql`(${grant.userId}::bigint, ${grant.level}::int, ${at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`insert into loyalty_wheel_tickets (user_id, level, granted_at) values ${values} on conflict do nothing`);
}

export async function wheelTicketsLeft(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await rowsOf<{ n: string }>(db, sql`select count(*)::text as n from loyalty_wheel_tickets where user_id = ${userId} and spin_id is null`);
  return Number(row?.n ?? 0);
}

/** The lowest unspent ticket (the caller holds the seed row lock, so no other spin of this player runs). */
export async function wheelTicketNext(db: DbOrTx, userId: number): Promise<number | undefined> {
  const [row] = await rowsOf<{ level: number }>(
    db,
    sql`select level from loyalty_wheel_tickets where user_id = ${userId} and spin_id is null order by level limit 1 for update`,
  );
  return row?.level;
}

export async function wheelTicketSpend(db: DbOrTx, userId: number, level: number, spinId: number): Promise<boolean> {
  const rows = await rowsOf<{ level: number }>(
    db,
    sql`update loyalty_wheel_tickets set spin_id = ${spinId} where user_id = ${userId} and level = ${level} and spin_id is null returning level`,
  );
  return rows.length === 1;
}

export interface WheelSeedRow {
  id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

export async function wheelSeedActive(db: DbOrTx, userId: number, forUpdate: boolean): Promise<WheelSeedRow | undefined> {
  const [row] = await rowsOf<WheelSeedRow>(
    db,
    sql`select id::text as id, server_seed, server_seed_hash, client_seed, nonce from loyalty_wheel_seeds
        where user_id = ${userId} and active ${forUpdate ? sql`for update` : sql``}`,
  );
  return row;
}

/** A new active seed; concurrent first calls meet the partial unique index and all but one insert nothing. */
export async function wheelSeedInsert(
  db: DbOrTx,
  seed: { userId: number; serverSeed: string; serverSeedHash: string; clientSeed: string },
  at: Date,
): Promise<void> {
  await db.execute(sql`insert into loyalty_wheel_seeds (user_id, server_seed, server_seed_hash, client_seed, nonce, active, created_at)
      values (${seed.userId}, ${seed.serverSeed}, ${seed.serverSeedHash}, ${seed.clientSeed}, 0, true, ${at.toISOString()}::timestamptz)
      on conflict (user_id) where active do nothing`);
}

export async function wheelSeedNonceNext(db: DbOrTx, seedId: string): Promise<void> {
  await db.execute(sql`update loyalty_wheel_seeds set nonce = nonce + 1 where id = ${seedId}::bigint`);
}

export async function wheelSeedReveal(db: DbOrTx, seedId: string, at: Date): Promise<void> {
  await db.execute(sql`update loyalty_wheel_seeds set active = false, revealed_at = ${at.toISOString()}::timestamptz where id = ${seedId}::bigint`);
}

export async function wheelSpinInsert(
  db: DbOrTx,
  spin: {
    userId: number;
    appKey: string;
    ticketLevel: number;
    seedId: string;
    nonce: number;
    segment: number;
    amountMinor: number;
    currency: string;
    wheelVersion: number;
  },
  at: Date,
): Promise<number> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into loyalty_wheel_spins (user_id, app_key, ticket_level, seed_id, nonce, segment, amount_minor, currency, wheel_version, created_at)
        values (${spin.userId}, ${spin.appKey}, ${spin.ticketLevel}, ${spin.seedId}::bigint, ${spin.nonce}, ${spin.segment}, ${spin.amountMinor},
          ${spin.currency}, ${spin.wheelVersion}, ${at.toISOString()}::timestamptz)
        returning id::text as id`,
  );
  return Number(row!.id);
}

export async function wheelSpinBonusSet(db: DbOrTx, spinId: number, bonusId: number): Promise<void> {
  await db.execute(sql`update loyalty_wheel_spins set bonus_id = ${bonusId} where id = ${spinId}`);
}

export interface WheelSpinRow {
  id: string;
  user_id: string;
  ticket_level: number;
  nonce: number;
  segment: number;
  amount_minor: string;
  currency: string;
  created_at: Date | string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  active: boolean;
  nick: string | null;
  wheel_version: number;
}

const SPIN_COLUMNS = sql`s.id::text as id, s.user_id::text as user_id, s.ticket_level, s.nonce, s.segment, s.amount_minor::text as amount_minor,
  s.currency, s.created_at, f.server_seed, f.server_seed_hash, f.client_seed, f.active, p.nick, s.wheel_version`;

/** The player's own spins, newest first (draw list). */
export async function wheelSpinsOf(db: DbOrTx, userId: number, limit: number, offset = 0): Promise<WheelSpinRow[]> {
  return rowsOf<WheelSpinRow>(
    db,
    sql`select ${SPIN_COLUMNS} from loyalty_wheel_spins s join loyalty_wheel_seeds f on f.id = s.seed_id
        left join account_profiles p on p.user_id = s.user_id
        where s.user_id = ${userId} order by s.id desc limit ${limit} offset ${offset}`,
  );
}

/** How many spins the player made and what they paid in the brand currency. */
export async function wheelSpinTotals(db: DbOrTx, userId: number, currency: string): Promise<{ total: number; won: number }> {
  const [row] = await rowsOf<{ total: string; won: string }>(
    db,
    sql`select count(*)::text as total, coalesce(sum(amount_minor) filter (where currency = ${currency}), 0)::text as won
        from loyalty_wheel_spins where user_id = ${userId}`,
  );
  return { total: Number(row?.total ?? 0), won: Number(row?.won ?? 0) };
}

/** A brand's latest winning spins (marquee). */
export async function wheelWinsOf(db: DbOrTx, appKey: string, limit: number): Promise<WheelSpinRow[]> {
  return rowsOf<WheelSpinRow>(
    db,
    sql`select ${SPIN_COLUMNS} from loyalty_wheel_spins s join loyalty_wheel_seeds f on f.id = s.seed_id
        left join account_profiles p on p.user_id = s.user_id
        where s.app_key = ${appKey} and s.amount_minor > 0 order by s.id desc limit ${limit}`,
  );
}
