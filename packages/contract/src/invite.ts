import { endpoint } from './endpoint.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';

/**
 * Invites and referral attribution (spec §7 /api/piranha/user/invite, promo code, fission list, referrer check and
 * report; issue 19, decision 051). Amounts are minor units of `currency`; times are Unix seconds. A player's code is
 * `P` + Crockford base32 + a check character (packages/domain growth/referral.ts).
 */
const INVITE = '/api/piranha/user/invite';
const noBody = described(z.undefined(), 'No body');
const noQuery = described(z.object({}), 'No parameters beyond the common ones');
const codeText = deferred(() => described(z.string().check(z.minLength(1), z.maxLength(32)), 'An invite code as typed'));
const referrerText = (what: string) => z.optional(described(z.string().check(z.maxLength(1024)), what));

export const INVITE_SOURCE_VALUES = ['link', 'code', 'mini_app', 'install_referrer'] as const;
const sourceSchema = deferred(() =>
  described(z.enum(INVITE_SOURCE_VALUES), 'Where the invite came from: a link, a typed code, the mini app’s start parameter, the install referrer'),
);

/** A page number sent in the query string (a string on the wire), 1 to 1000. */
function queryPage() {
  return described(
    z
      .pipe(
        z.string().check(z.regex(/^\d{1,4}$/)),
        z.transform((value) => Number(value)),
      )
      .check(z.refine((value) => value >= 1 && value <= 1000, { message: 'out_of_range' })),
    'Page, from 1 (default 1); 20 friends a page',
  );
}

/** The player's own invite: code, a link per brand domain, what an invite pays and how many friends came. */
export const inviteInfo = endpoint(() => ({
  method: 'GET',
  path: INVITE,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    code: described(z.string(), 'The player’s personal invite code'),
    links: z.array(z.object({ domain: described(z.string(), 'A domain of the brand'), url: described(z.string(), 'The invite link on it') })),
    currency: described(z.string(), 'Currency of the amounts'),
    reward: integer('What the inviter is paid when a friend qualifies'),
    qualify_min: integer('The paid deposit that makes a friend qualify, at least'),
    wagering: integer('Wagering of the reward × the reward (0: paid as cash)'),
    invited: integer('Friends who signed up with the invite'),
    qualified: integer('Friends who qualified'),
    earned: integer('What the player has been paid for invites'),
    inviter_code: described(z.string(), 'The code of who invited this player; empty when none'),
    can_bind: described(z.union([z.literal(0), z.literal(1)]), '1 while this account may still enter an inviter’s code'),
  }),
}));

/** Invited friends, newest first, with their qualifying action and the reward it paid. */
export const inviteDetail = endpoint(() => ({
  method: 'GET',
  path: `${INVITE}/detail`,
  host: 'main',
  auth: 'user',
  query: z.object({ page: z.optional(queryPage()) }),
  body: noBody,
  data: z.object({
    currency: described(z.string(), 'Currency of the amounts'),
    has_more: described(z.union([z.literal(0), z.literal(1)]), '1 when another page follows'),
    list: z.array(
      z.object({
        nick: described(z.string(), 'The friend’s nick, masked'),
        source: sourceSchema,
        join_time: integer('When the friend was attributed'),
        qualify_time: integer('When the friend qualified (a first paid deposit); 0 when not yet'),
        reward: integer('What the inviter was paid for this friend; 0 when not yet'),
        reward_status: described(
          z.union([z.literal(0), z.literal(1), z.literal(2)]),
          '0 waiting for the friend, 1 paid, 2 not paid (the programme was paused)',
        ),
      }),
    ),
  }),
}));

/** `promo code`: checks a typed invite code before binding it — whose code it is (nick masked). */
export const invitePromoCode = endpoint(() => ({
  method: 'GET',
  path: `${INVITE}/promo_code`,
  host: 'main',
  auth: 'user',
  query: z.object({ code: codeText }),
  body: noBody,
  data: z.object({ code: described(z.string(), 'The code, normalised'), inviter_nick: described(z.string(), 'The inviter’s nick, masked') }),
}));

/** Attributes the signed-in, newly signed-up player to an inviter: the first of link, code, start parameter and the device’s install referrer that names one. */
export const inviteBind = endpoint(() => ({
  method: 'POST',
  path: `${INVITE}/bind`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({
    link: z.optional(text(32, 'The code an invite link carried (?invite=)')),
    code: z.optional(codeText),
    start_param: z.optional(text(64, 'The messaging-app mini app’s start parameter')),
  }),
  data: z.object({ source: sourceSchema, inviter_code: described(z.string(), 'The inviter’s code') }),
}));

/** `fission list`: the player's invite tree, as deep as the brand shows. */
export const inviteFissionList = endpoint(() => ({
  method: 'GET',
  path: `${INVITE}/fission_list`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    depth: integer('Levels the brand shows'),
    levels: z.array(
      z.object({ level: integer('Level, 1 = invited directly'), count: integer('Players at that level'), qualified: integer('Of them, qualified') }),
    ),
    list: z.array(
      z.object({
        id: described(z.string(), 'Opaque node id'),
        parent_id: described(z.string(), 'The parent node id; empty for the player’s direct invites'),
        level: integer('Level'),
        nick: described(z.string(), 'Nick, masked'),
        qualified: described(z.union([z.literal(0), z.literal(1)]), '1 when qualified'),
      }),
    ),
  }),
}));

const referrerBody = deferred(() =>
  z.strictObject({
    install_referrer: referrerText('The store’s install referrer (base64 of utm_source=…&utm_campaign=…&invite=…)'),
    apk_referrer: referrerText('The APK channel referrer, same form'),
    timezone: z.optional(text(64, 'The device’s time zone')),
  }),
);

/** Referrer check (spec §3, §5): decodes the device’s referrer; anything that does not decode is the official source. */
export const referrerCheck = endpoint(() => ({
  method: 'POST',
  path: '/api/v1/referrer/check',
  host: 'main',
  auth: 'optional',
  query: noQuery,
  body: referrerBody,
  data: z.object({
    official: described(z.union([z.literal(0), z.literal(1)]), '1 when the install came from the official source'),
    activate_time: integer('When this device first reported its referrer (0: never)'),
    utm_campaign: described(z.string(), 'The campaign the referrer names'),
  }),
}));

/** Referrer report: keeps the device’s referrer (the first report wins), read back at attribution as the install referrer. */
export const referrerReport = endpoint(() => ({
  method: 'POST',
  path: '/api/v1/referrer/report',
  host: 'main',
  auth: 'optional',
  query: noQuery,
  body: referrerBody,
  data: z.object({
    recorded: described(z.union([z.literal(0), z.literal(1)]), '1 when this report was kept (the first for the device, named by smid; none without one)'),
  }),
}));
