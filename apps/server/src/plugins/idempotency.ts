import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from '../app-error.ts';
import { DURATIONS } from '@piranha/domain';

export interface IdempotencyClaim {
  key: string;
  route: string;
  scope: string;
  requestHash: string;
}

export type IdempotencyOutcome = { kind: 'claimed' } | { kind: 'replay'; body: unknown };

export function requestHashOf(method: string, route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${route}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * Claims a key for this request, or answers the stored first response. A key older than 24 h is as good as
 * new. The same key with another body is refused (DUPLICATE_REQUEST); a twin still running answers
 * REQUEST_IN_PROGRESS so the client retries later rather than acting twice.
 */
export async function idempotencyClaim(db: Db, claim: IdempotencyClaim, now: Date): Promise<IdempotencyOutcome> {
  const expiredBefore = new Date(now.getTime() - DURATIONS.idempotencyKeyTtlMs);
  const where = and(eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.route, claim.route), eq(idempotencyKeys.scope, claim.scope));
  await db.delete(idempotencyKeys).where(and(where, lt(idempotencyKeys.createdAt, expiredBefore)));
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ ...claim, state: 'in_flight', createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 1) return { kind: 'claimed' };
  const [existing] = await db.select().from(idempotencyKeys).where(where);
  if (!existing) return idempotencyClaim(db, claim, now);
  if (existing.requestHash !== claim.requestHash) throw new AppError('DUPLICATE_REQUEST', { field: 'Idempotency-Key' });
  if (existing.state === 'in_flight') throw new AppError('REQUEST_IN_PROGRESS', { field: 'Idempotency-Key' });
  return { kind: 'replay', body: existing.responseBody };
}

export async function idempotencyComplete(db: Db, claim: IdempotencyClaim, body: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', responseBody: sql`${JSON.stringify(body)}::jsonb` })
    .where(and(eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.route, claim.route), eq(idempotencyKeys.scope, claim.scope)));
}

/** Releases a claim whose request failed unexpectedly, so the client's retry can run it again. */
export async function idempotencyRelease(db: Db, claim: IdempotencyClaim): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.route, claim.route), eq(idempotencyKeys.scope, claim.scope)));
}

export async function idempotencyPurgeExpired(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - DURATIONS.idempotencyKeyTtlMs)));
}
