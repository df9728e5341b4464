import type { LoginInfo, SocialPlatform } from '@piranha/contract';
import { bonusSignUpOnRegister } from '../bonus/bonus-sign-up.service.ts';
import { AppError } from '../../app-error.ts';
import { transaction } from '../../db/transaction.ts';
import { IdentityTokenError, type IdentityClaims, type IdentityVerifier } from '../../providers/identity/identity.ts';
import type { AccountDeps, Caller } from './account-deps.ts';
import { loginInfoOf, signIn } from './account-session.service.ts';
import { isUniqueViolation, profileEnsure } from './account-profile.service.ts';
import { experimentsCarry, visitorSubject } from '../config/experiments.service.ts';
import { consentHeld, consentRequire, consentValues, termsCurrentOf, type Consent } from './account-terms.service.ts';
import { saferMarketOpenCheck } from '../safer-play/safer-play.service.ts';
import {
  profileByEmail,
  profileByUser,
  profileEmailBind,
  profileInsert,
  profileUpdate,
  sessionsRevokeOfUser,
  socialIdentityFind,
  socialIdentityInsert,
  userCreate,
  userFind,
  userVisitorSet,
  visitorDevicesForget,
} from './account.repository.ts';

export interface SocialRequest extends Consent {
  plat: SocialPlatform;
  union_id?: string | undefined;
  auth_params: string;
  action: 'login' | 'bind';
  extra?: { super_uid?: number | undefined } | undefined;
}

export type SocialDeps = AccountDeps & { identity: Record<SocialPlatform, IdentityVerifier> };

async function claimsOf(deps: SocialDeps, caller: Caller, request: SocialRequest): Promise<IdentityClaims> {
  // A brand that hides social sign-in does not accept it either.
  if (caller.variant.flags.hideSocialLogin) throw new AppError('SOCIAL_LOGIN_UNAVAILABLE', { field: 'plat' });
  let claims: IdentityClaims;
  try {
    claims = await deps.identity[request.plat].verify(request.auth_params, caller.variant.socialClientId);
  } catch (error) {
    if (error instanceof IdentityTokenError) throw new AppError('SOCIAL_TOKEN_INVALID', { field: 'auth_params', issue: error.issue });
    throw error;
  }
  if (request.union_id !== undefined && request.union_id !== claims.subject) throw new AppError('SOCIAL_TOKEN_INVALID', { field: 'union_id', issue: 'sub' });
  return claims;
}

/** Spec §7 thirdparty/do: sign in (registering on first use) or, with action bind, link the identity to the caller. */
export async function socialDo(deps: SocialDeps, caller: Caller, request: SocialRequest): Promise<LoginInfo> {
  const claims = await claimsOf(deps, caller, request);
  return request.action === 'bind'
    ? socialBind(deps, caller, { plat: request.plat, superUid: request.extra?.super_uid, consent: request }, claims)
    : socialLogin(deps, caller, request.plat, claims, request);
}

/**
 * Signs in with a verified identity of any provider (Google, the Telegram mini app), registering it on first use. A
 * first use creates an account, so it needs the consent (8701/8700 without it: the client asks and sends the same
 * credential again); signing in to an account the identity already has never asks.
 */
export async function socialLogin(deps: AccountDeps, caller: Caller, plat: string, claims: IdentityClaims, consent: Consent): Promise<LoginInfo> {
  const appKey = caller.variant.appKey;
  const now = deps.now();
  const known = await socialIdentityFind(deps.db, appKey, plat, claims.subject);
  // First use by the owner of an address Google vouches for: it joins the account already registered with it.
  const byEmail = !known && claims.emailAuthoritative && claims.email ? await profileByEmail(deps.db, appKey, claims.email) : undefined;
  const existingUserId = known?.userId ?? byEmail?.userId;
  if (existingUserId !== undefined) {
    const profile = await profileByUser(deps.db, existingUserId);
    if (profile?.closedAt) throw new AppError('ACCOUNT_CLOSED', { field: 'uid' });
    return transaction(deps.db, async (tx) => {
      if (!known)
        await socialIdentityInsert(tx, { userId: existingUserId, appKey, plat, unionId: claims.subject, email: claims.email ?? null, createdAt: now });
      return loginInfoOf(tx, await signIn(tx, existingUserId, now), profile);
    });
  }
  // No new account on a closed market's brand (decision 049); an existing one signs in above.
  saferMarketOpenCheck(appKey);
  const terms = await termsCurrentOf(deps.db, appKey);
  consentRequire(consent, terms);
  try {
    return await transaction(deps.db, async (tx) => {
      const userId = await userCreate(tx, appKey, false);
      const email = claims.emailAuthoritative ? (claims.email ?? null) : null;
      await profileInsert(tx, {
        userId,
        appKey,
        email,
        nick: `Player${userId}`,
        lang: caller.locale,
        registeredAt: now,
        createdAt: now,
        ...consentValues(caller.variant, terms, now),
      });
      await experimentsCarry(tx, { userId, variant: caller.variant, deviceSubject: visitorSubject(caller.smid, caller.ip), now });
      if (!(await socialIdentityInsert(tx, { userId, appKey, plat, unionId: claims.subject, email: claims.email ?? null, createdAt: now }))) {
        throw new AppError('SOCIAL_ALREADY_BOUND', { field: 'auth_params' });
      }
      // The brand's sign-up bonus, once per person and within the IP limit, like an e-mail sign-up (decision 043).
      await bonusSignUpOnRegister(tx, { userId, appKey, email: email ?? undefined, smid: caller.smid, ip: caller.ip, now });
      const session = await signIn(tx, userId, now);
      await profileUpdate(tx, userId, { registeredSessionId: session.sessionId });
      return loginInfoOf(tx, session, await profileByUser(tx, userId), { firstRegist: true, firstActive: true });
    });
  } catch (error) {
    // A twin request registered the same identity first: sign in to it.
    if (error instanceof AppError && error.errorName === 'SOCIAL_ALREADY_BOUND') return socialLogin(deps, caller, plat, claims, consent);
    throw error;
  }
}

/** thirdLoginRegBind: a tourist becomes registered (same uid); a registered player gains a second way in. */
export async function socialBind(
  deps: AccountDeps,
  caller: Caller,
  request: { plat: string; superUid?: number | undefined; consent: Consent },
  claims: IdentityClaims,
): Promise<LoginInfo> {
  const user = caller.user;
  if (!user) throw new AppError('SESSION_EXPIRED', { field: 'sid' });
  const superUid = request.superUid;
  if (superUid !== undefined && superUid !== user.uid) throw new AppError('UNAUTHORISED', { field: 'extra.super_uid' });
  const profile = await profileEnsure(deps.db, user.uid, caller.locale);
  if (profile.closedAt) throw new AppError('ACCOUNT_CLOSED', { field: 'uid' });
  const account = await userFind(deps.db, user.uid);
  const wasTourist = account?.visitor !== false;
  const now = deps.now();
  const known = await socialIdentityFind(deps.db, profile.appKey, request.plat, claims.subject);
  if (known && known.userId !== user.uid) throw new AppError('SOCIAL_ALREADY_BOUND', { field: 'auth_params' });
  // A tourist saving the account registers it: the consent is recorded unless the tourist already gave the current one.
  const terms = await termsCurrentOf(deps.db, profile.appKey);
  const consentNeeded = wasTourist && !consentHeld(profile, terms);
  if (consentNeeded) consentRequire(request.consent, terms);
  try {
    return await transaction(deps.db, async (tx) => {
      if (!known) {
        await socialIdentityInsert(tx, {
          userId: user.uid,
          appKey: profile.appKey,
          plat: request.plat,
          unionId: claims.subject,
          email: claims.email ?? null,
          createdAt: now,
        });
      }
      const session = await signIn(tx, user.uid, now);
      if (wasTourist) {
        await userVisitorSet(tx, user.uid, false);
        await visitorDevicesForget(tx, user.uid);
        await profileUpdate(tx, user.uid, {
          registeredAt: now,
          registeredSessionId: session.sessionId,
          ...(consentNeeded ? consentValues(caller.variant, terms, now) : {}),
        });
      }
      const boundEmail = profile.email === null && claims.emailAuthoritative && claims.email ? claims.email : undefined;
      // The address Google vouches for becomes the account's e-mail when it has none and nobody else uses it.
      if (profile.email === null && claims.emailAuthoritative && claims.email && !(await profileByEmail(tx, profile.appKey, claims.email))) {
        await profileEmailBind(tx, user.uid, { email: claims.email });
      }
      // A tourist who registers this way earns the sign-up bonus under the same once-per-person rules (decision 043).
      if (wasTourist)
        await bonusSignUpOnRegister(tx, {
          userId: user.uid,
          appKey: profile.appKey,
          email: boundEmail ?? profile.email ?? undefined,
          smid: caller.smid,
          ip: caller.ip,
          now,
        });
      await sessionsRevokeOfUser(tx, user.uid, now, session.sessionId);
      return loginInfoOf(tx, session, await profileByUser(tx, user.uid), { firstRegist: wasTourist });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('SOCIAL_ALREADY_BOUND', { field: 'auth_params' });
    throw error;
  }
}
