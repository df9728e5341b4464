import { AppError } from '../../app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import { throttleClear, throttleCount, throttleHit, throttlePurge } from './account.repository.ts';

export const THROTTLE_WINDOW_MS = 3600_000;

/** Operator limits of the sign-in flows, per one-hour window (AUTH_* variables). */
export interface AuthLimits {
  /** Failed sign-ins (password or code) per e-mail before it is locked; never above 100 (ASVS). */
  accountFailuresPerHour: number;
  /** Failed sign-ins and wrong codes per client IP. */
  ipFailuresPerHour: number;
  /** Codes (e-mail and SMS) sent per client IP. */
  ipCodeSendsPerHour: number;
}

/** Codes sent to one address per hour, whatever the purpose: keeps the product from being used to flood a mailbox. */
export const CODE_SENDS_PER_TARGET_PER_HOUR = 10;

function windowOf(now: Date): { start: Date; retryAfterS: number } {
  const startMs = Math.floor(now.getTime() / THROTTLE_WINDOW_MS) * THROTTLE_WINDOW_MS;
  return { start: new Date(startMs), retryAfterS: Math.ceil((startMs + THROTTLE_WINDOW_MS - now.getTime()) / 1000) };
}

export const bucket = {
  accountFailures: (appKey: string, email: string) => `acct-fail:${appKey}:${email}`,
  ipFailures: (ip: string) => `ip-fail:${ip}`,
  ipCodeSends: (ip: string) => `ip-send:${ip}`,
  targetCodeSends: (appKey: string, target: string) => `target-send:${appKey}:${target}`,
};

/** Refuses when a bucket already reached its limit in this window (checked before the attempt, so a locked door costs nothing). */
export async function throttleRequireBelow(
  db: DbOrTx,
  name: string,
  limit: number,
  now: Date,
  refusal: 'ACCOUNT_LOCKED' | 'TOO_MANY_ATTEMPTS' | 'CODE_COOLDOWN',
  field: string,
): Promise<void> {
  const window = windowOf(now);
  if ((await throttleCount(db, name, window.start)) >= limit) throw new AppError(refusal, { field, retry_after_s: window.retryAfterS });
}

/** Counts one event; refuses when it goes over the limit (used where the event itself is the cost: sending a code). */
export async function throttleTake(
  db: DbOrTx,
  name: string,
  limit: number,
  now: Date,
  refusal: 'TOO_MANY_ATTEMPTS' | 'CODE_COOLDOWN',
  field: string,
): Promise<void> {
  const window = windowOf(now);
  if ((await throttleHit(db, name, window.start)) > limit) throw new AppError(refusal, { field, retry_after_s: window.retryAfterS });
}

export async function throttleRecord(db: DbOrTx, names: readonly string[], now: Date): Promise<void> {
  const window = windowOf(now);
  for (const name of names) await throttleHit(db, name, window.start);
  // Windows older than two hours can never refuse anything again.
  await throttlePurge(db, new Date(window.start.getTime() - THROTTLE_WINDOW_MS));
}

export async function throttleReset(db: DbOrTx, name: string): Promise<void> {
  await throttleClear(db, name);
}
