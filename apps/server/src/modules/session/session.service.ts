import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { sessionFindLive, sessionInsert, sessionRevoke, sessionStillLive, sessionTouch, userInsert } from './session.repository.ts';

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
  return (await sessionRead(db, uid, sid, now)).user;
}

/** sessionAuthenticate with the session's expiry (the session cache keeps it, to judge each hit against the clock). */
export const sessionAuthenticateRead = (db: DbOrTx, uid: number | undefined, sid: string | undefined, now: Date) => sessionRead(db, uid, sid, now);

async function sessionRead(db: DbOrTx, uid: number | undefined, sid: string | undefined, now: Date): Promise<{ user: SessionUser; expiresAtMs: number }> {
  if (uid === undefined || !sid) throw new AppError('SESSION_EXPIRED', { field: 'sid' });
  const session = await sessionFindLive(db, sidHash(sid));
  if (!session || session.userId !== uid || session.expiresAt.getTime() <= now.getTime()) throw new AppError('SESSION_EXPIRED', { field: 'sid' });
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await sessionTouch(db, session.id, now);
  return { user: { uid, sessionId: session.id, appKey: session.appKey, activeAt: session.activeAt }, expiresAtMs: session.expiresAt.getTime() };
}

/**
 * How long one session read stands in for the next ones of a route that re-checks the session where it moves money
 * (`sessionAuthenticateRecent`). Short: the brand and presence it carries may be this old.
 */
export const SESSION_RECENT_MS = 5_000;
const recentSessionsMax = 10_000;
/** Session reads by sid hash, in this process; bounded (oldest first out), as sids come from clients. */
const recentSessions = new Map<string, { readAtMs: number; expiresAtMs: number; user: SessionUser }>();

/**
 * `sessionAuthenticate` for the hot money routes (bet placement): a session read in the last SESSION_RECENT_MS is
 * taken without reading it again, marked `recheck`. Whoever moves money for such a user re-checks the session in
 * the same statement or transaction (`sessionLiveSql`, `sessionRecheck`), so a session revoked or expired since the
 * read moves nothing — it is checked at the moment of the debit, not a round trip before it.
 */
export async function sessionAuthenticateRecent(db: DbOrTx, uid: number | undefined, sid: string | undefined, now: Date): Promise<SessionUser> {
  if (uid === undefined || !sid) throw new AppError('SESSION_EXPIRED', { field: 'sid' });
  const hash = sidHash(sid);
  const nowMs = now.getTime();
  const recent = recentSessions.get(hash);
  if (recent && recent.user.uid === uid && nowMs >= recent.readAtMs && nowMs - recent.readAtMs < SESSION_RECENT_MS && recent.expiresAtMs > nowMs) {
    return { ...recent.user, recheck: true };
  }
  const read = await sessionRead(db, uid, sid, now);
  recentSessions.delete(hash);
  if (recentSessions.size >= recentSessionsMax) recentSessions.delete(recentSessions.keys().next().value as string);
  recentSessions.set(hash, { readAtMs: nowMs, expiresAtMs: read.expiresAtMs, user: read.user });
  return { ...read.user, recheck: true };
}

/** For a `recheck` user, before money moves in `db` (a transaction): SESSION_EXPIRED unless the session is still live. */
export async function sessionRecheck(db: DbOrTx, user: SessionUser, now: Date): Promise<void> {
  if (user.recheck && !(await sessionStillLive(db, user.sessionId, user.uid, now))) throw new AppError('SESSION_EXPIRED', { field: 'sid' });
}

export async function sessionEnd(db: DbOrTx, sessionId: number, now: Date): Promise<void> {
  await sessionRevoke(db, sessionId, now);
}
