import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db, DbOrTx } from '../../db/client.ts';
import { outboxClaim, outboxInsert, outboxSettle, type OutboxRow } from './outbox.repository.ts';

/**
 * The general outbox (docs/decisions/042-outbox.md). A change that owes a provider a call writes an outbox row in its
 * own transaction (`outboxWrite`), holding it under a lease; after the commit the request makes the call itself
 * (`outboxSendHeld`) so the player still waits for its answer. If the process dies first, the lease runs out and the
 * `outbox-deliver` leader job sends it (`outboxDeliver`), with attempts, exponential back-off and a dead state.
 */

/** How long a sender holds a row: longer than any provider call (every one of them has a shorter timeout). */
export const OUTBOX_LEASE_MS = 60_000;
/** Attempts before a row is dead; with the back-off below that is about an hour of trying. */
export const OUTBOX_ATTEMPTS_MAX = 8;
export const OUTBOX_BACKOFF_BASE_MS = 30_000;
export const OUTBOX_BACKOFF_MAX_MS = 30 * 60_000;

/** The wait after the `attempts`-th failed attempt: 30 s, 1 min, 2, 4, 8, 16, then 30 min (capped). */
export function outboxBackoffMs(attempts: number): number {
  return Math.min(OUTBOX_BACKOFF_MAX_MS, OUTBOX_BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** A handler throws this when the provider refused the call for good (retrying cannot help): the row ends `failed`. */
export class OutboxRefused extends Error {}

/**
 * Makes one call. Called again for the same row after a crash or a failure, it must not make the call twice where
 * the provider can tell: it passes the row's key as the provider's idempotency key, or checks the state it changes.
 */
export type OutboxHandler = (payload: Record<string, unknown>, row: OutboxRow) => Promise<void>;

export interface OutboxDeps {
  db: Db;
  now: () => Date;
  handlers: Readonly<Record<string, OutboxHandler>>;
  /** This process's name on the leases it takes. */
  owner: string;
  log: { warn: (details: Record<string, unknown>, message: string) => void };
}

/** A sender name unique to this process: host, pid and a random part (a restarted process may reuse a pid). */
export function outboxOwnerNew(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** The row a change owes, written in its transaction and held by this process for the call it makes after the commit. */
export function outboxWrite(tx: DbOrTx, deps: Pick<OutboxDeps, 'owner'>, row: { kind: string; key: string; payload: Record<string, unknown>; now: Date }) {
  return outboxInsert(tx, { ...row, leaseUntil: new Date(row.now.getTime() + OUTBOX_LEASE_MS), leaseOwner: leaseTokenNew(deps.owner) });
}

/**
 * Each hold gets a token of its own (the process's name and a random part): a sender settles a row only while it
 * still holds it under that token, so even this process's next claim of the row is told apart from a late first one.
 */
function leaseTokenNew(owner: string): string {
  return `${owner}/${randomBytes(6).toString('hex')}`;
}

const messageOf = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** Settles one attempt by its outcome; answers what became of the row. */
async function attemptSettle(deps: OutboxDeps, row: OutboxRow, error: unknown): Promise<'sent' | 'failed' | 'dead' | 'retry'> {
  const now = deps.now();
  if (error === undefined) {
    await outboxSettle(deps.db, { id: row.id, owner: row.leaseOwner ?? '', now, outcome: 'sent' });
    return 'sent';
  }
  const outcome = error instanceof OutboxRefused ? 'failed' : row.attempts >= OUTBOX_ATTEMPTS_MAX ? 'dead' : 'retry';
  await outboxSettle(deps.db, {
    id: row.id,
    owner: row.leaseOwner ?? '',
    now,
    outcome,
    error: messageOf(error),
    ...(outcome === 'retry' ? { nextAt: new Date(now.getTime() + outboxBackoffMs(row.attempts)) } : {}),
  });
  if (outcome !== 'failed') deps.log.warn({ outbox_id: row.id, kind: row.kind, attempts: row.attempts, outcome, err: error }, 'an outbox call failed');
  return outcome;
}

async function attempt(deps: OutboxDeps, row: OutboxRow): Promise<'sent' | 'failed' | 'dead' | 'retry'> {
  const handler = deps.handlers[row.kind];
  let failure: unknown;
  try {
    if (!handler) throw new Error(`no outbox handler for ${row.kind}`);
    await handler(row.payload ?? {}, row);
  } catch (error) {
    failure = error ?? new Error('failed');
  }
  return attemptSettle(deps, row, failure);
}

/**
 * The request's own call for the row it wrote (and holds): the handler runs now and the row is settled by its
 * outcome. A failure here ends the row `failed` and is rethrown: the request answers it to the player as before the
 * outbox (a pay-in marked failed, a code forgotten so they may ask again), so nothing is left to retry. Only a
 * process that dies before settling leaves the row to the job.
 */
export async function outboxSendHeld<T>(deps: OutboxDeps, row: OutboxRow, call: () => Promise<T>): Promise<T> {
  if (row.status !== 'pending' || !row.leaseOwner?.startsWith(`${deps.owner}/`)) return call();
  let result: T;
  try {
    result = await call();
  } catch (error) {
    await attemptSettle(deps, row, new OutboxRefused(`answered to the request: ${messageOf(error)}`)).catch((settleError: unknown) =>
      deps.log.warn({ outbox_id: row.id, err: settleError }, 'an outbox row could not be settled; its lease will free it'),
    );
    throw error;
  }
  await attemptSettle(deps, row, undefined);
  return result;
}

/**
 * One pass of the delivery job: claims due rows a batch at a time and calls each. Answers how many rows it tried.
 * Safe on any number of nodes at once (claims skip each other's rows); the job runs it on the leader.
 */
export async function outboxDeliver(deps: OutboxDeps, batch = 20, batchesMax = 10): Promise<{ tried: number; sent: number }> {
  let tried = 0;
  let sent = 0;
  for (let pass = 0; pass < batchesMax; pass += 1) {
    const now = deps.now();
    const rows = await outboxClaim(deps.db, {
      now,
      leaseUntil: new Date(now.getTime() + OUTBOX_LEASE_MS),
      owner: leaseTokenNew(deps.owner),
      limit: batch,
      kinds: Object.keys(deps.handlers),
    });
    for (const row of rows) {
      tried += 1;
      if ((await attempt(deps, row)) === 'sent') sent += 1;
    }
    if (rows.length < batch) break;
  }
  return { tried, sent };
}
