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
  kind: described(
    z.string(),
    'The granting campaign’s kind: first_deposit, redeem_code, sign_up, … or free_bet (a free bet: amount to stake, status 0 usable, 2 spent, 3 expired)',
  ),
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

/**
 * `new_bonus`: what the client polls after a deposit order (every 10 s, up to 10 times, spec §9). Answers the
 * player's newest grant not shown yet and marks it (and any older unshown one) shown, so its popup opens exactly
 * once however many tabs poll. `bonus_id` names the popup: `register_bonus` for bonus money; "" when nothing is new.
 */
export const bonusNew = endpoint({
  method: 'GET',
  path: `${BONUS}/new_bonus`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    bonus_id: described(z.enum(['', 'register_bonus']), 'The popup to open ("" when no new grant)'),
    bonus: z.nullable(bonusSchema),
  }),
});

export const bonusHistoryEntrySchema = z.object({
  id: described(z.string(), 'Entry id (also the cursor)'),
  type: described(z.enum(['grant', 'convert', 'forfeit']), 'grant: bonus received; convert: released as cash; forfeit: expired or given up'),
  bonus_id: described(z.string(), 'The bonus it moved'),
  currency: described(z.string(), 'Currency code'),
  amount: integer('Change to the bonus balance (negative when it leaves)'),
  create_time: integer('When it happened'),
});

/** `history`: every movement of the player's bonus money, newest first, by cursor (route /bonus-history). */
export const bonusHistory = endpoint({
  method: 'GET',
  path: `${BONUS}/history`,
  host: 'main',
  auth: 'user',
  query: z.object({
    cursor: z.optional(described(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), 'Cursor from the previous page')),
  }),
  body: noBody,
  data: z.object({
    list: z.array(bonusHistoryEntrySchema),
    cursor: described(z.string(), 'Pass to get the next page ("" when none)'),
    has_more: described(z.union([z.literal(0), z.literal(1)]), '1 when another page exists'),
  }),
});

// --- Operators (behind OPS_TOKEN) ------------------------------------------------------------------------

const MINOR_MAX = 1_000_000_000_000;
const minorOpt = (description: string) => z.optional(integer(description, { min: 0, max: MINOR_MAX }));
const campaignIdSchema = described(z.string().check(z.regex(/^[a-z0-9]{2,32}:[a-z0-9_-]{2,48}$/)), 'Campaign id: <brand app key>:<name>');

/** A campaign's terms as an operator sends them (domain `CampaignTerms`, in snake case). */
export const campaignTermsSchema = z.strictObject({
  purpose: described(z.enum(['acquisition', 'loyalty']), 'acquisition offers are refused where the jurisdiction forbids them'),
  amount_minor: minorOpt('Fixed bonus amount (sign-up, code)'),
  rate_bp: z.optional(integer('Deposit match in basis points (10000 = 100 %)', { min: 1, max: 100_000 })),
  max_minor: minorOpt('Largest deposit match (never above the country maximum)'),
  deposit_min_minor: minorOpt('Smallest deposit that earns the match'),
  wagering: z.strictObject({
    multiplier: integer('Wagering requirement ×N', { min: 0, max: 100 }),
    base: described(z.enum(['bonus', 'bonus_deposit']), 'What the multiplier applies to'),
  }),
  weights: z.strictObject({
    sports_odds_min: integer('Lowest odds (thousandths) a sports bet counts at', { min: 1000, max: 1_000_000 }),
    table_bp: integer('Table games weight, basis points', { min: 0, max: 10_000 }),
    crash_bp: integer('Crash and mines weight, basis points', { min: 0, max: 10_000 }),
    dice_bp: integer('Dice weight, basis points', { min: 0, max: 10_000 }),
  }),
  stake_max_minor: minorOpt('Largest stake while unlocking'),
  conversion_cap_minor: minorOpt('Largest part that becomes cash'),
  lifetime_days: integer('Days from grant to expiry', { min: 1, max: 365 }),
  free_bet_odds_min: z.optional(integer('free_bet: lowest total odds (thousandths) the free bet may be placed at', { min: 1000, max: 1_000_000 })),
  ab_arm: z.optional(
    described(
      z.enum(['A', 'B']),
      'Only for players in this arm: of register_bonus_ab for a sign_up campaign, of first_charge_ab for a first_deposit one; none for every arm',
    ),
  ),
});

export const opsCampaignCreateBody = z.strictObject({
  id: campaignIdSchema,
  kind: described(
    z.enum(['first_deposit', 'redeem_code', 'sign_up', 'free_bet']),
    'What grants it (sign_up: at e-mail registration, once per person; free_bet: a free bet of amount_minor, through its codes)',
  ),
  terms: campaignTermsSchema,
});

export const opsCampaignStatusBody = z.strictObject({
  id: campaignIdSchema,
  status: described(z.enum(['active', 'paused', 'ended']), 'Only an active campaign grants; an ended one never again'),
});

export const opsCodeCreateBody = z.strictObject({
  code: promoCodeSchema,
  campaign_id: campaignIdSchema,
  uses_max: integer('How many players may redeem it', { min: 1, max: 10_000_000 }),
  expire_time: integer('Unix seconds it stops working', { min: 1 }),
});
