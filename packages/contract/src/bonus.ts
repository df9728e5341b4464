import { endpoint } from './endpoint.ts';
import { described, integer, text, z } from './schema.ts';

/**
 * Bonus endpoints (spec §7 Bonus; issue 17). Amounts are minor units of `currency`; times are Unix seconds.
 * Status (spec §4): 0 locked, 1 unlocking, 2 unlocked, 3 expired.
 */
const BONUS = '/api/piranha/bonus';
const noBody = described(z.undefined(), 'No body');
const noQuery = described(z.object({}), 'No parameters beyond the common ones');

const bonusIdSchema = described(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), 'Bonus id (a positive integer as a string)');
const promoCodeSchema = described(z.string().check(z.regex(/^[A-Za-z0-9-]{3,32}$/)), 'Promo code: 3–32 letters, digits or dashes');

export const bonusSchema = z.object({
  id: described(z.string(), 'Bonus id'),
  campaign_id: described(z.string(), 'The campaign that granted it'),
  kind: described(z.string(), 'sign_up, first_deposit, reload or redeem_code'),
  status: described(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]), '0 locked, 1 unlocking, 2 unlocked, 3 expired'),
  currency: described(z.string(), 'Currency code'),
  amount: integer('Bonus amount'),
  wagered: integer('Wagered so far towards the requirement'),
  requirement: integer('Wagering required before it becomes cash'),
  progress: integer('Wagering progress in whole per cent (100 only once met)', { min: 0, max: 100 }),
  stake_max: integer('Largest stake while unlocking (0: no maximum)'),
  conversion_cap: integer('Largest part that becomes cash (0: all of it)'),
  create_time: integer('When it was granted'),
  expire_time: integer('When an open bonus is forfeited'),
});

export const bonusList = endpoint({
  method: 'GET',
  path: `${BONUS}/list`,
  host: 'main',
  auth: 'user',
  query: z.object({
    status: described(z.pipe(z.string(), z.enum(['available', 'unavailable'])), 'available (locked or unlocking) or unavailable (unlocked or expired)'),
    cursor: z.optional(described(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), 'Cursor from the previous page')),
  }),
  body: noBody,
  data: z.object({
    list: z.array(bonusSchema),
    cursor: described(z.string(), 'Pass to get the next page ("" when none)'),
    has_more: described(z.union([z.literal(0), z.literal(1)]), '1 when another page exists'),
  }),
});

export const bonusBalance = endpoint({
  method: 'GET',
  path: `${BONUS}/balance`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    balances: z.array(z.object({ currency: described(z.string(), 'Currency code'), balance: integer('Bonus money held, never withdrawable') })),
  }),
});

export const bonusUnlock = endpoint({
  method: 'POST',
  path: `${BONUS}/unlock_bonus`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ bonus_id: bonusIdSchema }),
  data: bonusSchema,
});

export const promoCodeCheck = endpoint({
  method: 'GET',
  path: `${BONUS}/promo_code/check`,
  host: 'main',
  auth: 'user',
  query: z.object({ code: promoCodeSchema }),
  body: noBody,
  data: z.object({
    code: text(32, 'The code'),
    amount: integer('Bonus it grants'),
    currency: described(z.string(), 'Currency code'),
    expire_time: integer('When the code stops working'),
  }),
});

export const promoCodeUse = endpoint({
  method: 'POST',
  path: `${BONUS}/promo_code/use`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ code: promoCodeSchema }),
  data: bonusSchema,
});
