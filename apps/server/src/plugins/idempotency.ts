import { createHash } from 'node:crypto';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from '../app-error.ts';
import { DURATIONS } from '@piranha/domain';

export interface IdempotencyClaim {
  key: string;
  route: string;
  scope: string;
  requestHash: string;
}

export type IdempotencyReplay = { kind: 'replay'; body: unknown };
export type IdempotencyOutcome = { kind: 'claimed' } | IdempotencyReplay;

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
  const existing = await idempotencyStored(db, claim, now);
  if (!existing) return idempotencyClaim(db, claim, now);
  return existing;
}

/**
 * The answer a key already holds (less than 24 h old), or undefined when it holds none. The same key with another
 * body is refused (DUPLICATE_REQUEST); a twin still running answers REQUEST_IN_PROGRESS.
 */
export async function idempotencyStored(db: DbOrTx, claim: IdempotencyClaim, now: Date): Promise<IdempotencyReplay | undefined> {
  const expiredBefore = new Date(now.getTime() - DURATIONS.idempotencyKeyTtlMs);
  const [existing] = await rowsOf<{ request_hash: string; state: string; response_body: unknown }>(
    db,
    sql`select request_hash, state, response_body from idempotency_keys
      where key = ${claim.key} and route = ${claim.route} and scope = ${claim.scope} and created_at >= ${expiredBefore.toISOString()}::timestamptz`,
  );
  if (!existing) return undefined;
  if (existing.request_hash !== claim.requestHash) throw new AppError('DUPLICATE_REQUEST', { field: 'Idempotency-Key' });
  if (existing.state === 'in_flight') throw new AppError('REQUEST_IN_PROGRESS', { field: 'Idempotency-Key' });
  return { kind: 'replay', body: existing.response_body };
}

/** Thrown inside a handler's transaction when its key got an answer meanwhile: the transaction rolls back and the route replays. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('idempotency key already answered');
  }
}

/**
 * Stores `body` as the key's final answer — inside the caller's transaction when given one, so the effect and its
 * answer commit together (one commit per request instead of a claim, the work and the answer). Answers false when
 * the key already holds an answer less than 24 h old; an older one is replaced. A twin writing the same key at the
 * same moment waits on the primary key until this transaction ends, then sees the answer.
 */
export async function idempotencyAnswerStore(db: DbOrTx, claim: IdempotencyClaim, body: unknown, now: Date): Promise<boolean> {
  const rows = await rowsOf<{ key: string }>(db, idempotencyAnswerInsertSql(claim, sql`${JSON.stringify(body)}::jsonb`, now), 'idempotency_answer_store');
  return rows.length === 1;
}

/**
 * The insert of a key's final answer as SQL, returning one row when the key was claimed (new, or older than 24 h)
 * and none when it already holds an answer. `body` is SQL giving the jsonb answer; `from` names a CTE of the
 * caller's when the answer uses a value the same statement draws (e.g. a bet id).
 */
export function idempotencyAnswerInsertSql(claim: IdempotencyClaim, body: SQL, now: Date, from?: SQL): SQL {
  const expiredBefore = new Date(now.getTime() - DURATIONS.idempotencyKeyTtlMs);
  return sql`insert into idempotency_keys (key, route, scope, request_hash, state, response_body, created_at)
      select ${claim.key}::text, ${claim.route}::text, ${claim.scope}::text, ${claim.requestHash}::text, 'done', ${body}, ${now.toISOString()}::timestamptz
      ${from ? sql`from ${from}` : sql``}
      on conflict (key, route, scope) do update
        set request_hash = excluded.request_hash, state = 'done', response_body = excluded.response_body, created_at = excluded.created_at
        where idempotency_keys.created_at < ${expiredBefore.toISOString()}::timestamptz
      returning key`;
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
