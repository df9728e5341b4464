import { endpoint } from './endpoint.ts';
import { described, integer } from './schema.ts';
import * as z from 'zod/mini';

/**
 * The partner bridge (BRG; spec §1 partner bridge, §2 the BRG header, §7 `brg/profile/get`; issue 22, decision 064): our
 * app inside a partner's page (an iframe of the partner's site). The page and its parent talk over postMessage, only
 * with the origins the brand lists (BRG_PARTNER_ORIGINS); the server says which those are and who the player is to the
 * partner, and takes reports of messages the page ignored.
 */

/** The reasons the page ignores a partner-bridge message (each is reported, never its payload). */
export const BRG_IGNORED_REASONS = ['foreign_origin', 'not_parent', 'invalid_payload', 'version'] as const;
export type BrgIgnoredReason = (typeof BRG_IGNORED_REASONS)[number];

/** An origin as the browser writes one (`scheme://host[:port]`): checked by the server, which refuses anything else. */
const originText = (description: string) => described(z.string().check(z.minLength(1), z.maxLength(300)), description);

export const brgProfileGet = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/user/brg/profile/get',
  host: 'main',
  auth: 'user',
  query: z.object({
    parent_origin: z.optional(
      originText(
        'The origin of the page the app is framed in, as the page sees it (location.ancestorOrigins, else the referrer); answered with whether the brand lists it',
      ),
    ),
  }),
  body: described(z.undefined(), 'No body'),
  data: z.object({
    client: z.object({
      app_key: described(z.string(), 'The partner client (a BRG brand is one partner’s client) the player’s account belongs to'),
      name: described(z.string(), 'The client’s name as the brand shows it'),
      user_ref: described(z.string(), 'How the player is known to the partner: the account id on this brand (no partner-side id is linked)'),
    }),
    /** Our wallet, not the partner's figure: the server vouches only for its own ledger (decision 064). */
    wallet: z.object({
      currency: described(z.string(), 'The display currency (the request’s currency when the brand sells it, else the brand’s)'),
      balance: integer('Our wallet balance in minor units: the partner’s own (client) balance reaches the page from the parent only'),
    }),
    origins: described(z.array(z.string()), 'The partner origins the page may talk to (BRG_PARTNER_ORIGINS); empty: no bridge'),
    parent_allowed: described(z.union([z.literal(0), z.literal(1)]), '1 when parent_origin was sent and is one of `origins`'),
  }),
}));

/**
 * `POST /api/piranha/user/brg/ignored/report`: the page ignored a message (another origin, not its parent, a payload it
 * could not read, another version). Logged with the brand and the origin, never the message: a foreign page may put
 * anything in it. Signed-out pages report too (a visitor's page is attacked the same way).
 */
export const brgIgnoredReport = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/user/brg/ignored/report',
  host: 'main',
  auth: 'optional',
  query: z.object({}),
  body: z.strictObject({
    origin: originText('The sender’s origin (MessageEvent.origin); "null" for an opaque origin'),
    reason: described(z.pipe(z.string(), z.enum(BRG_IGNORED_REASONS)), 'Why the page ignored it'),
    type: z.optional(described(z.string().check(z.maxLength(64)), 'The message’s `type`, when it had one')),
    count: z.optional(integer('Messages of this origin and reason the page ignored since its last report', { min: 1, max: 10_000 })),
  }),
  data: z.object({ logged: described(z.literal(1), 'The report reached the server log') }),
}));
