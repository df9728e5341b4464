import { createHash, randomBytes } from 'node:crypto';
import type { CodePurpose, LoginInfo, UserInfo } from '@piranha/contract';
import { AppError } from '../../app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import type { AccountDeps, Caller } from './account-deps.ts';
import { codeUse, codeVerify, emailCodeSend, type CodeTarget } from './account-code.service.ts';
import { passwordHash, passwordIsCommon, passwordVerify } from './account-password.ts';
import { loginInfoOf, signIn } from './account-session.service.ts';
import { bucket, throttleRecord, throttleRequireBelow, throttleReset } from './account-throttle.ts';
import {
  profileByEmail,
  profileByUser,
  profileEmailBind,
  profileInsert,
  profileUpdate,
  sessionsRevokeOfUser,
  socialIdentitiesOfUser,
  ticketFind,
  ticketInsert,
  ticketUse,
  userCreate,
  userFind,
  userVisitorSet,
  visitorDeviceFind,
  visitorDeviceInsert,
  visitorDevicesForget,
  type ProfileRow,
} from './account.repository.ts';

export const BIND_REQUEST_TTL_MS = 10 * 60_000;

export function emailNormalise(email: string): string {
  return email.trim().toLowerCase();
}

function nickDefault(userId: number): string {
  return `Player${userId}`;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
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

function refuseClosed(profile: ProfileRow | undefined): void {
  if (profile?.closedAt) throw new AppError('ACCOUNT_CLOSED', { field: 'uid' });
}

function passwordRefuseCommon(password: string): void {
  if (passwordIsCommon(password)) throw new AppError('VALIDATION_FAILED', { field: 'password', issue: 'too_common' });
}

// Tourists

/** Spec §4 guest login: the same device id on the same brand gets the same tourist back, with a new session. */
export async function visitorLogin(deps: AccountDeps, caller: Caller, smid: string): Promise<LoginInfo> {
  const appKey = caller.variant.appKey;
  const now = deps.now();
  const known = await visitorDeviceFind(deps.db, appKey, smid);
  if (known !== undefined) {
    const profile = await profileEnsure(deps.db, known, caller.locale);
    refuseClosed(profile);
    return loginInfoOf(deps.db, await signIn(deps.db, known, now), profile, { smid });
  }
  try {
    return await transaction(deps.db, async (tx) => {
      const userId = await userCreate(tx, appKey, true);
      await profileInsert(tx, { userId, appKey, nick: nickDefault(userId), lang: caller.locale, createdAt: now });
      // A twin request for the same device won the race: roll back and sign in to its tourist.
      if (!(await visitorDeviceInsert(tx, appKey, smid, userId))) throw new DeviceTaken();
      const profile = await profileByUser(tx, userId);
      return loginInfoOf(tx, await signIn(tx, userId, now), profile, { smid, firstActive: true });
    });
  } catch (error) {
    if (error instanceof DeviceTaken) return visitorLogin(deps, caller, smid);
    throw error;
  }
}

class DeviceTaken extends Error {}

// E-mail registration and sign-in

export async function emailRegister(
  deps: AccountDeps,
  caller: Caller,
  input: { email: string; email_code: string; password: string; nick?: string | undefined },
): Promise<LoginInfo> {
  const email = emailNormalise(input.email);
  const appKey = caller.variant.appKey;
  passwordRefuseCommon(input.password);
  const where: CodeTarget = { appKey, channel: 'email', target: email, purpose: 'register' };
  const code = await codeVerify(deps, caller, { where, code: input.email_code, field: 'email_code' });
  const hash = await passwordHash(input.password);
  const now = deps.now();
  try {
    return await transaction(deps.db, async (tx) => {
      await codeUse(tx, code, now, 'email_code');
      const userId = await userCreate(tx, appKey, false);
      const created = await profileInsert(tx, {
        userId,
        appKey,
        email,
        passwordHash: hash,
        nick: input.nick ?? nickDefault(userId),
        lang: caller.locale,
        registeredAt: now,
        createdAt: now,
      });
      if (!created) throw new AppError('EMAIL_TAKEN', { field: 'email' });
      const session = await signIn(tx, userId, now);
      await profileUpdate(tx, userId, { registeredSessionId: session.sessionId });
      return loginInfoOf(tx, session, await profileByUser(tx, userId), { firstRegist: true, firstActive: true });
    });
  } catch (error) {
    // The code proved the mailbox is theirs, so saying the address is taken tells them nothing new.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', { field: 'email' });
    throw error;
  }
}

/** Refuses before trying when the client IP or the e-mail is locked out. */
async function signInAttemptAllow(deps: AccountDeps, caller: Caller, email: string): Promise<void> {
  const now = deps.now();
  await throttleRequireBelow(deps.db, bucket.ipFailures(caller.ip), deps.limits.ipFailuresPerHour, now, 'TOO_MANY_ATTEMPTS', 'ip');
  await throttleRequireBelow(deps.db, bucket.accountFailures(caller.variant.appKey, email), deps.limits.accountFailuresPerHour, now, 'ACCOUNT_LOCKED', 'email');
}

/**
 * E-mail and password. An unknown e-mail and a wrong password answer the same error after the same argon2
 * work, and both count against the e-mail's lockout, so neither the reply nor its timing tells who has an account.
 */
export async function emailLogin(deps: AccountDeps, caller: Caller, input: { email: string; password: string }): Promise<LoginInfo> {
  const email = emailNormalise(input.email);
  await signInAttemptAllow(deps, caller, email);
  const profile = await profileByEmail(deps.db, caller.variant.appKey, email);
  if (!(await passwordVerify(profile?.passwordHash, input.password)) || !profile) {
    await throttleRecord(deps.db, [bucket.ipFailures(caller.ip), bucket.accountFailures(caller.variant.appKey, email)], deps.now());
    throw new AppError('WRONG_CREDENTIALS', { field: 'password' });
  }
  refuseClosed(profile);
  return loginInfoOf(deps.db, await signIn(deps.db, profile.userId, deps.now()), profile);
}

/** Spec §8: a wrong code answers 100011, an expired or used one 100010. */
export async function emailCodeLogin(deps: AccountDeps, caller: Caller, input: { email: string; email_code: string }): Promise<LoginInfo> {
  const email = emailNormalise(input.email);
  const appKey = caller.variant.appKey;
  await signInAttemptAllow(deps, caller, email);
  const code = await codeVerify(deps, caller, {
    where: { appKey, channel: 'email', target: email, purpose: 'login' },
    code: input.email_code,
    field: 'email_code',
    failureBuckets: [bucket.accountFailures(appKey, email)],
  });
  const profile = await profileByEmail(deps.db, appKey, email);
  if (!profile) throw new AppError('EMAIL_CODE_INVALID_NEW', { field: 'email_code' });
  refuseClosed(profile);
  const now = deps.now();
  return transaction(deps.db, async (tx) => {
    await codeUse(tx, code, now, 'email_code');
    return loginInfoOf(tx, await signIn(tx, profile.userId, now), profile);
  });
}

// Codes asked for through the API

/** A bind code is for the signed-in tourist only, on the tourist's own brand. */
export async function emailCodeRequest(deps: AccountDeps, caller: Caller, emailRaw: string, purpose: CodePurpose) {
  const email = emailNormalise(emailRaw);
  if (purpose !== 'bind') return emailCodeSend(deps, caller, email, purpose);
  if (!caller.user) throw new AppError('SESSION_EXPIRED', { field: 'sid' });
  const profile = await touristProfile(deps, caller, caller.user);
  return emailCodeSend(deps, caller, email, purpose, profile.appKey);
}

export async function emailCodeCheck(
  deps: AccountDeps,
  caller: Caller,
  input: { email: string; purpose: CodePurpose; email_code: string },
): Promise<{ valid: 1 }> {
  const email = emailNormalise(input.email);
  let appKey = caller.variant.appKey;
  if (input.purpose === 'bind') {
    if (!caller.user) throw new AppError('SESSION_EXPIRED', { field: 'sid' });
    appKey = (await touristProfile(deps, caller, caller.user)).appKey;
  }
  // Guessing a login code here is guessing a way in: it counts against the e-mail's lockout like code login does.
  const signInCode = input.purpose === 'login';
  if (signInCode) await signInAttemptAllow(deps, caller, email);
  await codeVerify(deps, caller, {
    where: { appKey, channel: 'email', target: email, purpose: input.purpose },
    code: input.email_code,
    field: 'email_code',
    ...(caller.user ? { userId: caller.user.uid } : {}),
    ...(signInCode ? { failureBuckets: [bucket.accountFailures(appKey, email)] } : {}),
  });
  return { valid: 1 };
}

// Binding an e-mail to a tourist

async function touristProfile(deps: AccountDeps, caller: Caller, user: SessionUser): Promise<ProfileRow> {
  const profile = await profileEnsure(deps.db, user.uid, caller.locale);
  refuseClosed(profile);
  if (profile.email !== null) throw new AppError('ACCOUNT_ALREADY_BOUND', { field: 'uid' });
  return profile;
}

/** Spec §4 e-mail bind, first step: may this account bind an e-mail? The request_id ties the bind to this check. */
export async function bindCheck(deps: AccountDeps, caller: Caller, user: SessionUser, emailRaw: string): Promise<{ can_bind: 0 | 1; request_id: string }> {
  const profile = await profileEnsure(deps.db, user.uid, caller.locale);
  if (profile.email !== null || profile.closedAt) return { can_bind: 0, request_id: '' };
  const requestId = randomBytes(18).toString('base64url');
  const now = deps.now();
  await ticketInsert(deps.db, {
    tokenHash: tokenHash(requestId),
    kind: 'bind',
    userId: user.uid,
    target: emailNormalise(emailRaw),
    createdAt: now,
    expiresAt: new Date(now.getTime() + BIND_REQUEST_TTL_MS),
  });
  return { can_bind: 1, request_id: requestId };
}

/** A tourist becomes a registered player: same uid, so balances and history stay; a new session replaces the tourist's. */
export async function bindEmail(
  deps: AccountDeps,
  caller: Caller,
  user: SessionUser,
  input: { email: string; email_code: string; request_id: string; password?: string | undefined },
): Promise<LoginInfo> {
  const email = emailNormalise(input.email);
  const profile = await touristProfile(deps, caller, user);
  const now = deps.now();
  const ticket = await ticketFind(deps.db, tokenHash(input.request_id));
  if (!ticket || ticket.userId !== user.uid || ticket.target !== email || ticket.usedAt || ticket.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('BIND_REQUEST_INVALID', { field: 'request_id' });
  }
  if (input.password !== undefined) passwordRefuseCommon(input.password);
  const code = await codeVerify(deps, caller, {
    where: { appKey: profile.appKey, channel: 'email', target: email, purpose: 'bind' },
    code: input.email_code,
    field: 'email_code',
    userId: user.uid,
  });
  const hash = input.password === undefined ? null : await passwordHash(input.password);
  try {
    return await transaction(deps.db, async (tx) => {
      await codeUse(tx, code, now, 'email_code');
      if (!(await ticketUse(tx, ticket.tokenHash, now))) throw new AppError('BIND_REQUEST_INVALID', { field: 'request_id' });
      const session = await signIn(tx, user.uid, now);
      const bound = await profileEmailBind(tx, user.uid, { email, passwordHash: hash, registeredAt: now, registeredSessionId: session.sessionId });
      if (!bound) throw new AppError('EMAIL_TAKEN', { field: 'email' });
      await userVisitorSet(tx, user.uid, false);
      // The device no longer leads to this account: a guest login from it starts a new tourist.
      await visitorDevicesForget(tx, user.uid);
      await sessionsRevokeOfUser(tx, user.uid, now, session.sessionId);
      return loginInfoOf(tx, session, await profileByUser(tx, user.uid), { firstRegist: true });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', { field: 'email' });
    throw error;
  }
}

// Forgotten password

/** Sets a new password with a reset code; every session of the account ends and a new one is opened. */
export async function passwordReset(deps: AccountDeps, caller: Caller, input: { email: string; email_code: string; password: string }): Promise<LoginInfo> {
  const email = emailNormalise(input.email);
  const appKey = caller.variant.appKey;
  passwordRefuseCommon(input.password);
  const code = await codeVerify(deps, caller, {
    where: { appKey, channel: 'email', target: email, purpose: 'reset' },
    code: input.email_code,
    field: 'email_code',
  });
  const profile = await profileByEmail(deps.db, appKey, email);
  if (!profile) throw new AppError('EMAIL_CODE_INVALID_NEW', { field: 'email_code' });
  refuseClosed(profile);
  const hash = await passwordHash(input.password);
  const now = deps.now();
  const info = await transaction(deps.db, async (tx) => {
    await codeUse(tx, code, now, 'email_code');
    await profileUpdate(tx, profile.userId, { passwordHash: hash });
    await sessionsRevokeOfUser(tx, profile.userId, now);
    return loginInfoOf(tx, await signIn(tx, profile.userId, now), profile);
  });
  // Whoever was guessing the old password no longer keeps the owner locked out.
  await throttleReset(deps.db, bucket.accountFailures(appKey, email));
  return info;
}

// Profile and closing

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
