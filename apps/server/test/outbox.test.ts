/**
 * The general outbox (decision 042), in process: rows written with the change that needs them, sent by the request or
 * by the delivery pass under a lease, retried with exponential back-off until dead, never sent by two senders at once,
 * and listed for operators. The kill -9 drills are outbox-restart.test.ts (child processes).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { transaction } from '../src/db/transaction.ts';
import { outboxInsert, type OutboxRow } from '../src/modules/outbox/outbox.repository.ts';
import {
  OUTBOX_ATTEMPTS_MAX,
  OUTBOX_LEASE_MS,
  outboxBackoffMs,
  outboxDeliver,
  OutboxRefused,
  type OutboxDeps,
  type OutboxHandler,
} from '../src/modules/outbox/outbox.service.ts';
import { SEND } from './account-fixtures.ts';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, idempotencyKey } from './payments-fixtures.ts';

const OPS_TOKEN = 'ops-token-for-the-outbox-test-0123';
let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate({ env: { OPS_TOKEN } });
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

let kindSeq = 0;
/** A kind of its own per test, which the app's own delivery job has no handler for and so never touches. */
const kindNew = () => `test_${process.pid % 1000}_${(kindSeq += 1)}`;

function sender(owner: string, handlers: Record<string, OutboxHandler>): OutboxDeps {
  return { db: t.db, now: t.clock.now, handlers, owner, log: { warn: () => undefined } };
}

async function rowsOfKind(kind: string) {
  return t.rows<{ id: number; status: string; attempts: number; next_at: Date; payload: unknown; last_error: string | null }>(
    sql`select id, status, attempts, next_at, payload, last_error from outbox where kind = ${kind} order by id`,
  );
}

async function enqueue(kind: string, count: number) {
  await transaction(t.db, async (tx) => {
    for (let index = 0; index < count; index += 1) await outboxInsert(tx, { kind, key: `k${index}`, payload: { n: index }, now: t.clock.now() });
  });
}

describe('the back-off schedule', () => {
  it('doubles from 30 s per failed attempt and stops growing at 30 minutes', () => {
    expect(Array.from({ length: OUTBOX_ATTEMPTS_MAX }, (_, index) => outboxBackoffMs(index + 1) / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1800, 1800]);
  });

  it('is what a failing row waits between its attempts, and the row is dead after the last one', async () => {
    const kind = kindNew();
    await enqueue(kind, 1);
    const calls: Date[] = [];
    const failing = sender('node-a', {
      [kind]: async () => {
        calls.push(t.clock.now());
        throw new Error('provider answered 503');
      },
    });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= OUTBOX_ATTEMPTS_MAX; attempt += 1) {
      expect((await outboxDeliver(failing)).tried).toBe(1);
      const [row] = await rowsOfKind(kind);
      expect(row!.attempts).toBe(attempt);
      if (attempt < OUTBOX_ATTEMPTS_MAX) {
        expect(row!.status).toBe('pending');
        const wait = new Date(row!.next_at).getTime() - t.clock.now().getTime();
        waits.push(wait / 1000);
        // Not due a millisecond early: a pass just before the time sends nothing.
        t.clock.advance(wait - 1);
        expect((await outboxDeliver(failing)).tried).toBe(0);
        t.clock.advance(1);
      } else {
        expect(row).toMatchObject({ status: 'dead', payload: null, last_error: 'Error: provider answered 503' });
      }
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1800]);
    expect(calls).toHaveLength(OUTBOX_ATTEMPTS_MAX);
    // Dead is final: no pass sends it again.
    t.clock.advance(24 * 3600_000);
    expect((await outboxDeliver(failing)).tried).toBe(0);
  });

  it('ends a row the provider refused for good as failed at once, without retrying', async () => {
    const kind = kindNew();
    await enqueue(kind, 1);
    const refusing = sender('node-a', {
      [kind]: async () => {
        throw new OutboxRefused('the number does not exist');
      },
    });
    await outboxDeliver(refusing);
    expect(await rowsOfKind(kind)).toMatchObject([{ status: 'failed', attempts: 1, payload: null }]);
  });
});

describe('two senders', () => {
  it('racing over the same rows send each one exactly once', async () => {
    const kind = kindNew();
    await enqueue(kind, 40);
    const sent = new Map<number, string[]>();
    const handlerOf =
      (node: string): OutboxHandler =>
      async (_payload, row) => {
        sent.set(row.id, [...(sent.get(row.id) ?? []), node]);
        // A provider call takes a while; the other sender is claiming meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 2));
      };
    const a = sender('node-a', { [kind]: handlerOf('a') });
    const b = sender('node-b', { [kind]: handlerOf('b') });
    const [fromA, fromB] = await Promise.all([outboxDeliver(a, 5), outboxDeliver(b, 5)]);
    const rows = await rowsOfKind(kind);
    expect(rows.map((row) => row.status)).toEqual(Array(40).fill('sent'));
    expect([...sent.values()].every((nodes) => nodes.length === 1)).toBe(true);
    expect(sent.size).toBe(40);
    expect(fromA.sent + fromB.sent).toBe(40);
  });

  it('never takes a row another sender holds; after its lease runs out the row is taken, and the late first outcome is not written over it', async () => {
    const kind = kindNew();
    await enqueue(kind, 1);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls: string[] = [];
    const slow = sender('node-a', {
      [kind]: async () => {
        calls.push('a');
        await held;
        throw new Error('timed out');
      },
    });
    const other = sender('node-b', {
      [kind]: async () => {
        calls.push('b');
      },
    });
    const first = outboxDeliver(slow);
    while (calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    expect((await outboxDeliver(other)).tried).toBe(0);
    t.clock.advance(OUTBOX_LEASE_MS - 1);
    expect((await outboxDeliver(other)).tried).toBe(0);
    t.clock.advance(1);
    expect(await outboxDeliver(other)).toEqual({ tried: 1, sent: 1 });
    release();
    await first;
    expect(calls).toEqual(['a', 'b']);
    expect(await rowsOfKind(kind)).toMatchObject([{ status: 'sent', attempts: 2, last_error: null }]);
  });
});

describe('what owes a call writes it in its transaction', () => {
  it('a code mail is a row of the code, sent by the request itself, its payload (the code) wiped once sent', async () => {
    const email = `outbox-${idempotencyKey()}@example.com`;
    expect(envelopeOf(await t.post(SEND, { body: { email, purpose: 'register' } })).dm_error).toBe(0);
    const rows = await t.rows<{ kind: string; key: string; status: string; attempts: number; payload: unknown }>(
      sql`select o.kind, o.key, o.status, o.attempts, o.payload from outbox o join verification_codes c on o.key = 'code:' || c.id where c.target = ${email}`,
    );
    expect(rows).toEqual([{ kind: 'mail', key: expect.stringMatching(/^code:\d+$/), status: 'sent', attempts: 1, payload: null }]);
    expect(await t.rows(sql`select id from mail_outbox where to_address = ${email}`)).toHaveLength(1);
  });

  it('a pay-in whose request died after its commit gets its instruction from the delivery pass, once, with the order id as the key', async () => {
    const session = await t.session('piranha');
    const psp = t.built.payments.provider;
    const original = psp.payinStart;
    // The request's process "dies" at the provider call: the first call never returns.
    const spy = vi.spyOn(psp, 'payinStart').mockImplementationOnce(() => new Promise(() => undefined));
    const request = t.post('/api/piranha/finance/payin/order/create', {
      query: signedIn(session),
      headers: { 'idempotency-key': idempotencyKey() },
      body: { channel: 'PIX', amount: 5000, currency: 'BRL' },
    });
    void request;
    while (spy.mock.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const orderId = spy.mock.calls[0]![0].orderId;
    const [held] = await t.rows<{ status: string; attempts: number }>(sql`select status, attempts from outbox where kind = 'payin_start' and key = ${orderId}`);
    expect(held).toEqual({ status: 'pending', attempts: 1 });
    // While the request holds it, no pass sends it.
    expect((await outboxDeliver(t.built.outbox)).sent).toBe(0);
    spy.mockImplementation(original);
    t.clock.advance(OUTBOX_LEASE_MS);
    await outboxDeliver(t.built.outbox);
    await t.built.jobs.trigger('outbox-deliver');
    expect(spy.mock.calls.filter(([call]) => call.orderId === orderId)).toHaveLength(2);
    const [order] = await t.rows<{ status: number; instruction: unknown; provider_ref: string }>(
      sql`select status, instruction, provider_ref from payment_orders where order_id = ${orderId}`,
    );
    expect(order!.instruction).not.toBeNull();
    expect(order!.provider_ref).not.toBe(orderId);
    expect(await t.rows(sql`select status, attempts, payload from outbox where kind = 'payin_start' and key = ${orderId}`)).toEqual([
      { status: 'sent', attempts: 2, payload: null },
    ]);
    // The player's status poll now shows the payment code.
    const status = envelopeOf(await t.get('/api/piranha/finance/payin/order/status', { query: { ...signedIn(session), order_id: orderId } }));
    expect(status.data.instruction?.copy_text).toMatch(/^000201/);
    spy.mockRestore();
  });
});

describe('GET /api/ops/outbox', () => {
  const get = (query: Record<string, string>, token = OPS_TOKEN) => t.get('/api/ops/outbox', { query, headers: { authorization: `Bearer ${token}` } });

  it('lists rows by status and kind, newest first, without payloads, with counts of every kind (web push too)', async () => {
    const kind = kindNew();
    await enqueue(kind, 3);
    const envelope = envelopeOf(await get({ status: 'pending', kind }));
    expect(envelope.dm_error).toBe(0);
    const rows = envelope.data.rows as Array<Pick<OutboxRow, 'kind'> & { id: number; status: string; key: string }>;
    expect(rows.map((row) => row.key)).toEqual(['k2', 'k1', 'k0']);
    expect(rows.every((row) => row.kind === kind && row.status === 'pending' && !('payload' in row))).toBe(true);
    expect(envelope.data.counts).toContainEqual({ kind, status: 'pending', count: 3 });
    expect(envelopeOf(await get({ status: 'sent', kind })).data.rows).toEqual([]);
    const page = envelopeOf(await get({ kind, before_id: String(rows[0]!.id) })).data.rows as Array<{ key: string }>;
    expect(page.map((row) => row.key)).toEqual(['k1', 'k0']);
  });

  it('refuses a wrong token and names a bad filter', async () => {
    expect(envelopeOf(await get({}, 'wrong')).dm_error).toBe(envelopeOf(await t.get('/api/ops/outbox')).dm_error);
    expect(envelopeOf(await get({}, 'wrong')).dm_error).not.toBe(0);
    for (const [field, value] of [
      ['status', 'lost'],
      ['kind', 'Robert; drop table'],
      ['before_id', '0'],
      ['zz_unknown', '1'],
    ] as const) {
      const envelope = envelopeOf(await get({ [field]: value }));
      expect(envelope.data.field, field).toBe(field);
    }
  });

  it('counts rows in /metrics by kind and status', async () => {
    const kind = kindNew();
    await enqueue(kind, 2);
    const text = (await t.get('/metrics', { headers: { authorization: `Bearer ${OPS_TOKEN}` } })).text;
    expect(text).toContain(`piranha_outbox_rows{kind="${kind}",status="pending"} 2\n`);
    expect(text).toMatch(/^piranha_outbox_oldest_pending_seconds \d/m);
  });
});
