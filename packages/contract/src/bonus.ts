import { endpoint } from './endpoint.ts';
import { freeRoundGrantSchema } from './casino.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';

/**
 * Bonus endpoints (spec §7 Bonus; issue 17). Amounts are minor units of `currency`; times are Unix seconds.
 * Status (spec §4): 0 locked, 1 unlocking, 2 unlocked, 3 expired.
 */
const BONUS = '/api/piranha/bonus';
const noBody = described(z.undefined(), 'No body');
const noQuery = described(z.object({}), 'No parameters beyond the common ones');

const bonusIdSchema = deferred(() => described(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), 'Bonus id (a positive integer as a string)'));
/** Cursor paging of the bonus lists: the id of the last row seen; the answer says whether more rows follow. */
const bonusCursorQuery = deferred(() => z.optional(described(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), 'Cursor from the previous page')));
function bonusPage<Row extends z.ZodMiniType>(row: Row) {
  return z.object({
    list: z.array(row),
    cursor: described(z.string(), 'Pass to get the next page ("" when none)'),
    has_more: described(z.union([z.literal(0), z.literal(1)]), '1 when another page exists'),
  });
}
const promoCodeSchema = deferred(() => described(z.string().check(z.regex(/^[A-Za-z0-9-]{3,32}$/)), 'Promo code: 3–32 letters, digits or dashes'));

export const bonusSchema = deferred(() =>
  z.object({
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
    free_rounds: z.optional(
      z.object({
        game_id: described(z.string(), 'The house slot the rounds are for'),
        rounds: integer('Rounds granted'),
        bet: integer('Stake of each round, minor units'),
        win_to: described(z.enum(['cash', 'bonus']), 'Where winnings land'),
      }),
    ),
  }),
);

export const bonusList = endpoint(() => ({
  method: 'GET',
  path: `${BONUS}/list`,
  host: 'main',
  auth: 'user',
  query: z.object({
    status: described(z.pipe(z.string(), z.enum(['available', 'unavailable'])), 'available (locked or unlocking) or unavailable (unlocked or expired)'),
    cursor: bonusCursorQuery,
  }),
  body: noBody,
  data: bonusPage(bonusSchema),
}));

export const bonusBalance = endpoint(() => ({
  method: 'GET',
  path: `${BONUS}/balance`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    balances: z.array(z.object({ currency: described(z.string(), 'Currency code'), balance: integer('Bonus money held, never withdrawable') })),
  }),
}));

export const bonusUnlock = endpoint(() => ({
  method: 'POST',
  path: `${BONUS}/unlock_bonus`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ bonus_id: bonusIdSchema }),
  data: bonusSchema,
}));

export const promoCodeCheck = endpoint(() => ({
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
}));

export const promoCodeUse = endpoint(() => ({
  method: 'POST',
  path: `${BONUS}/promo_code/use`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ code: promoCodeSchema }),
  data: bonusSchema,
}));

/**
 * `new_bonus`: what the client polls after a deposit order (every 10 s, up to 10 times, spec §9). Answers the
 * player's newest grant not shown yet and marks it (and any older unshown one) shown, so its popup opens exactly
 * once however many tabs poll. `bonus_id` names the popup: `register_bonus` for bonus money; "" when nothing is new.
 */
export const bonusNew = endpoint(() => ({
  method: 'GET',
  path: `${BONUS}/new_bonus`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    bonus_id: described(z.enum(['', 'register_bonus', 'free_round_bonus']), 'The popup to open ("" when no new grant)'),
    bonus: z.nullable(bonusSchema),
    free_rounds: z.optional(z.nullable(freeRoundGrantSchema)),
  }),
}));

export const bonusHistoryEntrySchema = deferred(() =>
  z.object({
    id: described(z.string(), 'Entry id (also the cursor)'),
    type: described(z.enum(['grant', 'convert', 'forfeit']), 'grant: bonus received; convert: released as cash; forfeit: expired or given up'),
    bonus_id: described(z.string(), 'The bonus it moved'),
    currency: described(z.string(), 'Currency code'),
    amount: integer('Change to the bonus balance (negative when it leaves)'),
    create_time: integer('When it happened'),
  }),
);

/** `history`: every movement of the player's bonus money, newest first, by cursor (route /bonus-history). */
export const bonusHistory = endpoint(() => ({
  method: 'GET',
  path: `${BONUS}/history`,
  host: 'main',
  auth: 'user',
  query: z.object({
    cursor: bonusCursorQuery,
  }),
  body: noBody,
  data: bonusPage(bonusHistoryEntrySchema),
}));

// --- Operators (behind OPS_TOKEN) ------------------------------------------------------------------------

const MINOR_MAX = 1_000_000_000_000;
const minorOpt = (description: string) => z.optional(integer(description, { min: 0, max: MINOR_MAX }));
const campaignIdSchema = deferred(() => described(z.string().check(z.regex(/^[a-z0-9]{2,32}:[a-z0-9_-]{2,48}$/)), 'Campaign id: <brand app key>:<name>'));

/** A booster campaign's card (decision 044). */
export const boosterTermsSchema = deferred(() =>
  z.strictObject({
    target: described(z.enum(['sports', 'casino']), 'sports: the next qualifying bet; casino: the winnings of a session'),
    rate_bp: integer('The raise of the winnings in basis points (2500 = +25 %)', { min: 1, max: 100_000 }),
    cap_minor: integer('Largest extra one card pays', { min: 1, max: MINOR_MAX }),
    pay_as: described(z.enum(['cash', 'bonus']), 'cash, or a bonus with the campaign’s wagering'),
    odds_min: z.optional(integer('sports: lowest total odds (thousandths) of a qualifying bet', { min: 1000, max: 1_000_000 })),
    stake_max_minor: minorOpt('sports: largest stake of a qualifying bet'),
    session_minutes: z.optional(integer('casino: session length from activation (default 60)', { min: 1, max: 1440 })),
  }),
);

/** A real_time campaign's rule: within one UTC day, N losing settled bets or rounds in a row, or a net loss of X. */
export const realTimeRuleSchema = deferred(() =>
  z.union([
    z.strictObject({ kind: z.literal('losing_streak'), count: integer('Losses in a row', { min: 1, max: 100 }) }),
    z.strictObject({ kind: z.literal('net_loss'), threshold_minor: integer('Net loss of the day', { min: 1, max: MINOR_MAX }) }),
  ]),
);

/** A campaign's terms as an operator sends them (domain `CampaignTerms`, in snake case). */
export const campaignTermsSchema = deferred(() =>
  z.strictObject({
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
    free_rounds: z.optional(
      z.strictObject({
        game_id: described(z.string().check(z.regex(/^[a-z0-9-]{2,40}$/)), 'A house slot'),
        rounds: integer('Rounds per grant', { min: 1, max: 1000 }),
        stake_minor: integer('Stake of each round', { min: 1, max: MINOR_MAX }),
        win_to: described(z.enum(['cash', 'bonus']), 'cash: each win is cash; bonus: the total win becomes one bonus with this wagering'),
        on: described(z.enum(['code', 'first_deposit']), 'What grants them: a redeem code, or the first deposit'),
      }),
    ),
    booster: z.optional(boosterTermsSchema),
    real_time_rule: z.optional(realTimeRuleSchema),
    period_days: z.optional(integer('reload: the period (days) it grants at most once in (default 7)', { min: 1, max: 365 })),
    ab_arm: z.optional(
      described(
        z.enum(['A', 'B']),
        'Only for players in this arm: of register_bonus_ab for a sign_up campaign, of first_charge_ab for a first_deposit one; none for every arm',
      ),
    ),
  }),
);

export const opsCampaignCreateBody = deferred(() =>
  z.strictObject({
    id: campaignIdSchema,
    kind: described(
      z.enum(['first_deposit', 'redeem_code', 'sign_up', 'free_bet', 'free_rounds', 'booster', 'real_time', 'reload', 'daily_deposit']),
      'What grants it (sign_up: at registration, once per person; free_bet: a free bet of amount_minor, through its codes; free_rounds: rounds on a house slot, by code or first deposit; booster: a booster card, through its codes; real_time: amount_minor when real_time_rule is met, once a day; reload / daily_deposit: rate_bp of a non-first deposit, once per period / day)',
    ),
    terms: campaignTermsSchema,
  }),
);

export const opsCampaignStatusBody = deferred(() =>
  z.strictObject({
    id: campaignIdSchema,
    status: described(z.enum(['active', 'paused', 'ended']), 'Only an active campaign grants; an ended one never again'),
  }),
);

export const opsCodeCreateBody = deferred(() =>
  z.strictObject({
    code: promoCodeSchema,
    campaign_id: campaignIdSchema,
    uses_max: integer('How many players may redeem it', { min: 1, max: 10_000_000 }),
    expire_time: integer('Unix seconds it stops working', { min: 1 }),
  }),
);

// --- Free rounds, awards, promotions (decision 043) -------------------------------------------------------

const offsetSchema = deferred(() =>
  z.optional(
    described(
      z.pipe(
        z.string().check(z.regex(/^\d{1,6}$/)),
        z.transform((value) => Number(value)),
      ),
      'Skip this many grants (0–999999)',
    ),
  ),
);

/** Free rounds `total`: rounds left over every available grant, and on how many games. */
export const bonusFreeRoundsTotal = endpoint(() => ({
  method: 'GET',
  path: `${BONUS}/free_rounds/total`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    total_free_rounds: integer('Rounds remaining over every available grant'),
    free_game_count: integer('Games with available free rounds'),
  }),
}));

const freeRoundsPage = deferred(() =>
  z.object({
    total_free_rounds: integer('Rounds remaining over every available grant'),
    free_game_count: integer('Games with available free rounds'),
    list: z.array(freeRoundGrantSchema),
    offset: integer('Offset of the next page'),
    has_more: described(z.union([z.literal(0), z.literal(1)]), '1 when another page exists'),
  }),
);

/** Free rounds `available`: grants with rounds left that have not lapsed, by offset (route /promotion/free-rounds). */
export const bonusFreeRoundsAvailable = endpoint(() => ({
  method: 'GET',
  path: `${BONUS}/free_rounds/available`,
  host: 'main',
  auth: 'user',
  query: z.object({ offset: offsetSchema }),
  body: noBody,
  data: freeRoundsPage,
}));

/** Free rounds `unavailable`: grants played out or lapsed, by offset. */
export const bonusFreeRoundsUnavailable = endpoint(() => ({
  method: 'GET',
  path: `${BONUS}/free_rounds/unavailable`,
  host: 'main',
  auth: 'user',
  query: z.object({ offset: offsetSchema }),
  body: noBody,
  data: freeRoundsPage,
}));

/**
 * Award lists (route /award): prizes won elsewhere — rankings, raffles, activities, VIP rewards and spins, tasks,
 * cash-back — that landed in the bonus wallet. `pending`: not drawn yet (status 0); `drawn`: taken (unlocking,
 * unlocked or expired).
 */
export const bonusAwardList = endpoint(() => ({
  method: 'GET',
  path: `${BONUS}/award/list`,
  host: 'main',
  auth: 'user',
  query: z.object({
    status: described(z.pipe(z.string(), z.enum(['pending', 'drawn'])), 'pending (not drawn yet) or drawn'),
    cursor: bonusCursorQuery,
  }),
  body: noBody,
  data: bonusPage(bonusSchema),
}));

/** `draw`: takes a pending award — one with nothing to wager becomes cash at once, the others start unlocking. */
export const bonusAwardDraw = endpoint(() => ({
  method: 'POST',
  path: `${BONUS}/award/draw`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ award_id: bonusIdSchema }),
  data: bonusSchema,
}));

export const promotionSchema = deferred(() =>
  z.object({
    id: described(z.string(), 'Campaign id'),
    kind: described(z.string(), 'first_deposit, sign_up, free_rounds, reload, daily_deposit, booster, real_time'),
    currency: described(z.string(), 'Currency of the amounts'),
    amount: integer('Fixed amount (0 when it is a deposit match)'),
    rate_bp: integer('Deposit match in basis points (0 when fixed)'),
    max: integer('Largest bonus (0: the country maximum)'),
    deposit_min: integer('Smallest deposit that earns it (0: any)'),
    wagering: integer('Wagering requirement ×N'),
    lifetime_days: integer('Days from grant to expiry'),
    free_rounds: z.nullable(
      z.object({
        game_id: described(z.string(), 'The house slot'),
        rounds: integer('Rounds'),
        bet: integer('Stake of each round'),
        win_to: described(z.enum(['cash', 'bonus']), 'Where winnings land'),
      }),
    ),
  }),
);

/** `promotion/list`: the brand's running offers a player may take (route /promotion); no sign-in needed. */
export const bonusPromotionList = endpoint(() => ({
  method: 'GET',
  path: `${BONUS}/promotion/list`,
  host: 'main',
  auth: 'optional',
  query: noQuery,
  body: noBody,
  data: z.object({ list: z.array(promotionSchema) }),
}));

// --- Booster cards and real-time bonuses (decision 044) ---------------------------------------------------

export const boosterSchema = deferred(() =>
  z.object({
    id: described(z.string(), 'Booster card id'),
    campaign_id: described(z.string(), 'The campaign that granted it'),
    status: described(
      z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
      '0 ready, 1 active (raises the next qualifying bet or the session), 2 on a bet, 3 paid, 4 expired',
    ),
    target: described(z.enum(['sports', 'casino']), 'What it raises'),
    rate_bp: integer('The raise of the winnings in basis points'),
    cap: integer('Largest extra it pays'),
    pay_as: described(z.enum(['cash', 'bonus']), 'How the extra is paid'),
    odds_min: integer('sports: lowest total odds (thousandths) of a qualifying bet (0: any)'),
    stake_max: integer('sports: largest stake of a qualifying bet (0: any)'),
    session_minutes: integer('casino: session length from activation (0 for sports)'),
    currency: described(z.string(), 'Currency code'),
    bet_id: described(z.string(), 'The bet it raises ("" until one is placed)'),
    paid: integer('Extra paid so far'),
    create_time: integer('When it was granted'),
    activate_time: integer('When the player activated it (0: not yet)'),
    session_end_time: integer('casino: when the boosted session ends (0 for sports or not active)'),
    expire_time: integer('When an unused card expires'),
  }),
);

/** `booster/list`: the player's booster cards, newest first (route /use-bonus, the booster modal). */
export const bonusBoosterList = endpoint(() => ({
  method: 'GET',
  path: `${BONUS}/booster/list`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({ list: z.array(boosterSchema) }),
}));

/** Booster use (spec §3 `new_bonus_boost`): activates a ready card; one card is active at a time. */
export const bonusBoosterUse = endpoint(() => ({
  method: 'POST',
  path: `${BONUS}/new_bonus_boost`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ id: described(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), 'Booster card id') }),
  data: boosterSchema,
}));

/** `real_time/info`: whether real-time bonuses run (dynconfig real_time_bonus) and the brand's rules, with today's grant. */
export const bonusRealTimeInfo = endpoint(() => ({
  method: 'GET',
  path: `${BONUS}/real_time/info`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    enabled: described(z.union([z.literal(0), z.literal(1)]), '1 while the operator’s real_time_bonus switch is on'),
    rules: z.array(
      z.object({
        campaign_id: described(z.string(), 'The campaign'),
        rule: described(z.enum(['losing_streak', 'net_loss']), 'What grants it'),
        count: integer('losing_streak: losses in a row (0 otherwise)'),
        threshold: integer('net_loss: net loss of the day (0 otherwise)'),
        amount: integer('Bonus it grants'),
        currency: described(z.string(), 'Currency code'),
        granted_today: described(z.union([z.literal(0), z.literal(1)]), '1 when it was granted today (once a day)'),
        streak: integer('The player’s current losing streak today'),
        net_loss: integer('The player’s net loss today (0 when ahead)'),
      }),
    ),
    window_end_time: integer('When today’s window ends (UTC midnight)'),
  }),
}));
