import { ACTIVITY_KINDS, ACTIVITY_THEMES } from '@piranha/domain';
import { bonusSchema } from './bonus.ts';
import { endpoint } from './endpoint.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';

/**
 * Activity endpoints (spec §7 /api/piranha/activity with its receive action; issue 19, decision 031). Amounts are minor
 * units of `currency`; times are Unix seconds. Status (spec §4): 0 notStart, 1 inProgress, 2 finished, 3 expired.
 * Every reward is paid by the bonus engine, so receiving one answers the bonus it granted.
 */
const ACTIVITY = '/api/piranha/activity';
const noBody = described(z.undefined(), 'No body');
const noQuery = described(z.object({}), 'No parameters beyond the common ones');

/** The kinds and themes are the domain's (packages/domain/src/activity): one list, so a new kind cannot reach one side only. */
export { ACTIVITY_KINDS as ACTIVITY_KIND_VALUES, ACTIVITY_THEMES as ACTIVITY_THEME_VALUES };
const kindSchema = deferred(() =>
  described(
    z.enum(ACTIVITY_KINDS),
    'What fills its progress: the first deposit, deposits of the day, all deposits in the window, settled sports stakes in the window (bet_reward, free_bet — which pays free bets), of the brand day (daily_cash) or week (week_cash), or turning the newer UI on once (ui_switch_reward: one tier, threshold 1)',
  ),
);
const themeSchema = deferred(() => described(z.enum(ACTIVITY_THEMES), 'Its art: standard, or christmas (shown on /activity/christmas)'));
const statusSchema = deferred(() =>
  described(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]), '0 notStart, 1 inProgress, 2 finished, 3 expired'),
);
const activityIdSchema = deferred(() => described(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), 'Activity id (a positive integer as a string)'));

function activitySummaryShape() {
  return {
    id: described(z.string(), 'Activity id'),
    kind: kindSchema,
    theme: themeSchema,
    name: described(z.string(), 'The operator’s name for it'),
    status: statusSchema,
    start_time: integer('When it starts'),
    end_time: integer('When it ends'),
    progress: integer('The player’s progress in the current period'),
    target: integer('Progress that reaches the top tier'),
    claimable: integer('Tiers ready to claim now'),
  };
}
export const activitySummarySchema = deferred(() => z.object(activitySummaryShape()));

export const activityTierSchema = deferred(() =>
  z.object({
    tier: integer('Tier index, from 0'),
    threshold: integer('Progress that reaches it'),
    reward: integer('What claiming it pays (for free_bet: the free bet’s stake)'),
    status: described(z.union([z.literal(0), z.literal(1), z.literal(2)]), '0 not reached, 1 ready to claim, 2 claimed'),
  }),
);

export const activityWinSchema = deferred(() =>
  z.object({
    tier: integer('The tier claimed'),
    period_key: described(z.string(), 'The period it was claimed for'),
    amount: integer('What it paid'),
    create_time: integer('When it was claimed'),
  }),
);

/** The brand's activities whose window has not ended more than a week ago, soonest ending first. */
export const activityList = endpoint(() => ({
  method: 'GET',
  path: `${ACTIVITY}/list`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({ currency: described(z.string(), 'Currency of the amounts'), list: z.array(activitySummarySchema) }),
}));

/** One activity with its rules, the player's progress, each tier's state and what the player has won. */
export const activityDetail = endpoint(() => ({
  method: 'GET',
  path: `${ACTIVITY}/detail`,
  host: 'main',
  auth: 'user',
  query: z.object({ activity_id: activityIdSchema }),
  body: noBody,
  data: z.object({
    ...activitySummaryShape(),
    currency: described(z.string(), 'Currency of the amounts'),
    period_key: described(z.string(), 'The current period: d:<local date> (daily-deposit, daily-cash), w:<local Monday> (week-cash), all otherwise'),
    period_end_time: integer('When the current period ends'),
    wagering: integer('Wagering of each reward, × the reward (0: paid as cash)'),
    tiers: z.array(activityTierSchema),
    won: z.array(activityWinSchema),
  }),
}));

/**
 * `receive`: pays one reached tier of the current period; exactly once however many taps arrive. A free_bet activity
 * answers the free bet in the bonus shape (`kind: 'free_bet'`, id `fb<grant id>`), as a redeemed code does.
 */
export const activityReceive = endpoint(() => ({
  method: 'POST',
  path: `${ACTIVITY}/receive`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ activity_id: activityIdSchema, tier: integer('Tier index to claim', { min: 0, max: 9 }) }),
  data: bonusSchema,
}));

const tierInput = deferred(() =>
  z.strictObject({
    threshold_minor: integer('Progress that reaches the tier', { min: 1 }),
    reward_minor: integer('What the tier pays', { min: 1 }),
  }),
);

const activityFields = {
  name: described(z.string().check(z.minLength(1), z.maxLength(80)), 'The operator’s name for it'),
  start_time: integer('Unix seconds it starts', { min: 1 }),
  end_time: integer('Unix seconds it ends', { min: 1 }),
  tiers: described(z.array(tierInput).check(z.minLength(1), z.maxLength(10)), 'Reward tiers, thresholds rising'),
};

/** Operators (behind OPS_TOKEN): create an activity for a brand. */
export const opsActivityCreateBody = deferred(() =>
  z.strictObject({
    app_key: text(40, 'The brand'),
    kind: kindSchema,
    theme: z.optional(themeSchema),
    ...activityFields,
    wagering: integer('Wagering of each reward × the reward (0: cash); fixed once created', { min: 0, max: 50 }),
  }),
);

/** Operators: edit an activity's name, window or tiers (a claimed reward keeps what it paid; kind and wagering stay). */
export const opsActivityEditBody = deferred(() => z.strictObject({ id: activityIdSchema, theme: z.optional(themeSchema), ...activityFields }));
