import { endpoint } from './endpoint.ts';
import { deferred, described, integer } from './schema.ts';
import * as z from 'zod/mini';

/**
 * Share-to-cash-out envelopes (spec §2 /thin/pdd, §7 "pdd, envelope"; issue 19, decision 063). Amounts are minor
 * units of `currency`; times are Unix seconds. Progress steps are the brand's, decided by the server: no call sends
 * an amount. A reached envelope's reward is withdrawn with the finance `pdd/withdraw` (its `pdd_uid`).
 */
const PDD = '/api/piranha/activity/pdd';
const noQuery = described(z.object({}), 'No parameters beyond the common ones');

export const PDD_STATUS_VALUES = ['open', 'reached', 'expired'] as const;
export const PDD_REWARD_STATUS_VALUES = ['none', 'ready', 'withdrawn'] as const;
export const PDD_HELP_KIND_VALUES = ['visit', 'signup'] as const;

const envelopeSchema = deferred(() =>
  z.object({
    pdd_uid: described(z.string(), 'The envelope’s reward id (pdd/withdraw’s pdd_uid)'),
    status: described(z.enum(PDD_STATUS_VALUES), 'open (counting), reached (the reward is ready or withdrawn), expired (stopped counting)'),
    target: integer('The envelope’s amount: progress must reach it'),
    progress: integer('Progress so far (never above the target)'),
    remaining: integer('What is still to go'),
    opened_at: integer('When it was opened'),
    expires_at: integer('When it stops counting'),
    seconds_left: integer('Seconds until it expires (0 once reached or expired)'),
    reward_status: described(z.enum(PDD_REWARD_STATUS_VALUES), 'The reward: none until reached, then ready, then withdrawn'),
    friends: z.array(
      z.object({
        nick: described(z.string(), 'The friend, masked (a visiting device shows its last characters only)'),
        kind: described(z.enum(PDD_HELP_KIND_VALUES), 'visit (a device on the link) or signup (an attributed sign-up)'),
        amount: integer('What this help added'),
        time: integer('When'),
      }),
    ),
  }),
);

const infoData = deferred(() =>
  z.object({
    offered: described(z.boolean(), 'The brand offers envelopes'),
    currency: described(z.string(), 'Currency of the amounts'),
    target: integer('An envelope’s amount on this brand'),
    visit_step: integer('What a friend’s visit adds'),
    signup_step: integer('What a friend’s sign-up adds'),
    expiry_hours: integer('How long an envelope counts'),
    code: described(z.string(), 'The player’s invite code (the link carries it)'),
    link: described(z.string(), 'The link to share'),
    envelope: z.nullable(envelopeSchema),
  }),
);

/** The player's latest envelope (null before the first), the brand's terms and the link to share. */
export const pddInfo = endpoint(() => ({
  method: 'GET',
  path: `${PDD}/info`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: described(z.undefined(), 'No body'),
  data: infoData,
}));

/** Opens an envelope: one open per player and brand at a time (a reached or expired one no longer blocks). */
export const pddOpen = endpoint(() => ({
  method: 'POST',
  path: `${PDD}/open`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: described(z.optional(z.strictObject({})), 'No body'),
  data: infoData,
}));

/**
 * The landing of an invite link reports the visit (signed in or not); the device is the common `smid`. Counted once
 * per device and inviter, only while the inviter's envelope is open, never the inviter's own device or network.
 */
export const pddVisit = endpoint(() => ({
  method: 'POST',
  path: `${PDD}/visit`,
  host: 'main',
  auth: 'optional',
  query: noQuery,
  body: z.strictObject({
    code: described(z.string().check(z.minLength(2), z.maxLength(32), z.regex(/^[A-Za-z0-9-]+$/)), 'The code the invite link carried (?invite=)'),
  }),
  data: z.object({ counted: described(z.union([z.literal(0), z.literal(1)]), '1 when this visit added progress') }),
}));
