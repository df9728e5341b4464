import type { CurrencyCode } from '../money/currency.ts';
import { bonusMaxMinor } from '../payments/limits.ts';
import type { VariantProfile } from '../variants/profile.ts';
import { depositMatchMinor, fixedBonusMinor, type BonusPurpose } from './bonus-grant.ts';
import type { BoosterTerms, RealTimeRule } from './bonus-booster.ts';
import type { WageringTerms } from './bonus-wagering.ts';
import type { WageringWeights } from './wagering-contribution.ts';

/**
 * The offers the engine grants today (issue 17; VIP level-ups, task rewards and ranking prizes, issue 18); each brand has
 * its own rows of each. `sign_up` is granted at e-mail registration under the abuse rules of bonus-sign-up.ts
 * (decision 024); no brand gets one by default, an operator creates it. Reload offers join when their consumers exist
 * (decision 018 lists what is still to build).
 */
export const CAMPAIGN_KINDS = [
  'first_deposit',
  'redeem_code',
  'sign_up',
  'vip_level_up',
  'task_reward',
  'rank_prize',
  'cash_back',
  'activity_reward',
  'free_bet',
  'vip_spin',
  'week_free',
  'month_free',
  'raffle_prize',
  'free_rounds',
  // decision 044: booster cards (by codes), real-time bonuses (a play rule), reload and daily-deposit matches
  'booster',
  'real_time',
  'reload',
  'daily_deposit',
  // decision 051: the inviter's reward when an invitee qualifies
  'referral_reward',
  // decision 053: the installed-web-app reward, once per player
  'pwa_install',
  // decision 052: each money rain's grabs
  'money_rain',
] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

export const CAMPAIGN_STATUSES = ['active', 'paused', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** What a campaign promises, in the brand's currency's minor units. */
export interface CampaignTerms {
  purpose: BonusPurpose;
  /** A fixed amount (sign-up, code); a deposit match uses `rateBp` of the deposit up to `maxMinor` instead. */
  amountMinor?: number | undefined;
  rateBp?: number | undefined;
  maxMinor?: number | undefined;
  /** A deposit below this earns nothing. */
  depositMinMinor?: number | undefined;
  wagering: WageringTerms;
  weights: WageringWeights;
  /** Largest stake while the bonus is unlocking; undefined for none. */
  stakeMaxMinor?: number | undefined;
  /** Largest part of the bonus that becomes cash when unlocked; undefined for all of it. */
  conversionCapMinor?: number | undefined;
  /** Days from the grant to expiry. */
  lifetimeDays: number;
  /** A free_bet campaign: the lowest total odds (thousandths) its free bet may be placed at; undefined for any. */
  freeBetOddsMinThousandths?: number | undefined;
  /** A booster campaign: what its cards raise and how (decision 044). */
  booster?: BoosterTerms | undefined;
  /** A real_time campaign: the play rule that grants it, once per UTC day (decision 044). */
  realTimeRule?: RealTimeRule | undefined;
  /** A reload campaign: the period (days) it grants at most once in; daily_deposit is always one day. */
  periodDays?: number | undefined;
  /** A free_rounds campaign: which house slot, how many rounds at which stake, and where their winnings go. */
  freeRounds?: FreeRoundsTerms | undefined;
  /**
   * The experiment arm the campaign is for (decision 040): a sign_up campaign with 'B' grants only to players in arm
   * B of `register_bonus_ab`, a first_deposit one to arm B of `first_charge_ab`; undefined grants to every arm.
   */
  abArm?: 'A' | 'B' | undefined;
}

/**
 * Where free-round winnings land: `cash` (each round's win is paid to cash as it settles) or `bonus` (the grant's
 * total win becomes one bonus with the campaign's wagering once the rounds are played or lapse).
 */
export type FreeRoundsWinTo = 'cash' | 'bonus';

/** What grants a free_rounds campaign's rounds: a redeem code the operator issues, or the player's first deposit. */
export type FreeRoundsTrigger = 'code' | 'first_deposit';

export interface FreeRoundsTerms {
  gameId: string;
  rounds: number;
  stakeMinor: number;
  winTo: FreeRoundsWinTo;
  on: FreeRoundsTrigger;
}

/** The rules a granted bonus keeps for life, copied from its campaign so an edit never changes a player's deal. */
export interface BonusRules {
  weights: WageringWeights;
  stakeMaxMinor?: number | undefined;
  conversionCapMinor?: number | undefined;
}

export function bonusRulesOf(terms: CampaignTerms): BonusRules {
  return { weights: terms.weights, stakeMaxMinor: terms.stakeMaxMinor, conversionCapMinor: terms.conversionCapMinor };
}

/** The bonus a campaign grants for an event: a match of the deposit, or its fixed amount; 0 means nothing is due. */
export function campaignBonusMinor(terms: CampaignTerms, depositMinor: number, currency: CurrencyCode): number {
  if (terms.rateBp !== undefined) {
    if (depositMinor < (terms.depositMinMinor ?? 0)) return 0;
    return depositMatchMinor(depositMinor, terms.rateBp, terms.maxMinor ?? bonusMaxMinor(currency), currency);
  }
  return fixedBonusMinor(terms.amountMinor ?? 0, currency);
}

const DAY_MS = 24 * 3600 * 1000;

export function bonusExpiresAt(grantedAt: Date, terms: Pick<CampaignTerms, 'lifetimeDays'>): Date {
  return new Date(grantedAt.getTime() + terms.lifetimeDays * DAY_MS);
}

/** Contributions most operators publish: sports at 1.50 or more, roulette 10 %, crash and dice 5 %. */
const WEIGHTS_DEFAULT: WageringWeights = { sportsOddsMinThousandths: 1500, tableBp: 1000, crashBp: 500, diceBp: 500 };

/**
 * The campaigns every brand starts with (seeded at boot, then the operator's to change): a 100 % first-deposit match
 * up to the country maximum and a redeem-code campaign. Amounts scale with the
 * country maximum so a peso brand and a real brand offer the same deal.
 */
export function bonusCampaignsDefault(profile: Pick<VariantProfile, 'appKey' | 'currency'>): { id: string; kind: CampaignKind; terms: CampaignTerms }[] {
  const max = bonusMaxMinor(profile.currency);
  const step = Math.max(1, Math.round(max / 600));
  const base = { weights: WEIGHTS_DEFAULT, lifetimeDays: 30 } as const;
  return [
    {
      id: `${profile.appKey}:first_deposit`,
      kind: 'first_deposit',
      terms: {
        ...base,
        purpose: 'acquisition',
        rateBp: 10_000,
        maxMinor: max,
        depositMinMinor: 10 * step,
        wagering: { multiplier: 10, base: 'bonus' },
        stakeMaxMinor: 50 * step,
      },
    },
    {
      id: `${profile.appKey}:redeem_code`,
      kind: 'redeem_code',
      terms: { ...base, purpose: 'loyalty', amountMinor: 5 * step, wagering: { multiplier: 3, base: 'bonus' }, lifetimeDays: 14 },
    },
  ];
}

/** Campaigns of these kinds are redeemed with codes an operator issues (decision 024). */
export const CODE_CAMPAIGN_KINDS: readonly CampaignKind[] = ['redeem_code', 'free_bet', 'free_rounds', 'booster'];

export function campaignTakesCodes(kind: string): boolean {
  return (CODE_CAMPAIGN_KINDS as readonly string[]).includes(kind);
}

/** What one grant of a free_bet campaign gives: a stake (capped like every fixed grant), its minimum odds and expiry. */
export interface FreeBetGrantTerms {
  amountMinor: number;
  oddsMinThousandths: number | undefined;
  expiresAt: Date;
}

export function freeBetGrantTermsOf(terms: CampaignTerms, grantedAt: Date, currency: CurrencyCode): FreeBetGrantTerms {
  return {
    amountMinor: fixedBonusMinor(terms.amountMinor ?? 0, currency),
    oddsMinThousandths: terms.freeBetOddsMinThousandths,
    expiresAt: bonusExpiresAt(grantedAt, terms),
  };
}

/** Total odds of a bet (thousandths, rounded down): the product of its legs' odds. */
export function betOddsTotalThousandths(legOddsThousandths: readonly number[]): number {
  return Math.floor(legOddsThousandths.reduce((total, odds) => (total * odds) / 1000, 1000));
}

/** Whether a free bet granted with these terms may stake on a bet at `oddsThousandths` at `at`. */
export function freeBetUsable(
  grant: { oddsMinThousandths: number | null | undefined; expiresAt: Date | null | undefined },
  oddsThousandths: number,
  at: Date,
): boolean {
  if (grant.expiresAt && grant.expiresAt.getTime() <= at.getTime()) return false;
  return grant.oddsMinThousandths == null || oddsThousandths >= grant.oddsMinThousandths;
}

/** What one grant of a free_rounds campaign gives; undefined when the campaign names no rounds. */
export interface FreeRoundsGrantTerms extends FreeRoundsTerms {
  expiresAt: Date;
}

export function freeRoundsGrantTermsOf(terms: CampaignTerms, grantedAt: Date): FreeRoundsGrantTerms | undefined {
  const rounds = terms.freeRounds;
  if (!rounds || !Number.isSafeInteger(rounds.rounds) || rounds.rounds < 1 || !Number.isSafeInteger(rounds.stakeMinor) || rounds.stakeMinor < 1)
    return undefined;
  return { ...rounds, expiresAt: bonusExpiresAt(grantedAt, terms) };
}

/**
 * The bonus a free-rounds grant paying into bonus money becomes: its total win, capped like every fixed grant by the
 * country maximum (spec §9) and by the campaign's own `maxMinor` when it has one; 0 grants nothing.
 */
export function freeRoundsWinBonusMinor(winTotalMinor: number, terms: Pick<CampaignTerms, 'maxMinor'>, currency: CurrencyCode): number {
  if (!Number.isSafeInteger(winTotalMinor) || winTotalMinor <= 0) return 0;
  return Math.min(fixedBonusMinor(winTotalMinor, currency), terms.maxMinor ?? Number.MAX_SAFE_INTEGER);
}

/**
 * Whether a bonus-paying free-rounds grant is finished, so its winnings can become a bonus: every round played (or the
 * grant lapsed) and no round of it still waiting for its money.
 */
export function freeRoundsGrantFinished(grant: { remaining: number; expiresAt: Date }, roundsInFlight: number, at: Date): boolean {
  if (roundsInFlight > 0) return false;
  return grant.remaining === 0 || grant.expiresAt.getTime() <= at.getTime();
}

/**
 * Awards (route /award): prizes won elsewhere — a ranking, a raffle, an activity, a VIP spin, a task, the weekly and
 * monthly VIP gifts, cash-back — that land in the bonus wallet. The award lists are the bonuses of these kinds.
 */
export const AWARD_CAMPAIGN_KINDS: readonly CampaignKind[] = [
  'rank_prize',
  'raffle_prize',
  'activity_reward',
  'vip_spin',
  'task_reward',
  'vip_level_up',
  'week_free',
  'month_free',
  'cash_back',
  'pwa_install',
];

export function campaignIsAward(kind: string): boolean {
  return (AWARD_CAMPAIGN_KINDS as readonly string[]).includes(kind);
}

/**
 * The brand's running offers a player may see on /promotion: deposit and sign-up offers, free rounds a deposit earns,
 * and the offer kinds other helpers add (reload, daily deposit, booster, real-time). Code-only campaigns, awards and
 * the engine's internal kinds stay hidden: a player cannot take them from a card.
 */
export const PROMOTED_CAMPAIGN_KINDS: readonly string[] = ['first_deposit', 'sign_up', 'free_rounds', 'reload', 'daily_deposit', 'booster', 'real_time'];

export function campaignPromoted(kind: string, terms: Pick<CampaignTerms, 'freeRounds'>): boolean {
  if (!PROMOTED_CAMPAIGN_KINDS.includes(kind)) return false;
  return kind !== 'free_rounds' || terms.freeRounds?.on === 'first_deposit';
}
