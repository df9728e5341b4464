import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

export async function userInsert(db: DbOrTx, appKey: string, visitor: boolean): Promise<number> {
  const [row] = await db.insert(users).values({ appKey, visitor }).returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export async function sessionInsert(db: DbOrTx, userId: number, sidHash: string, expiresAt: Date): Promise<number> {
  const [row] = await db.insert(sessions).values({ userId, sidHash, expiresAt }).returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

/** The live (not revoked) session of a sid hash with its player's brand: one statement on every signed-in request. */
export async function sessionFindLive(db: DbOrTx, sidHash: string) {
  const [row] = await rowsOf<{
    id: number | string;
    user_id: number | string;
    expires_at: Date;
    last_seen_at: Date;
    active_at: Date;
    app_key: string;
  }>(
    db,
    sql`select s.id, s.user_id, s.expires_at, s.last_seen_at, s.active_at, u.app_key
      from sessions s join users u on u.id = s.user_id
      where s.sid_hash = ${sidHash} and s.revoked_at is null`,
    'session_find_live',
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    expiresAt: new Date(row.expires_at),
    lastSeenAt: new Date(row.last_seen_at),
    activeAt: new Date(row.active_at),
    appKey: row.app_key,
  };
}

/**
 * The rows of a session that is still live for this user at `at` (not revoked, not expired): a money statement
 * that took its session from the recent-session memo selects it in a CTE and aborts when it is gone.
 */
export function sessionLiveSql(sessionId: number, userId: number, at: Date): SQL {
  return sql`select 1 from sessions where id = ${sessionId} and user_id = ${userId} and revoked_at is null and expires_at > ${at.toISOString()}::timestamptz`;
}

export async function sessionStillLive(db: DbOrTx, sessionId: number, userId: number, at: Date): Promise<boolean> {
  const rows = await rowsOf(db, sessionLiveSql(sessionId, userId, at));
  return rows.length > 0;
}

export async function sessionTouch(db: DbOrTx, sessionId: number, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
}

export async function sessionRevoke(db: DbOrTx, sessionId: number, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), sql`revoked_at is null`));
}
