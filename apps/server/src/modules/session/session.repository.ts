import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
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

export async function sessionFindLive(db: DbOrTx, sidHash: string) {
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.sidHash, sidHash), isNull(sessions.revokedAt)));
  return row;
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
