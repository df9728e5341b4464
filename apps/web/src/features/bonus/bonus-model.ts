import type { bonusSchema } from '@piranha/contract';
import type * as z from 'zod/mini';

export type Bonus = z.output<typeof bonusSchema>;

/** Spec §4 bonus status, named for the translation keys (`bonus.status.<name>`). */
export const BONUS_STATUS_NAMES = ['locked', 'unlocking', 'unlocked', 'expired'] as const;
export type BonusStatusName = (typeof BONUS_STATUS_NAMES)[number];

/**
 * Wagering progress in whole per cent, rounded down so the bar reaches 100 only when the requirement is met.
 * No requirement means there is nothing to wager: 100.
 */
export function bonusProgressPercent(wagered: number, requirement: number): number {
  if (requirement <= 0) return 100;
  if (wagered <= 0) return 0;
  if (wagered >= requirement) return 100;
  return Math.min(99, Math.floor((wagered * 100) / requirement));
}

/** What is left to wager, never below 0. */
export function bonusRemaining(wagered: number, requirement: number): number {
  return Math.max(0, requirement - Math.max(0, wagered));
}

/** A countdown as a translation key and its values: `bonus.countdown.<unit>`. */
export interface Countdown {
  unit: 'days' | 'hours' | 'minutes' | 'ended';
  days: number;
  hours: number;
  minutes: number;
}

/**
 * Time left until `expireTimeSec` (Unix seconds) seen at `nowMs`: days and hours while a day or more is left, hours
 * and minutes under a day, minutes under an hour (at least 1 while any time is left), `ended` once it has passed.
 */
export function bonusCountdown(expireTimeSec: number, nowMs: number): Countdown {
  const leftMs = expireTimeSec * 1000 - nowMs;
  if (leftMs <= 0) return { unit: 'ended', days: 0, hours: 0, minutes: 0 };
  const totalMinutes = Math.ceil(leftMs / 60_000);
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  if (days > 0) return { unit: 'days', days, hours, minutes };
  if (hours > 0) return { unit: 'hours', days, hours, minutes };
  return { unit: 'minutes', days, hours, minutes: Math.max(1, minutes) };
}

/** One line of a card's terms: `bonus.terms.<key>` with money values in minor units of the bonus currency. */
export interface TermLine {
  key: 'wager' | 'stakeMax' | 'conversionCap' | 'noWagering' | 'freeBet';
  amount: number;
}

export type CardAction =
  /** A locked bonus the player may start wagering. */
  | 'unlock'
  /** A locked bonus that must wait: another one is unlocking (one at a time per currency). */
  | 'waitOther'
  /** Unlocking: play to move the bar. */
  | 'play'
  /** A free bet that can still be staked: place it from the bet slip. */
  | 'useFreeBet'
  | 'none';

/** Everything a bonus card shows, decided without React so it can be tested as a table. */
export interface BonusCardView {
  status: BonusStatusName;
  progress: number;
  remaining: number;
  /** Whether the wagering bar is drawn (locked and unlocking bonuses with a requirement). */
  showProgress: boolean;
  countdown: Countdown | null;
  /** The most that can become cash: the amount, or the campaign's cap when lower. */
  cashValue: number;
  action: CardAction;
  terms: TermLine[];
  /** The badge's translation key: the status, or for a free bet ready / used / expired. */
  badgeKey: `bonus.status.${BonusStatusName}` | 'bonus.freeBet.ready' | 'bonus.freeBet.used';
}

/** A free bet a free_bet campaign granted (decision 024): status 0 usable, 2 spent, 3 expired; nothing to wager. */
export function isFreeBet(bonus: Pick<Bonus, 'kind'>): boolean {
  return bonus.kind === 'free_bet';
}

function freeBetCardView(bonus: Bonus, nowMs: number): BonusCardView {
  const status = BONUS_STATUS_NAMES[bonus.status];
  const countdown = bonus.status === 0 && bonus.expire_time > 0 ? bonusCountdown(bonus.expire_time, nowMs) : null;
  const ended = countdown?.unit === 'ended';
  const badgeKey: BonusCardView['badgeKey'] =
    bonus.status === 0 ? (ended ? 'bonus.status.expired' : 'bonus.freeBet.ready') : bonus.status === 2 ? 'bonus.freeBet.used' : `bonus.status.${status}`;
  return {
    status,
    progress: 0,
    remaining: 0,
    showProgress: false,
    countdown,
    cashValue: 0,
    action: bonus.status === 0 && !ended ? 'useFreeBet' : 'none',
    terms: [{ key: 'freeBet', amount: bonus.amount }],
    badgeKey,
  };
}

/**
 * A bonus card: `otherUnlocking` is whether another bonus of the same currency is unlocking now. Finished bonuses
 * (unlocked or expired) show no countdown and no action.
 */
export function bonusCardView(bonus: Bonus, nowMs: number, otherUnlocking: boolean): BonusCardView {
  if (isFreeBet(bonus)) return freeBetCardView(bonus, nowMs);
  const status = BONUS_STATUS_NAMES[bonus.status];
  const open = bonus.status === 0 || bonus.status === 1;
  const terms: TermLine[] = [];
  if (bonus.requirement > 0) terms.push({ key: 'wager', amount: bonus.requirement });
  else terms.push({ key: 'noWagering', amount: 0 });
  if (bonus.stake_max > 0) terms.push({ key: 'stakeMax', amount: bonus.stake_max });
  if (bonus.conversion_cap > 0 && bonus.conversion_cap < bonus.amount) terms.push({ key: 'conversionCap', amount: bonus.conversion_cap });
  const countdown = open ? bonusCountdown(bonus.expire_time, nowMs) : null;
  const ended = countdown?.unit === 'ended';
  let action: CardAction = 'none';
  if (bonus.status === 0 && !ended) action = otherUnlocking ? 'waitOther' : 'unlock';
  else if (bonus.status === 1 && !ended) action = 'play';
  return {
    status,
    progress: bonus.status === 2 ? 100 : bonus.progress,
    remaining: bonusRemaining(bonus.wagered, bonus.requirement),
    showProgress: open && bonus.requirement > 0,
    countdown,
    cashValue: bonus.conversion_cap > 0 ? Math.min(bonus.amount, bonus.conversion_cap) : bonus.amount,
    action,
    terms,
    badgeKey: `bonus.status.${status}`,
  };
}

/** Per currency: whether one of the listed bonuses is unlocking (the engine lets one at a time). */
export function unlockingCurrencies(bonuses: readonly Bonus[]): Set<string> {
  return new Set(bonuses.filter((bonus) => bonus.status === 1).map((bonus) => bonus.currency));
}

/** The redeem box's own check before any call: the contract's 3–32 letters, digits or dashes. */
export function promoCodeShapeOk(code: string): boolean {
  return /^[A-Za-z0-9-]{3,32}$/.test(code.trim());
}

/** Bonus held in `currency` from the balance answer (0 when none). */
export function bonusBalanceOf(balances: readonly { currency: string; balance: number }[] | undefined, currency: string | undefined): number {
  if (!balances || !currency) return 0;
  return balances.find((entry) => entry.currency === currency)?.balance ?? 0;
}

/**
 * The new_bonus poll after a deposit order (spec §4, §9): ask every `intervalMs`, at most `max` times; stop early
 * once a grant was answered. Returns the delay to the next ask or false to stop.
 */
export function bonusPollNext(asked: number, found: boolean, max: number, intervalMs: number): number | false {
  if (found || asked >= max) return false;
  return intervalMs;
}

/**
 * The "bonus unlocked" watch: `watched` are the ids seen unlocking before, `available` the available tab now.
 * Returns the ids to watch from now on and those that left the tab (converted or expired: the caller looks them up).
 */
export function bonusWatchStep(watched: readonly string[], available: readonly Bonus[]): { watch: string[]; gone: string[] } {
  const unlocking = available.filter((bonus) => bonus.status === 1).map((bonus) => bonus.id);
  const still = new Set(available.map((bonus) => bonus.id));
  return { watch: unlocking, gone: watched.filter((id) => !still.has(id)) };
}
