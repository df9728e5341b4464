import type { StoredLogin } from '../../shared/session/session-store.ts';

export interface HeartbeatTimers {
  heartbeatMs: number;
  heartbeatIdleCutoffMs: number;
}

export interface HeartbeatClock {
  now: number;
  /** The player's latest touch (pointer, key, coming back to the tab); the app start counts as one. */
  lastTouchAt: number;
  /** When the latest heartbeat went out; undefined before the first. */
  lastBeatAt: number | undefined;
}

/**
 * Spec §4: a heartbeat every `heartbeatMs` that stops once the player has not touched the app for
 * `heartbeatIdleCutoffMs`. Answers how long to wait before the next beat (0: send now), or 'idle' to stop
 * until the next touch.
 */
export function heartbeatNext({ now, lastTouchAt, lastBeatAt }: HeartbeatClock, timers: HeartbeatTimers): number | 'idle' {
  if (now - lastTouchAt >= timers.heartbeatIdleCutoffMs) return 'idle';
  if (lastBeatAt === undefined) return 0;
  return Math.max(0, lastBeatAt + timers.heartbeatMs - now);
}

export type RenewOutcome = { kind: 'keep' } | { kind: 'replace'; login: StoredLogin } | { kind: 'expired' };

/** Spec §4 session renew: the sid is replaced only when the answer is valid and differs; not valid is an expiry. */
export function renewOutcome(stored: StoredLogin, answer: { valid: 0 | 1; sid: string }): RenewOutcome {
  if (answer.valid !== 1) return { kind: 'expired' };
  if (!answer.sid || answer.sid === stored.sid) return { kind: 'keep' };
  return { kind: 'replace', login: { ...stored, sid: answer.sid } };
}
