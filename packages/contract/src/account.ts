import { LOCALES } from '@piranha/domain';
import { endpoint } from './endpoint.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';
import { saferSignupLimitSchema } from './safer-play.ts';

/**
 * Accounts and sessions (spec §3 Login info, User info, Third-party login payload, Session renew response;
 * §4 login state; §7 Account). Paths are the spec's; `.../x` takes the prefix of the first path on its line.
 */

const noQuery = described(z.object({}), 'No parameters beyond the common ones');
const noBody = described(z.undefined(), 'No body');

/** Spec §5: the standard (WHATWG HTML) e-mail pattern, at most 254 characters (RFC 5321 path limit). */
export const EMAIL_PATTERN = z.regexes.html5Email;
export const EMAIL_LENGTH_MAX = 254;

export const emailSchema = deferred(() => described(z.email({ pattern: EMAIL_PATTERN }).check(z.maxLength(EMAIL_LENGTH_MAX)), 'E-mail address'));

/** ASVS 5 V6.2: at least 8 characters, long passphrases allowed, no composition rules beyond a letter and a digit. */
export const PASSWORD_LENGTH_MIN = 8;
export const PASSWORD_LENGTH_MAX = 128;
export type PasswordRule = 'length' | 'letter' | 'digit';

/** The rules a password breaks, in the order the sign-up form lists them; empty when it is acceptable. */
export function passwordRulesBroken(password: string): PasswordRule[] {
  const broken: PasswordRule[] = [];
  const length = [...password].length;
  if (length < PASSWORD_LENGTH_MIN || length > PASSWORD_LENGTH_MAX) broken.push('length');
  if (!/\p{L}/u.test(password)) broken.push('letter');
  if (!/\p{Nd}/u.test(password)) broken.push('digit');
  return broken;
}

export const passwordSchema = deferred(() =>
  described(
    z.string().check(
      z.maxLength(PASSWORD_LENGTH_MAX * 4),
      z.refine((value) => passwordRulesBroken(value).length === 0, { message: 'password_rules' }),
    ),
    `Password: ${PASSWORD_LENGTH_MIN}–${PASSWORD_LENGTH_MAX} characters with at least one letter and one digit`,
  ),
);

/** What a one-time code may be used for; a code works only for the purpose (and address) it was sent for. */
export const CODE_PURPOSES = ['register', 'login', 'bind', 'reset'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
export const codePurposeSchema = deferred(() => described(z.pipe(z.string(), z.enum(CODE_PURPOSES)), 'What the code is for: register, login, bind or reset'));

export const CODE_LENGTH = 6;
export const CODE_TTL_S = 600;
export const CODE_RESEND_COOLDOWN_S = 60;
export const codeSchema = deferred(() => described(z.string().check(z.maxLength(16), z.regex(/^\d{6}$/)), 'The 6-digit code that was sent'));

/** E.164 without spaces: a plus, then 8 to 15 digits. */
export const phoneSchema = deferred(() =>
  described(z.string().check(z.maxLength(16), z.regex(/^\+[1-9]\d{7,14}$/)), 'Phone number in E.164 form, e.g. +5511987654321'),
);

const flag = (description: string) => described(z.union([z.literal(0), z.literal(1)]), description);

/**
 * The consent every new account carries (decisions 032, 040): the terms version the player accepted (the brand's
 * current one, `terms/current`) and the age. Optional in the schemas so a missing one is refused with the specific,
 * translated 8700/8701 naming the field, and only where an account is created or registered: a player signing in to
 * an account they already have is not asked.
 */
export function consentShape() {
  return {
    terms_version: z.optional(
      text(32, "Version of the terms the player accepted (the brand's current one, terms/current); any other or none is refused with 8700"),
    ),
    age_confirmed: z.optional(
      integer("1 when the player confirmed being of the market's minimum age (18, 21 in the Philippines and Vietnam); else 8701", { min: 0, max: 1 }),
    ),
  };
}

/** Spec §3 "Login info": what every sign-in answers (its fields; guest login's answer adds one). */
function loginInfoShape() {
  return {
    uid: integer('User id'),
    sid: described(
      z.string(),
      'Session id: a new one at every sign-in; send it back with uid (as headers, never in the URL). Empty over HTTPS, where the session travels only in the __Host- cookies the answer sets',
    ),
    smid: described(z.string(), 'Device id the session was opened from; empty when unknown'),
    visitor: flag('1 for a tourist (guest) account, 0 for a registered player'),
    visitor_deposit: flag('1 when a tourist holds money: the client offers to save the account with an e-mail'),
    first_regist: flag('1 when this call registered the account (sets the register-bonus level)'),
    first_active: flag('1 when this call created the account'),
    access_token: described(z.string(), 'Token for partner bridges; empty when none'),
    lang: described(z.string(), 'The player’s locale'),
  };
}
export const loginInfoSchema = deferred(() => z.object(loginInfoShape()));
export type LoginInfo = z.infer<typeof loginInfoSchema>;

/** What guest login may claim a tourist with: the random secret it answered when it created that tourist. */
export const DEVICE_SECRET_PATTERN = /^[\w-]{16,128}$/;

/** Guest login's answer: the Login info and, when this call created the tourist, the secret that claims it again. */
export const visitorLoginInfoSchema = deferred(() =>
  z.object({
    ...loginInfoShape(),
    device_secret: described(
      z.string(),
      'Set only when this call created the tourist: keep it on the device beside smid and send it with every guest login; the server keeps only its hash, so it is never shown again. Empty when an existing tourist was claimed',
    ),
  }),
);
export type VisitorLoginInfo = z.infer<typeof visitorLoginInfoSchema>;

/**
 * Spec §4 guest login. The smid names the device but proves nothing (any client can send any smid): the tourist it
 * created comes back only with its device secret; without it, or with a wrong one, the call creates a new tourist.
 */
export const visitorLogin = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/account/v2/visitor_login',
  host: 'account',
  auth: 'none',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({
    smid: described(z.string().check(z.minLength(8), z.maxLength(128), z.regex(/^[\w.:-]+$/)), 'Device id the client generated once and kept'),
    device_secret: z.optional(
      described(
        z.string().check(z.regex(DEVICE_SECRET_PATTERN)),
        'The device_secret an earlier guest login on this device answered; claims that tourist again',
      ),
    ),
    ...consentShape(),
  }),
  data: visitorLoginInfoSchema,
}));

export const sessionRenew = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/user/account/session/renewal',
  host: 'account',
  auth: 'none',
  query: noQuery,
  body: noBody,
  data: z.object({
    valid: flag('1 when the (uid, sid) of the request is a live session'),
    sid: described(z.string(), 'The sid to use from now on (replace the stored one when it differs); empty when not valid'),
  }),
}));

export const logout = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/account/logout',
  host: 'account',
  auth: 'optional',
  query: noQuery,
  body: z.strictObject({}),
  data: z.object({ logged_out: flag('1 once the session of the request, if any, is ended') }),
}));

export const bindInfoSchema = deferred(() =>
  z.object({
    plat: described(z.string(), 'Sign-in provider, e.g. google'),
    unionid: described(z.string(), 'The player’s id at the provider'),
    create_at: integer('Unix seconds the identity was linked'),
  }),
);

/** Spec §3 "User info". */
export const userInfoSchema = deferred(() =>
  z.object({
    uid: integer('User id'),
    sid: described(z.string(), 'Session id of the request'),
    nick: described(z.string(), 'Display name'),
    email: described(z.string(), 'E-mail address; empty for a tourist'),
    visitor: flag('1 for a tourist account'),
    first_regist: flag('1 while the register bonus of a new registration is pending'),
    bind_info: described(z.array(bindInfoSchema), 'Social identities linked to the account'),
    profile: z.object({ nick: described(z.string(), 'Display name') }),
  }),
);
export type UserInfo = z.infer<typeof userInfoSchema>;

export const accountInfoQuery = endpoint(() => ({
  method: 'GET',
  path: '/api/user/account/info/query',
  host: 'account',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: userInfoSchema,
}));

const codeSent = deferred(() =>
  z.object({
    expire_s: integer('Seconds the code stays valid'),
    resend_s: integer('Seconds before another code may be asked for'),
  }),
);
const codeChecked = deferred(() => z.object({ valid: flag('1 when the code is right for this address and purpose (it stays usable once)') }));

export const emailCodeSend = endpoint(() => ({
  method: 'POST',
  path: '/api/user/account/email/code/send',
  host: 'account',
  auth: 'optional',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({ email: emailSchema, purpose: codePurposeSchema }),
  data: codeSent,
}));

export const emailCodeCheck = endpoint(() => ({
  method: 'POST',
  path: '/api/user/account/email/code/check',
  host: 'account',
  auth: 'optional',
  query: noQuery,
  body: z.strictObject({ email: emailSchema, purpose: codePurposeSchema, email_code: codeSchema }),
  data: codeChecked,
}));

const nickSchema = deferred(() => described(z.string().check(z.minLength(2), z.maxLength(32), z.regex(/^[^\p{C}<>]+$/u)), 'Display name'));

export const emailRegister = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/account/email/register',
  host: 'account',
  auth: 'none',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({
    email: emailSchema,
    email_code: codeSchema,
    password: passwordSchema,
    nick: z.optional(nickSchema),
    safer_limit: z.optional(saferSignupLimitSchema),
    ...consentShape(),
  }),
  data: loginInfoSchema,
}));

export const emailLogin = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/account/email/login',
  host: 'account',
  auth: 'none',
  query: noQuery,
  body: z.strictObject({ email: emailSchema, password: described(z.string().check(z.minLength(1), z.maxLength(PASSWORD_LENGTH_MAX * 4)), 'Password') }),
  data: loginInfoSchema,
}));

export const emailCodeLogin = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/account/email/code/login',
  host: 'account',
  auth: 'none',
  query: noQuery,
  body: z.strictObject({ email: emailSchema, email_code: codeSchema }),
  data: loginInfoSchema,
}));

export const bindCheck = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/account/bind/check',
  host: 'account',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ email: emailSchema }),
  data: z.object({
    can_bind: flag('1 when this account may bind an e-mail (a tourist without one)'),
    request_id: described(z.string(), 'Pass to bind/email within 10 minutes; empty when can_bind is 0'),
  }),
}));

export const bindEmail = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/account/bind/email',
  host: 'account',
  auth: 'user',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({
    email: emailSchema,
    email_code: codeSchema,
    request_id: described(z.string().check(z.minLength(1), z.maxLength(64)), 'request_id from bind/check'),
    password: z.optional(passwordSchema),
    udid: z.optional(text(128, 'Device id of the app install, when the shell has one')),
    // The limit a brand's law asks of every player (Brazil: loss), set as the tourist registers (decision 057).
    safer_limit: z.optional(saferSignupLimitSchema),
    ...consentShape(),
  }),
  data: loginInfoSchema,
}));

/** Renames the player or stores their language, so it follows them to another device. Answers the updated User info. */
export const accountInfoUpdate = endpoint(() => ({
  method: 'POST',
  path: '/api/user/account/info/update',
  host: 'account',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({
    nick: z.optional(nickSchema),
    lang: z.optional(described(z.pipe(z.string(), z.enum(LOCALES)), 'Locale the player chose, e.g. pt-BR')),
  }),
  data: userInfoSchema,
}));

/**
 * Spec §4 heartbeat: sent every 60 s while the player touches the app (the client stops after 10 minutes
 * without a touch). It is what keeps a session fresh enough for money actions.
 */
export const heartbeat = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/account/heartbeat',
  host: 'account',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({}),
  data: z.object({ active: flag('1: money actions need no new sign-in for the next 30 minutes') }),
}));

export const sessionEntrySchema = deferred(() =>
  z.object({
    session_id: integer('Id of the session, to end it'),
    create_at: integer('Unix seconds the session was opened (a sign-in)'),
    last_seen_at: integer('Unix seconds of its latest request, to the minute'),
    current: flag('1 for the session of this request'),
  }),
);

/** The player's live sessions, so they can see where they are signed in and end the ones they do not know. */
export const sessionList = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/user/account/session/list',
  host: 'account',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({ list: described(z.array(sessionEntrySchema), 'Live sessions, newest first') }),
}));

export const sessionEnd = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/account/session/end',
  host: 'account',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ session_id: integer('A session_id from session/list', { min: 1 }) }),
  data: z.object({ ended: flag('1 once that session no longer works') }),
}));

export const passwordSendCode = endpoint(() => ({
  method: 'POST',
  path: '/api/v1/user/account/password/set/send_code',
  host: 'account',
  auth: 'optional',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({ email: emailSchema }),
  data: codeSent,
}));

export const passwordCheckCode = endpoint(() => ({
  method: 'POST',
  path: '/api/v1/user/account/password/set/check_code',
  host: 'account',
  auth: 'optional',
  query: noQuery,
  body: z.strictObject({ email: emailSchema, email_code: codeSchema }),
  data: codeChecked,
}));

export const passwordSet = endpoint(() => ({
  method: 'POST',
  path: '/api/v1/user/account/password/set',
  host: 'account',
  auth: 'optional',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({ email: emailSchema, email_code: codeSchema, password: passwordSchema }),
  data: loginInfoSchema,
}));

export const accountDeleteApply = endpoint(() => ({
  method: 'POST',
  path: '/api/user/account/del_apply',
  host: 'account',
  auth: 'user',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({
    confirm: described(z.pipe(z.number(), z.literal(1)), '1: the player confirmed closing the account'),
    reason: z.optional(text(500, 'Why the player leaves, in their words')),
  }),
  data: z.object({ closed: flag('1 once the account is closed and its sessions ended') }),
}));

/** Sign-in providers the server verifies. */
export const SOCIAL_PLATFORMS = ['google'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** Spec §3 "Third-party login payload". `action` bind is the named operation thirdLoginRegBind. */
export const thirdpartyDo = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/account/thirdparty/do',
  host: 'account',
  auth: 'optional',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({
    plat: described(z.pipe(z.string(), z.enum(SOCIAL_PLATFORMS)), 'Sign-in provider: google'),
    app_type: z.optional(text(32, 'Client kind: web, android, ios, pwa')),
    union_id: z.optional(text(255, 'The player’s id at the provider as the client read it; when sent it must match the verified token')),
    auth_params: described(
      z.string().check(z.minLength(1), z.maxLength(4096)),
      'The provider credential: for Google, the ID token (JWT) from Google Identity Services',
    ),
    third_info: z.optional(text(2048, 'Profile the client read from the provider (name, picture), kept as information only and never trusted')),
    dev_acc: z.optional(text(128, 'Device id (smid) of the client')),
    action: described(
      z.pipe(z.string(), z.enum(['login', 'bind'])),
      'login: sign in, registering on first use; bind (thirdLoginRegBind): link to the signed-in account',
    ),
    extra: z.optional(z.strictObject({ super_uid: z.optional(integer('uid of the signed-in account a bind links to; must be the caller', { min: 1 })) })),
    ...consentShape(),
  }),
  data: loginInfoSchema,
}));

/** SMS codes (spec §7), available while the dynamic config sms_switch is on. */
export const smsCodeSend = endpoint(() => ({
  method: 'POST',
  path: '/api/user/account/sms/code/send',
  host: 'account',
  auth: 'optional',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({ phone: phoneSchema, purpose: codePurposeSchema }),
  data: codeSent,
}));

export const smsCodeCheck = endpoint(() => ({
  method: 'POST',
  path: '/api/user/account/sms/code/check',
  host: 'account',
  auth: 'optional',
  query: noQuery,
  body: z.strictObject({ phone: phoneSchema, purpose: codePurposeSchema, sms_code: codeSchema }),
  data: codeChecked,
}));

/** The brand's terms as they stand, and whether the signed-in player has to accept them (again). */
export const termsCurrent = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/user/account/terms/current',
  host: 'account',
  auth: 'optional',
  query: noQuery,
  body: noBody,
  data: z.object({
    version: described(z.string(), 'The brand’s current terms version: send it as terms_version when an account is created or the terms accepted'),
    minimum_age: integer('The minimum age of the brand’s market the player confirms (18; 21 in the Philippines and Vietnam)'),
    accepted_version: described(z.string(), 'The version the signed-in player accepted last; empty when none is recorded or nobody is signed in'),
    ask: flag('1 when the signed-in player must accept the current terms before playing on (they changed since the player accepted)'),
  }),
}));

/** The signed-in player accepts the brand's current terms: idempotent, the first acceptance's time is kept. */
export const termsAccept = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/account/terms/accept',
  host: 'account',
  auth: 'user',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject(consentShape()),
  data: z.object({
    terms_version: described(z.string(), 'The version now recorded for the player'),
    accepted_at: integer('Unix seconds the player accepted it (the first time, when accepted twice)'),
  }),
}));
