import { sql } from 'drizzle-orm';
import {
  brandTimeZone,
  fairSeedHash,
  fairSeedRandom,
  nickMasked,
  periodWindowOf,
  raffleClientSeed,
  raffleDraw,
  raffleTicketsOf,
  RAFFLE_DRAW_GRACE_MS,
  RAFFLE_PLACES,
  RAFFLE_POINTS_PER_TICKET,
  VARIANT_PROFILES,
  variantFindByKey,
  vipConfigOf,
  type VariantProfile,
} from '@piranha/domain';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../app-error.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { placePrizesPay, profileOf, type LoyaltyDeps } from './loyalty.service.ts';
import { loyaltySettingsOf } from './loyalty-config.service.ts';

/**
 * Raffles (spec §2 /raffle, issue 18, decision 034). One per brand and brand week. The raffle pass (leader job, every
 * minute) commits the week's seed when the week opens (`on conflict do nothing`, so two nodes keep the first), draws
 * each raffle once its draw time has come — one transaction locks the raffle row, returns if it is drawn, freezes the
 * entries (tickets from the week's loyalty facts, player id ascending), draws the winners with the domain's
 * `raffleDraw` and sets `drawn_at` — and then pays each winner in its own transaction through the engine (campaign
 * `<brand>:raffle_prize`, trigger `raffle:<week>:<place>`, `paid_at` set beside the grant under a row lock). Killed
 * anywhere, a rerun draws nothing twice and pays nobody twice.
 */

const seconds = (at: Date | string) => Math.floor(new Date(at).getTime() / 1000);
const iso = (at: Date) => at.toISOString();

interface RaffleRow {
  app_key: string;
  period_key: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  starts_at: Date | string;
  ends_at: Date | string;
  draw_at: Date | string;
  drawn_at: Date | string | null;
}

const RAFFLE_COLUMNS = sql`app_key, period_key, server_seed, server_seed_hash, client_seed, starts_at, ends_at, draw_at, drawn_at`;

/** Commits the current week's raffle of each brand (or of one) if it is not there yet; the first commitment stays. */
export async function rafflesOpen(db: DbOrTx, now: Date, profiles: readonly VariantProfile[] = VARIANT_PROFILES): Promise<void> {
  const values = profiles.map((profile) => {
    const window = periodWindowOf(now, brandTimeZone(profile.market), 'weekly');
    const serverSeed = fairSeedRandom();
    return sql`(${profile.appKey}, ${window.key}, ${serverSeed}, ${fairSeedHash(serverSeed)}, ${raffleClientSeed(profile.appKey, window.key)},
      ${iso(window.startsAt)}::timestamptz, ${iso(window.endsAt)}::timestamptz, ${iso(new Date(window.endsAt.getTime() + RAFFLE_DRAW_GRACE_MS))}::timestamptz,
      ${iso(now)}::timestamptz)`;
  });
  if (values.length === 0) return;
  await db.execute(sql`insert into loyalty_raffles (app_key, period_key, server_seed, server_seed_hash, client_seed, starts_at, ends_at, draw_at, created_at)
    values ${sql.join(values, sql`, `)} on conflict do nothing`);
}

/** Draws one raffle if it is due and not drawn; false when another run drew it or it is not due. */
export async function raffleDrawOne(db: Db, appKey: string, periodKey: string, now: Date): Promise<boolean> {
  const profile = variantFindByKey(appKey);
  if (!profile) return false;
  return transaction(db, async (tx) => {
    const [raffle] = await rowsOf<RaffleRow>(
      tx,
      sql`select ${RAFFLE_COLUMNS} from loyalty_raffles where app_key = ${appKey} and period_key = ${periodKey} for update`,
    );
    if (!raffle || raffle.drawn_at !== null || new Date(raffle.draw_at) > now) return false;
    const minorPerPoint = vipConfigOf(profile).minorPerPoint;
    // Whole points of the week per player, then a ticket per RAFFLE_POINTS_PER_TICKET of them (as raffleTicketsOf).
    await tx.execute(sql`
      insert into loyalty_raffle_entries (app_key, period_key, position, user_id, tickets)
      select ${appKey}, ${periodKey}, (row_number() over (order by user_id) - 1)::int, user_id, tickets
      from (select f.user_id, floor(floor(sum(f.points_minor) / ${minorPerPoint}::bigint) / ${RAFFLE_POINTS_PER_TICKET}::int)::bigint as tickets
            from loyalty_facts f join users u on u.id = f.user_id
            where u.app_key = ${appKey} and f.occurred_at >= ${raffle.starts_at}::timestamptz and f.occurred_at < ${raffle.ends_at}::timestamptz
            group by f.user_id) week
      where tickets > 0`);
    const entries = await rowsOf<{ position: number; user_id: string; tickets: string }>(
      tx,
      sql`select position, user_id::text as user_id, tickets::text as tickets from loyalty_raffle_entries
          where app_key = ${appKey} and period_key = ${periodKey} order by position`,
    );
    const tickets = entries.map((entry) => Number(entry.tickets));
    const winners = raffleDraw(raffle.server_seed, raffle.client_seed, tickets, RAFFLE_PLACES);
    // The prizes in force at the draw are frozen with their settings version (decision 048).
    const settings = await loyaltySettingsOf(tx, profile);
    const prizes = settings.rafflePrizesMinor;
    if (winners.length > 0) {
      const rows = winners.map((position, index) => {
        const entry = entries[position]!;
        return sql`(${appKey}, ${periodKey}, ${index + 1}::int, ${position}::int, ${entry.user_id}::bigint, ${entry.tickets}::bigint, ${prizes[index] ?? 0}::bigint, ${profile.currency}, ${settings.version}::int)`;
      });
      await tx.execute(sql`insert into loyalty_raffle_winners (app_key, period_key, place, position, user_id, tickets, amount_minor, currency, config_version)
        values ${sql.join(rows, sql`, `)}`);
    }
    await tx.execute(sql`update loyalty_raffles set drawn_at = ${iso(now)}::timestamptz where app_key = ${appKey} and period_key = ${periodKey}`);
    return true;
  });
}

/** Draws every due raffle; returns how many this run drew. */
export async function rafflesDrawDue(db: Db, now: Date): Promise<number> {
  const due = await rowsOf<{ app_key: string; period_key: string }>(
    db,
    sql`select app_key, period_key from loyalty_raffles where drawn_at is null and draw_at <= ${iso(now)}::timestamptz order by draw_at limit 100`,
  );
  let drawn = 0;
  for (const raffle of due) if (await raffleDrawOne(db, raffle.app_key, raffle.period_key, now)) drawn += 1;
  return drawn;
}

/** Pays winners not yet paid, each in its own transaction; a paused campaign leaves the prize due. */
export async function rafflePrizesPay(db: Db, now: Date): Promise<number> {
  const due = await rowsOf<{ app_key: string; period_key: string; place: number; user_id: string; amount_minor: string; config_version: number }>(
    db,
    sql`select app_key, period_key, place, user_id::text as user_id, amount_minor::text as amount_minor, config_version from loyalty_raffle_winners
        where paid_at is null order by app_key, period_key, place limit 200`,
  );
  return placePrizesPay(db, now, due, {
    campaign: 'raffle_prize',
    refPrefix: 'raffle',
    lockDue: async (tx, prize) =>
      (
        await rowsOf<{ place: number }>(
          tx,
          sql`select place from loyalty_raffle_winners where app_key = ${prize.app_key} and period_key = ${prize.period_key}
              and place = ${prize.place} and paid_at is null for update`,
        )
      ).length > 0,
    paidSet: async (tx, prize) => {
      await tx.execute(sql`update loyalty_raffle_winners set paid_at = ${iso(now)}::timestamptz
        where app_key = ${prize.app_key} and period_key = ${prize.period_key} and place = ${prize.place}`);
    },
  });
}

/** The raffle leader job's run: open this week's raffles, draw the due ones, pay their winners. */
export async function rafflePass(db: Db, now: Date): Promise<void> {
  await rafflesOpen(db, now);
  await rafflesDrawDue(db, now);
  await rafflePrizesPay(db, now);
}

async function ticketsOfPlayer(db: DbOrTx, userId: number, from: Date | string, to: Date | string, minorPerPoint: number): Promise<number> {
  const [row] = await rowsOf<{ points_minor: string }>(
    db,
    sql`select coalesce(sum(points_minor), 0)::text as points_minor from loyalty_facts
        where user_id = ${userId} and occurred_at >= ${new Date(from).toISOString()}::timestamptz and occurred_at < ${new Date(to).toISOString()}::timestamptz`,
  );
  return raffleTicketsOf(Number(row?.points_minor ?? 0), minorPerPoint);
}

/** `raffle/info`: this week's raffle (commitment, prizes, the player's tickets) and the last drawn one with its proof. */
export async function raffleInfoGet(deps: LoyaltyDeps, user: SessionUser, requestAppKey: string) {
  const profile = profileOf(user, requestAppKey);
  const now = deps.now();
  const minorPerPoint = vipConfigOf(profile).minorPerPoint;
  const key = periodWindowOf(now, brandTimeZone(profile.market), 'weekly').key;
  await rafflesOpen(deps.db, now, [profile]);
  const [current] = await rowsOf<RaffleRow>(
    deps.db,
    sql`select ${RAFFLE_COLUMNS} from loyalty_raffles where app_key = ${profile.appKey} and period_key = ${key}`,
  );
  const past = await rowsOf<RaffleRow>(
    deps.db,
    sql`select ${RAFFLE_COLUMNS} from loyalty_raffles where app_key = ${profile.appKey} and drawn_at is not null order by period_key desc limit ${RAFFLE_PAST_SHOWN}`,
  );
  const prizes = [...(await loyaltySettingsOf(deps.db, profile)).rafflePrizesMinor];
  const views = [];
  for (const raffle of past) views.push(await drawView(deps.db, raffle, user.uid));
  return {
    currency: profile.currency,
    points_per_ticket: RAFFLE_POINTS_PER_TICKET,
    current: {
      period_key: current!.period_key,
      starts_at: seconds(current!.starts_at),
      ends_at: seconds(current!.ends_at),
      draw_at: seconds(current!.draw_at),
      server_seed_hash: current!.server_seed_hash,
      client_seed: current!.client_seed,
      prizes,
      my_tickets: await ticketsOfPlayer(deps.db, user.uid, current!.starts_at, current!.ends_at, minorPerPoint),
    },
    past: views,
  };
}

/** Drawn raffles shown on `raffle/info`, newest first. */
export const RAFFLE_PAST_SHOWN = 5;

/** `raffle/entries`: one page of a drawn raffle's published entries of the player's brand. */
export async function raffleEntriesGet(deps: LoyaltyDeps, user: SessionUser, requestAppKey: string, periodKey: string, page: number, pageSize: number) {
  const profile = profileOf(user, requestAppKey);
  const [totals] = await rowsOf<{ total: string; total_tickets: string }>(
    deps.db,
    sql`select count(e.position)::text as total, coalesce(sum(e.tickets), 0)::text as total_tickets
        from loyalty_raffles r left join loyalty_raffle_entries e on e.app_key = r.app_key and e.period_key = r.period_key
        where r.app_key = ${profile.appKey} and r.period_key = ${periodKey} and r.drawn_at is not null
        group by r.app_key, r.period_key`,
  );
  if (!totals) throw new AppError('RAFFLE_NOT_FOUND');
  const from = (page - 1) * pageSize;
  // Positions are 0…n-1 without gaps (frozen by the draw), so a page is a primary-key range.
  const rows = await rowsOf<{ tickets: string }>(
    deps.db,
    sql`select tickets::text as tickets from loyalty_raffle_entries
        where app_key = ${profile.appKey} and period_key = ${periodKey} and position >= ${from} and position < ${from + pageSize}
        order by position`,
  );
  const total = Number(totals.total);
  return {
    period_key: periodKey,
    total,
    total_tickets: Number(totals.total_tickets),
    from,
    tickets: rows.map((row) => Number(row.tickets)),
    has_more: from + pageSize < total ? (1 as const) : (0 as const),
  };
}

async function drawView(db: DbOrTx, raffle: RaffleRow, userId: number) {
  const [totals] = await rowsOf<{ total: string; total_tickets: string }>(
    db,
    sql`select count(*)::text as total, coalesce(sum(tickets), 0)::text as total_tickets from loyalty_raffle_entries
        where app_key = ${raffle.app_key} and period_key = ${raffle.period_key}`,
  );
  const [own] = await rowsOf<{ position: number; tickets: string }>(
    db,
    sql`select position, tickets::text as tickets from loyalty_raffle_entries
        where app_key = ${raffle.app_key} and period_key = ${raffle.period_key} and user_id = ${userId} limit 1`,
  );
  const winners = await rowsOf<{
    place: number;
    position: number;
    user_id: string;
    tickets: string;
    amount_minor: string;
    currency: string;
    paid_at: unknown;
    nick: string | null;
  }>(
    db,
    sql`select w.place, w.position, w.user_id::text as user_id, w.tickets::text as tickets, w.amount_minor::text as amount_minor, w.currency,
          w.paid_at, p.nick
        from loyalty_raffle_winners w left join account_profiles p on p.user_id = w.user_id
        where w.app_key = ${raffle.app_key} and w.period_key = ${raffle.period_key} order by w.place`,
  );
  return {
    period_key: raffle.period_key,
    drawn_at: seconds(raffle.drawn_at!),
    server_seed: raffle.server_seed,
    server_seed_hash: raffle.server_seed_hash,
    client_seed: raffle.client_seed,
    entries: Number(totals?.total ?? 0),
    total_tickets: Number(totals?.total_tickets ?? 0),
    my_tickets: own === undefined ? 0 : Number(own.tickets),
    my_position: own === undefined ? -1 : own.position,
    winners: winners.map((winner) => ({
      place: winner.place,
      position: winner.position,
      nick: nickMasked(winner.nick ?? winner.user_id),
      tickets: Number(winner.tickets),
      amount: Number(winner.amount_minor),
      currency: winner.currency,
      paid: winner.paid_at === null ? (0 as const) : (1 as const),
      is_self: Number(winner.user_id) === userId ? (1 as const) : (0 as const),
    })),
  };
}
