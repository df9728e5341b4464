import { bonusSchema } from './bonus.ts';
import { endpoint } from './endpoint.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';

/**
 * Loyalty endpoints (spec §7: VIP info, receive VIP reward, task centre info, task hint; issue 18, decision 026).
 * Amounts are minor units of `currency` (spec §9: task amounts divide by 100); times are Unix seconds. Every reward
 * is paid by the bonus engine, so receiving one answers the bonus it granted.
 */
const ACTIVITY = '/api/piranha/activity';
const noBody = described(z.undefined(), 'No body');
const noQuery = described(z.object({}), 'No parameters beyond the common ones');
const flag = (description: string) => described(z.union([z.literal(0), z.literal(1)]), description);

const vipRewardKind = deferred(() => z.enum(['vip_bonus', 'week_free', 'month_free']));

export const vipRewardSchema = deferred(() =>
  z.object({
    kind: described(
      vipRewardKind,
      'Spec §3 VIP reward kind: vip_bonus is the level-up reward; week_free and month_free the free rewards of the brand week and month',
    ),
    level: integer('The level that earned it (a free reward: the level it is paid at)', { min: 1, max: 30 }),
    amount: integer('What it pays'),
    period: described(z.string(), 'A free reward: the period it belongs to (w:<Monday>, m:<year-month>); "" for vip_bonus'),
  }),
);

export const vipStageSchema = deferred(() =>
  z.object({
    stage: integer('Stage 1–6 (spec §9)', { min: 1, max: 6 }),
    level_from: integer('First level of the stage'),
    level_to: integer('Last level of the stage'),
    points_from: integer('Points to enter the stage'),
    level_up_rewards: integer('Sum of the level-up rewards of its levels'),
    week_free: integer('Weekly free reward at the stage (0: none)'),
    month_free: integer('Monthly free reward at the stage (0: none)'),
    dedicated_support: flag('1 when the stage brings a dedicated support contact'),
  }),
);

/** `vip/info`: the player's level, stage and progress, the rewards waiting, and the benefits table by stage. */
export const vipInfo = endpoint(() => ({
  method: 'GET',
  path: `${ACTIVITY}/vip/info`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    level: integer('Current level, 0–30', { min: 0, max: 30 }),
    stage: integer('Current stage, 1–6', { min: 1, max: 6 }),
    max_level: integer('The top level (30)'),
    points: integer('Whole VIP points earned'),
    level_points: integer('Points the current level needed'),
    next_level_points: integer('Points the next level needs (0 at the top)'),
    progress: integer('Progress to the next level in whole per cent', { min: 0, max: 100 }),
    currency: described(z.string(), 'Currency of the amounts'),
    rewards: described(z.array(vipRewardSchema), 'Rewards waiting to be received, lowest level first'),
    stages: z.array(vipStageSchema),
    support_contact: text(200, 'The dedicated support contact ("" below the stage that brings it)'),
  }),
}));

/** `vip/receive`: receives one waiting VIP reward; exactly once however many taps arrive. */
export const vipReceive = endpoint(() => ({
  method: 'POST',
  path: `${ACTIVITY}/vip/receive`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({
    kind: described(z.pipe(z.string(), vipRewardKind), "The reward kind (vip_bonus: a level-up reward; week_free, month_free: this period's free reward)"),
    level: z.optional(integer('vip_bonus: the level whose reward to receive (required); ignored for the free rewards', { min: 1, max: 30 })),
  }),
  data: bonusSchema,
}));

const taskIdSchema = deferred(() => described(z.string().check(z.regex(/^(daily|weekly)_[a-z_]{3,24}$/)), 'Task id: <daily|weekly>_<kind>'));

export const taskSchema = deferred(() =>
  z.object({
    task_id: described(z.string(), 'Task id'),
    task_name: described(
      z.enum(['recharge', 'bet_amount', 'bet_win', 'play_game', 'multiple']),
      'What fills it: deposits, settled stakes, net wins, settled rounds of a game, settled multiples',
    ),
    unit: described(z.enum(['minor', 'count']), 'minor: conf_num/progress_num are minor units; count: rounds or bets (play_game, multiple)'),
    game: described(z.string(), 'play_game: the game id or `slot` (any slot); "" otherwise'),
    min_legs: integer('multiple: the least legs a counted multiple has; 0 otherwise'),
    conf_num: integer('Target, in minor units (or a count, see unit)'),
    progress_num: integer('Progress so far, in minor units (never above conf_num)'),
    reward: integer('What claiming pays'),
    status: described(z.union([z.literal(0), z.literal(1), z.literal(2)]), '0 in progress, 1 ready to claim, 2 claimed'),
  }),
);

const taskPeriodSchema = deferred(() =>
  z.object({
    period_key: described(z.string(), 'The period: d:<local date> or w:<local Monday>'),
    end_time: integer('When the period resets (midnight in the brand time zone)'),
    list: z.array(taskSchema),
  }),
);

/** `task/center/info`: the daily and weekly tasks with their progress in the current periods. */
export const taskCenterInfo = endpoint(() => ({
  method: 'GET',
  path: `${ACTIVITY}/task/center/info`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    currency: described(z.string(), 'Currency of the amounts'),
    time_zone: described(z.string(), 'The brand time zone the periods reset in'),
    daily: taskPeriodSchema,
    weekly: taskPeriodSchema,
  }),
}));

/** `task/hint`: what the home pages show: how many tasks wait to be claimed and the one nearest to done. */
export const taskHint = endpoint(() => ({
  method: 'GET',
  path: `${ACTIVITY}/task/hint`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    claimable: integer('Tasks ready to claim now'),
    task: z.nullable(taskSchema),
  }),
}));

/** `task/receive`: claims a completed task of the current period; exactly once. */
export const taskReceive = endpoint(() => ({
  method: 'POST',
  path: `${ACTIVITY}/task/receive`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ task_id: taskIdSchema }),
  data: bonusSchema,
}));

export const rankEntrySchema = deferred(() =>
  z.object({
    rank: integer('Place on the board, from 1', { min: 1 }),
    nick: described(z.string(), 'The player as others see them (masked)'),
    score: integer('Settled turnover in the period (win board: the biggest single net win)'),
    is_self: flag('1 on the asking player’s own row'),
  }),
);

/** `rank/list`: the daily or weekly board by settled turnover — the top three apart, 50 rows at most, and your place. */
export const rankList = endpoint(() => ({
  method: 'GET',
  path: `${ACTIVITY}/rank/list`,
  host: 'main',
  auth: 'user',
  query: z.object({
    period: described(z.pipe(z.string(), z.enum(['daily', 'weekly'])), 'daily or weekly'),
    kind: z.optional(described(z.pipe(z.string(), z.enum(['turnover', 'win'])), 'turnover (default): settled stakes; win: the biggest single net win')),
  }),
  body: noBody,
  data: z.object({
    kind: described(z.enum(['turnover', 'win']), 'What the board ranks'),
    period_key: described(z.string(), 'The period: d:<local date> or w:<local Monday>'),
    end_time: integer('When the period closes (midnight in the brand time zone)'),
    refreshed_time: integer('When the places were last counted (the board is a snapshot the loyalty pass refreshes; 0: not counted yet)'),
    players: integer('Players ranked in that count'),
    currency: described(z.string(), 'Currency of the scores'),
    full: integer('Rows on a full board (50)'),
    prizes: described(z.array(integer('Prize')), 'Prize of each paid place, first place first, paid once when the period closes'),
    top: described(z.array(rankEntrySchema), 'The first three'),
    list: described(z.array(rankEntrySchema), 'Places 4 to 50'),
    own: z.object({
      rank: integer('Your place at refreshed_time (0 until you are ranked in a count)', { min: 0 }),
      score: integer('Your turnover (win board: your biggest win) in the period'),
      gap: integer('Turnover (win board: the single win) that would pass the player just above you (0 when first or unranked)'),
    }),
  }),
}));

/** A whole number sent in the query string (strings on the wire), 1 to `max`. */
function queryPositive(description: string, max: number) {
  return described(
    z
      .pipe(
        z.string().check(z.regex(/^\d{1,4}$/)),
        z.transform((value) => Number(value)),
      )
      .check(z.refine((value) => value >= 1 && value <= max, { message: 'out_of_range' })),
    description,
  );
}

export const cashbackEntrySchema = deferred(() =>
  z.object({
    period: described(z.enum(['daily', 'weekly']), 'The kind of period'),
    period_key: described(z.string(), 'The period: d:<local date> or w:<local Monday>'),
    period_end: integer('When the period ended (midnight in the brand time zone)'),
    level: integer('VIP level at the close, which set the rate', { min: 0, max: 30 }),
    rate_bp: integer('Cash-back rate in basis points (100 = 1%)'),
    stake: integer('Settled stakes in the period'),
    returned: integer('What those stakes returned'),
    bonus_used: integer('Bonus money that turned into cash in the period (not counted as loss)'),
    net_loss: integer('stake − returned − bonus_used, never below 0'),
    amount: integer('The cash-back: net_loss × rate, rounded down'),
    status: described(z.union([z.literal(0), z.literal(1)]), '0 being paid, 1 paid'),
    paid_time: integer('When it was paid (0 while being paid)'),
  }),
);

/** `cashback/history`: the player's net-loss cash-backs, newest period first, with the rates of their level now. */
export const cashbackHistory = endpoint(() => ({
  method: 'GET',
  path: `${ACTIVITY}/cashback/history`,
  host: 'main',
  auth: 'user',
  query: z.object({
    page: z.optional(queryPositive('Page, from 1 (default 1)', 1_000)),
    page_size: z.optional(queryPositive('Rows per page, 1–50 (default 20)', 50)),
  }),
  body: noBody,
  data: z.object({
    currency: described(z.string(), 'Currency of the amounts'),
    level: integer('The player’s VIP level now', { min: 0, max: 30 }),
    daily_rate_bp: integer('Daily cash-back rate of that level, basis points'),
    weekly_rate_bp: integer('Weekly cash-back rate of that level, basis points'),
    has_more: flag('1 when another page follows'),
    list: z.array(cashbackEntrySchema),
  }),
}));

// --- VIP wheel (spec §2 vip-roulette, §3 VIP spin: marquee_list, draw_list, balance; §7 VIP spin marquee, spin, draw list)

export const wheelSegmentSchema = deferred(() =>
  z.object({
    amount: integer('Prize in minor units (0: try again)'),
    weight: integer('Integer weight: the chance is weight ÷ the sum of weights'),
  }),
);

export const wheelFairSchema = deferred(() =>
  z.object({
    server_seed_hash: described(z.string(), 'SHA-256 (hex) of the secret server seed, committed before the spin'),
    client_seed: described(z.string(), 'The client seed in use'),
    nonce: integer('Nonce of the next spin'),
  }),
);

const wheelClientSeedSchema = deferred(() =>
  described(z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[\x21-\x7e]+$/)), 'Client seed: 1–64 printable ASCII characters, no spaces'),
);

/** One spin as the player and the verify panel see it; `server_seed` only once its seed was rotated out. */
export const wheelSpinSchema = deferred(() =>
  z.object({
    spin_id: described(z.string(), 'Spin id'),
    ticket_level: integer('The VIP level whose ticket it used', { min: 1, max: 30 }),
    segment: integer('Index of the segment it landed on'),
    amount: integer('What it paid, in minor units'),
    currency: described(z.string(), 'Currency of the amount'),
    server_seed_hash: described(z.string(), 'The committed hash it was drawn under'),
    server_seed: described(z.string(), 'The server seed, once rotated out; empty while still in use'),
    client_seed: described(z.string(), 'Client seed of the spin'),
    nonce: integer('Nonce of the spin'),
    revealed: flag('1 when server_seed is shown and the spin can be verified'),
    created_at: integer('When, Unix seconds'),
    wheel_version: integer('The brand wheel it was drawn on (0: the default wheel; see `wheels` of the draw list)'),
  }),
);

/** `vip/spin/balance`: tickets left, the wheel and the committed seed. */
export const vipSpinBalance = endpoint(() => ({
  method: 'GET',
  path: `${ACTIVITY}/vip/spin/balance`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    balance: integer('Spin tickets left (one per VIP level reached)'),
    currency: described(z.string(), 'Currency of the prizes'),
    segments: described(z.array(wheelSegmentSchema), 'The wheel, in order'),
    fair: wheelFairSchema,
  }),
}));

/** `vip/spin`: spends one ticket and pays the prize through the bonus engine, in one transaction. */
export const vipSpin = endpoint(() => ({
  method: 'POST',
  path: `${ACTIVITY}/vip/spin`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ client_seed: z.optional(wheelClientSeedSchema) }),
  data: z.object({ spin: wheelSpinSchema, balance: integer('Tickets left after it'), fair: wheelFairSchema }),
}));

/** `vip/spin/seed/rotate`: reveals the server seed in use (its spins become verifiable) and commits to a new one. */
export const vipSpinSeedRotate = endpoint(() => ({
  method: 'POST',
  path: `${ACTIVITY}/vip/spin/seed/rotate`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ client_seed: z.optional(wheelClientSeedSchema) }),
  data: z.object({
    previous: z.object({
      server_seed: described(z.string(), 'The revealed seed: its SHA-256 equals server_seed_hash'),
      server_seed_hash: described(z.string(), 'What was committed'),
      client_seed: described(z.string(), 'Client seed it was used with'),
      nonce: integer('Spins drawn with it'),
    }),
    current: wheelFairSchema,
  }),
}));

/**
 * `vip/spin/draw_list`: the player's own spins, newest first, a page at a time (spec §2 /vip-roulette/user-list),
 * with the totals of all of them.
 */
export const vipSpinDrawList = endpoint(() => ({
  method: 'GET',
  path: `${ACTIVITY}/vip/spin/draw_list`,
  host: 'main',
  auth: 'user',
  query: z.object({
    page: z.optional(queryPositive('Page, from 1 (default 1)', 1_000)),
    page_size: z.optional(queryPositive('Spins per page, 1–50 (default 50)', 50)),
  }),
  body: noBody,
  data: z.object({
    total: integer('Spins the player has made'),
    won: integer('Sum of what they paid, minor units of currency'),
    currency: described(z.string(), 'Currency of won'),
    has_more: flag('1 when another page follows'),
    list: z.array(wheelSpinSchema),
    wheels: described(
      z.array(z.object({ wheel_version: integer('Wheel version'), segments: z.array(z.object({ amount: integer('Prize'), weight: integer('Weight') })) })),
      'The wheels the listed spins were drawn on (a spin verifies against its own wheel, even after the prizes changed)',
    ),
  }),
}));

/** `vip/spin/marquee_list`: the brand's latest wins, nicks masked. */
export const vipSpinMarqueeList = endpoint(() => ({
  method: 'GET',
  path: `${ACTIVITY}/vip/spin/marquee_list`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    list: z.array(
      z.object({
        nick: described(z.string(), 'Masked nick'),
        amount: integer('Prize, minor units'),
        currency: described(z.string(), 'Currency'),
        created_at: integer('When, Unix seconds'),
      }),
    ),
  }),
}));

// --- Raffles (spec §2 /raffle; issue 18, decision 034)

export const raffleWinnerSchema = deferred(() =>
  z.object({
    place: integer('1, 2 or 3'),
    position: integer('Position of the winner in `tickets` (the published entries)'),
    nick: described(z.string(), 'Masked nick'),
    tickets: integer('Tickets the winner held'),
    amount: integer('Prize, minor units of currency'),
    currency: described(z.string(), 'Currency of the prize'),
    paid: flag('1 once the prize is paid'),
    is_self: flag('1 for the player asking'),
  }),
);

const raffleDrawSchema = deferred(() =>
  z.object({
    period_key: described(z.string(), 'The week drawn'),
    drawn_at: integer('When, Unix seconds'),
    server_seed: described(z.string(), 'The revealed seed: its SHA-256 is server_seed_hash'),
    server_seed_hash: described(z.string(), 'What was published before the draw'),
    client_seed: described(z.string(), 'Client seed of the draw'),
    entries: integer('Players in the draw (the published entries, `raffle/entries` pages them)'),
    total_tickets: integer('Tickets of all entries'),
    my_tickets: integer('Tickets the player held in it'),
    my_position: integer('The player’s position in the published entries (-1: not in it)', { min: -1 }),
    winners: z.array(raffleWinnerSchema),
  }),
);

/**
 * `raffle/info`: this week's raffle with its committed seed and the player's tickets, and the latest drawn raffles
 * (seed revealed, totals, winners masked). The entries themselves are paged by `raffle/entries` (100,000 players
 * would make this answer megabytes).
 */
export const raffleInfo = endpoint(() => ({
  method: 'GET',
  path: `${ACTIVITY}/raffle/info`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    currency: described(z.string(), 'Currency of the prizes'),
    points_per_ticket: integer('VIP points earned in the week for one ticket'),
    current: z.object({
      period_key: described(z.string(), 'The brand week, w:<Monday>'),
      starts_at: integer('Week start, Unix seconds'),
      ends_at: integer('Week end, Unix seconds: tickets count until then'),
      draw_at: integer('When the draw runs, Unix seconds'),
      server_seed_hash: described(z.string(), 'SHA-256 (hex) of the secret seed the draw will use, published before it'),
      client_seed: described(z.string(), 'The client seed of the draw (fixed by brand and week)'),
      prizes: described(z.array(z.number()), 'Prizes of places 1, 2, 3 in minor units'),
      my_tickets: integer('Tickets the player holds so far'),
    }),
    past: described(z.array(raffleDrawSchema), 'The latest drawn raffles, newest first (at most 5)'),
  }),
}));

/** `raffle/entries`: one page of a drawn raffle's published entries (tickets in position order) — what a verifier reruns. */
export const raffleEntries = endpoint(() => ({
  method: 'GET',
  path: `${ACTIVITY}/raffle/entries`,
  host: 'main',
  auth: 'user',
  query: z.object({
    period_key: described(z.pipe(z.string(), z.string().check(z.regex(/^w:\d{4}-\d{2}-\d{2}$/))), 'The drawn week, w:<Monday>'),
    page: z.optional(queryPositive('Page, from 1', 9999)),
    page_size: z.optional(queryPositive('Entries a page, up to 5000', 5000)),
  }),
  body: noBody,
  data: z.object({
    period_key: described(z.string(), 'The week'),
    total: integer('Entries in all'),
    total_tickets: integer('Tickets of all entries'),
    from: integer('Position of the first entry of this page'),
    tickets: described(z.array(z.number()), 'Tickets of the entries of this page, in position order'),
    has_more: flag('1 when another page follows'),
  }),
}));

// --- Operator: the brand's loyalty settings (decision 045), behind OPS_TOKEN

const opsTaskSchema = deferred(() =>
  z.strictObject({
    id: described(z.string().check(z.regex(/^(daily|weekly)_[a-z0-9_]{3,24}$/)), 'Task id: <daily|weekly>_<name>, unique in the brand'),
    period: described(z.enum(['daily', 'weekly']), 'Resets every brand day or week'),
    kind: described(z.enum(['recharge', 'bet_amount', 'bet_win', 'play_game', 'multiple']), 'What fills it'),
    conf: described(z.int().check(z.gte(1), z.lte(1_000_000_000_000)), 'Target: minor units, or a count for play_game and multiple'),
    reward: described(z.int().check(z.gte(1), z.lte(1_000_000_000_000)), 'What claiming pays, minor units'),
    game: z.optional(described(z.string().check(z.regex(/^[a-z0-9-]{2,32}$/)), 'play_game: a house game id or `slot`')),
    min_legs: z.optional(described(z.int().check(z.gte(2), z.lte(20)), 'multiple: least legs (2–20)')),
  }),
);

const opsAmount = (description: string) => described(z.int().check(z.gte(0), z.lte(1_000_000_000_000)), description);
const opsByLevel = (description: string) => z.optional(described(z.array(opsAmount('Amount in minor units')).check(z.length(31)), description));
const opsPrizes = (description: string) => described(z.array(opsAmount('Prize in minor units')).check(z.maxLength(10)), description);

/**
 * `POST /api/ops/loyalty/config`: replaces one brand's level ladder, tasks, cash-back rates, wheel prizes, reward
 * amounts or raffle/ranking prizes (any of them; the others stay). Each change is a new version; a spin keeps the
 * wheel version it was drawn with, a paid reward the version it was paid with (decision 048).
 */
export const opsLoyaltyConfigBody = deferred(() =>
  z.strictObject({
    app_key: described(z.string().check(z.regex(/^[a-z0-9_-]{2,32}$/)), 'The brand'),
    level_points: z.optional(
      described(z.array(z.int().check(z.gte(0), z.lte(1_000_000_000))).check(z.length(31)), 'Whole points of levels 0–30: 0 first, strictly increasing'),
    ),
    tasks: z.optional(described(z.array(opsTaskSchema).check(z.minLength(0), z.maxLength(30)), 'The brand’s tasks (replaces them all)')),
    cashback_bp: z.optional(
      z.strictObject({
        daily: described(z.array(z.int().check(z.gte(0), z.lte(5_000))).check(z.length(31)), 'Daily rate by level in basis points (≤ 50 %)'),
        weekly: described(z.array(z.int().check(z.gte(0), z.lte(5_000))).check(z.length(31)), 'Weekly rate by level in basis points (≤ 50 %)'),
      }),
    ),
    wheel: z.optional(
      described(
        z
          .array(
            z.strictObject({
              amount: described(z.int().check(z.gte(0), z.lte(1_000_000_000_000)), 'Prize in minor units (0: try again)'),
              weight: described(z.int().check(z.gte(0), z.lte(1_048_576)), 'Integer weight'),
            }),
          )
          .check(z.minLength(2), z.maxLength(24)),
        'Wheel segments in wheel order',
      ),
    ),
    level_up_reward: opsByLevel('Level-up reward of levels 0–30 in minor units (0 for level 0; ≤ the bonus maximum)'),
    week_free: opsByLevel('Weekly free reward by level 0–30 (0 for level 0)'),
    month_free: opsByLevel('Monthly free reward by level 0–30 (0 for level 0)'),
    raffle_prizes: z.optional(described(z.array(opsAmount('Prize in minor units')).check(z.length(3)), 'The weekly raffle’s prizes of places 1–3')),
    rank_prizes: z.optional(
      z.strictObject({
        daily: opsPrizes('Daily turnover board: prize by place, first place first (up to 10)'),
        weekly: opsPrizes('Weekly turnover board'),
        daily_win: opsPrizes('Daily biggest-win board'),
        weekly_win: opsPrizes('Weekly biggest-win board'),
      }),
    ),
  }),
);
export type OpsLoyaltyConfig = z.output<typeof opsLoyaltyConfigBody>;
