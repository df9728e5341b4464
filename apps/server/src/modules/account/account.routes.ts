import {
  accountDeleteApply,
  accountInfoQuery,
  accountInfoUpdate,
  heartbeat,
  sessionEnd,
  sessionList,
  bindCheck as bindCheckEndpoint,
  bindEmail as bindEmailEndpoint,
  emailCodeCheck as emailCodeCheckEndpoint,
  emailCodeLogin as emailCodeLoginEndpoint,
  emailCodeSend as emailCodeSendEndpoint,
  emailLogin as emailLoginEndpoint,
  emailRegister as emailRegisterEndpoint,
  logout,
  passwordCheckCode,
  passwordSendCode,
  passwordSet,
  sessionRenew,
  smsCodeCheck as smsCodeCheckEndpoint,
  smsCodeSend as smsCodeSendEndpoint,
  sessionHandoffCreate,
  sessionHandoffRedeem,
  thirdpartyDo,
  visitorLogin as visitorLoginEndpoint,
  fbUserCreate,
  fbUserProfileGet,
  redPointClick,
  tabPromptGet,
  tabPromptListV2,
  TAB_KEYS,
  tgMiniAppBind,
  tgMiniAppLogin,
  thirdpartLogin,
  termsAccept,
  termsCurrent,
  visitorBind as visitorBindEndpoint,
  type LoginInfo,
} from '@piranha/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { envelopeOk } from '../../plugins/error-handler.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { sessionsChanged } from '../session/sessions-changed.ts';
import type { RequestContext, SessionUser } from '../../plugins/request-context.ts';
import type { Caller } from './account-deps.ts';
import { logoutOf, sessionEndOf, sessionListOf, sessionMarkActive, sessionRenewal } from './account-session.service.ts';
import { smsCodeCheck, smsCodeSend } from './account-sms.service.ts';
import { socialDo, type SocialDeps } from './account-social.service.ts';
import { bindCheck, bindEmail, visitorBind } from './account-bind.service.ts';
import { handoffCreate, handoffRedeem } from './account-handoff.service.ts';
import { sessionCookiesClear, sessionCookiesSet, sessionSecretHidden } from './account-cookie.ts';
import { fbUserCreateOf, fbUserProfile } from './account-fb-user.service.ts';
import { redPointClear, redPointsOf, tabPromptPost, tabPromptsOf, type PromptViewer } from './account-prompt.service.ts';
import { telegramBind, telegramLogin, type TelegramDeps } from './account-telegram.service.ts';
import { opsTabPromptBody, opsTermsVersionBody } from './account-ops.ts';
import { MARKET_LEGAL, variantFindByKey } from '@piranha/domain';
import { profileEnsure } from './account-profile.service.ts';
import { consentRequire, termsAcceptRecord, termsAsk, termsCurrentOf, termsCurrentSet } from './account-terms.service.ts';
import { accountClose, accountInfo, accountInfoChange } from './account-profile.service.ts';
import { emailCodeCheck, emailCodeLogin, emailCodeRequest, emailLogin, emailRegister, passwordReset, visitorLogin } from './account.service.ts';

function callerOf(input: { ctx: RequestContext; request: FastifyRequest; user: SessionUser | undefined }): Caller {
  return { variant: input.ctx.variant, locale: input.ctx.locale, ip: input.request.ip, user: input.user, smid: input.ctx.params.smid };
}

function viewerOf(input: { ctx: RequestContext; user: SessionUser | undefined }): PromptViewer {
  return { appKey: input.ctx.variant.appKey, uid: input.user?.uid, smid: input.ctx.params.smid, locale: input.ctx.locale };
}

/** The origin a request was sent to: the browser's Origin header, else the scheme and Host it arrived with. */
function requestOrigin(request: FastifyRequest): string {
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin !== '' && origin !== 'null' ? origin.toLowerCase() : `${request.protocol}://${request.host}`.toLowerCase();
}

/**
 * Every answer that opens a session also sets the session cookies, and over HTTPS leaves the sid out of the body:
 * the cookie is the session there (account-cookie.ts).
 */
async function signedIn<T extends LoginInfo>(input: { request: FastifyRequest; reply: FastifyReply }, info: Promise<T>): Promise<T> {
  const login = await info;
  sessionCookiesSet(input.request, input.reply, login);
  return sessionSecretHidden(input.request, login);
}

/**
 * A sign-in that ended the account's other sessions (a password reset, an e-mail or social account bound): every
 * node drops the player's cached sessions and closes their sockets (decision 041), before the answer goes.
 */
async function signedInEndingOthers<T extends LoginInfo>(
  deps: RouteDeps,
  input: { request: FastifyRequest; reply: FastifyReply },
  info: Promise<T>,
): Promise<T> {
  const login = await info;
  await sessionsChanged(deps.realtime, { uid: login.uid, reason: 'password' });
  return signedIn(input, Promise.resolve(login));
}

export type AccountRouteDeps = RouteDeps & SocialDeps & TelegramDeps & { opsToken: string | undefined };

/** Spec §7 Account: tourists, e-mail players, codes, binding, password reset, closing, and the session lifecycle. */
export function accountRoutes(app: FastifyInstance, deps: AccountRouteDeps): void {
  routeRegister(app, deps, visitorLoginEndpoint, async (input) => signedIn(input, visitorLogin(deps, callerOf(input), input.body)));
  routeRegister(app, deps, sessionRenew, async (input) => {
    const { replaced, ...answer } = await sessionRenewal(deps.db, input.ctx.params.uid, input.ctx.params.sid, deps.now());
    const uid = Number(input.ctx.params.uid);
    // The replaced sid ends within a minute: cached copies go now, and its sockets reconnect with the new one.
    if (replaced) await sessionsChanged(deps.realtime, { uid: replaced.uid, sessionId: replaced.sessionId, reason: 'renewal' });
    if (answer.valid === 1 && answer.sid !== input.ctx.params.sid) sessionCookiesSet(input.request, input.reply, { uid, sid: answer.sid });
    if (answer.valid === 0) sessionCookiesClear(input.request, input.reply);
    return sessionSecretHidden(input.request, answer);
  });
  routeRegister(app, deps, logout, async ({ user, request, reply }) => {
    sessionCookiesClear(request, reply);
    const answer = await logoutOf(deps.db, user?.sessionId, deps.now());
    if (user) await sessionsChanged(deps.realtime, { uid: user.uid, sessionId: user.sessionId, reason: 'logout' });
    return answer;
  });
  routeRegister(app, deps, accountInfoQuery, async (input) =>
    sessionSecretHidden(input.request, await accountInfo(deps, callerOf(input), input.user, input.ctx.params.sid ?? '')),
  );
  routeRegister(app, deps, accountInfoUpdate, async (input) =>
    sessionSecretHidden(input.request, await accountInfoChange(deps, callerOf(input), input.user, input.ctx.params.sid ?? '', input.body)),
  );
  routeRegister(app, deps, heartbeat, async ({ user }) => {
    await sessionMarkActive(deps.db, user.sessionId, deps.now());
    return { active: 1 as const };
  });
  routeRegister(app, deps, sessionList, async ({ user }) => sessionListOf(deps.db, user, deps.now()));
  routeRegister(app, deps, sessionEnd, async ({ user, body }) => {
    const answer = await sessionEndOf(deps.db, user, body.session_id, deps.now());
    await sessionsChanged(deps.realtime, { uid: user.uid, sessionId: body.session_id, reason: 'session_end' });
    return answer;
  });

  routeRegister(app, deps, emailCodeSendEndpoint, async (input) => emailCodeRequest(deps, callerOf(input), input.body.email, input.body.purpose));
  routeRegister(app, deps, emailCodeCheckEndpoint, async (input) => emailCodeCheck(deps, callerOf(input), input.body));
  routeRegister(app, deps, emailRegisterEndpoint, async (input) => signedIn(input, emailRegister(deps, callerOf(input), input.body)));
  routeRegister(app, deps, emailLoginEndpoint, async (input) => signedIn(input, emailLogin(deps, callerOf(input), input.body)));
  routeRegister(app, deps, emailCodeLoginEndpoint, async (input) => signedIn(input, emailCodeLogin(deps, callerOf(input), input.body)));

  routeRegister(app, deps, bindCheckEndpoint, async (input) => bindCheck(deps, callerOf(input), input.user, input.body.email));
  routeRegister(app, deps, bindEmailEndpoint, async (input) => signedInEndingOthers(deps, input, bindEmail(deps, callerOf(input), input.user, input.body)));

  routeRegister(app, deps, passwordSendCode, async (input) => emailCodeRequest(deps, callerOf(input), input.body.email, 'reset'));
  routeRegister(app, deps, passwordCheckCode, async (input) => emailCodeCheck(deps, callerOf(input), { ...input.body, purpose: 'reset' }));
  routeRegister(app, deps, passwordSet, async (input) => signedInEndingOthers(deps, input, passwordReset(deps, callerOf(input), input.body)));

  routeRegister(app, deps, smsCodeSendEndpoint, async (input) => smsCodeSend(deps, callerOf(input), input.body.phone, input.body.purpose));
  routeRegister(app, deps, smsCodeCheckEndpoint, async (input) => smsCodeCheck(deps, callerOf(input), input.body));

  // Domain change (decision 033): a one-time code carries the player to the new origin; the session never enters a URL.
  routeRegister(app, deps, sessionHandoffCreate, async ({ body, user, ctx }) => handoffCreate(deps.db, user, ctx.variant.appKey, body.target, deps.now()));
  routeRegister(app, deps, sessionHandoffRedeem, async (input) =>
    signedIn(input, handoffRedeem(deps.db, input.body.code, input.ctx.variant.appKey, requestOrigin(input.request), deps.now())),
  );

  routeRegister(app, deps, thirdpartyDo, async (input) => signedInEndingOthers(deps, input, socialDo(deps, callerOf(input), input.body)));

  routeRegister(app, deps, accountDeleteApply, async (input) => {
    const closed = await accountClose(deps, callerOf(input), input.user, input.body.reason);
    await sessionsChanged(deps.realtime, { uid: input.user.uid, reason: 'account_closed' });
    sessionCookiesClear(input.request, input.reply);
    return closed;
  });

  // The brand's terms: the version a sign-up accepts, and a signed-in player asked again after a change (decision 040).
  routeRegister(app, deps, termsCurrent, async ({ ctx, user }) => {
    const current = await termsCurrentOf(deps.db, ctx.variant.appKey);
    const profile = user ? await profileEnsure(deps.db, user.uid, ctx.locale) : undefined;
    return {
      version: current.version,
      minimum_age: MARKET_LEGAL[ctx.variant.market].minimumAge,
      accepted_version: profile?.termsVersion ?? '',
      ask: profile && !profile.closedAt && termsAsk(profile, current) ? (1 as const) : (0 as const),
    };
  });
  routeRegister(app, deps, termsAccept, async ({ ctx, user, body }) => {
    const profile = await profileEnsure(deps.db, user.uid, ctx.locale);
    // The player's own brand decides the version (a session is the brand's it was opened on).
    const variant = variantFindByKey(profile.appKey) ?? ctx.variant;
    const current = await termsCurrentOf(deps.db, variant.appKey);
    consentRequire(body, current);
    return termsAcceptRecord(deps.db, user.uid, variant, current, deps.now());
  });
  // Operators publish a new version of a brand's terms: its signed-in players are asked to accept it. Off unless OPS_TOKEN is set.
  app.post('/api/ops/terms-version', async (request) => {
    if (!deps.opsToken || request.headers.authorization !== `Bearer ${deps.opsToken}`) throw new AppError('UNAUTHORISED');
    const body = opsTermsVersionBody.safeParse(request.body);
    if (!body.success) throw new AppError('VALIDATION_FAILED', { field: String(body.error.issues[0]?.path[0] ?? 'body') });
    if (!variantFindByKey(body.data.app_key)) throw new AppError('VALIDATION_FAILED', { field: 'app_key' });
    const current = await termsCurrentSet(deps.db, body.data.app_key, body.data.version, deps.now());
    return envelopeOk({ app_key: body.data.app_key, version: current.version, since: Math.floor(current.since.getTime() / 1000) });
  });

  // Tab prompts (red dots on the footer tabs).
  routeRegister(app, deps, tabPromptGet, async (input) => ({ red_points: redPointsOf(await tabPromptsOf(deps.db, viewerOf(input), deps.now()), TAB_KEYS) }));
  routeRegister(app, deps, tabPromptListV2, async (input) => ({ list: await tabPromptsOf(deps.db, viewerOf(input), deps.now()) }));
  routeRegister(app, deps, redPointClick, async (input) => redPointClear(deps.db, viewerOf(input), input.body.tab_key, deps.now()));
  // Operators post a prompt for a brand. Off unless OPS_TOKEN is set.
  app.post('/api/ops/tab-prompt', async (request) => {
    if (!deps.opsToken || request.headers.authorization !== `Bearer ${deps.opsToken}`) throw new AppError('UNAUTHORISED');
    const body = opsTabPromptBody.safeParse(request.body);
    if (!body.success) throw new AppError('VALIDATION_FAILED', { field: String(body.error.issues[0]?.path[0] ?? 'body') });
    const { app_key, tab_key, texts, starts_at, ends_at } = body.data;
    const startsAt = starts_at === undefined ? deps.now() : new Date(starts_at * 1000);
    const endsAt = ends_at === undefined ? undefined : new Date(ends_at * 1000);
    return envelopeOk(await tabPromptPost(deps.db, { appKey: app_key, tabKey: tab_key, texts, startsAt, endsAt }, deps.now()));
  });

  // The older sign-in paths of spec §7.
  routeRegister(app, deps, thirdpartLogin, async (input) =>
    signedInEndingOthers(
      deps,
      input,
      socialDo(deps, callerOf(input), {
        plat: input.body.plat,
        union_id: input.body.union_id,
        auth_params: input.body.auth_params,
        action: 'login',
        terms_version: input.body.terms_version,
        age_confirmed: input.body.age_confirmed,
      }),
    ),
  );
  routeRegister(app, deps, visitorBindEndpoint, async (input) => signedInEndingOthers(deps, input, visitorBind(deps, callerOf(input), input.user, input.body)));

  // The sports-book user record: fetched, and created when there is none (spec §4).
  routeRegister(app, deps, fbUserProfileGet, async (input) => fbUserProfile(deps, callerOf(input), input.user));
  routeRegister(app, deps, fbUserCreate, async (input) => fbUserCreateOf(deps, callerOf(input), input.user));

  // The messaging-app mini app.
  routeRegister(app, deps, tgMiniAppLogin, async (input) => signedIn(input, telegramLogin(deps, callerOf(input), input.body.init_data, input.body)));
  routeRegister(app, deps, tgMiniAppBind, async (input) => signedIn(input, telegramBind(deps, callerOf(input), input.body.init_data, input.body)));
}
