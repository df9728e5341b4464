import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

/** Share-to-cash-out's only SQL (issue 19, decision 063). */

export interface EnvelopeRow {
  id: number;
  userId: number;
  appKey: string;
  currency: string;
  targetMinor: number;
  progressMinor: number;
  status: string;
  openedAt: Date;
  expiresAt: Date;
  reachedAt: Date | undefined;
}

type RawEnvelope = {
  id: string;
  user_id: string;
  app_key: string;
  currency: string;
  target_minor: string;
  progress_minor: string;
  status: string;
  opened_at: Date | string;
  expires_at: Date | string;
  reached_at: Date | string | null;
};

const envelopeOf = (row: RawEnvelope): EnvelopeRow => ({
  id: Number(row.id),
  userId: Number(row.user_id),
  appKey: row.app_key,
  currency: row.currency,
  targetMinor: Number(row.target_minor),
  progressMinor: Number(row.progress_minor),
  status: row.status,
  openedAt: new Date(row.opened_at),
  expiresAt: new Date(row.expires_at),
  reachedAt: row.reached_at === null ? undefined : new Date(row.reached_at),
});

/** The player's latest envelope on the brand. */
export async function envelopeLatest(db: DbOrTx, userId: number, appKey: string): Promise<EnvelopeRow | undefined> {
  const [row] = await rowsOf<RawEnvelope>(db, sql`select * from pdd_envelopes where user_id = ${userId} and app_key = ${appKey} order by id desc limit 1`);
  return row === undefined ? undefined : envelopeOf(row);
}

/**
 * The player's open envelope, locked for the rest of the transaction: helps arriving together apply one after the
 * other, each reading the progress the one before wrote (a waiter re-checks `status = 'open'` on the row it gets).
 */
export async function envelopeOpenLock(db: DbOrTx, userId: number, appKey: string): Promise<EnvelopeRow | undefined> {
  const [row] = await rowsOf<RawEnvelope>(
    db,
    sql`select * from pdd_envelopes where user_id = ${userId} and app_key = ${appKey} and status = 'open' for update`,
  );
  return row === undefined ? undefined : envelopeOf(row);
}

/** Marks open envelopes past their expiry expired: one player's (before opening another) or all (the job). */
export async function envelopesExpire(db: DbOrTx, now: Date, owner?: { userId: number; appKey: string }): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    db,
    owner
      ? sql`update pdd_envelopes set status = 'expired' where status = 'open' and expires_at <= ${now}
            and user_id = ${owner.userId} and app_key = ${owner.appKey} returning id`
      : sql`update pdd_envelopes set status = 'expired' where status = 'open' and expires_at <= ${now} returning id`,
  );
  return rows.length;
}

/** Opens an envelope; undefined when one is open already (the partial unique index: of concurrent opens one wins). */
export async function envelopeInsert(
  db: DbOrTx,
  row: { userId: number; appKey: string; currency: string; targetMinor: number; now: Date; expiresAt: Date },
): Promise<EnvelopeRow | undefined> {
  const [inserted] = await rowsOf<RawEnvelope>(
    db,
    sql`insert into pdd_envelopes (user_id, app_key, currency, target_minor, progress_minor, status, opened_at, expires_at)
        values (${row.userId}, ${row.appKey}, ${row.currency}, ${row.targetMinor}, 0, 'open', ${row.now}, ${row.expiresAt})
        on conflict do nothing returning *`,
  );
  return inserted === undefined ? undefined : envelopeOf(inserted);
}

/** Records one friend's help; false when this friend already helped this inviter with this kind (the primary key). */
export async function helpInsert(
  db: DbOrTx,
  row: { inviterId: number; kind: 'visit' | 'signup'; friend: string; envelopeId: number; friendUserId: number | undefined; amountMinor: number; now: Date },
): Promise<boolean> {
  const inserted = await rowsOf(
    db,
    sql`insert into pdd_helps (inviter_id, kind, friend, envelope_id, friend_user_id, amount_minor, created_at)
        values (${row.inviterId}, ${row.kind}, ${row.friend}, ${row.envelopeId}, ${row.friendUserId ?? null}, ${row.amountMinor}, ${row.now})
        on conflict do nothing returning friend`,
  );
  return inserted.length === 1;
}

/** Moves the locked envelope's progress; reaching the target closes it. */
export async function envelopeProgressSet(db: DbOrTx, envelopeId: number, progressMinor: number, reachedAt: Date | undefined): Promise<void> {
  await db.execute(
    reachedAt
      ? sql`update pdd_envelopes set progress_minor = ${progressMinor}, status = 'reached', reached_at = ${reachedAt} where id = ${envelopeId}`
      : sql`update pdd_envelopes set progress_minor = ${progressMinor} where id = ${envelopeId}`,
  );
}

/** The ready reward the finance pdd/withdraw pays; the primary key makes a second insert impossible. */
export async function rewardReadyInsert(db: DbOrTx, row: { pddUid: string; userId: number; currency: string; amountMinor: number; now: Date }): Promise<void> {
  await db.execute(
    sql`insert into pdd_rewards (pdd_uid, user_id, currency, amount_minor, status, created_at)
        values (${row.pddUid}, ${row.userId}, ${row.currency}, ${row.amountMinor}, 'ready', ${row.now})`,
  );
}

export async function rewardStatusOf(db: DbOrTx, pddUid: string): Promise<string | undefined> {
  const [row] = await rowsOf<{ status: string }>(db, sql`select status from pdd_rewards where pdd_uid = ${pddUid}`);
  return row?.status;
}

/** The envelope's helpers, newest first (at most 100), with a signed-up friend's nick. */
export async function helpsOf(db: DbOrTx, envelopeId: number) {
  const rows = await rowsOf<{ kind: string; friend: string; amount_minor: string; created_at: Date | string; nick: string | null }>(
    db,
    sql`select h.kind, h.friend, h.amount_minor::text, h.created_at, p.nick
        from pdd_helps h left join account_profiles p on p.user_id = h.friend_user_id
        where h.envelope_id = ${envelopeId} order by h.created_at desc, h.friend desc limit 100`,
  );
  return rows.map((row) => ({
    kind: row.kind as 'visit' | 'signup',
    friend: row.friend,
    amountMinor: Number(row.amount_minor),
    createdAt: new Date(row.created_at),
    nick: row.nick ?? '',
  }));
}
