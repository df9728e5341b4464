import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CodePurpose, LoginInfo, VisitorLoginInfo } from '@piranha/contract';
import { AppError } from '../../app-error.ts';
import { transaction } from '../../db/transaction.ts';
import { bonusSignUpOnRegister } from '../bonus/bonus-sign-up.service.ts';
import { experimentsCarry, visitorSubject } from '../config/experiments.service.ts';
import { consentRequire, consentValues, termsCurrentOf, type Consent } from './account-terms.service.ts';
import type { AccountDeps, Caller } from './account-deps.ts';
import { codeUse, codeVerify, emailCodeSend, type CodeTarget } from './account-code.service.ts';
import { passwordHash, passwordVerify } from './account-password.ts';
import {
  emailNormalise,
  isUniqueViolation,
  nickDefault,
  passwordRefuseCommon,
  profileEnsure,
  refuseClosed,
  touristProfile,
} from './account-profile.service.ts';
import { loginInfoOf, signIn } from './account-session.service.ts';
import {
  accountFailureLimit,
  attemptFailed,
  attemptRelease,
  attemptReserve,
  bucket,
  ipFailureLimit,
  throttleReset,
  type AttemptLimit,
} from './account-throttle.ts';
import {
  profileByEmail,
  profileByUser,
  profileInsert,
  profileUpdate,
  sessionsRevokeOfUser,
  userCreate,
  visitorDeviceFind,
  visitorDeviceInsert,
} from './account.repository.ts';
import { saferMarketOpenCheck, saferSignupLimitCheck, saferSignupLimitSet, type SignupLimit } from '../safer-play/safer-play.service.ts';

/** Signing in and registering: tourists, e-mail with password or code, the codes themselves, and password reset. */

// Tourists

/** Bytes of a device secret: 256 bits, so it can be kept as a plain SHA-256 and looked up by it. */
const DEVICE_SECRET_BYTES = 32;

function deviceSecretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The tourist a device secret claims on this brand and device, or undefined. */
async function touristOfDevice(deps: AccountDeps, appKey: string, smid: string, secret: string): Promise<number | undefined> {
  const hash = deviceSecretHash(secret);
  const row = await visitorDeviceFind(deps.db, appKey, smid, hash);
  const stored = row?.secretHash ? Buffer.from(row.secretHash, 'hex') : undefined;
  const presented = Buffer.from(hash, 'hex');
  if (!row || !stored || stored.length !== presented.length || !timingSafeEqual(stored, presented)) return undefined;
  return row.userId;
}

/**
 * Spec §4 guest login. The smid names the device but proves nothing — any client can send any smid — so a tourist
 * is claimed again only with the device secret answered when it was created (stored hashed). Without it, or with a
 * wrong one, the call creates a new tourist: another device's smid never opens the tourist holding its money.
 */
export async function visitorLogin(
  deps: AccountDeps,
  caller: Caller,
  input: { smid: string; device_secret?: string | undefined } & Consent,
): Promise<VisitorLoginInfo> {
  const appKey = caller.variant.appKey;
  const { smid } = input;
  const now = deps.now();
  const claimed = input.device_secret === undefined ? undefined : await touristOfDevice(deps, appKey, smid, input.device_secret);
  if (claimed !== undefined) {
    const profile = await profileEnsure(deps.db, claimed, caller.locale);
    refuseClosed(profile);
    return { ...(await loginInfoOf(deps.db, await signIn(deps.db, claimed, now), profile, { smid })), device_secret: '' };
  }
  // No new account on a closed market's brand (decision 049); a returning tourist above still signs in.
  saferMarketOpenCheck(appKey);
  // A new tourist is a new account: it needs the age and the current terms like any sign-up (decision 040).
  const terms = await termsCurrentOf(deps.db, appKey);
  consentRequire(input, terms);
  const secret = randomBytes(DEVICE_SECRET_BYTES).toString('base64url');
  return transaction(deps.db, async (tx) => {
    const userId = await userCreate(tx, appKey, true);
    await profileInsert(tx, { userId, appKey, nick: nickDefault(userId), lang: caller.locale, createdAt: now, ...consentValues(caller.variant, terms, now) });
    await visitorDeviceInsert(tx, { appKey, smid, userId, secretHash: deviceSecretHash(secret) });
    await experimentsCarry(tx, { userId, variant: caller.variant, deviceSubject: visitorSubject(caller.smid ?? smid, caller.ip), now });
    const profile = await profileByUser(tx, userId);
    return { ...(await loginInfoOf(tx, await signIn(tx, userId, now), profile, { smid, firstActive: true })), device_secret: secret };
  });
}

// E-mail registration and sign-in

export async function emailRegister(
  deps: AccountDeps,
  caller: Caller,
  input: {
    email: string;
    email_code: string;
    password: string;
    nick?: string | undefined;
    safer_limit?: SignupLimit | undefined;
    terms_version?: string | undefined;
    age_confirmed?: number | undefined;
  },
): Promise<LoginInfo> {
  const email = emailNormalise(input.email);
  const appKey = caller.variant.appKey;
  passwordRefuseCommon(input.password);
  saferMarketOpenCheck(appKey);
  // Brazil asks its mandatory loss limit at sign-up (decision 027): checked before the code is spent.
  saferSignupLimitCheck(appKey, input.safer_limit);
  // The age and the terms the player accepted are kept with the account (decision 032): no account without them.
  const terms = await termsCurrentOf(deps.db, appKey);
  consentRequire(input, terms);
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
        ...consentValues(caller.variant, terms, now),
        createdAt: now,
      });
      if (!created) throw new AppError('EMAIL_TAKEN', { field: 'email' });
      // The arms the visitor's device was in stay with the account, before the sign-up bonus reads its arm.
      await experimentsCarry(tx, { userId, variant: caller.variant, deviceSubject: visitorSubject(caller.smid, caller.ip), now });
      if (input.safer_limit) await saferSignupLimitSet(tx, userId, appKey, input.safer_limit, now);
      // The brand's sign-up bonus, once per person (decision 024); a refusal leaves the registration as it is.
      await bonusSignUpOnRegister(tx, { userId, appKey, email, smid: caller.smid, ip: caller.ip, now });
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

/** What one sign-in guess counts against: the client IP's failures, then the e-mail's (the lockout). */
function signInLimits(deps: AccountDeps, caller: Caller, email: string): AttemptLimit[] {
  return [ipFailureLimit(deps.limits, caller.ip), accountFailureLimit(deps.limits, caller.variant.appKey, email)];
}

/**
 * E-mail and password. An unknown e-mail and a wrong password answer the same error after the same argon2
 * work, and both count against the e-mail's lockout, so neither the reply nor its timing tells who has an account.
 * The attempt is reserved before the password is checked (a locked door costs nothing, and parallel guesses cannot
 * outrun the count); the right password gives its reservation back.
 */
export async function emailLogin(deps: AccountDeps, caller: Caller, input: { email: string; password: string }): Promise<LoginInfo> {
  const email = emailNormalise(input.email);
  const attempt = await attemptReserve(deps.db, signInLimits(deps, caller, email), deps.now());
  const profile = await profileByEmail(deps.db, caller.variant.appKey, email);
  if (!(await passwordVerify(profile?.passwordHash, input.password)) || !profile) {
    await attemptFailed(deps.db, attempt);
    throw new AppError('WRONG_CREDENTIALS', { field: 'password' });
  }
  await attemptRelease(deps.db, attempt);
  refuseClosed(profile);
  return loginInfoOf(deps.db, await signIn(deps.db, profile.userId, deps.now()), profile);
}

/** Spec §8: a wrong code answers 100011, an expired or used one 100010. */
export async function emailCodeLogin(deps: AccountDeps, caller: Caller, input: { email: string; email_code: string }): Promise<LoginInfo> {
  const email = emailNormalise(input.email);
  const appKey = caller.variant.appKey;
  const code = await codeVerify(deps, caller, {
    where: { appKey, channel: 'email', target: email, purpose: 'login' },
    code: input.email_code,
    field: 'email_code',
    failureLimits: [accountFailureLimit(deps.limits, appKey, email)],
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
  await codeVerify(deps, caller, {
    where: { appKey, channel: 'email', target: email, purpose: input.purpose },
    code: input.email_code,
    field: 'email_code',
    ...(caller.user ? { userId: caller.user.uid } : {}),
    ...(signInCode ? { failureLimits: [accountFailureLimit(deps.limits, appKey, email)] } : {}),
  });
  return { valid: 1 };
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
