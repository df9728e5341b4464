import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
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
/**
 * `claimed`: this request holds the key and runs. `resume`: it took over a key a dead process left in flight; `ref` is
 * what that process's transaction committed with the key (null when it committed nothing with it: run afresh).
 */
export type IdempotencyOutcome = { kind: 'claimed' } | IdempotencyReplay | { kind: 'resume'; ref: string | null };

/**
 * How long an in-flight key stays this process's without a renewal. The owner renews the leases of the keys it holds
 * every LEASE_RENEW_EVERY_MS while it works, so only a dead (or frozen) process lets one lapse; a retry then takes
 * the key over (decision 016). It bounds how long a retry after a crash answers REQUEST_IN_PROGRESS.
 */
export const IDEMPOTENCY_LEASE_MS = 10_000;
const LEASE_RENEW_EVERY_MS = 3_000;

/** This server process, as written on the keys it holds. */
export const IDEMPOTENCY_OWNER = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

const leaseEnd = (now: Date) => new Date(now.getTime() + IDEMPOTENCY_LEASE_MS).toISOString();
const claimId = (claim: IdempotencyClaim) => JSON.stringify([claim.key, claim.route, claim.scope]);

/** Keys this process works on, per database, with how many requests hold each (twins may) and the clock of their leases. */
const leasesHeld = new Map<Db, { now: () => Date; claims: Map<string, { claim: IdempotencyClaim; holders: number }> }>();
let leaseTimer: ReturnType<typeof setInterval> | undefined;

/**
 * Keeps the key's lease alive while this process works on it (until `idempotencyLeaseDrop`). Holding a key whose row
 * is not written yet, or no longer in flight, is harmless: the renewal only touches this owner's in-flight rows.
 */
export function idempotencyLeaseHold(db: Db, claim: IdempotencyClaim, now: () => Date): void {
  let held = leasesHeld.get(db);
  if (!held) leasesHeld.set(db, (held = { now, claims: new Map() }));
  const id = claimId(claim);
  const entry = held.claims.get(id);
  if (entry) entry.holders += 1;
  else held.claims.set(id, { claim, holders: 1 });
  if (!leaseTimer) {
    leaseTimer = setInterval(() => void leasesRenew(), LEASE_RENEW_EVERY_MS);
    leaseTimer.unref();
  }
}

export function idempotencyLeaseDrop(db: Db, claim: IdempotencyClaim): void {
  const held = leasesHeld.get(db);
  const id = claimId(claim);
  const entry = held?.claims.get(id);
  if (!held || !entry) return;
  entry.holders -= 1;
  if (entry.holders === 0) held.claims.delete(id);
  if (held.claims.size === 0) leasesHeld.delete(db);
  if (leasesHeld.size === 0 && leaseTimer) {
    clearInterval(leaseTimer);
    leaseTimer = undefined;
  }
}

async function leasesRenew(): Promise<void> {
  for (const [db, held] of leasesHeld) {
    const claims = [...held.claims.values()].map((entry) => entry.claim);
    if (claims.length === 0) continue;
    const keys = sql.join(
      claims.map((claim) => sql`(${claim.key}::text, ${claim.route}::text, ${claim.scope}::text)`),
      sql`, `,
    );
    try {
      await rowsOf(
        db,
        sql`update idempotency_keys set lease_until = ${leaseEnd(held.now())}::timestamptz
          where owner = ${IDEMPOTENCY_OWNER} and state = 'in_flight' and (key, route, scope) in (${keys})`,
      );
    } catch {
      // The database may be closing (shutdown, a test's end); a lease that lapses only lets a retry take the key over.
    }
  }
}

export function requestHashOf(method: string, route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${route}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * Claims a key for this request, or says what to do with it: replay the stored first answer, or take over a key a
 * dead process left in flight (`resume`). A key older than 24 h is as good as new. The same key with another body is
 * refused (DUPLICATE_REQUEST); a twin still running answers REQUEST_IN_PROGRESS so the client retries later.
 */
export async function idempotencyClaim(db: Db, claim: IdempotencyClaim, now: Date): Promise<IdempotencyOutcome> {
  const expiredBefore = new Date(now.getTime() - DURATIONS.idempotencyKeyTtlMs);
  const where = and(eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.route, claim.route), eq(idempotencyKeys.scope, claim.scope));
  await db.delete(idempotencyKeys).where(and(where, lt(idempotencyKeys.createdAt, expiredBefore)));
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ ...claim, state: 'in_flight', createdAt: now, owner: IDEMPOTENCY_OWNER, leaseUntil: new Date(leaseEnd(now)) })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 1) return { kind: 'claimed' };
  const existing = await idempotencyResolve(db, claim, now);
  if (!existing) return idempotencyClaim(db, claim, now);
  return existing;
}

/**
 * What a key already holds (less than 24 h old): its answer to replay, or — when it is in flight under a lease that
 * lapsed, i.e. its process died — the key itself, taken over by this process (`resume`, with what the dead one
 * committed). Undefined when the key holds nothing. The same key with another body is refused (DUPLICATE_REQUEST);
 * a key in flight under a live lease answers REQUEST_IN_PROGRESS.
 */
export async function idempotencyResolve(
  db: DbOrTx,
  claim: IdempotencyClaim,
  now: Date,
): Promise<IdempotencyReplay | { kind: 'resume'; ref: string | null } | undefined> {
  const expiredBefore = new Date(now.getTime() - DURATIONS.idempotencyKeyTtlMs);
  const [existing] = await rowsOf<{ request_hash: string; state: string; response_body: unknown; lease_until: Date | string | null }>(
    db,
    sql`select request_hash, state, response_body, lease_until from idempotency_keys
      where key = ${claim.key} and route = ${claim.route} and scope = ${claim.scope} and created_at >= ${expiredBefore.toISOString()}::timestamptz`,
  );
  if (!existing) return undefined;
  if (existing.request_hash !== claim.requestHash) throw new AppError('DUPLICATE_REQUEST', { field: 'Idempotency-Key' });
  if (existing.state !== 'in_flight') return { kind: 'replay', body: existing.response_body };
  if (existing.lease_until !== null && new Date(existing.lease_until).getTime() > now.getTime())
    throw new AppError('REQUEST_IN_PROGRESS', { field: 'Idempotency-Key' });
  // The owner died. One retry takes the key over: the lease check is repeated on the row the update locks, so of
  // two retries at once the second sees the first one's fresh lease and takes nothing.
  const [taken] = await rowsOf<{ resume_ref: string | null }>(
    db,
    sql`update idempotency_keys set owner = ${IDEMPOTENCY_OWNER}, lease_until = ${leaseEnd(now)}::timestamptz
      where key = ${claim.key} and route = ${claim.route} and scope = ${claim.scope} and state = 'in_flight'
        and (lease_until is null or lease_until <= ${now.toISOString()}::timestamptz)
      returning resume_ref`,
  );
  if (!taken) return idempotencyResolve(db, claim, now);
  return { kind: 'resume', ref: taken.resume_ref };
}

/** The stored answer of a key, for a replay; REQUEST_IN_PROGRESS while it is in flight, whoever holds it. */
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

/**
 * The key claimed in flight as SQL, for the transaction (or statement) that commits the request's effect: the claim
 * names what that effect is (`ref`: an order id, a round id) so that, if this process dies before the final answer,
 * a retry takes the key over and resumes from it instead of finding it stuck or running the effect twice. Returns one
 * row when the key was claimed (new, or older than 24 h) and none when it is held or answered.
 */
export function idempotencyInFlightInsertSql(claim: IdempotencyClaim, ref: SQL, now: Date, from?: SQL): SQL {
  const expiredBefore = new Date(now.getTime() - DURATIONS.idempotencyKeyTtlMs);
  return sql`insert into idempotency_keys (key, route, scope, request_hash, state, response_body, created_at, owner, lease_until, resume_ref)
      select ${claim.key}::text, ${claim.route}::text, ${claim.scope}::text, ${claim.requestHash}::text, 'in_flight', null,
        ${now.toISOString()}::timestamptz, ${IDEMPOTENCY_OWNER}::text, ${leaseEnd(now)}::timestamptz, ${ref}
      ${from ? sql`from ${from}` : sql``}
      on conflict (key, route, scope) do update
        set request_hash = excluded.request_hash, state = 'in_flight', response_body = null, created_at = excluded.created_at,
          owner = excluded.owner, lease_until = excluded.lease_until, resume_ref = excluded.resume_ref
        where idempotency_keys.created_at < ${expiredBefore.toISOString()}::timestamptz
      returning key`;
}

/**
 * Stores the final answer of a key this process holds in flight; when it holds none (the claim's transaction rolled
 * back, or the request refused before claiming), stores it as a new answer. False when another request holds or
 * answered the key meanwhile: the caller then replays what that one stored.
 */
export async function idempotencyAnswerFinal(db: Db, claim: IdempotencyClaim, body: unknown, now: Date): Promise<boolean> {
  const [updated] = await rowsOf<{ key: string }>(
    db,
    sql`update idempotency_keys set state = 'done', response_body = ${JSON.stringify(body)}::jsonb, lease_until = null
      where key = ${claim.key} and route = ${claim.route} and scope = ${claim.scope} and state = 'in_flight' and owner = ${IDEMPOTENCY_OWNER}
      returning key`,
    'idempotency_answer_final',
  );
  return updated !== undefined || idempotencyAnswerStore(db, claim, body, now);
}

/**
 * Gives up a key this process holds in flight after an unexpected failure, without forgetting what it committed: the
 * lease ends now, so the client's retry takes it over at once and resumes (a key with nothing committed is simply
 * claimed again by that retry).
 */
export async function idempotencyAbandon(db: Db, claim: IdempotencyClaim, now: Date): Promise<void> {
  await rowsOf(
    db,
    sql`update idempotency_keys set lease_until = ${now.toISOString()}::timestamptz
      where key = ${claim.key} and route = ${claim.route} and scope = ${claim.scope} and state = 'in_flight' and owner = ${IDEMPOTENCY_OWNER}`,
  );
}

/** Stores the answer of a key this process claimed (a process that took it over meanwhile keeps its own). */
export async function idempotencyComplete(db: Db, claim: IdempotencyClaim, body: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', responseBody: sql`${JSON.stringify(body)}::jsonb`, leaseUntil: null })
    .where(
      and(
        eq(idempotencyKeys.key, claim.key),
        eq(idempotencyKeys.route, claim.route),
        eq(idempotencyKeys.scope, claim.scope),
        eq(idempotencyKeys.owner, IDEMPOTENCY_OWNER),
      ),
    );
}

/** Releases a claim whose request failed unexpectedly, so the client's retry can run it again. */
export async function idempotencyRelease(db: Db, claim: IdempotencyClaim): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.key, claim.key),
        eq(idempotencyKeys.route, claim.route),
        eq(idempotencyKeys.scope, claim.scope),
        eq(idempotencyKeys.owner, IDEMPOTENCY_OWNER),
        eq(idempotencyKeys.state, 'in_flight'),
      ),
    );
}

export async function idempotencyPurgeExpired(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - DURATIONS.idempotencyKeyTtlMs)));
}
