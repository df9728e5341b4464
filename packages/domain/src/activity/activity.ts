import type { CurrencyCode } from '../money/currency.ts';
import { bonusMaxMinor } from '../payments/limits.ts';
import { periodWindowOf } from '../loyalty/brand-time.ts';

/**
 * Activities (issue 19, decision 031): data-driven templates per brand. A template has a window, a kind (which
 * durable facts fill its progress) and reward tiers; each reached tier pays once per period through the bonus engine.
 * Progress is never stored: it is recomputed from durable facts — paid pay-in orders, or for bet-reward the stakes of
 * settled sports bets — so a fact counts exactly once by construction.
 */
export const ACTIVITY_KINDS = [
  'first_charge',
  'daily_deposit',
  'total_deposit',
  'bet_reward',
  'daily_cash',
  'week_cash',
  'free_bet',
  'ui_switch_reward',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * A template's art (decision 061): `standard`, or a seasonal look of any kind — `christmas` shows on
 * /activity/christmas with its own drawing. The kind decides the rules; the theme only the page.
 */
export const ACTIVITY_THEMES = ['standard', 'christmas'] as const;
export type ActivityTheme = (typeof ACTIVITY_THEMES)[number];

/** Spec §4 activity status. */
export const ACTIVITY_STATUS = { notStart: 0, inProgress: 1, finished: 2, expired: 3 } as const;
export type ActivityStatus = (typeof ACTIVITY_STATUS)[keyof typeof ACTIVITY_STATUS];

/** A tier's state for one player: 0 not reached, 1 ready to claim, 2 claimed. */
export type TierState = 0 | 1 | 2;

export interface ActivityTier {
  /** Progress (minor units) that reaches the tier. */
  thresholdMinor: number;
  rewardMinor: number;
}

export interface ActivityTemplate {
  kind: ActivityKind;
  startsAt: Date;
  endsAt: Date;
  tiers: readonly ActivityTier[];
  /** Wagering of the reward (× the reward); 0 pays cash. */
  wageringMultiplier: number;
}

/**
 * Which durable facts fill an activity's progress: paid deposits; the stakes of settled sports bets (bet-reward,
 * daily-cash, week-cash, free-bet); or the moment the player first turned the newer UI on, as the server recorded it
 * (ui-switch-reward).
 */
export function activitySourceOf(kind: ActivityKind): 'deposit' | 'bet' | 'ui_switch' {
  if (kind === 'bet_reward' || kind === 'daily_cash' || kind === 'week_cash' || kind === 'free_bet') return 'bet';
  return kind === 'ui_switch_reward' ? 'ui_switch' : 'deposit';
}

/** How a reached tier pays: through the engine as a bonus (cash when nothing is to be wagered), or as a free bet. */
export function activityRewardOf(kind: ActivityKind): 'bonus' | 'free_bet' {
  return kind === 'free_bet' ? 'free_bet' : 'bonus';
}

/** One fact of the player in the brand's currency: a paid deposit, or a settled bet's stake (`paidAt` = settled). */
export interface DepositFact {
  amountMinor: number;
  paidAt: Date;
}

/** What is wrong with a template, as the field to blame; undefined when it is valid for the currency. */
export function activityTemplateIssue(template: ActivityTemplate, currency: CurrencyCode): string | undefined {
  if (!(template.endsAt.getTime() > template.startsAt.getTime())) return 'end_time';
  if (template.tiers.length === 0 || template.tiers.length > 10) return 'tiers';
  const max = bonusMaxMinor(currency);
  for (let index = 0; index < template.tiers.length; index += 1) {
    const tier = template.tiers[index]!;
    if (!Number.isSafeInteger(tier.thresholdMinor) || tier.thresholdMinor <= 0) return `tiers.${index}.threshold`;
    if (!Number.isSafeInteger(tier.rewardMinor) || tier.rewardMinor <= 0 || tier.rewardMinor > max) return `tiers.${index}.reward`;
    if (index > 0 && tier.thresholdMinor <= template.tiers[index - 1]!.thresholdMinor) return `tiers.${index}.threshold`;
  }
  if (!Number.isInteger(template.wageringMultiplier) || template.wageringMultiplier < 0 || template.wageringMultiplier > 50) return 'wagering';
  // A free bet is staked, never wagered; turning the UI on happens once, so it has one tier reached by doing it.
  if (template.kind === 'free_bet' && template.wageringMultiplier !== 0) return 'wagering';
  if (template.kind === 'ui_switch_reward' && (template.tiers.length !== 1 || template.tiers[0]!.thresholdMinor !== 1)) return 'tiers';
  return undefined;
}

/** How often a template's tiers can be claimed again: each brand day, each brand week (from Monday), or once. */
export function activityPeriodKindOf(kind: ActivityKind): 'daily' | 'weekly' | 'window' {
  if (kind === 'daily_deposit' || kind === 'daily_cash') return 'daily';
  return kind === 'week_cash' ? 'weekly' : 'window';
}

/**
 * The period a claim belongs to: the brand's day (daily-deposit, daily-cash) or week starting Monday (week-cash) in
 * its market's time zone, cut to the window; the whole window otherwise (key `all`).
 */
export function activityPeriodOf(template: Pick<ActivityTemplate, 'kind' | 'startsAt' | 'endsAt'>, now: Date, timeZone: string) {
  const periodKind = activityPeriodKindOf(template.kind);
  if (periodKind !== 'window') {
    const day = periodWindowOf(now, timeZone, periodKind);
    const startsAt = day.startsAt > template.startsAt ? day.startsAt : template.startsAt;
    const endsAt = day.endsAt < template.endsAt ? day.endsAt : template.endsAt;
    return { key: day.key, startsAt, endsAt };
  }
  return { key: 'all', startsAt: template.startsAt, endsAt: template.endsAt };
}

/**
 * Progress of one player for the period: first-charge counts the player's first paid deposit ever, and only when it
 * was paid inside the window; daily and total deposit add every deposit paid inside the period; bet-reward adds the
 * stake of every bet settled inside it (daily-cash: of the brand day; week-cash: of the brand week). ui-switch-reward is 1
 * once the player has turned the newer UI on, whenever that was before the period ends (one fact: the first time).
 */
export function activityProgressMinor(kind: ActivityKind, period: { startsAt: Date; endsAt: Date }, deposits: readonly DepositFact[]): number {
  const inside = (fact: DepositFact) => fact.paidAt >= period.startsAt && fact.paidAt < period.endsAt;
  if (kind === 'ui_switch_reward') return deposits.some((fact) => fact.paidAt < period.endsAt) ? 1 : 0;
  if (kind === 'first_charge') {
    const first = [...deposits].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime())[0];
    return first !== undefined && inside(first) ? first.amountMinor : 0;
  }
  return deposits.filter(inside).reduce((sum, fact) => sum + fact.amountMinor, 0);
}

export function tierStatesOf(progressMinor: number, tiers: readonly ActivityTier[], claimed: ReadonlySet<number>): TierState[] {
  return tiers.map((tier, index) => (claimed.has(index) ? 2 : progressMinor >= tier.thresholdMinor ? 1 : 0));
}

/**
 * Spec §4 status of an activity for one player: 0 before its window, 3 after it, 2 when every tier of the current
 * period is claimed, 1 otherwise.
 */
export function activityStatusOf(now: Date, template: Pick<ActivityTemplate, 'startsAt' | 'endsAt'>, states: readonly TierState[]): ActivityStatus {
  if (now < template.startsAt) return ACTIVITY_STATUS.notStart;
  if (states.length > 0 && states.every((state) => state === 2)) return ACTIVITY_STATUS.finished;
  if (now >= template.endsAt) return ACTIVITY_STATUS.expired;
  return ACTIVITY_STATUS.inProgress;
}

/** The engine campaign an activity pays through, and the trigger that makes each tier of each period pay once. */
export function activityCampaignId(appKey: string, activityId: number): string {
  return `${appKey}:activity:${activityId}`;
}

export function activityTriggerRef(periodKey: string, tier: number): string {
  return `activity:${periodKey}:${tier}`;
}
