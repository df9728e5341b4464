/**
 * The reality check (issue 20, decision 027): every N minutes of a session the player is shown how long they have
 * played and their net result, and chooses to continue or stop. N is the player's choice, else the jurisdiction's.
 */
export const REALITY_CHECK_MINUTES = [15, 30, 60, 120] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

const MINUTE_MS = 60_000;

export function isRealityCheckMinutes(value: unknown): value is RealityCheckMinutes {
  return (REALITY_CHECK_MINUTES as readonly unknown[]).includes(value);
}

/** When the next check is due: N minutes after the session began, or after the player last answered one. */
export function realityCheckDueAt(session: { startedAtMs: number; answeredAtMs?: number }, minutes: number): number {
  return (session.answeredAtMs ?? session.startedAtMs) + minutes * MINUTE_MS;
}

/** Whole minutes played since the session began. */
export function minutesPlayed(startedAtMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - startedAtMs) / MINUTE_MS));
}
