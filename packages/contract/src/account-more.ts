import { endpoint } from './endpoint.ts';
import { consentShape, emailSchema, codeSchema, loginInfoSchema, passwordSchema } from './account.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';
import { saferSignupLimitSchema } from './safer-play.ts';

/**
 * Accounts, second part (spec §7 Account): tab prompts (red dots on the footer tabs), the older sign-in paths
 * (thirdpart/login, visitor/bind), the sportsbook user record (user create, profile get) and the messaging-app
 * mini app (tg_mini_app bind and login).
 */

const noQuery = described(z.object({}), 'No parameters beyond the common ones');
const noBody = described(z.undefined(), 'No body');
const flag = (description: string) => described(z.union([z.literal(0), z.literal(1)]), description);

// Tab prompts

/** The footer tabs a red dot can sit on. */
export const TAB_KEYS = ['game', 'sport', 'setting', 'me'] as const;
export type TabKey = (typeof TAB_KEYS)[number];
export const footerTabKeySchema = deferred(() => described(z.pipe(z.string(), z.enum(TAB_KEYS)), 'Footer tab: game, sport, setting or me'));

/** Why a dot shows: an operator's prompt (news on a tab), or the account asking the tourist to save it. */
export const tabPromptSchema = deferred(() =>
  z.object({
    tab_key: footerTabKeySchema,
    prompt_id: described(z.string(), 'Id of the prompt; red_point_click clears every prompt of its tab'),
    kind: described(z.pipe(z.string(), z.enum(['operator', 'save_email'])), 'operator: news the operator posted; save_email: a tourist may keep the account'),
    text: described(z.string(), 'Short text for the prompt in the request’s language; empty when the dot alone says it'),
  }),
);

/** Spec §7 tab_prompt: which tabs carry a red dot for this player (or this device, when signed out). */
export const tabPromptGet = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/user/account/tab_prompt',
  host: 'account',
  auth: 'optional',
  query: noQuery,
  body: noBody,
  data: z.object({ red_points: described(z.array(footerTabKeySchema), 'Tabs with at least one prompt not yet clicked') }),
}));

/** Spec §7 v2/tab_prompt: the prompts themselves, so the client can say why a dot is there. */
export const tabPromptListV2 = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/user/account/v2/tab_prompt',
  host: 'account',
  auth: 'optional',
  query: noQuery,
  body: noBody,
  data: z.object({ list: described(z.array(tabPromptSchema), 'Prompts not yet clicked, oldest first') }),
}));

/** Spec §7 red_point_click: the player opened the tab; its dot goes away (for good, for these prompts). */
export const redPointClick = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/account/red_point_click',
  host: 'account',
  auth: 'optional',
  query: noQuery,
  body: z.strictObject({ tab_key: footerTabKeySchema }),
  data: z.object({ cleared: integer('How many prompts this click cleared') }),
}));

// Older sign-in paths

/** Spec §7 thirdpart/login: the older social sign-in, the same as thirdparty/do with action login. */
export const thirdpartLogin = endpoint(() => ({
  method: 'POST',
  path: '/api/user/account/thirdpart/login',
  host: 'account',
  auth: 'none',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({
    plat: described(z.pipe(z.string(), z.enum(['google'])), 'Sign-in provider: google'),
    auth_params: described(z.string().check(z.minLength(1), z.maxLength(4096)), 'The provider credential (Google: the ID token)'),
    union_id: z.optional(text(255, 'The player’s id at the provider as the client read it; must match the token when sent')),
    dev_acc: z.optional(text(128, 'Device id (smid) of the client')),
    ...consentShape(),
  }),
  data: loginInfoSchema,
}));

/** Spec §7 visitor/bind: the older one-call bind of a tourist to an e-mail (bind/check and bind/email together). */
export const visitorBind = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/account/visitor/bind',
  host: 'account',
  auth: 'user',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({
    email: emailSchema,
    email_code: codeSchema,
    password: z.optional(passwordSchema),
    // The limit a brand's law asks of every player (Brazil: loss), set as the tourist registers (decision 057).
    safer_limit: z.optional(saferSignupLimitSchema),
    ...consentShape(),
  }),
  data: loginInfoSchema,
}));

// The sportsbook user record

/** The player's record at the sports book: created once per account, on first need (spec §4 user info create). */
export const fbUserSchema = deferred(() =>
  z.object({
    uid: integer('User id'),
    nick: described(z.string(), 'Display name'),
    currency: described(z.string(), 'Currency bets are placed in'),
    create_at: integer('Unix seconds the record was created'),
  }),
);

export const fbUserProfileGet = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/user/fb/user/profile/get',
  host: 'account',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    exists: flag('0 when the account has no sports-book record yet: create it, then fetch again'),
    user: z.nullable(fbUserSchema),
  }),
}));

export const fbUserCreate = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/fb/user/create',
  host: 'account',
  auth: 'user',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({}),
  data: z.object({ created: flag('1 when this call created the record, 0 when it already existed') }),
}));

// Messaging-app mini app

const initDataSchema = deferred(() =>
  described(z.string().check(z.minLength(1), z.maxLength(4096)), 'Telegram.WebApp.initData exactly as received (a query string signed by the bot token)'),
);

/** Signs in from inside the mini app: the Telegram user is the identity (registered on first use). */
export const tgMiniAppLogin = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/account/tg_mini_app/login',
  host: 'account',
  auth: 'none',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({ init_data: initDataSchema, ...consentShape() }),
  data: loginInfoSchema,
}));

/** Links the Telegram user of the mini app to the signed-in account (a tourist becomes registered). */
export const tgMiniAppBind = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/account/tg_mini_app/bind',
  host: 'account',
  auth: 'user',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({ init_data: initDataSchema, ...consentShape() }),
  data: loginInfoSchema,
}));

// Session handoff to the brand's new domain (dynconfig domain_change, decision 033)

/** How long a handoff code can be redeemed, in ms: long enough for a page load, short enough to be useless in a log. */
export const SESSION_HANDOFF_TTL_MS = 60_000;

/** An origin as the browser names it: scheme, host and optional port, nothing else. */
export const originSchema = deferred(() =>
  described(z.string().check(z.maxLength(255), z.regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/)), 'An origin: http(s)://host[:port], lower case, no path'),
);

/**
 * Mints a one-time code that signs the caller in on the brand's new domain. `target` must be the origin the
 * `domain_change` config names; the code is sent to it in the URL fragment (never to a server, never logged) and
 * exchanged there by `sessionHandoffRedeem` — the session token itself never enters a URL.
 */
export const sessionHandoffCreate = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/account/session/handoff/create',
  host: 'account',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ target: originSchema }),
  data: z.object({
    code: described(z.string(), 'One-time code, 43 URL-safe characters'),
    expires_in: integer('Seconds the code stays valid'),
  }),
}));

/** On the new origin: exchanges the code (once, within its lifetime, for this brand and origin) for a new session of the same player. */
export const sessionHandoffRedeem = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/account/session/handoff/redeem',
  host: 'account',
  auth: 'none',
  query: noQuery,
  body: z.strictObject({ code: described(z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)), 'The code sessionHandoffCreate gave') }),
  data: loginInfoSchema,
}));
