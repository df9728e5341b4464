import { timeLimitMinutesValid } from '@piranha/domain';

/**
 * Whole minutes parsed from what the player typed for a daily play-time limit (decision 054), or undefined when it is
 * not 1 to 1,440 — the server answers 8311 for the same, this only spares the round trip.
 */
export function minutesParse(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return undefined;
  const minutes = Number(trimmed);
  return timeLimitMinutesValid(minutes) ? minutes : undefined;
}
