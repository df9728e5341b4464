import type { opsActivityCreateBody, opsActivityEditBody, z } from '@piranha/contract';
import { realtimeTopic } from '@piranha/contract';
import type { RealtimePublisher } from '../../realtime/realtime-bus.ts';
import {
  activityCampaignId,
  activityPeriodOf,
  activityProgressMinor,
  activitySourceOf,
  activityStatusOf,
  activityTemplateIssue,
  activityTriggerRef,
  ACTIVITY_STATUS,
  bonusAllowedInMarket,
  brandTimeZone,
  tierStatesOf,
  variantFindByKey,
  type ActivityKind,
  type CampaignTerms,
  type VariantProfile,
} from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { campaignInsert } from '../bonus/bonus.repository.ts';
import { bonusView } from '../bonus/bonus.service.ts';
import { rewardPay } from '../loyalty/loyalty.service.ts';
import {
  activitiesOfBrand,
  activityFind,
  activityInsert,
  activityUpdate,
  activityWinsOf,
  betsSettledOf,
  depositsPaidOf,
  type ActivityRow,
} from './activity.repository.ts';

/**
 * Activities (issue 19, decision 031). Progress is recomputed on every read from durable facts — the player's paid
 * pay-in orders, or settled sports bets for bet-reward (neither ever un-happens) — so nothing is counted twice and nothing needs a pass. Each tier of each period
 * pays once through the bonus engine: the activity's own campaign, trigger `activity:<period>:<tier>`, under the
 * engine's unique (campaign, player, trigger) key — of 20 concurrent taps one pays and the rest are told it was claimed.
 */

export interface ActivityDeps {
  db: Db;
  now: () => Date;
  /** The socket's events (decision 036): a first-charge offer that starts now opens its pop-up on the brand's pages. */
  realtime?: RealtimePublisher;
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
/** Ended activities stay listed for a week, so a player sees what they won. */
const LISTED_AFTER_END_MS = 7 * 86_400_000;
const WEIGHTS = { sportsOddsMinThousandths: 1500, tableBp: 1000, crashBp: 500, diceBp: 500 } as const;

function profileOf(user: SessionUser, requestAppKey: string): VariantProfile {
  const profile = variantFindByKey(user.appKey ?? requestAppKey);
  if (!profile) throw new AppError('ACTIVITY_NOT_FOUND');
  return profile;
}

/** A first deposit offer is an acquisition bonus (refused where the market forbids those); the others reward loyalty. */
const purposeOf = (kind: ActivityKind) => (kind === 'first_charge' ? 'acquisition' : 'loyalty');

async function standingOf(deps: ActivityDeps, profile: VariantProfile, userId: number, activity: ActivityRow, now: Date) {
  const period = activityPeriodOf(activity, now, brandTimeZone(profile.market));
  const read = activitySourceOf(activity.kind) === 'bet' ? betsSettledOf : depositsPaidOf;
  const progress = activityProgressMinor(activity.kind, period, await read(deps.db, userId, profile.currency));
  const wins = await activityWinsOf(deps.db, userId, activityCampaignId(activity.appKey, activity.id));
  const prefix = activityTriggerRef(period.key, 0).slice(0, -1);
  const claimed = new Set(wins.filter((win) => win.triggerRef.startsWith(prefix)).map((win) => Number(win.triggerRef.slice(prefix.length))));
  const states = tierStatesOf(progress, activity.tiers, claimed);
  return { period, progress, wins, states, status: activityStatusOf(now, activity, states) };
}

function summaryOf(activity: ActivityRow, standing: Awaited<ReturnType<typeof standingOf>>) {
  return {
    id: String(activity.id),
    kind: activity.kind,
    name: activity.name,
    status: standing.status,
    start_time: seconds(activity.startsAt),
    end_time: seconds(activity.endsAt),
    progress: standing.progress,
    target: activity.tiers.at(-1)?.thresholdMinor ?? 0,
    claimable: standing.states.filter((state) => state === 1).length,
  };
}

/** `activity/list`: the brand's current and recent activities with the player's progress. */
export async function activityListGet(deps: ActivityDeps, user: SessionUser, requestAppKey: string) {
  const profile = profileOf(user, requestAppKey);
  const now = deps.now();
  const rows = await activitiesOfBrand(deps.db, profile.appKey, new Date(now.getTime() - LISTED_AFTER_END_MS));
  const list = [];
  for (const activity of rows) list.push(summaryOf(activity, await standingOf(deps, profile, user.uid, activity, now)));
  return { currency: profile.currency, list };
}

async function activityOfBrand(deps: ActivityDeps, profile: VariantProfile, activityId: string): Promise<ActivityRow> {
  const activity = await activityFind(deps.db, Number(activityId));
  if (!activity || activity.appKey !== profile.appKey) throw new AppError('ACTIVITY_NOT_FOUND', { field: 'activity_id' });
  return activity;
}

/** `activity/detail`: rules, progress, each tier's state and what the player won. */
export async function activityDetailGet(deps: ActivityDeps, user: SessionUser, requestAppKey: string, activityId: string) {
  const profile = profileOf(user, requestAppKey);
  const activity = await activityOfBrand(deps, profile, activityId);
  const standing = await standingOf(deps, profile, user.uid, activity, deps.now());
  return {
    ...summaryOf(activity, standing),
    currency: profile.currency,
    period_key: standing.period.key,
    period_end_time: seconds(standing.period.endsAt),
    wagering: activity.wageringMultiplier,
    tiers: activity.tiers.map((tier, index) => ({ tier: index, threshold: tier.thresholdMinor, reward: tier.rewardMinor, status: standing.states[index]! })),
    won: standing.wins.map((win) => {
      const parts = win.triggerRef.split(':');
      return { tier: Number(parts.at(-1)), period_key: parts.slice(1, -1).join(':'), amount: win.amountMinor, create_time: seconds(win.createdAt) };
    }),
  };
}

/** `activity/receive`: pays one reached tier of the current period through the engine, once. */
export async function activityReceivePost(deps: ActivityDeps, user: SessionUser, requestAppKey: string, activityId: string, tier: number) {
  const profile = profileOf(user, requestAppKey);
  const activity = await activityOfBrand(deps, profile, activityId);
  const now = deps.now();
  const standing = await standingOf(deps, profile, user.uid, activity, now);
  if (standing.status === ACTIVITY_STATUS.notStart) throw new AppError('ACTIVITY_NOT_STARTED', { field: 'activity_id' });
  const state = standing.states[tier];
  if (state === undefined) throw new AppError('VALIDATION_FAILED', { field: 'tier', issue: 'unknown_tier' });
  if (state === 2) throw new AppError('ACTIVITY_CLAIMED', { field: 'tier' });
  if (now >= activity.endsAt) throw new AppError('ACTIVITY_EXPIRED', { field: 'activity_id' });
  if (state === 0) throw new AppError('ACTIVITY_TIER_NOT_REACHED', { field: 'tier' });
  const bonus = await transaction(deps.db, async (tx) => {
    const campaignId = activityCampaignId(activity.appKey, activity.id);
    const trigger = activityTriggerRef(standing.period.key, tier);
    const paid = await rewardPay(tx, profile, campaignId, user.uid, trigger, activity.tiers[tier]!.rewardMinor, now).catch((error: unknown) => {
      if (error instanceof AppError && error.errorName === 'LOYALTY_REWARD_UNAVAILABLE') throw new AppError('ACTIVITY_REWARD_UNAVAILABLE');
      throw error;
    });
    if (!paid) throw new AppError('ACTIVITY_CLAIMED', { field: 'tier' });
    return paid;
  });
  return bonusView(bonus);
}

/* Operators (behind OPS_TOKEN). */

type CreateBody = z.output<typeof opsActivityCreateBody>;
type EditBody = z.output<typeof opsActivityEditBody>;

function templateOf(body: CreateBody | EditBody) {
  return {
    name: body.name,
    startsAt: new Date(body.start_time * 1000),
    endsAt: new Date(body.end_time * 1000),
    tiers: body.tiers.map((tier) => ({ thresholdMinor: tier.threshold_minor, rewardMinor: tier.reward_minor })),
  };
}

function templateCheck(profile: VariantProfile, kind: ActivityKind, template: ReturnType<typeof templateOf>, wageringMultiplier: number) {
  const issue = activityTemplateIssue({ kind, ...template, wageringMultiplier }, profile.currency);
  if (issue) throw new AppError('VALIDATION_FAILED', { field: issue, issue: 'invalid' });
  if (!bonusAllowedInMarket(profile.market, purposeOf(kind))) throw new AppError('VALIDATION_FAILED', { field: 'kind', issue: 'forbidden_in_market' });
}

function answerOf(activity: ActivityRow) {
  return { id: String(activity.id), app_key: activity.appKey, kind: activity.kind, campaign_id: activityCampaignId(activity.appKey, activity.id) };
}

/** Creates an activity and, in the same transaction, the engine campaign its rewards pay through. */
export async function opsActivityCreate(deps: ActivityDeps, body: CreateBody) {
  const profile = variantFindByKey(body.app_key);
  if (!profile) throw new AppError('VALIDATION_FAILED', { field: 'app_key', issue: 'unknown_brand' });
  const template = templateOf(body);
  templateCheck(profile, body.kind, template, body.wagering);
  const now = deps.now();
  const activity = await transaction(deps.db, async (tx) => {
    const row = await activityInsert(tx, { appKey: profile.appKey, kind: body.kind, ...template, wageringMultiplier: body.wagering }, now);
    const terms: CampaignTerms = { purpose: purposeOf(body.kind), wagering: { multiplier: body.wagering, base: 'bonus' }, weights: WEIGHTS, lifetimeDays: 30 };
    await campaignInsert(tx, { id: activityCampaignId(profile.appKey, row.id), appKey: profile.appKey, kind: 'activity_reward', terms }, now);
    return row;
  });
  // After the commit: the brand's open pages show the first-charge pop-up (spec §4 first_charge_pop); a page whose
  // player has deposited already ignores it. One that starts later is announced by no one: its players see it listed.
  if (body.kind === 'first_charge' && activity.startsAt <= now) deps.realtime?.publish(realtimeTopic.brand(profile.appKey), { type: 'first_charge_pop' });
  return answerOf(activity);
}

/** Edits name, window and tiers; a tier already claimed keeps what it paid. Pausing is the campaign's status (bonus ops). */
export async function opsActivityEdit(deps: ActivityDeps, body: EditBody) {
  const existing = await activityFind(deps.db, Number(body.id));
  if (!existing) throw new AppError('ACTIVITY_NOT_FOUND', { field: 'id' });
  const profile = variantFindByKey(existing.appKey)!;
  const template = templateOf(body);
  templateCheck(profile, existing.kind, template, existing.wageringMultiplier);
  const updated = await activityUpdate(deps.db, existing.id, template, deps.now());
  return answerOf(updated ?? existing);
}
