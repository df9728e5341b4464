import type { CurrencyCode } from '../money/currency.ts';
import { fixedBonusMinor } from './bonus-grant.ts';

/**
 * Booster cards, real-time bonuses and reload offers (issue 17, decision 044). Pure rules; the server's bonus pass
 * applies them to durable rows (bets, casino rounds, payment events).
 */

/** What a booster card raises: the player's next qualifying sports bet, or a casino session's winnings. */
export type BoosterTarget = 'sports' | 'casino';
/** How the extra is paid: straight to cash, or as a bonus with the campaign's wagering. */
export type BoosterPayAs = 'cash' | 'bonus';

export interface BoosterTerms {
  target: BoosterTarget;
  /** The raise in basis points of the winnings (2500 = +25 %). */
  rateBp: number;
  /** Largest extra one card pays. */
  capMinor: number;
  payAs: BoosterPayAs;
  /** sports: lowest total odds (thousandths) of a qualifying bet; undefined for any. */
  oddsMinThousandths?: number | undefined;
  /** sports: largest stake of a qualifying bet; undefined for any. */
  stakeMaxMinor?: number | undefined;
  /** casino: how long the boosted session lasts from activation. */
  sessionMinutes?: number | undefined;
}

/** Booster card status: 0 ready, 1 active (waiting for its bet or session), 2 attached to a bet, 3 paid, 4 expired. */
export const BOOSTER_STATUS = { ready: 0, active: 1, attached: 2, paid: 3, expired: 4 } as const;
export type BoosterStatus = (typeof BOOSTER_STATUS)[keyof typeof BOOSTER_STATUS];

export interface BoosterBet {
  stakeMinor: number;
  oddsTotalThousandths: number;
  freeBet: boolean;
}

/** Whether a sports bet is the one an active card raises: not a free bet, at or above the minimum odds, within the stake. */
export function boosterQualifies(terms: Pick<BoosterTerms, 'target' | 'oddsMinThousandths' | 'stakeMaxMinor'>, bet: BoosterBet): boolean {
  if (terms.target !== 'sports' || bet.freeBet || bet.stakeMinor <= 0) return false;
  if (terms.oddsMinThousandths !== undefined && bet.oddsTotalThousandths < terms.oddsMinThousandths) return false;
  return terms.stakeMaxMinor === undefined || bet.stakeMinor <= terms.stakeMaxMinor;
}

/**
 * The extra a card pays on winnings (a sports bet's payout beyond its stake, or a session's net win): the rate of
 * them, rounded down, never above the card's cap nor the country maximum; nothing on a loss.
 */
export function boosterExtraMinor(winningsMinor: number, terms: Pick<BoosterTerms, 'rateBp' | 'capMinor'>, currency: CurrencyCode): number {
  if (!Number.isSafeInteger(winningsMinor)) throw new RangeError(`winnings must be an integer, got ${winningsMinor}`);
  if (winningsMinor <= 0) return 0;
  const raised = Math.floor((winningsMinor * terms.rateBp) / 10_000);
  return Math.min(raised, fixedBonusMinor(terms.capMinor, currency));
}

/** When an activated casino card's session ends. */
export function boosterSessionEnd(activatedAt: Date, terms: Pick<BoosterTerms, 'sessionMinutes'>): Date {
  return new Date(activatedAt.getTime() + (terms.sessionMinutes ?? 60) * 60_000);
}

/**
 * After a resettlement, what moves: the difference between the extra now due and what was paid. A take-back never
 * exceeds what the player's wallet holds (the rest stays with the player; their cash never goes negative).
 */
export function boosterAdjustMinor(dueMinor: number, paidMinor: number, walletMinor: number): number {
  const delta = dueMinor - paidMinor;
  return delta >= 0 ? delta : -Math.min(-delta, Math.max(0, walletMinor));
}

// --- Real-time bonus ---------------------------------------------------------------------------------------------

/** A real-time bonus's rule: N settled losing bets in a row, or a net loss of at least X, within one UTC day. */
export type RealTimeRule = { kind: 'losing_streak'; count: number } | { kind: 'net_loss'; thresholdMinor: number };

/** The rule's window: the UTC day, so a rule grants at most once per player and day (the grant's trigger). */
export function realTimeWindowKey(at: Date): string {
  return `day:${at.toISOString().slice(0, 10)}`;
}

export function realTimeWindowStart(at: Date): Date {
  return new Date(`${at.toISOString().slice(0, 10)}T00:00:00.000Z`);
}

/** A settled bet or round of the day, oldest first: its stake and what it returned. */
export interface PlaySettled {
  stakeMinor: number;
  returnMinor: number;
}

/** A losing streak counts the latest settled results: a loss returns nothing; a win, push or void breaks it. */
export function losingStreak(settled: readonly PlaySettled[]): number {
  let streak = 0;
  for (let index = settled.length - 1; index >= 0; index -= 1) {
    const play = settled[index]!;
    if (play.stakeMinor > 0 && play.returnMinor === 0) streak += 1;
    else break;
  }
  return streak;
}

export function netLossMinor(settled: readonly PlaySettled[]): number {
  return settled.reduce((sum, play) => sum + play.stakeMinor - play.returnMinor, 0);
}

export function realTimeRuleMet(rule: RealTimeRule, settled: readonly PlaySettled[]): boolean {
  switch (rule.kind) {
    case 'losing_streak':
      return rule.count > 0 && losingStreak(settled) >= rule.count;
    case 'net_loss':
      return rule.thresholdMinor > 0 && netLossMinor(settled) >= rule.thresholdMinor;
  }
}

// --- Reload and daily-deposit offers -----------------------------------------------------------------------------

const DAY_MS = 24 * 3600 * 1000;

/**
 * The period a non-first deposit falls in, as the grant's trigger: `daily_deposit` once per UTC day, `reload` once
 * per `periodDays` (default 7) counted from the Unix epoch. A second deposit in the same period earns nothing.
 */
export function depositOfferPeriodKey(kind: 'reload' | 'daily_deposit', at: Date, periodDays: number | undefined): string {
  if (kind === 'daily_deposit') return `day:${at.toISOString().slice(0, 10)}`;
  const days = Math.max(1, Math.floor(periodDays ?? 7));
  return `period${days}:${Math.floor(at.getTime() / (days * DAY_MS))}`;
}
