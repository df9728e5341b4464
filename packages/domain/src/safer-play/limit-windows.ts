import { zoneDateOf, zoneDayStart, type ZoneDate } from '../time/zone-calendar.ts';
import type { LimitPeriod } from './jurisdictions.ts';
import { SELF_EXCLUSION_MONTHS_MAX, SELF_EXCLUSION_MONTHS_MIN, TIME_OUT_HOURS_MAX, TIME_OUT_HOURS_MIN } from './jurisdictions.ts';

/**
 * Limit windows and cooling periods (issue 20, decision 027). A day, week (Monday first, ISO) or month is the
 * brand's civil calendar in its jurisdiction's time zone, so a "day" across a DST change lasts 23 or 25 hours; a
 * cooling period is elapsed time (24 h is 24 real hours whatever the clocks do). Pure: the clock is an argument.
 */

const HOUR_MS = 3_600_000;

/** The start of the window of this period that holds `now`. */
export function limitWindowStart(period: LimitPeriod, now: Date, timeZone: string): Date {
  return windowStartOf(period, zoneDateOf(now, timeZone), timeZone);
}

/** The starts of the day, week and month that hold `now`, from one reading of the local date (a stake needs all three). */
export function limitWindowStarts(now: Date, timeZone: string): Record<LimitPeriod, Date> {
  const local = zoneDateOf(now, timeZone);
  return { day: windowStartOf('day', local, timeZone), week: windowStartOf('week', local, timeZone), month: windowStartOf('month', local, timeZone) };
}

function windowStartOf(period: LimitPeriod, local: ZoneDate, timeZone: string): Date {
  if (period === 'day') return zoneDayStart(local.year, local.month, local.day, timeZone);
  if (period === 'week') return zoneDayStart(local.year, local.month, local.day - local.weekdayIndex, timeZone);
  return zoneDayStart(local.year, local.month, 1, timeZone);
}

/** When the window holding `now` ends, which is when a limit of this period resets. */
export function limitWindowEnd(period: LimitPeriod, now: Date, timeZone: string): Date {
  const local = zoneDateOf(now, timeZone);
  if (period === 'day') return zoneDayStart(local.year, local.month, local.day + 1, timeZone);
  if (period === 'week') return zoneDayStart(local.year, local.month, local.day - local.weekdayIndex + 7, timeZone);
  return zoneDayStart(local.year, local.month + 1, 1, timeZone);
}

/** When a change that must wait the cooling period applies: elapsed hours, not wall-clock ones. */
export function coolingEndsAt(now: Date, coolingHours: number): Date {
  return new Date(now.getTime() + coolingHours * HOUR_MS);
}

/** A limit as stored: the amount in force (null: none) and a change waiting for its cooling period. */
export interface LimitState {
  amountMinor: number | null;
  pending?: { amountMinor: number | null; at: Date } | null;
}

/** The amount in force at `now` (a pending change whose time has come applies). */
export function limitInForce(state: LimitState, now: Date): number | null {
  if (state.pending && state.pending.at.getTime() <= now.getTime()) return state.pending.amountMinor;
  return state.amountMinor;
}

/**
 * What asking for `requested` (null: remove) does: a decrease (or a first limit) applies at once and drops any
 * pending change; an increase or a removal waits the cooling period and is shown as pending; asking for what is in
 * force cancels a pending change.
 */
export function limitChange(state: LimitState, requested: number | null, now: Date, coolingHours: number): Required<LimitState> {
  const current = limitInForce(state, now);
  const tighter = requested !== null && (current === null || requested < current);
  if (tighter || requested === current) return { amountMinor: requested, pending: null };
  return { amountMinor: current, pending: { amountMinor: requested, at: coolingEndsAt(now, coolingHours) } };
}

/** Whether spending `amountMinor` more fits a limit with `usedMinor` already spent in its window. */
export function limitFits(limitMinor: number | null, usedMinor: number, amountMinor: number): boolean {
  return limitMinor === null || usedMinor + amountMinor <= limitMinor;
}

export type BlockRequest = { kind: 'time_out'; hours: number } | { kind: 'self_exclusion'; months: number | 'permanent' };

/** When a time-out or self-exclusion asked at `now` ends (null: permanent), or undefined when out of bounds. */
export function blockEndsAt(request: BlockRequest, now: Date): Date | null | undefined {
  if (request.kind === 'time_out') {
    if (!Number.isInteger(request.hours) || request.hours < TIME_OUT_HOURS_MIN || request.hours > TIME_OUT_HOURS_MAX) return undefined;
    return new Date(now.getTime() + request.hours * HOUR_MS);
  }
  if (request.months === 'permanent') return null;
  if (!Number.isInteger(request.months) || request.months < SELF_EXCLUSION_MONTHS_MIN || request.months > SELF_EXCLUSION_MONTHS_MAX) return undefined;
  const end = new Date(now.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + request.months);
  // 31 August + 6 months is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** A new block may only lengthen the one in force: never shorten or lift it. */
export function blockExtends(current: { endsAt: Date | null } | undefined, endsAt: Date | null, now: Date): boolean {
  if (!current || (current.endsAt !== null && current.endsAt.getTime() <= now.getTime())) return true;
  if (current.endsAt === null) return false;
  return endsAt === null || endsAt.getTime() > current.endsAt.getTime();
}
