import { bonusSchema } from './bonus.ts';
import { endpoint } from './endpoint.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';

/**
 * The agent programme (spec §2 /agent/*, /thin/agent/*, §6 Agent, §7 agent info; issue 19, decision 052) and money
 * rain (spec §4 pop-up priority 2.1; issue 19). Amounts are minor units of `currency`; times are Unix seconds; a day
 * key is `d:<the brand's local date>`. An agent sees its own team and commissions only.
 */
const AGENT = '/api/piranha/agent';
const THIN_AGENT = '/api/thin/agent';
const noBody = described(z.undefined(), 'No body');
const noQuery = described(z.object({}), 'No parameters beyond the common ones');

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
const pageQuery = deferred(() =>
  z.object({
    page: z.optional(queryPositive('Page, from 1 (default 1)', 1_000)),
    page_size: z.optional(queryPositive('Rows per page, 1–50 (default 20)', 50)),
  }),
);

export const AGENT_BASIS_VALUES = ['net_revenue', 'turnover'] as const;
const basisSchema = deferred(() => described(z.enum(AGENT_BASIS_VALUES), 'What the rate applies to: the team’s stakes less returns, or its stakes'));
const tierSchema = deferred(() => z.object({ from: integer('The day’s basis from which the rate applies'), rate_bp: integer('Basis points (100 = 1 %)') }));

/** `agent info` (spec §7): whether the player is an agent, its code, team, terms and commissions. */
export const agentInfo = endpoint(() => ({
  method: 'GET',
  path: `${AGENT}/info`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    currency: described(z.string(), 'Currency of the amounts'),
    offered: described(z.boolean(), 'The brand runs an agent programme (has commission terms)'),
    is_agent: described(z.boolean(), 'The player is an agent'),
    code: described(z.string(), 'The agent’s code (empty when not an agent)'),
    bound_agent_code: described(z.string(), 'The code of the agent whose team the player is in (empty when none)'),
    basis: described(z.union([basisSchema, z.literal('')]), 'The brand’s basis (empty when not offered)'),
    tiers: z.array(tierSchema),
    team_size: integer('Players in the agent’s team'),
    today_basis: integer('The team’s basis so far today'),
    today_commission: integer('What today earns so far at today’s tier (settled after the day ends)'),
    yesterday_commission: integer('What yesterday earned (0 until it is settled)'),
    available: integer('Commission settled and not yet transferred to the wallet'),
    total_earned: integer('Every commission settled so far'),
  }),
}));

/** Become an agent (the bind flow's first half); answers as agent info would. Doing it twice changes nothing. */
export const agentApply = endpoint(() => ({
  method: 'POST',
  path: `${THIN_AGENT}/apply`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: described(z.optional(z.strictObject({})), 'No body'),
  data: z.object({ code: described(z.string(), 'The new agent’s code') }),
}));

export const agentCodeInput = deferred(() =>
  described(z.string().check(z.minLength(3), z.maxLength(20), z.regex(/^[A-Za-z0-9 -]+$/)), 'An agent’s code (A…; case, spaces and dashes forgiven)'),
);

/** Join an agent's team with its code (the bind flow's second half): once, never to oneself. */
export const agentBind = endpoint(() => ({
  method: 'POST',
  path: `${THIN_AGENT}/bind`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ code: agentCodeInput }),
  data: z.object({ agent_code: described(z.string(), 'The agent the player is now bound to'), bound_time: integer('When') }),
}));

/** The agent's team, newest first: its own players only. */
export const agentTeam = endpoint(() => ({
  method: 'GET',
  path: `${THIN_AGENT}/team`,
  host: 'main',
  auth: 'user',
  query: pageQuery,
  body: noBody,
  data: z.object({
    total: integer('Players in the team'),
    list: z.array(z.object({ uid: integer('The player'), name: described(z.string(), 'Their name, partly hidden'), bound_time: integer('When they joined') })),
  }),
}));

/** The agent's settled days, newest first. */
export const agentDaily = endpoint(() => ({
  method: 'GET',
  path: `${THIN_AGENT}/daily`,
  host: 'main',
  auth: 'user',
  query: pageQuery,
  body: noBody,
  data: z.object({
    currency: described(z.string(), 'Currency of the amounts'),
    list: z.array(
      z.object({
        day_key: described(z.string(), 'd:<local date>'),
        members: integer('Team players who played that day'),
        stake: integer('Their settled stakes'),
        return: integer('What those stakes returned'),
        basis: integer('The basis the rate applied to'),
        rate_bp: integer('The tier’s rate'),
        commission: integer('What the day earned'),
        transferred: described(z.boolean(), 'Already moved to the wallet'),
      }),
    ),
    has_more: described(z.boolean(), 'More rows on later pages'),
  }),
}));

/** Moves every settled, untransferred commission to the wallet: one ledger transfer, once however many taps arrive. */
export const agentTransfer = endpoint(() => ({
  method: 'POST',
  path: `${THIN_AGENT}/transfer`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: described(z.optional(z.strictObject({})), 'No body'),
  data: z.object({
    transfer_id: described(z.string(), 'The transfer'),
    amount: integer('What moved to the wallet'),
    currency: described(z.string(), 'Its currency'),
  }),
}));

/** `/agent/history`: the agent's transfers to the wallet, newest first. */
export const agentTransferHistory = endpoint(() => ({
  method: 'GET',
  path: `${AGENT}/history`,
  host: 'main',
  auth: 'user',
  query: pageQuery,
  body: noBody,
  data: z.object({
    currency: described(z.string(), 'Currency of the amounts'),
    list: z.array(z.object({ transfer_id: described(z.string(), 'The transfer'), amount: integer('What moved'), create_time: integer('When') })),
    has_more: described(z.boolean(), 'More rows on later pages'),
  }),
}));

/** Operators (behind OPS_TOKEN): a brand's commission terms, in force from the next day closed. */
export const opsAgentConfigBody = deferred(() =>
  z.strictObject({
    app_key: text(40, 'The brand'),
    basis: basisSchema,
    tiers: described(
      z
        .array(
          z.strictObject({ from_minor: integer('Basis from which the rate applies', { min: 0 }), rate_bp: integer('Basis points', { min: 1, max: 5_000 }) }),
        )
        .check(z.minLength(1), z.maxLength(10)),
      'Tiers, floors rising',
    ),
  }),
);

/**
 * Operators (behind OPS_TOKEN; decision 067): close one brand day that has ended (a day the job missed, or a check
 * after an outage). Exactly once per brand day, like the job: a day closed already answers `closed: false`.
 */
export const opsAgentSettleBody = deferred(() =>
  z.strictObject({
    app_key: text(40, 'The brand'),
    day_key: described(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)), 'The brand day, YYYY-MM-DD in the brand’s time zone'),
  }),
);

/* Money rain. */

const rainIdSchema = deferred(() => described(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), 'Rain id (a positive integer as a string)'));

/** The brand's money rain now (or the next one): its drops, the open drop and whether the player grabbed it. */
export const moneyRainCurrent = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/activity/money-rain',
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    currency: described(z.string(), 'Currency of the amounts'),
    rain: z.nullable(
      z.object({
        id: described(z.string(), 'The rain'),
        start_time: integer('When its first drop opens'),
        end_time: integer('When its last drop closes'),
        drops: integer('Drops in all'),
        grab_min: integer('Least a grab draws'),
        grab_max: integer('Most a grab draws'),
        left: integer('What is left of its budget'),
        open_drop: z.nullable(
          z.object({ index: integer('The drop, from 0'), close_time: integer('When it closes'), grabbed: integer('What the player grabbed (0: not yet)') }),
        ),
        next_drop_time: z.nullable(integer('When the next drop opens')),
        won: integer('What the player has grabbed from this rain'),
      }),
    ),
  }),
}));

/** Grabs the open drop: at most once per player and drop, never past the budget; paid through the bonus engine. */
export const moneyRainGrab = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/activity/money-rain/grab',
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ rain_id: rainIdSchema }),
  data: z.object({ drop: integer('The drop grabbed'), amount: integer('What it paid'), bonus: bonusSchema }),
}));

/** Operators: schedule a rain for a brand. */
export const opsMoneyRainBody = deferred(() =>
  z.strictObject({
    app_key: text(40, 'The brand'),
    start_time: integer('Unix seconds the first drop opens', { min: 1 }),
    drops: integer('Drops', { min: 1, max: 48 }),
    interval_s: integer('Seconds between drops', { min: 10, max: 86_400 }),
    open_s: integer('Seconds each drop stays open', { min: 10, max: 3_600 }),
    grab_min_minor: integer('Least a grab draws', { min: 1 }),
    grab_max_minor: integer('Most a grab draws', { min: 1 }),
    budget_minor: integer('The rain’s whole budget', { min: 1 }),
    wagering: integer('Wagering of each grab × the amount (0: cash)', { min: 0, max: 50 }),
  }),
);
