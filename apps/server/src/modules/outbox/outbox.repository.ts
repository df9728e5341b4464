import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'dead';

export interface OutboxRow {
  id: number;
  kind: string;
  key: string;
  payload: Record<string, unknown> | null;
  status: OutboxStatus;
  attempts: number;
  nextAt: Date;
  leaseUntil: Date | null;
  leaseOwner: string | null;
  lastError: string | null;
  createdAt: Date;
  doneAt: Date | null;
}

interface RawRow {
  id: string | number;
  kind: string;
  key: string;
  payload: unknown;
  status: OutboxStatus;
  attempts: string | number;
  next_at: Date | string;
  lease_until: Date | string | null;
  lease_owner: string | null;
  last_error: string | null;
  created_at: Date | string;
  done_at: Date | string | null;
}

const dateOf = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function rowOf(raw: RawRow): OutboxRow {
  return {
    id: Number(raw.id),
    kind: raw.kind,
    key: raw.key,
    payload: typeof raw.payload === 'string' ? (JSON.parse(raw.payload) as Record<string, unknown>) : (raw.payload as Record<string, unknown> | null),
    status: raw.status,
    attempts: Number(raw.attempts),
    nextAt: dateOf(raw.next_at),
    leaseUntil: raw.lease_until === null ? null : dateOf(raw.lease_until),
    leaseOwner: raw.lease_owner,
    lastError: raw.last_error,
    createdAt: dateOf(raw.created_at),
    doneAt: raw.done_at === null ? null : dateOf(raw.done_at),
  };
}

const COLUMNS = sql`id, kind, key, payload, status, attempts, next_at, lease_until, lease_owner, last_error, created_at, done_at`;

/**
 * Writes a row (inside the caller's transaction). With `leaseUntil` the writer holds it: it sends the call itself
 * after its commit, and nobody else may until the lease runs out (the writer died). A second write of the same kind
 * and key is a no-op and answers the row already there.
 */
export async function outboxInsert(
  db: DbOrTx,
  row: { kind: string; key: string; payload: Record<string, unknown>; now: Date; leaseUntil?: Date; leaseOwner?: string },
): Promise<OutboxRow> {
  const held = row.leaseUntil !== undefined;
  const [inserted] = await rowsOf<RawRow>(
    db,
    sql`insert into outbox (kind, key, payload, status, attempts, next_at, lease_until, lease_owner, created_at)
        values (${row.kind}, ${row.key}, ${JSON.stringify(row.payload)}::jsonb, 'pending', ${held ? 1 : 0}, ${row.now},
          ${row.leaseUntil ?? null}, ${row.leaseOwner ?? null}, ${row.now})
        on conflict (kind, key) do nothing
        returning ${COLUMNS}`,
  );
  if (inserted) return rowOf(inserted);
  const [existing] = await rowsOf<RawRow>(db, sql`select ${COLUMNS} from outbox where kind = ${row.kind} and key = ${row.key}`);
  return rowOf(existing!);
}

/**
 * Takes up to `limit` due rows for one sender: pending, due, and held by nobody (or by a sender whose lease ran out).
 * `for update skip locked` lets two nodes claim at once without waiting on each other or taking the same row; the
 * lease then keeps the row theirs after this statement commits, while the call is under way.
 */
export async function outboxClaim(
  db: DbOrTx,
  input: { now: Date; leaseUntil: Date; owner: string; limit: number; kinds: readonly string[] },
): Promise<OutboxRow[]> {
  if (input.kinds.length === 0) return [];
  const rows = await rowsOf<RawRow>(
    db,
    sql`update outbox o set attempts = o.attempts + 1, lease_until = ${input.leaseUntil}, lease_owner = ${input.owner}
        where o.id in (
          select id from outbox
          where status = 'pending' and next_at <= ${input.now} and (lease_until is null or lease_until <= ${input.now})
            and kind in (${sql.join(
              input.kinds.map((kind) => sql`${kind}`),
              sql`, `,
            )})
          order by next_at, id limit ${input.limit} for update skip locked)
        returning ${COLUMNS}`,
  );
  return rows.map(rowOf).sort((a, b) => a.id - b.id);
}

/**
 * Ends one attempt of the sender holding the row. `sent`, `failed` and `dead` are final and wipe the payload; `retry`
 * frees the row for `nextAt`. Answers false when the sender no longer holds it (its lease ran out and another took
 * it), so the outcome of an attempt that overran its lease is never written over the next one's.
 */
export async function outboxSettle(
  db: DbOrTx,
  input: { id: number; owner: string; now: Date; outcome: 'sent' | 'failed' | 'dead' | 'retry'; error?: string; nextAt?: Date },
): Promise<boolean> {
  const error = input.error === undefined ? null : input.error.slice(0, 500);
  const rows =
    input.outcome === 'retry'
      ? await rowsOf<{ id: number }>(
          db,
          sql`update outbox set next_at = ${input.nextAt ?? input.now}, lease_until = null, lease_owner = null, last_error = ${error}
              where id = ${input.id} and status = 'pending' and lease_owner = ${input.owner} returning id`,
        )
      : await rowsOf<{ id: number }>(
          db,
          sql`update outbox set status = ${input.outcome}, payload = null, lease_until = null, lease_owner = null,
                last_error = ${error}, done_at = ${input.now}
              where id = ${input.id} and status = 'pending' and lease_owner = ${input.owner} returning id`,
        );
  return rows.length > 0;
}

/** Rows for operators, newest first: optionally of one status and one kind. The payload is never listed. */
export async function outboxList(db: DbOrTx, input: { status?: OutboxStatus; kind?: string; limit: number; beforeId?: number }): Promise<OutboxRow[]> {
  const filters = [
    input.status === undefined ? undefined : sql`status = ${input.status}`,
    input.kind === undefined ? undefined : sql`kind = ${input.kind}`,
    input.beforeId === undefined ? undefined : sql`id < ${input.beforeId}`,
  ].filter((filter) => filter !== undefined);
  const where = filters.length === 0 ? sql`` : sql`where ${sql.join(filters, sql` and `)}`;
  const rows = await rowsOf<RawRow>(db, sql`select ${COLUMNS} from outbox ${where} order by id desc limit ${input.limit}`);
  return rows.map(rowOf);
}

/** Rows one purge statement deletes at most: a long backlog goes in short transactions, not one that holds the table. */
export const OUTBOX_PURGE_BATCH = 1_000;

/**
 * Deletes finished rows (`sent`, `failed`, `dead`) done before `before`, a batch at a time; answers how many. Pending
 * rows are never touched, however old. Idempotent: a second pass, or two at once, deletes each row once.
 */
export async function outboxPurge(db: DbOrTx, before: Date, batch = OUTBOX_PURGE_BATCH): Promise<number> {
  let purged = 0;
  for (;;) {
    const rows = await rowsOf<{ id: string | number }>(
      db,
      sql`delete from outbox where id in (
            select id from outbox where status <> 'pending' and done_at < ${before.toISOString()}::timestamptz
            order by done_at limit ${batch}
          ) returning id`,
    );
    // Until a batch finds nothing: a short batch may only mean a pass running beside this one took some of its rows.
    if (rows.length === 0) return purged;
    purged += rows.length;
  }
}

/** Rows per kind and status, this table's and web push's (decision 035), for /metrics and the operator endpoint. */
export async function outboxCounts(db: DbOrTx): Promise<{ kind: string; status: string; count: number }[]> {
  const rows = await rowsOf<{ kind: string; status: string; count: string | number }>(
    db,
    sql`select kind, status, count(*) as count from outbox group by kind, status
        union all
        select 'push' as kind, status, count(*) as count from push_outbox group by status`,
  );
  return rows.map((row) => ({ kind: row.kind, status: row.status, count: Number(row.count) }));
}
