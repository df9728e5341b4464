import type { bonusBoosterList, bonusRealTimeInfo } from '@piranha/contract';
import type * as z from 'zod/mini';

/** A booster card as `booster/list` answers it (decision 044). */
export type Booster = z.output<(typeof bonusBoosterList)['data']>['list'][number];
export type RealTimeInfo = z.output<(typeof bonusRealTimeInfo)['data']>;
export type RealTimeRule = RealTimeInfo['rules'][number];

export type BoosterState = 'ready' | 'active' | 'attached' | 'paid' | 'expired';
const STATES: readonly BoosterState[] = ['ready', 'active', 'attached', 'paid', 'expired'];

export type BoosterTerm =
  { key: 'cap'; amount: number } | { key: 'oddsMin'; odds: number } | { key: 'stakeMax'; amount: number } | { key: 'payCash' } | { key: 'payBonus' };

export interface BoosterCardView {
  state: BoosterState;
  /** The raise in whole per cent (2500 bp → 25). */
  percent: number;
  terms: BoosterTerm[];
  /** What the card offers: activate (ready, none other active), wait (another is active), play (active), nothing. */
  action: 'activate' | 'waitOther' | 'play' | 'none';
  /** casino: minutes left of an active session (rounded up); undefined otherwise. */
  sessionMinutesLeft: number | undefined;
}

/** What one card shows, from its row, the clock and whether another card is active. */
export function boosterCardView(card: Booster, nowMs: number, otherActive: boolean): BoosterCardView {
  const expired = card.status <= 1 && card.expire_time * 1000 <= nowMs && !(card.target === 'casino' && card.status === 1);
  const state: BoosterState = expired ? 'expired' : (STATES[card.status] ?? 'expired');
  const terms: BoosterTerm[] = [{ key: 'cap', amount: card.cap }];
  if (card.target === 'sports' && card.odds_min > 0) terms.push({ key: 'oddsMin', odds: card.odds_min });
  if (card.target === 'sports' && card.stake_max > 0) terms.push({ key: 'stakeMax', amount: card.stake_max });
  terms.push(card.pay_as === 'cash' ? { key: 'payCash' } : { key: 'payBonus' });
  const action = state === 'ready' ? (otherActive ? 'waitOther' : 'activate') : state === 'active' ? 'play' : 'none';
  const sessionMinutesLeft =
    state === 'active' && card.target === 'casino' && card.session_end_time > 0
      ? Math.max(0, Math.ceil((card.session_end_time * 1000 - nowMs) / 60_000))
      : undefined;
  return { state, percent: Math.floor(card.rate_bp / 100), terms, action, sessionMinutesLeft };
}

/** Cards a player can still use or is using (the /use-bonus list); paid and expired ones follow them. */
export function boostersOrdered(cards: readonly Booster[], nowMs: number): Booster[] {
  const rank = (card: Booster) => {
    const state = boosterCardView(card, nowMs, false).state;
    return state === 'active' || state === 'attached' ? 0 : state === 'ready' ? 1 : 2;
  };
  return [...cards].sort((a, b) => rank(a) - rank(b) || Number(b.id) - Number(a.id));
}

/** The card the "bonus booster card" modal offers: the newest ready one while none is active; undefined otherwise. */
export function boosterPopupCandidate(cards: readonly Booster[], nowMs: number): Booster | undefined {
  if (cards.some((card) => card.status === 1)) return undefined;
  return cards.filter((card) => boosterCardView(card, nowMs, false).state === 'ready').sort((a, b) => Number(b.id) - Number(a.id))[0];
}

/** Where a real-time rule stands today, as 0–100 for its bar. */
export function realTimeProgress(rule: RealTimeRule): number {
  if (rule.granted_today === 1) return 100;
  const [done, goal] = rule.rule === 'losing_streak' ? [rule.streak, rule.count] : [rule.net_loss, rule.threshold];
  if (goal <= 0) return 0;
  return Math.min(100, Math.floor((done * 100) / goal));
}
