import { randomBytes } from 'node:crypto';
import { uidParse, type LoginInfo } from '@piranha/contract';
import { AppError } from '../../app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { casinoSessionsMove } from '../casino/casino.repository.ts';
import { sessionAuthenticate, sessionEnd, sessionIssue, sidHash, type IssuedSession } from '../session/session.service.ts';
import {
  profileByUser,
  sessionActiveSet,
  sessionById,
  sessionBySidHash,
  sessionExpireBy,
  sessionInsertUntil,
  sessionRevokeOfUser,
  sessionsLiveOfUser,
  sessionStampIssued,
  userFind,
  userHoldsMoney,
  type ProfileRow,
} from './account.repository.ts';

/** Money actions refuse a session nobody has shown up in for this long (a brand may pass its own). */
export const SESSION_MONEY_IDLE_MS = 30 * 60_000;
/** How stale active_at may get before a money action writes it again. */
const ACTIVE_WRITE_EVERY_MS = 60_000;
/** Renewal hands out a new sid once the current one is this old; the absolute expiry stays the same. */
export const SESSION_ROTATE_AFTER_MS = 24 * 3600_000;
/** How long a replaced sid keeps working, for requests already on their way. */
export const SESSION_REPLACED_GRACE_MS = 60_000;

/** Opens a new session (a new sid at every sign-in) and marks the player present. */
export async function signIn(db: DbOrTx, userId: number, now: Date): Promise<IssuedSession> {
  const session = await sessionIssue(db, userId, now);
  await sessionStampIssued(db, session.sessionId, now);
  return session;
}

export interface LoginFlags {
  firstRegist?: boolean;
  firstActive?: boolean;
  smid?: string;
}

/** Spec §3 Login info for a session just opened. */
export async function loginInfoOf(db: DbOrTx, session: IssuedSession, profile: ProfileRow | undefined, flags: LoginFlags = {}): Promise<LoginInfo> {
  const user = await userFind(db, session.uid);
  const visitor = user?.visitor ?? true;
  return {
    uid: session.uid,
    sid: session.sid,
    smid: flags.smid ?? '',
    visitor: visitor ? 1 : 0,
    visitor_deposit: visitor && (await userHoldsMoney(db, session.uid)) ? 1 : 0,
    first_regist: flags.firstRegist ? 1 : 0,
    first_active: flags.firstActive ? 1 : 0,
    access_token: '',
    lang: profile?.lang ?? '',
  };
}

/**
 * Spec §4 session renew: valid 0 for anything but a live session of an open account. A sid older than a day
 * is replaced (same absolute expiry); the old one keeps working for a minute.
 */
export async function sessionRenewal(
  db: DbOrTx,
  uidRaw: string | undefined,
  sid: string | undefined,
  now: Date,
): Promise<{ valid: 0 | 1; sid: string; replaced?: { uid: number; sessionId: number } }> {
  const invalid = { valid: 0 as const, sid: '' };
  if (!sid) return invalid;
  const uid = uidParse(uidRaw);
  try {
    await sessionAuthenticate(db, uid, sid, now);
  } catch (error) {
    if (error instanceof AppError) return invalid;
    throw error;
  }
  const session = await sessionBySidHash(db, sidHash(sid));
  if (!session) return invalid;
  const profile = await profileByUser(db, session.userId);
  if (profile?.closedAt) return invalid;
  if (now.getTime() - session.createdAt.getTime() < SESSION_ROTATE_AFTER_MS) return { valid: 1, sid };
  const next = randomBytes(24).toString('base64url');
  const nextId = await sessionInsertUntil(db, session.userId, sidHash(next), now, session.expiresAt);
  // Open games belong to the player's session, not to one sid of it: their tokens follow it to the new sid.
  await casinoSessionsMove(db, session.id, nextId);
  await sessionExpireBy(db, session.id, new Date(now.getTime() + SESSION_REPLACED_GRACE_MS));
  return { valid: 1, sid: next, replaced: { uid: session.userId, sessionId: session.id } };
}

export async function logoutOf(db: DbOrTx, sessionId: number | undefined, now: Date): Promise<{ logged_out: 1 }> {
  if (sessionId !== undefined) await sessionEnd(db, sessionId, now);
  return { logged_out: 1 };
}

/**
 * Call before any money action (withdrawal, deposit, bet): refuses with REAUTH_REQUIRED when the player has not
 * shown up in the session for `maxIdleMs` (a sign-in, or a money action), and otherwise counts this action as presence.
 */
export async function sessionRequireFresh(db: DbOrTx, sessionId: number, now: Date, maxIdleMs: number = SESSION_MONEY_IDLE_MS): Promise<void> {
  const session = await sessionById(db, sessionId);
  if (!session || session.revokedAt || session.expiresAt.getTime() <= now.getTime()) throw new AppError('SESSION_EXPIRED', { field: 'sid' });
  if (now.getTime() - session.activeAt.getTime() > maxIdleMs) throw new AppError('REAUTH_REQUIRED', { field: 'sid' });
  await sessionActiveSet(db, sessionId, now);
}

const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

export async function sessionListOf(db: DbOrTx, user: SessionUser, now: Date) {
  const rows = await sessionsLiveOfUser(db, user.uid, now);
  return {
    list: rows.map((row) => ({
      session_id: row.id,
      create_at: unixSeconds(row.createdAt),
      last_seen_at: unixSeconds(row.lastSeenAt),
      current: row.id === user.sessionId ? (1 as const) : (0 as const),
    })),
  };
}

/** Ends one of the player's own sessions (another device, or this one); someone else's is NOT_FOUND. */
export async function sessionEndOf(db: DbOrTx, user: SessionUser, sessionId: number, now: Date): Promise<{ ended: 1 }> {
  if (!(await sessionRevokeOfUser(db, user.uid, sessionId, now))) throw new AppError('NOT_FOUND', { field: 'session_id' });
  return { ended: 1 };
}

/** The player is present (a heartbeat with a touch, a re-authentication): money actions may proceed for another idle period. */
export async function sessionMarkActive(db: DbOrTx, sessionId: number, now: Date): Promise<void> {
  await sessionActiveSet(db, sessionId, now);
}

/** How long a session may sit idle before money actions ask for a new sign-in: a default and per-brand overrides. */
export interface MoneyReauthPolicy {
  idleMs: number;
  /** appKey → idle milliseconds for the brands that differ from the default. */
  idleMsByBrand: Readonly<Record<string, number>>;
}

export const MONEY_REAUTH_DEFAULT: MoneyReauthPolicy = { idleMs: SESSION_MONEY_IDLE_MS, idleMsByBrand: {} };

export function moneyIdleMsOf(policy: MoneyReauthPolicy, appKey: string): number {
  return policy.idleMsByBrand[appKey] ?? policy.idleMs;
}

/** What a money module calls before it moves money for the signed-in player. */
export type MoneyActionGuard = (db: DbOrTx, actor: { user: SessionUser; appKey: string }, now: Date) => Promise<void>;

/**
 * The guard payments, betting and casino call before moving money (see this module's README): REAUTH_REQUIRED
 * (dm_error 1031) when the session has been idle longer than the brand allows, SESSION_EXPIRED when it is gone;
 * otherwise the action counts as presence. app.ts builds it once from the server config.
 */
export function moneyActionGuardCreate(policy: MoneyReauthPolicy): MoneyActionGuard {
  return async (db, actor, now) => {
    const maxIdleMs = moneyIdleMsOf(policy, actor.appKey);
    const activeAt = actor.user.activeAt;
    // The session was read (live, unexpired) by this request's authentication: only presence is left to check. It is
    // written at most once a minute, so a burst of bets is not a write each (the idle limit is off by under a minute).
    if (!activeAt) return sessionRequireFresh(db, actor.user.sessionId, now, maxIdleMs);
    const idleMs = now.getTime() - activeAt.getTime();
    if (idleMs > maxIdleMs) throw new AppError('REAUTH_REQUIRED', { field: 'sid' });
    if (idleMs >= ACTIVE_WRITE_EVERY_MS) await sessionActiveSet(db, actor.user.sessionId, now);
  };
}
