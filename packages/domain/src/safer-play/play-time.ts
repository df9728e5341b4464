import type { LimitPeriod } from './jurisdictions.ts';

/**
 * The daily play-time limit (issue 20, decision 054). Play time is counted on the server from the player's play
 * actions (a bet placed, a casino bet or round, a game launch): each action adds the time since the one before, at
 * most `PLAY_GAP_CAP_SECONDS` (a player who walked away for an hour played five minutes of it, not sixty), and only the
 * part of that gap inside today's window counts today. Times are whole Unix seconds so the count never loses a
 * fraction: the server's SQL (`playTimeCtes`) is this arithmetic, and its tests pin the two together.
 */

/** The longest gap between two play actions that counts as play: five minutes. */
export const PLAY_GAP_CAP_SECONDS = 300;
/**
 * The game room's heartbeat (decision 065): while a game is open and visible the page beats every
 * `PLAY_HEARTBEAT_SECONDS`; a beat adds the time since the last counted action, at most `PLAY_HEARTBEAT_CAP_SECONDS`
 * (a missed beat or two still counts, a page hidden for minutes does not). A beat can never add more than wall-clock:
 * it measures from the last counted action, so a duplicate or replayed beat adds nothing twice.
 */
export const PLAY_HEARTBEAT_SECONDS = 30;
export const PLAY_HEARTBEAT_CAP_SECONDS = 75;
/** A play-time limit is minutes per day: at least one, at most the whole day. */
export const TIME_LIMIT_MINUTES_MIN = 1;
export const TIME_LIMIT_MINUTES_MAX = 1440;
/** The only period a play-time limit has. */
export const TIME_LIMIT_PERIOD: LimitPeriod = 'day';

/**
 * The seconds of play an action at `nowS` adds, split at the start of today's window: `today` is what counts against
 * today's limit, `before` the part that fell on the previous day. The first action known (`lastS` null) adds nothing,
 * as does a clock that reads earlier than the last action.
 */
export function playGapSplit(lastS: number | null, nowS: number, dayStartS: number, capSeconds = PLAY_GAP_CAP_SECONDS): { before: number; today: number } {
  if (lastS === null || nowS <= lastS) return { before: 0, today: 0 };
  const from = Math.max(lastS, nowS - capSeconds);
  return { before: Math.max(0, Math.min(nowS, dayStartS) - from), today: Math.max(0, nowS - Math.max(from, dayStartS)) };
}

/** What a play action does to today's counter: the seconds used after it, never past the limit, and whether it may go ahead. */
export function playTimeTake(usedSeconds: number, gapSeconds: number, limitMinutes: number | null): { usedSeconds: number; allowed: boolean } {
  if (limitMinutes === null) return { usedSeconds: usedSeconds + gapSeconds, allowed: true };
  const limitSeconds = limitMinutes * 60;
  const used = Math.min(limitSeconds, usedSeconds + gapSeconds);
  // Used up exactly is used up: the action at the limit's last second is the first refused.
  return { usedSeconds: used, allowed: used < limitSeconds };
}

/** Whether `minutes` is a play-time limit the product accepts. */
export function timeLimitMinutesValid(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= TIME_LIMIT_MINUTES_MIN && minutes <= TIME_LIMIT_MINUTES_MAX;
}
