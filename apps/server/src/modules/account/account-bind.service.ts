import { bonusSignUpOnRegister } from '../bonus/bonus-sign-up.service.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { LoginInfo } from '@piranha/contract';
import { AppError } from '../../app-error.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { saferBindLimitSet, type SignupLimit } from '../safer-play/safer-play.service.ts';
import type { AccountDeps, Caller } from './account-deps.ts';
import { codeUse, codeVerify } from './account-code.service.ts';
import { passwordHash } from './account-password.ts';
import { emailNormalise, isUniqueViolation, passwordRefuseCommon, profileEnsure, touristProfile } from './account-profile.service.ts';
import { loginInfoOf, signIn } from './account-session.service.ts';
import { consentHeld, consentRequire, consentValues, termsCurrentOf, type Consent } from './account-terms.service.ts';
import {
  profileByUser,
  profileEmailBind,
  sessionsRevokeOfUser,
  ticketFind,
  ticketInsert,
  ticketUse,
  userVisitorSet,
  visitorDevicesForget,
} from './account.repository.ts';

export const BIND_REQUEST_TTL_MS = 10 * 60_000;

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
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
  input: { email: string; email_code: string; request_id: string; password?: string | undefined; safer_limit?: SignupLimit | undefined } & Consent,
): Promise<LoginInfo> {
  const email = emailNormalise(input.email);
  const profile = await touristProfile(deps, caller, user);
  // Saving the account registers it: the consent is recorded unless the tourist already gave the current one (decision 040).
  const terms = await termsCurrentOf(deps.db, profile.appKey);
  const consentNeeded = !consentHeld(profile, terms);
  if (consentNeeded) consentRequire(input, terms);
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
      const bound = await profileEmailBind(tx, user.uid, {
        email,
        passwordHash: hash,
        registeredAt: now,
        registeredSessionId: session.sessionId,
        ...(consentNeeded ? consentValues(caller.variant, terms, now) : {}),
      });
      if (!bound) throw new AppError('EMAIL_TAKEN', { field: 'email' });
      await userVisitorSet(tx, user.uid, false);
      // The device no longer leads to this account: a guest login from it starts a new tourist.
      await visitorDevicesForget(tx, user.uid);
      // A limit chosen as the tourist registers (Brazil asks a loss limit before money enters play, decision 057).
      if (input.safer_limit) await saferBindLimitSet(tx, user.uid, profile.appKey, input.safer_limit, now);
      // The tourist is now registered: the brand's sign-up bonus, once per person and within the IP limit (decision 043).
      await bonusSignUpOnRegister(tx, { userId: user.uid, appKey: profile.appKey, email, smid: caller.smid, ip: caller.ip, now });
      await sessionsRevokeOfUser(tx, user.uid, now, session.sessionId);
      return loginInfoOf(tx, session, await profileByUser(tx, user.uid), { firstRegist: true });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', { field: 'email' });
    throw error;
  }
}

/** Spec §7 visitor/bind, the older one-call bind: bind/check and bind/email together for the signed-in tourist. */
export async function visitorBind(
  deps: AccountDeps,
  caller: Caller,
  user: SessionUser,
  input: { email: string; email_code: string; password?: string | undefined; safer_limit?: SignupLimit | undefined } & Consent,
): Promise<LoginInfo> {
  const check = await bindCheck(deps, caller, user, input.email);
  if (check.can_bind !== 1) {
    // Says why: the account is closed, or it already has an e-mail.
    await touristProfile(deps, caller, user);
    throw new AppError('ACCOUNT_ALREADY_BOUND', { field: 'uid' });
  }
  return bindEmail(deps, caller, user, { ...input, request_id: check.request_id });
}
