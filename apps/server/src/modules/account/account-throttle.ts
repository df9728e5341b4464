import { AppError } from '../../app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import { throttleClear, throttleHit, throttlePurge, throttleRelease, throttleReserve } from './account.repository.ts';

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

/** One bucket an attempt counts against, with its limit and what a full bucket answers. */
export interface AttemptLimit {
  bucket: string;
  limit: number;
  refusal: 'ACCOUNT_LOCKED' | 'TOO_MANY_ATTEMPTS';
  field: string;
}

export function ipFailureLimit(limits: AuthLimits, ip: string): AttemptLimit {
  return { bucket: bucket.ipFailures(ip), limit: limits.ipFailuresPerHour, refusal: 'TOO_MANY_ATTEMPTS', field: 'ip' };
}

export function accountFailureLimit(limits: AuthLimits, appKey: string, email: string): AttemptLimit {
  return { bucket: bucket.accountFailures(appKey, email), limit: limits.accountFailuresPerHour, refusal: 'ACCOUNT_LOCKED', field: 'email' };
}

/** The slots one attempt holds: a failure keeps them, a success gives them back. */
export interface AttemptReservation {
  windowStart: Date;
  buckets: readonly string[];
}

/**
 * Takes one slot in every bucket before the password or code is checked, refusing when a bucket is full. Counting
 * after the check let parallel guesses all pass a check that read the count before any of them was recorded; a slot
 * taken atomically first means N concurrent guesses can never check more than the limit.
 */
export async function attemptReserve(db: DbOrTx, limits: readonly AttemptLimit[], now: Date): Promise<AttemptReservation> {
  const window = windowOf(now);
  const taken: string[] = [];
  for (const limit of limits) {
    if (!(await throttleReserve(db, limit.bucket, window.start, limit.limit))) {
      // Nothing was checked: the buckets already taken give their slot back.
      for (const name of taken) await throttleRelease(db, name, window.start);
      throw new AppError(limit.refusal, { field: limit.field, retry_after_s: window.retryAfterS });
    }
    taken.push(limit.bucket);
  }
  return { windowStart: window.start, buckets: taken };
}

/** The attempt was not a failure (the right password or code): its slots in `buckets` (all by default) are given back. */
export async function attemptRelease(db: DbOrTx, reservation: AttemptReservation, buckets: readonly string[] = reservation.buckets): Promise<void> {
  for (const name of buckets) if (reservation.buckets.includes(name)) await throttleRelease(db, name, reservation.windowStart);
}

/** The attempt failed: its slots stay taken, and windows that can no longer refuse anything are dropped. */
export async function attemptFailed(db: DbOrTx, reservation: AttemptReservation): Promise<void> {
  await throttlePurge(db, new Date(reservation.windowStart.getTime() - THROTTLE_WINDOW_MS));
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

export async function throttleReset(db: DbOrTx, name: string): Promise<void> {
  await throttleClear(db, name);
}
