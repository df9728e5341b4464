import type { opsActivityCreateBody, opsActivityEditBody } from '@piranha/contract';
import type * as z from 'zod/mini';
import { realtimeTopic } from '@piranha/contract';
import type { RealtimePublisher } from '../../realtime/realtime-bus.ts';
import {
  activityCampaignId,
  activityPeriodOf,
  activityProgressMinor,
  activityRewardOf,
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
  type ActivityTheme,
  type CampaignTerms,
  type VariantProfile,
} from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { isUniqueViolation } from '../account/account-profile.service.ts';
import { bonusFreeBetGrant } from '../bonus/bonus-ledger.service.ts';
import { campaignFind, campaignInsert } from '../bonus/bonus.repository.ts';
import { bonusView, freeBetView } from '../bonus/bonus.service.ts';
import { rewardPay } from '../loyalty/loyalty.service.ts';
import {
  activitiesOfBrand,
  activityFind,
  activityInsert,
  activityUpdate,
  activityWinsOf,
  betsSettledOf,
  depositsPaidOf,
  uiSwitchActivityOf,
  uiSwitchedOnOf,
  type ActivityRow,
} from './activity.repository.ts';

/**
 * Activities (issue 19, decisions 031 and 061). Progress is recomputed on every read from durable facts — the player's
 * paid pay-in orders; settled sports bets for bet-reward, daily-cash, week-cash and free-bet; the recorded first time
 * the newer UI was switched on for ui-switch-reward (none of which ever un-happens) — so nothing is counted twice and
 * nothing needs a pass. Each tier of each period pays once through the bonus engine: the activity's own campaign,
 * trigger `activity:<period>:<tier>`, under the engine's unique (campaign, player, trigger) key — or, for a free bet,
 * the free-bet grant's unique (player, reason) — so of 20 concurrent taps one pays and the rest are told it was claimed.
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
  const source = activitySourceOf(activity.kind);
  const facts =
    source === 'ui_switch'
      ? await uiSwitchedOnOf(deps.db, userId)
      : await (source === 'bet' ? betsSettledOf : depositsPaidOf)(deps.db, userId, profile.currency);
  const progress = activityProgressMinor(activity.kind, period, facts);
  const wins = await activityWinsOf(deps.db, userId, activityCampaignId(activity.appKey, activity.id), activityRewardOf(activity.kind));
  const prefix = activityTriggerRef(period.key, 0).slice(0, -1);
  const claimed = new Set(wins.filter((win) => win.triggerRef.startsWith(prefix)).map((win) => Number(win.triggerRef.slice(prefix.length))));
  const states = tierStatesOf(progress, activity.tiers, claimed);
  return { period, progress, wins, states, status: activityStatusOf(now, activity, states) };
}

function summaryOf(activity: ActivityRow, standing: Awaited<ReturnType<typeof standingOf>>) {
  return {
    id: String(activity.id),
    kind: activity.kind,
    theme: activity.theme,
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
  const campaignId = activityCampaignId(activity.appKey, activity.id);
  const trigger = activityTriggerRef(standing.period.key, tier);
  if (activityRewardOf(activity.kind) === 'free_bet') {
    const grant = await transaction(deps.db, async (tx) => {
      const campaign = await campaignFind(tx, campaignId);
      if (!campaign || campaign.status !== 'active' || !bonusAllowedInMarket(profile.market, campaign.terms.purpose))
        throw new AppError('ACTIVITY_REWARD_UNAVAILABLE');
      const granted = await bonusFreeBetGrant(tx, {
        campaign,
        userId: user.uid,
        triggerRef: trigger,
        currency: profile.currency,
        amountMinor: activity.tiers[tier]!.rewardMinor,
        now,
      });
      if (granted) return granted;
      // Nothing granted: another tap won the race, or the player may not receive marketing now (decision 027).
      const won = await activityWinsOf(tx, user.uid, campaignId, 'free_bet');
      if (won.some((win) => win.triggerRef === trigger)) throw new AppError('ACTIVITY_CLAIMED', { field: 'tier' });
      throw new AppError('ACTIVITY_REWARD_UNAVAILABLE');
    });
    return freeBetView(grant, now);
  }
  const bonus = await transaction(deps.db, async (tx) => {
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

function templateOf(body: CreateBody | EditBody, theme: ActivityTheme) {
  return {
    name: body.name,
    theme,
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
  return {
    id: String(activity.id),
    app_key: activity.appKey,
    kind: activity.kind,
    theme: activity.theme,
    campaign_id: activityCampaignId(activity.appKey, activity.id),
  };
}

/** A free bet won from an activity can be staked for this long. */
const FREE_BET_LIFETIME_DAYS = 7;
const oncePerBrand = () => new AppError('VALIDATION_FAILED', { field: 'kind', issue: 'one_per_brand' });

/**
 * Creates an activity and, in the same transaction, the engine campaign its rewards pay through: `activity_reward`,
 * or `free_bet` for a free-bet activity (each tier's reward is the free bet's stake). Turning the UI on is rewarded
 * once per player ever, so a brand has at most one ui-switch-reward activity (its window and tiers can be edited).
 */
export async function opsActivityCreate(deps: ActivityDeps, body: CreateBody) {
  const profile = variantFindByKey(body.app_key);
  if (!profile) throw new AppError('VALIDATION_FAILED', { field: 'app_key', issue: 'unknown_brand' });
  const template = templateOf(body, body.theme ?? 'standard');
  templateCheck(profile, body.kind, template, body.wagering);
  if (body.kind === 'ui_switch_reward' && (await uiSwitchActivityOf(deps.db, profile.appKey))) throw oncePerBrand();
  const now = deps.now();
  const freeBet = activityRewardOf(body.kind) === 'free_bet';
  const activity = await transaction(deps.db, async (tx) => {
    const row = await activityInsert(tx, { appKey: profile.appKey, kind: body.kind, ...template, wageringMultiplier: body.wagering }, now);
    const terms: CampaignTerms = {
      purpose: purposeOf(body.kind),
      wagering: { multiplier: body.wagering, base: 'bonus' },
      weights: WEIGHTS,
      lifetimeDays: freeBet ? FREE_BET_LIFETIME_DAYS : 30,
    };
    const kind = freeBet ? 'free_bet' : 'activity_reward';
    await campaignInsert(tx, { id: activityCampaignId(profile.appKey, row.id), appKey: profile.appKey, kind, terms }, now);
    return row;
  }).catch((error: unknown) => {
    // Two creations raced past the check: the unique index keeps one.
    if (body.kind === 'ui_switch_reward' && isUniqueViolation(error)) throw oncePerBrand();
    throw error;
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
  const template = templateOf(body, body.theme ?? existing.theme);
  templateCheck(profile, existing.kind, template, existing.wageringMultiplier);
  const updated = await activityUpdate(deps.db, existing.id, template, deps.now());
  return answerOf(updated ?? existing);
}
