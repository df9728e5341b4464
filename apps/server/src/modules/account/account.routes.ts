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
  thirdpartyDo,
  visitorLogin as visitorLoginEndpoint,
} from '@piranha/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import type { RequestContext, SessionUser } from '../../plugins/request-context.ts';
import type { Caller } from './account-deps.ts';
import { logoutOf, sessionEndOf, sessionListOf, sessionMarkActive, sessionRenewal } from './account-session.service.ts';
import { smsCodeCheck, smsCodeSend } from './account-sms.service.ts';
import { socialDo, type SocialDeps } from './account-social.service.ts';
import { bindCheck, bindEmail } from './account-bind.service.ts';
import { accountClose, accountInfo, accountInfoChange } from './account-profile.service.ts';
import { emailCodeCheck, emailCodeLogin, emailCodeRequest, emailLogin, emailRegister, passwordReset, visitorLogin } from './account.service.ts';

function callerOf(input: { ctx: RequestContext; request: FastifyRequest; user: SessionUser | undefined }): Caller {
  return { variant: input.ctx.variant, locale: input.ctx.locale, ip: input.request.ip, user: input.user };
}

/** Spec §7 Account: tourists, e-mail players, codes, binding, password reset, closing, and the session lifecycle. */
export function accountRoutes(app: FastifyInstance, deps: RouteDeps & SocialDeps): void {
  routeRegister(app, deps, visitorLoginEndpoint, async (input) => visitorLogin(deps, callerOf(input), input.body.smid));
  routeRegister(app, deps, sessionRenew, async ({ ctx }) => sessionRenewal(deps.db, ctx.params.uid, ctx.params.sid, deps.now()));
  routeRegister(app, deps, logout, async ({ user }) => logoutOf(deps.db, user?.sessionId, deps.now()));
  routeRegister(app, deps, accountInfoQuery, async (input) => accountInfo(deps, callerOf(input), input.user, input.ctx.params.sid ?? ''));
  routeRegister(app, deps, accountInfoUpdate, async (input) => accountInfoChange(deps, callerOf(input), input.user, input.ctx.params.sid ?? '', input.body));
  routeRegister(app, deps, heartbeat, async ({ user }) => {
    await sessionMarkActive(deps.db, user.sessionId, deps.now());
    return { active: 1 as const };
  });
  routeRegister(app, deps, sessionList, async ({ user }) => sessionListOf(deps.db, user, deps.now()));
  routeRegister(app, deps, sessionEnd, async ({ user, body }) => sessionEndOf(deps.db, user, body.session_id, deps.now()));

  routeRegister(app, deps, emailCodeSendEndpoint, async (input) => emailCodeRequest(deps, callerOf(input), input.body.email, input.body.purpose));
  routeRegister(app, deps, emailCodeCheckEndpoint, async (input) => emailCodeCheck(deps, callerOf(input), input.body));
  routeRegister(app, deps, emailRegisterEndpoint, async (input) => emailRegister(deps, callerOf(input), input.body));
  routeRegister(app, deps, emailLoginEndpoint, async (input) => emailLogin(deps, callerOf(input), input.body));
  routeRegister(app, deps, emailCodeLoginEndpoint, async (input) => emailCodeLogin(deps, callerOf(input), input.body));

  routeRegister(app, deps, bindCheckEndpoint, async (input) => bindCheck(deps, callerOf(input), input.user, input.body.email));
  routeRegister(app, deps, bindEmailEndpoint, async (input) => bindEmail(deps, callerOf(input), input.user, input.body));

  routeRegister(app, deps, passwordSendCode, async (input) => emailCodeRequest(deps, callerOf(input), input.body.email, 'reset'));
  routeRegister(app, deps, passwordCheckCode, async (input) => emailCodeCheck(deps, callerOf(input), { ...input.body, purpose: 'reset' }));
  routeRegister(app, deps, passwordSet, async (input) => passwordReset(deps, callerOf(input), input.body));

  routeRegister(app, deps, smsCodeSendEndpoint, async (input) => smsCodeSend(deps, callerOf(input), input.body.phone, input.body.purpose));
  routeRegister(app, deps, smsCodeCheckEndpoint, async (input) => smsCodeCheck(deps, callerOf(input), input.body));

  routeRegister(app, deps, thirdpartyDo, async (input) => socialDo(deps, callerOf(input), input.body));

  routeRegister(app, deps, accountDeleteApply, async (input) => accountClose(deps, callerOf(input), input.user, input.body.reason));
}
