import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

/** Invites' only SQL (issue 19, decision 051). */

export interface ReferralRow {
  inviteeId: number;
  inviterId: number;
  appKey: string;
  source: string;
  createdAt: Date;
  qualifiedAt: Date | undefined;
  rewardStatus: string | undefined;
}

type RawReferral = {
  invitee_id: string;
  inviter_id: string;
  app_key: string;
  source: string;
  created_at: Date | string;
  qualified_at: Date | string | null;
  reward_status: string | null;
};
const referralOf = (row: RawReferral): ReferralRow => ({
  inviteeId: Number(row.invitee_id),
  inviterId: Number(row.inviter_id),
  appKey: row.app_key,
  source: row.source,
  createdAt: new Date(row.created_at),
  qualifiedAt: row.qualified_at === null ? undefined : new Date(row.qualified_at),
  rewardStatus: row.reward_status ?? undefined,
});

export async function referralOfInvitee(db: DbOrTx, inviteeId: number): Promise<ReferralRow | undefined> {
  const [row] = await rowsOf<RawReferral>(db, sql`select * from referrals where invitee_id = ${inviteeId}`);
  return row === undefined ? undefined : referralOf(row);
}

/** Attributes the invitee; false when it already has an inviter (the primary key: of concurrent binds one wins). */
export async function referralInsert(db: DbOrTx, row: { inviteeId: number; inviterId: number; appKey: string; source: string; now: Date }): Promise<boolean> {
  const inserted = await rowsOf<{ invitee_id: string }>(
    db,
    sql`insert into referrals (invitee_id, inviter_id, app_key, source, created_at)
        values (${row.inviteeId}, ${row.inviterId}, ${row.appKey}, ${row.source}, ${row.now})
        on conflict do nothing returning invitee_id`,
  );
  return inserted.length === 1;
}

/** Marks the invitee qualified, once: undefined when it had qualified already (or has no inviter). */
export async function referralQualifySet(db: DbOrTx, inviteeId: number, now: Date): Promise<ReferralRow | undefined> {
  const [row] = await rowsOf<RawReferral>(
    db,
    sql`update referrals set qualified_at = ${now} where invitee_id = ${inviteeId} and qualified_at is null returning *`,
  );
  return row === undefined ? undefined : referralOf(row);
}

export async function referralRewardStatusSet(db: DbOrTx, inviteeId: number, status: 'paid' | 'unavailable'): Promise<void> {
  await db.execute(sql`update referrals set reward_status = ${status} where invitee_id = ${inviteeId}`);
}

export async function inviterCounts(db: DbOrTx, inviterId: number): Promise<{ invited: number; qualified: number }> {
  const [row] = await rowsOf<{ invited: string; qualified: string }>(
    db,
    sql`select count(*)::text as invited, count(qualified_at)::text as qualified from referrals where inviter_id = ${inviterId}`,
  );
  return { invited: Number(row?.invited ?? 0), qualified: Number(row?.qualified ?? 0) };
}

/** What the inviter was paid per invitee: the engine's grants under the brand's referral campaign. */
export async function inviteRewardsOf(db: DbOrTx, inviterId: number, campaignId: string): Promise<Map<string, number>> {
  const rows = await rowsOf<{ trigger_ref: string; amount_minor: string }>(
    db,
    sql`select trigger_ref, amount_minor::text from bonuses where user_id = ${inviterId} and campaign_id = ${campaignId}`,
  );
  return new Map(rows.map((row) => [row.trigger_ref, Number(row.amount_minor)]));
}

export async function invitedPage(db: DbOrTx, inviterId: number, limit: number, offset: number) {
  const rows = await rowsOf<RawReferral & { nick: string | null }>(
    db,
    sql`select r.*, p.nick from referrals r left join account_profiles p on p.user_id = r.invitee_id
        where r.inviter_id = ${inviterId} order by r.created_at desc, r.invitee_id desc limit ${limit} offset ${offset}`,
  );
  return rows.map((row) => ({ ...referralOf(row), nick: row.nick ?? '' }));
}

/** The edges under the given inviters (one level of the fission tree). */
export async function invitedOf(db: DbOrTx, inviterIds: readonly number[], limit: number) {
  if (inviterIds.length === 0) return [];
  const rows = await rowsOf<{ inviter_id: string; invitee_id: string; qualified: boolean; nick: string | null }>(
    db,
    sql`select r.inviter_id, r.invitee_id, r.qualified_at is not null as qualified, p.nick
        from referrals r left join account_profiles p on p.user_id = r.invitee_id
        where r.inviter_id in (${sql.join(
          inviterIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by r.created_at, r.invitee_id limit ${limit}`,
  );
  return rows.map((row) => ({ inviterId: Number(row.inviter_id), inviteeId: Number(row.invitee_id), qualified: Boolean(row.qualified), nick: row.nick ?? '' }));
}

export async function userOfBrand(db: DbOrTx, userId: number): Promise<{ appKey: string; createdAt: Date; nick: string } | undefined> {
  const [row] = await rowsOf<{ app_key: string; created_at: Date | string; nick: string | null }>(
    db,
    sql`select u.app_key, u.created_at, p.nick from users u left join account_profiles p on p.user_id = u.id where u.id = ${userId}`,
  );
  return row === undefined ? undefined : { appKey: row.app_key, createdAt: new Date(row.created_at), nick: row.nick ?? '' };
}

export async function hasPaidDeposit(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await rowsOf(db, sql`select 1 from payment_orders where user_id = ${userId} and direction = 'payin' and status = 4 limit 1`);
  return rows.length > 0;
}

export async function markRecord(db: DbOrTx, userId: number, kind: 'device' | 'network', value: string, now: Date): Promise<void> {
  await db.execute(sql`insert into referral_marks (user_id, kind, value, created_at) values (${userId}, ${kind}, ${value}, ${now}) on conflict do nothing`);
}

/** Everything self-referral compares for one player: marks, tourist devices and payout accounts. */
export async function partyOf(db: DbOrTx, userId: number) {
  const marks = await rowsOf<{ kind: string; value: string }>(db, sql`select kind, value from referral_marks where user_id = ${userId}`);
  const devices = await rowsOf<{ smid: string }>(db, sql`select smid from visitor_devices where user_id = ${userId}`);
  const accounts = await rowsOf<{ elements: Record<string, string> | string }>(db, sql`select elements from payment_accounts where user_id = ${userId}`);
  return {
    deviceIds: [...marks.filter((mark) => mark.kind === 'device').map((mark) => mark.value), ...devices.map((device) => device.smid)],
    networks: marks.filter((mark) => mark.kind === 'network').map((mark) => mark.value),
    accounts: accounts.map((row) => (typeof row.elements === 'string' ? (JSON.parse(row.elements) as Record<string, string>) : row.elements)),
  };
}

export async function referrerInstallOf(db: DbOrTx, appKey: string, smid: string) {
  const [row] = await rowsOf<{ source: string; campaign: string; invite_code: string | null; created_at: Date | string }>(
    db,
    sql`select source, campaign, invite_code, created_at from referrer_installs where app_key = ${appKey} and smid = ${smid}`,
  );
  return row === undefined
    ? undefined
    : { source: row.source, campaign: row.campaign, inviteCode: row.invite_code ?? undefined, createdAt: new Date(row.created_at) };
}

export async function referrerInstallInsert(
  db: DbOrTx,
  row: { appKey: string; smid: string; source: string; campaign: string; inviteCode: string | undefined; timezone: string | undefined; now: Date },
): Promise<boolean> {
  const inserted = await rowsOf(
    db,
    sql`insert into referrer_installs (app_key, smid, source, campaign, invite_code, timezone, created_at)
        values (${row.appKey}, ${row.smid}, ${row.source}, ${row.campaign}, ${row.inviteCode ?? null}, ${row.timezone ?? null}, ${row.now})
        on conflict do nothing returning smid`,
  );
  return inserted.length === 1;
}
