import { endpoint } from './endpoint.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';

/**
 * Safer play (issue 20, decision 027): the player's limits, time-out and self-exclusion, and the operator's read of a
 * player's history. Amounts are minor units of `currency`; times are Unix seconds. A decrease applies at once; an
 * increase or removal waits the jurisdiction's cooling period and is answered as pending.
 */
const SAFER = '/api/piranha/safer_play';
const noQuery = described(z.object({}), 'No parameters beyond the common ones');

/** `time` is the daily play-time limit (decision 054): its amount is minutes (1–1,440), its usage seconds, its period day. */
export const SAFER_LIMIT_KINDS = ['deposit', 'loss', 'wager', 'time'] as const;
export const SAFER_MONEY_LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export const SAFER_LIMIT_PERIODS = ['day', 'week', 'month'] as const;

const limitKindSchema = deferred(() => described(z.pipe(z.string(), z.enum(SAFER_LIMIT_KINDS)), 'deposit, loss, wager or time (play minutes a day)'));
const moneyLimitKindSchema = deferred(() => described(z.pipe(z.string(), z.enum(SAFER_MONEY_LIMIT_KINDS)), 'deposit, loss or wager'));
const limitPeriodSchema = deferred(() => described(z.pipe(z.string(), z.enum(SAFER_LIMIT_PERIODS)), 'day, week or month (the brand’s calendar)'));

export const saferLimitSchema = deferred(() =>
  z.object({
    kind: limitKindSchema,
    period: limitPeriodSchema,
    currency: described(z.string(), 'Currency the limit counts'),
    amount: described(z.nullable(z.int()), 'The limit in force (null: none); minutes for time'),
    used: integer('Counted so far in the current window; seconds of play for time'),
    reset_time: integer('When the current window ends'),
    pending: described(
      z.nullable(z.object({ amount: described(z.nullable(z.int()), 'The requested limit (null: removal)'), apply_time: integer('When it applies') })),
      'A raise or removal waiting for its cooling period',
    ),
  }),
);

export const saferBlockSchema = deferred(() =>
  z.object({
    kind: described(z.enum(['time_out', 'self_exclusion']), 'time_out or self_exclusion'),
    start_time: integer('When it began'),
    end_time: integer('When it ends (0: permanent)'),
  }),
);

export const saferStateSchema = deferred(() =>
  z.object({
    jurisdiction: described(z.string(), 'The jurisdiction profile the brand follows'),
    cooling_hours: integer('Hours a raise or removal waits'),
    time_zone: described(z.string(), 'The IANA time zone of the brand’s calendar (limit windows, statement days)'),
    reality_check_minutes: integer('Minutes between reality checks unless the player chooses'),
    mandatory_limits: z.array(moneyLimitKindSchema),
    limits_asked_at: described(z.enum(['signup', 'first_deposit', 'never']), 'When the mandatory limits are asked for'),
    national_self_exclusion_url: described(z.string(), 'The national self-exclusion service ("" where none)'),
    time_out_hours: z.object({ min: integer('Shortest time-out'), max: integer('Longest time-out') }),
    self_exclusion_months: z.object({ min: integer('Shortest self-exclusion'), max: integer('Longest (besides permanent)') }),
    limits: z.array(saferLimitSchema),
    block: described(z.nullable(saferBlockSchema), 'The time-out or self-exclusion in force'),
  }),
);

export const saferState = endpoint(() => ({
  method: 'GET',
  path: `${SAFER}/state`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: described(z.undefined(), 'No body'),
  data: saferStateSchema,
}));

/**
 * A limit chosen at sign-up: required by e-mail registration on a brand whose jurisdiction asks for its mandatory
 * limits at sign-up (Brazil: a loss limit), accepted on any brand.
 */
export const saferSignupLimitSchema = deferred(() =>
  described(
    z.strictObject({
      kind: moneyLimitKindSchema,
      period: limitPeriodSchema,
      amount: described(z.int().check(z.minimum(1), z.maximum(1_000_000_000_00)), 'The limit in minor units of the brand’s currency'),
    }),
    'A safer-play limit set with the account (Brazil asks for a loss limit at sign-up)',
  ),
);

export const saferLimitSet = endpoint(() => ({
  method: 'POST',
  path: `${SAFER}/limit`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({
    kind: limitKindSchema,
    period: limitPeriodSchema,
    amount: described(
      z.nullable(z.int().check(z.minimum(1), z.maximum(1_000_000_000_00))),
      'The new limit in minor units, or minutes a day (1–1,440, period day) for time; null removes it',
    ),
    currency: described(
      z.optional(z.string().check(z.regex(/^[A-Z]{3,5}$/))),
      'The currency the limit binds, one of the brand’s (default its primary one; a multi-currency brand keeps one per currency)',
    ),
  }),
  data: saferStateSchema,
}));

/**
 * The game room's heartbeat (decision 065): sent while a game is open and visible; counts the play time since the last
 * play action (clamped by the server) and answers SAFER_TIME_LIMIT once today's play time is used up.
 */
export const saferHeartbeat = endpoint(() => ({
  method: 'POST',
  path: `${SAFER}/heartbeat`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({}),
  data: z.object({
    play_seconds: integer('Seconds of play counted today (0 without a play-time limit)'),
    limit_seconds: described(z.nullable(z.int()), 'Today’s play-time limit in seconds (null: none)'),
  }),
}));

export const saferBlockSet = endpoint(() => ({
  method: 'POST',
  path: `${SAFER}/block`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.union([
    z.strictObject({ kind: z.literal('time_out'), hours: integer('Hours, 24 to 1,008 (6 weeks)', { min: 24, max: 1008 }), confirm: z.literal(1) }),
    z.strictObject({
      kind: z.literal('self_exclusion'),
      months: described(z.union([z.int().check(z.minimum(6), z.maximum(60)), z.literal('permanent')]), 'Months, 6 to 60, or permanent'),
      confirm: described(z.literal(1), 'The player confirmed'),
    }),
  ]),
  data: saferStateSchema,
}));

/** Operator: a player's limit and exclusion history (GET /api/ops/safer_play/history, behind OPS_TOKEN). */
export const opsSaferHistoryQuery = deferred(() =>
  z.strictObject({
    uid: described(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), 'Player id'),
  }),
);

export const saferAuditEntrySchema = deferred(() =>
  z.object({
    id: described(z.string(), 'Entry id'),
    actor: text(64, 'player, ops or system'),
    action: text(64, 'limit, limit_applied, time_out or self_exclusion'),
    before: described(z.unknown(), 'State before'),
    after: described(z.unknown(), 'State after'),
    time: integer('When it happened'),
  }),
);

/** The activity statement: per day of the brand's calendar, what went in and out of the player's cash wallet. */
export const saferStatement = endpoint(() => ({
  method: 'GET',
  path: `${SAFER}/statement`,
  host: 'main',
  auth: 'user',
  query: z.object({
    days: described(z.pipe(z.string(), z.enum(['7', '30', '90'])), 'The last 7, 30 or 90 days (today included)'),
  }),
  body: described(z.undefined(), 'No body'),
  data: z.object({
    currency: described(z.string(), 'Currency of the amounts'),
    days: z.array(
      z.object({
        date: described(z.string(), 'The day, YYYY-MM-DD in the brand’s time zone'),
        deposits: integer('Deposits credited'),
        withdrawals: integer('Withdrawals requested, less those refunded'),
        stakes: integer('Money staked on bets and games'),
        returns: integer('Winnings, cash-outs and refunds of stakes'),
        net: integer('Returns less stakes'),
        withheld: integer('Tax withheld that day: on withdrawals (Kenya) and prizes (Mexico), already out of the amounts above'),
      }),
    ),
  }),
}));
