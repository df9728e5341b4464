import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { sessionFindLive, sessionInsert, sessionRevoke, sessionTouch, userInsert } from './session.repository.ts';

export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** last_seen_at is written at most this often, so polling does not turn into a write per request. */
const TOUCH_EVERY_MS = 60_000;

export function sidHash(sid: string): string {
  return createHash('sha256').update(sid).digest('hex');
}

export interface IssuedSession {
  uid: number;
  sid: string;
  sessionId: number;
}

/** Creates a session for a user; the plain sid leaves the server once, in this answer. */
export async function sessionIssue(db: DbOrTx, userId: number, now: Date): Promise<IssuedSession> {
  const sid = randomBytes(24).toString('base64url');
  const sessionId = await sessionInsert(db, userId, sidHash(sid), new Date(now.getTime() + SESSION_LIFETIME_MS));
  return { uid: userId, sid, sessionId };
}

/** A new visitor with a session: the minimal issuer the account flows build on. */
export async function sessionIssueForNewVisitor(db: DbOrTx, appKey: string, now: Date): Promise<IssuedSession> {
  const userId = await userInsert(db, appKey, true);
  return sessionIssue(db, userId, now);
}

/** Checks (uid, sid); a missing, unknown, revoked, expired or mismatched session answers 604. */
export async function sessionAuthenticate(db: DbOrTx, uid: number | undefined, sid: string | undefined, now: Date): Promise<SessionUser> {
  if (uid === undefined || !sid) throw new AppError('SESSION_EXPIRED', { field: 'sid' });
  const session = await sessionFindLive(db, sidHash(sid));
  if (!session || session.userId !== uid || session.expiresAt.getTime() <= now.getTime()) throw new AppError('SESSION_EXPIRED', { field: 'sid' });
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await sessionTouch(db, session.id, now);
  return { uid, sessionId: session.id, appKey: session.appKey, activeAt: session.activeAt };
}

export async function sessionEnd(db: DbOrTx, sessionId: number, now: Date): Promise<void> {
  await sessionRevoke(db, sessionId, now);
}
