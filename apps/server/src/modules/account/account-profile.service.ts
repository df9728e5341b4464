import type { UserInfo } from '@piranha/contract';
import { AppError } from '../../app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import type { AccountDeps, Caller } from './account-deps.ts';
import { passwordIsCommon } from './account-password.ts';
import { profileByUser, profileInsert, profileUpdate, sessionsRevokeOfUser, socialIdentitiesOfUser, userFind, type ProfileRow } from './account.repository.ts';

/** The profile of an account: what every flow shares (lookups, refusals), the User info, renaming and closing. */

export function emailNormalise(email: string): string {
  return email.trim().toLowerCase();
}

export function nickDefault(userId: number): string {
  return `Player${userId}`;
}

/** PostgreSQL's unique violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The profile of a user, created with defaults for a user that has none yet (a session opened by another module). */
export async function profileEnsure(db: DbOrTx, userId: number, locale: string): Promise<ProfileRow> {
  const existing = await profileByUser(db, userId);
  if (existing) return existing;
  const user = await userFind(db, userId);
  if (!user) throw new AppError('SESSION_EXPIRED', { field: 'uid' });
  await profileInsert(db, { userId, appKey: user.appKey, nick: nickDefault(userId), lang: locale });
  const created = await profileByUser(db, userId);
  if (!created) throw new Error(`profile of user ${userId} missing right after insert`);
  return created;
}

export function refuseClosed(profile: ProfileRow | undefined): void {
  if (profile?.closedAt) throw new AppError('ACCOUNT_CLOSED', { field: 'uid' });
}

export function passwordRefuseCommon(password: string): void {
  if (passwordIsCommon(password)) throw new AppError('VALIDATION_FAILED', { field: 'password', issue: 'too_common' });
}

/** The signed-in account as a tourist that may still bind an e-mail. */
export async function touristProfile(deps: AccountDeps, caller: Caller, user: SessionUser): Promise<ProfileRow> {
  const profile = await profileEnsure(deps.db, user.uid, caller.locale);
  refuseClosed(profile);
  if (profile.email !== null) throw new AppError('ACCOUNT_ALREADY_BOUND', { field: 'uid' });
  return profile;
}

// User info, renaming and closing

export async function accountInfo(deps: AccountDeps, caller: Caller, user: SessionUser, sid: string): Promise<UserInfo> {
  const profile = await profileEnsure(deps.db, user.uid, caller.locale);
  const account = await userFind(deps.db, user.uid);
  const identities = await socialIdentitiesOfUser(deps.db, user.uid);
  return {
    uid: user.uid,
    sid,
    nick: profile.nick,
    email: profile.email ?? '',
    visitor: account?.visitor === false ? 0 : 1,
    first_regist: profile.registeredSessionId === user.sessionId ? 1 : 0,
    bind_info: identities.map((identity) => ({ plat: identity.plat, unionid: identity.unionId, create_at: Math.floor(identity.createdAt.getTime() / 1000) })),
    profile: { nick: profile.nick },
  };
}

/** Renames the player and stores their language; answers the updated User info. */
export async function accountInfoChange(
  deps: AccountDeps,
  caller: Caller,
  user: SessionUser,
  sid: string,
  change: { nick?: string | undefined; lang?: string | undefined },
): Promise<UserInfo> {
  await profileEnsure(deps.db, user.uid, caller.locale);
  const values = { ...(change.nick === undefined ? {} : { nick: change.nick }), ...(change.lang === undefined ? {} : { lang: change.lang }) };
  if (Object.keys(values).length > 0) await profileUpdate(deps.db, user.uid, values);
  return accountInfo(deps, caller, user, sid);
}

/** Closes the account for good: every session ends, and every later sign-in is refused with ACCOUNT_CLOSED. */
export async function accountClose(deps: AccountDeps, caller: Caller, user: SessionUser, reason: string | undefined): Promise<{ closed: 1 }> {
  await profileEnsure(deps.db, user.uid, caller.locale);
  const now = deps.now();
  await transaction(deps.db, async (tx) => {
    await profileUpdate(tx, user.uid, { closedAt: now, closeReason: reason ?? null });
    await sessionsRevokeOfUser(tx, user.uid, now);
  });
  return { closed: 1 };
}
