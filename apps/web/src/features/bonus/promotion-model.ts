import type { bonusPromotionList, FreeRoundGrant } from '@piranha/contract';
import type * as z from 'zod/mini';
import { bonusCountdown, type Countdown } from './bonus-model.ts';

export type Promotion = z.output<(typeof bonusPromotionList)['data']>['list'][number];

/** Where a promotion card leads: the page where the player takes the offer. */
export type PromotionTarget = 'deposit' | 'register' | 'freeRounds' | 'bonus';

export interface PromotionCardView {
  /** `promotion.kind.<kind>` when known, else `promotion.kind.other`. */
  kindKey: 'first_deposit' | 'sign_up' | 'free_rounds' | 'reload' | 'daily_deposit' | 'other';
  /** The headline: a match "rate% up to max", a fixed amount, or rounds on a game. */
  headline: { key: 'match'; percent: number; max: number } | { key: 'fixed'; amount: number } | { key: 'rounds'; rounds: number; gameId: string; bet: number };
  /** Terms lines (`promotion.terms.<key>`). */
  terms: (
    | { key: 'wager'; times: number }
    | { key: 'noWager' }
    | { key: 'depositMin'; amount: number }
    | { key: 'lifetime'; days: number }
    | { key: 'winToBonus' }
    | { key: 'winToCash' }
  )[];
  target: PromotionTarget;
}

const KNOWN_KINDS = ['first_deposit', 'sign_up', 'free_rounds', 'reload', 'daily_deposit'] as const;

/** What a /promotion card shows for a running campaign; `signedIn` sends a sign-up offer to the bonus page instead. */
export function promotionCardView(promotion: Promotion, signedIn: boolean): PromotionCardView {
  const kindKey = (KNOWN_KINDS as readonly string[]).includes(promotion.kind) ? (promotion.kind as PromotionCardView['kindKey']) : 'other';
  const rounds = promotion.free_rounds;
  const headline: PromotionCardView['headline'] = rounds
    ? { key: 'rounds', rounds: rounds.rounds, gameId: rounds.game_id, bet: rounds.bet }
    : promotion.rate_bp > 0
      ? { key: 'match', percent: Math.floor(promotion.rate_bp / 100), max: promotion.max }
      : { key: 'fixed', amount: promotion.amount };
  const terms: PromotionCardView['terms'] = [];
  if (rounds) terms.push(rounds.win_to === 'bonus' ? { key: 'winToBonus' } : { key: 'winToCash' });
  if (!rounds || rounds.win_to === 'bonus') terms.push(promotion.wagering > 0 ? { key: 'wager', times: promotion.wagering } : { key: 'noWager' });
  if (promotion.deposit_min > 0) terms.push({ key: 'depositMin', amount: promotion.deposit_min });
  terms.push({ key: 'lifetime', days: promotion.lifetime_days });
  const target: PromotionTarget =
    kindKey === 'free_rounds' ? 'freeRounds' : kindKey === 'sign_up' ? (signedIn ? 'bonus' : 'register') : kindKey === 'other' ? 'bonus' : 'deposit';
  return { kindKey, headline, terms, target };
}

export interface FreeRoundsCardView {
  status: FreeRoundGrant['status'];
  /** Rounds played of the total, as a whole per cent. */
  playedPercent: number;
  countdown: Countdown | null;
  /** Available grants open their game; the others say why they ended. */
  canPlay: boolean;
}

export function freeRoundsCardView(grant: FreeRoundGrant, nowMs: number): FreeRoundsCardView {
  const played = Math.max(0, grant.total - grant.remaining);
  const countdown = grant.status === 'available' ? bonusCountdown(grant.expires_at, nowMs) : null;
  const lapsed = countdown?.unit === 'ended';
  return {
    status: lapsed ? 'expired' : grant.status,
    playedPercent: grant.total > 0 ? Math.floor((played * 100) / grant.total) : 0,
    countdown,
    canPlay: grant.status === 'available' && !lapsed,
  };
}

/** Award kinds with their own name (`award.kind.<kind>`); anything else is a prize. */
const AWARD_KINDS = [
  'rank_prize',
  'raffle_prize',
  'activity_reward',
  'vip_spin',
  'task_reward',
  'vip_level_up',
  'week_free',
  'month_free',
  'cash_back',
] as const;
export type AwardKindKey = (typeof AWARD_KINDS)[number] | 'other';

export function awardKindKey(kind: string): AwardKindKey {
  return (AWARD_KINDS as readonly string[]).includes(kind) ? (kind as AwardKindKey) : 'other';
}
