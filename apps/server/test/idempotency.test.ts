import { endpoint, errorReport, ERRORS, HEADER_IDEMPOTENCY_KEY } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { AppError } from '../src/app-error.ts';
import { idempotencyKeys } from '../src/db/schema/index.ts';
import { transaction } from '../src/db/transaction.ts';
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_OWNER, requestHashOf } from '../src/plugins/idempotency.ts';
import { routeRegister } from '../src/plugins/route.ts';
import { CLOCK_START, DAY_MS, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';

const REPORT = errorReport.path;

let t: TestApp;
let counter = 0;

/** A valid error report with a unique trace id, so each test counts only its own rows. */
function reportBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    host: 'self',
    method: 'GET',
    uri: '/api/v1/conf/global',
    http_status: 200,
    dm_error: 1004,
    event_time: 1_772_452_800_000,
    cost: 5,
    trace_id: `idem-${process.pid}-${counter}`,
    ...overrides,
  };
}

async function reportRows(traceId: string): Promise<number> {
  const [row] = await t.rows<{ count: number }>(sql`select count(*)::int as count from error_reports where payload->>'trace_id' = ${traceId}`);
  return row!.count;
}

function withKey(key: string, extra: Record<string, string> = {}) {
  return { [HEADER_IDEMPOTENCY_KEY]: key, ...extra };
}

// --- An arbitrary POST that requires a key: proves the plugin is not specific to the error report. ---
const placeEndpoint = endpoint({
  method: 'POST',
  path: '/api/test/place',
  host: 'main',
  auth: 'optional',
  idempotency: 'required',
  query: z.object({}),
  body: z.object({ amount: z.number().int().positive() }),
  data: z.object({ order: z.number().int(), amount: z.number().int() }),
});
let placeCalls = 0;
let placeGate: Promise<void> | undefined;

const failingEndpoint = endpoint({
  method: 'POST',
  path: '/api/test/flaky',
  host: 'main',
  auth: 'none',
  idempotency: 'required',
  query: z.object({}),
  body: z.object({ mode: z.enum(['refuse', 'crash', 'ok']) }),
  data: z.object({ calls: z.number().int() }),
});
let flakyCalls = 0;

// --- A route that writes its answer in its own transaction (RouteOptions.answerInTransaction), as placements do. ---
const writeEndpoint = endpoint({
  method: 'POST',
  path: '/api/test/write',
  host: 'main',
  auth: 'none',
  idempotency: 'required',
  query: z.object({}),
  body: z.object({ name: z.string(), mode: z.enum(['ok', 'refuse', 'refuse-after-write']) }),
  data: z.object({ name: z.string(), calls: z.number().int() }),
});
let writeCalls = 0;

// --- A route that commits its effect with the key claimed in flight, then finishes outside (RouteOptions.resumable). ---
const resumableEndpoint = endpoint({
  method: 'POST',
  path: '/api/test/resumable',
  host: 'main',
  auth: 'none',
  idempotency: 'required',
  query: z.object({}),
  body: z.object({ name: z.string(), mode: z.enum(['ok', 'crash-after-commit', 'refuse-after-commit']) }),
  data: z.object({ name: z.string(), finishedBy: z.enum(['handler', 'resume']) }),
});
let resumableCalls = 0;
let resumeCalls = 0;

async function settingRows(name: string): Promise<number> {
  const [row] = await t.rows<{ count: number }>(sql`select count(*)::int as count from app_settings where key = ${`idem-test-${name}`}`);
  return row!.count;
}

beforeAll(async () => {
  t = await testAppCreate();
  // buildApp wires routes but never calls ready() or listen(): extra routes can still be added here.
  expect(t.app.server.listening).toBe(false);
  routeRegister(t.app, t.deps, placeEndpoint, async ({ body }) => {
    placeCalls += 1;
    if (placeGate) await placeGate;
    return { order: 1000 + placeCalls, amount: body.amount };
  });
  routeRegister(t.app, t.deps, failingEndpoint, async ({ body }) => {
    flakyCalls += 1;
    if (body.mode === 'refuse') throw new AppError('LIMIT_EXCEEDED', { field: 'mode' });
    if (body.mode === 'crash') throw new Error('database went away');
    return { calls: flakyCalls };
  });
  routeRegister(
    t.app,
    t.deps,
    writeEndpoint,
    async ({ body, answer }) => {
      writeCalls += 1;
      const calls = writeCalls;
      if (body.mode === 'refuse') throw new AppError('LIMIT_EXCEEDED', { field: 'mode' });
      return transaction(t.deps.db, async (tx) => {
        // The effect: a row per run, so a second run that commits would show as a second row… under another key.
        await tx.execute(sql`insert into app_settings (key, value) values (${`idem-test-${body.name}-${calls}`}, '1'::jsonb)`);
        await tx.execute(sql`insert into app_settings (key, value) values (${`idem-test-${body.name}`}, '1'::jsonb) on conflict do nothing`);
        if (body.mode === 'refuse-after-write') throw new AppError('LIMIT_EXCEEDED', { field: 'mode' });
        const data = { name: body.name, calls };
        await answer?.write(tx, data);
        return data;
      });
    },
    { answerInTransaction: true },
  );
  routeRegister(
    t.app,
    t.deps,
    resumableEndpoint,
    async ({ body, claim }) => {
      resumableCalls += 1;
      // The effect commits with the claim naming it, as a payout's order or a casino round does.
      await transaction(t.deps.db, async (tx) => {
        await claim!.write(tx, body.name);
        await tx.execute(sql`insert into app_settings (key, value) values (${`idem-resume-${body.name}`}, '1'::jsonb)`);
      });
      // The outside step (a provider's call): the process may die here, or the step may fail.
      if (body.mode === 'crash-after-commit') throw new Error('provider connection reset');
      if (body.mode === 'refuse-after-commit') throw new AppError('LIMIT_EXCEEDED', { field: 'mode' });
      return { name: body.name, finishedBy: 'handler' as const };
    },
    {
      resumable: {
        resume: async ({ ref }) => {
          resumeCalls += 1;
          return { name: ref, finishedBy: 'resume' as const };
        },
      },
    },
  );
  await t.app.ready();
});
afterAll(() => t?.close());

describe('the error report takes an optional Idempotency-Key', () => {
  it('stores a report without a key each time it is sent', async () => {
    const body = reportBody();
    const first = envelopeOf(await t.post(REPORT, { body }));
    const second = envelopeOf(await t.post(REPORT, { body }));
    expect(first.dm_error).toBe(0);
    expect(second.data.id).not.toBe(first.data.id);
    expect(await reportRows(body.trace_id)).toBe(2);
  });

  it('answers the same key and body twice with the identical response and stores one row', async () => {
    const body = reportBody();
    const first = await t.post(REPORT, { body, headers: withKey('key-same-body-0001') });
    const second = await t.post(REPORT, { body, headers: withKey('key-same-body-0001') });
    expect(envelopeOf(first).dm_error).toBe(0);
    expect(second.json).toStrictEqual(first.json);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await reportRows(body.trace_id)).toBe(1);
  });

  it('refuses the same key with a different body with 1009 and stores nothing more', async () => {
    const body = reportBody();
    await t.post(REPORT, { body, headers: withKey('key-diff-body-0001') });
    const other = { ...body, cost: 999 };
    const envelope = envelopeOf(await t.post(REPORT, { body: other, headers: withKey('key-diff-body-0001') }));
    expect(envelope).toMatchObject({ dm_error: ERRORS.DUPLICATE_REQUEST.code, data: { field: 'Idempotency-Key' } });
    expect(await reportRows(body.trace_id)).toBe(1);
  });

  it('answers 1010 while a twin with the same key is still in flight', async () => {
    const body = reportBody();
    const smid = 'device-in-flight';
    // The twin's claim, as the plugin writes it when a request starts: same key, route, scope and body hash, held by a
    // live process (its lease runs).
    await t.db.insert(idempotencyKeys).values({
      key: 'key-in-flight-0001',
      route: REPORT,
      scope: `d:${smid}`,
      requestHash: requestHashOf('POST', REPORT, errorReport.body.parse(body)),
      state: 'in_flight',
      createdAt: t.clock.now(),
      owner: 'another-server-process',
      leaseUntil: new Date(t.clock.now().getTime() + IDEMPOTENCY_LEASE_MS),
    });
    const envelope = envelopeOf(await t.post(REPORT, { body, query: { smid }, headers: withKey('key-in-flight-0001') }));
    expect(envelope).toMatchObject({ dm_error: ERRORS.REQUEST_IN_PROGRESS.code, data: { field: 'Idempotency-Key' } });
    expect(await reportRows(body.trace_id)).toBe(0);
  });

  it.each([
    ['whose lease lapsed', (now: Date) => new Date(now.getTime() - 1)],
    ['written before claims had a lease', () => null],
  ])('takes over a key left in flight by a dead process (%s) and runs the request once', async (_case, leaseOf) => {
    const body = reportBody();
    const smid = `device-dead-owner-${counter}`;
    const key = `key-dead-owner-${counter}`;
    // A process claimed the key and was killed before it answered: the claim stays, nobody renews its lease.
    await t.db.insert(idempotencyKeys).values({
      key,
      route: REPORT,
      scope: `d:${smid}`,
      requestHash: requestHashOf('POST', REPORT, errorReport.body.parse(body)),
      state: 'in_flight',
      createdAt: t.clock.now(),
      owner: 'killed-server-process',
      leaseUntil: leaseOf(t.clock.now()),
    });
    const first = envelopeOf(await t.post(REPORT, { body, query: { smid }, headers: withKey(key) }));
    expect(first.dm_error).toBe(0);
    const again = envelopeOf(await t.post(REPORT, { body, query: { smid }, headers: withKey(key) }));
    expect(again).toStrictEqual(first);
    expect(await reportRows(body.trace_id)).toBe(1);
    const [row] = await t.rows<{ state: string; owner: string }>(sql`select state, owner from idempotency_keys where key = ${key}`);
    expect(row).toEqual({ state: 'done', owner: IDEMPOTENCY_OWNER });
  });

  it('treats a key as new again after 24 hours', async () => {
    t.clock.set(CLOCK_START);
    const body = reportBody();
    const first = envelopeOf(await t.post(REPORT, { body, headers: withKey('key-expires-0001') }));
    t.clock.advance(DAY_MS - 60_000);
    const replay = envelopeOf(await t.post(REPORT, { body, headers: withKey('key-expires-0001') }));
    expect(replay.data.id).toBe(first.data.id);
    t.clock.advance(2 * 60_000);
    const fresh = envelopeOf(await t.post(REPORT, { body, headers: withKey('key-expires-0001') }));
    expect(fresh.dm_error).toBe(0);
    expect(fresh.data.id).not.toBe(first.data.id);
    expect(await reportRows(body.trace_id)).toBe(2);
    // A day later still, even another body is welcome under the same key.
    t.clock.advance(DAY_MS + 60_000);
    const other = reportBody();
    expect(envelopeOf(await t.post(REPORT, { body: other, headers: withKey('key-expires-0001') })).dm_error).toBe(0);
    t.clock.set(CLOCK_START);
  });

  it('refuses a key shorter than 8 characters (or longer than 255) naming Idempotency-Key', async () => {
    for (const key of ['short', '1234567', 'k'.repeat(256)]) {
      const body = reportBody();
      const envelope = envelopeOf(await t.post(REPORT, { body, headers: withKey(key) }));
      expect(envelope).toMatchObject({ dm_error: ERRORS.VALIDATION_FAILED.code, data: { field: 'Idempotency-Key' } });
      expect(await reportRows(body.trace_id)).toBe(0);
    }
  });

  it('keeps the keys of different users apart', async () => {
    const alice = await t.session();
    const bob = await t.session();
    const aliceBody = reportBody();
    const bobBody = reportBody();
    const forAlice = envelopeOf(await t.post(REPORT, { body: aliceBody, query: signedIn(alice), headers: withKey('key-shared-by-two') }));
    const forBob = envelopeOf(await t.post(REPORT, { body: bobBody, query: signedIn(bob), headers: withKey('key-shared-by-two') }));
    expect(forAlice.dm_error).toBe(0);
    expect(forBob.dm_error).toBe(0);
    expect(forBob.data.id).not.toBe(forAlice.data.id);
    const rows = await t.rows<{ scope: string }>(sql`select scope from idempotency_keys where key = 'key-shared-by-two' order by scope`);
    expect(rows.map((row) => row.scope).sort()).toEqual([`u:${alice.uid}`, `u:${bob.uid}`].sort());
  });
});

describe('any POST can require a key (a route registered by the test)', () => {
  it('refuses a request without the key and never runs the handler', async () => {
    const before = placeCalls;
    const envelope = envelopeOf(await t.post(placeEndpoint.path, { body: { amount: 5 } }));
    expect(envelope).toMatchObject({ dm_error: ERRORS.VALIDATION_FAILED.code, data: { field: 'Idempotency-Key', issue: 'missing' } });
    expect(placeCalls).toBe(before);
  });

  it('answers a repeat with the stored answer without running the handler twice', async () => {
    const before = placeCalls;
    const first = await t.post(placeEndpoint.path, { body: { amount: 7 }, headers: withKey('place-order-0001') });
    const second = await t.post(placeEndpoint.path, { body: { amount: 7 }, headers: withKey('place-order-0001') });
    expect(envelopeOf(first)).toMatchObject({ dm_error: 0, data: { amount: 7 } });
    expect(second.json).toStrictEqual(first.json);
    expect(placeCalls).toBe(before + 1);
  });

  it('answers 1010 to a twin that arrives while the first is still running, then replays', async () => {
    let release!: () => void;
    placeGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = placeCalls;
    try {
      const firstPending = t.post(placeEndpoint.path, { body: { amount: 9 }, headers: withKey('place-order-twin1') });
      // Wait until the first request is inside its handler (its claim is written) before sending the twin.
      while (placeCalls === before) await new Promise((resolve) => setImmediate(resolve));
      const twin = envelopeOf(await t.post(placeEndpoint.path, { body: { amount: 9 }, headers: withKey('place-order-twin1') }));
      expect(twin.dm_error).toBe(ERRORS.REQUEST_IN_PROGRESS.code);
      release();
      const first = await firstPending;
      expect(envelopeOf(first).dm_error).toBe(0);
      const later = await t.post(placeEndpoint.path, { body: { amount: 9 }, headers: withKey('place-order-twin1') });
      expect(later.json).toStrictEqual(first.json);
      expect(placeCalls).toBe(before + 1);
    } finally {
      placeGate = undefined;
      release?.();
    }
  });

  it('renews the lease of a request that runs long, so its retry keeps answering 1010 and the handler runs once', async () => {
    let release!: () => void;
    placeGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = placeCalls;
    const key = 'place-order-long1';
    const leaseOf = async () =>
      new Date((await t.rows<{ lease_until: Date | string }>(sql`select lease_until from idempotency_keys where key = ${key}`))[0]!.lease_until).getTime();
    try {
      const firstPending = t.post(placeEndpoint.path, { body: { amount: 11 }, headers: withKey(key) });
      while (placeCalls === before) await new Promise((resolve) => setImmediate(resolve));
      // Longer than the first lease: only a renewal by the working process keeps the key from looking abandoned.
      const firstLease = await leaseOf();
      t.clock.advance(IDEMPOTENCY_LEASE_MS);
      // The renewal runs every few seconds; wait for it (a bounded wait, not a timing check).
      for (let attempt = 0; attempt < 100 && (await leaseOf()) <= firstLease; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await leaseOf()).toBeGreaterThan(firstLease);
      const twin = envelopeOf(await t.post(placeEndpoint.path, { body: { amount: 11 }, headers: withKey(key) }));
      expect(twin.dm_error).toBe(ERRORS.REQUEST_IN_PROGRESS.code);
      release();
      const first = await firstPending;
      expect((await t.post(placeEndpoint.path, { body: { amount: 11 }, headers: withKey(key) })).json).toStrictEqual(first.json);
      expect(placeCalls).toBe(before + 1);
    } finally {
      placeGate = undefined;
      release?.();
      t.clock.set(CLOCK_START);
    }
  });

  it('stores an expected refusal as the answer to its key', async () => {
    const before = flakyCalls;
    const first = envelopeOf(await t.post(failingEndpoint.path, { body: { mode: 'refuse' }, headers: withKey('flaky-refuse-01') }));
    const second = envelopeOf(await t.post(failingEndpoint.path, { body: { mode: 'refuse' }, headers: withKey('flaky-refuse-01') }));
    expect(first).toMatchObject({ dm_error: ERRORS.LIMIT_EXCEEDED.code, data: { field: 'mode' } });
    expect(second).toStrictEqual(first);
    expect(flakyCalls).toBe(before + 1);
  });

  it('frees the key after an unexpected failure, so the retry runs again', async () => {
    const before = flakyCalls;
    const crashed = envelopeOf(await t.post(failingEndpoint.path, { body: { mode: 'crash' }, headers: withKey('flaky-crash-01') }));
    expect(crashed.dm_error).toBe(ERRORS.INTERNAL.code);
    const rows = await t.rows<{ key: string }>(sql`select key from idempotency_keys where key = 'flaky-crash-01'`);
    expect(rows).toEqual([]);
    const retried = envelopeOf(await t.post(failingEndpoint.path, { body: { mode: 'crash' }, headers: withKey('flaky-crash-01') }));
    expect(retried.dm_error).toBe(ERRORS.INTERNAL.code);
    expect(flakyCalls).toBe(before + 2);
  });
});

describe('a route that writes its answer in its own transaction', () => {
  const post = (name: string, mode: 'ok' | 'refuse' | 'refuse-after-write', key: string) =>
    t.post(writeEndpoint.path, { body: { name, mode }, headers: withKey(key) });

  it('commits the effect and its answer together, and a replay commits nothing more', async () => {
    const before = writeCalls;
    const first = await post('once', 'ok', 'write-once-0001');
    const second = await post('once', 'ok', 'write-once-0001');
    expect(envelopeOf(first)).toMatchObject({ dm_error: 0, data: { name: 'once' } });
    expect(second.json).toStrictEqual(first.json);
    expect(second.headers['idempotent-replayed']).toBe('true');
    // The replay ran the handler up to its write, found the key answered and rolled back.
    expect(writeCalls).toBe(before + 2);
    expect(await settingRows('once')).toBe(1);
    const effects = await t.rows<{ key: string }>(sql`select key from app_settings where key like 'idem-test-once-%'`);
    expect(effects.map((row) => row.key)).toEqual([`idem-test-once-${before + 1}`]);
    const [key] = await t.rows<{ state: string }>(sql`select state from idempotency_keys where key = 'write-once-0001'`);
    expect(key?.state).toBe('done');
  });

  it('lets concurrent twins run, but only one commits; the others roll back and replay its answer', async () => {
    // No gate here: PGlite has one connection, so a transaction held open would stall the twins' first read.
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('twins', 'ok', 'write-twins-0001')));
    const first = envelopeOf(answers[0]!);
    expect(first.dm_error).toBe(0);
    for (const answer of answers) expect(answer.json).toStrictEqual(answers[0]!.json);
    const winner = (first.data as { calls: number }).calls;
    // Twins that got past the read wrote their own row too, but only the winner's transaction committed.
    const rows = await t.rows<{ key: string }>(sql`select key from app_settings where key like 'idem-test-twins-%'`);
    expect(rows.map((row) => row.key)).toEqual([`idem-test-twins-${winner}`]);
  });

  it('stores a refusal as the answer, and one thrown after writing leaves nothing written', async () => {
    const before = writeCalls;
    const refused = envelopeOf(await post('refused', 'refuse', 'write-refuse-001'));
    expect(refused).toMatchObject({ dm_error: ERRORS.LIMIT_EXCEEDED.code, data: { field: 'mode' } });
    expect(envelopeOf(await post('refused', 'refuse', 'write-refuse-001'))).toStrictEqual(refused);
    const late = envelopeOf(await post('late', 'refuse-after-write', 'write-refuse-002'));
    expect(late.dm_error).toBe(ERRORS.LIMIT_EXCEEDED.code);
    expect(await settingRows('late')).toBe(0);
    expect(envelopeOf(await post('late', 'refuse-after-write', 'write-refuse-002'))).toStrictEqual(late);
    expect(writeCalls).toBe(before + 4);
  });

  it('refuses the same key with another body with 1009 and writes nothing', async () => {
    await post('first', 'ok', 'write-dupe-0001');
    const other = envelopeOf(await post('second', 'ok', 'write-dupe-0001'));
    expect(other.dm_error).toBe(ERRORS.DUPLICATE_REQUEST.code);
    expect(await settingRows('second')).toBe(0);
  });
});

describe('a route that commits its effect with the key in flight, then finishes outside (resumable)', () => {
  const post = (name: string, mode: 'ok' | 'crash-after-commit' | 'refuse-after-commit', key: string) =>
    t.post(resumableEndpoint.path, { body: { name, mode }, headers: withKey(key) });
  const effects = async (name: string) =>
    (await t.rows<{ count: number }>(sql`select count(*)::int as count from app_settings where key = ${`idem-resume-${name}`}`))[0]!.count;

  it('answers a finished request from the key, never running it or its resumption again', async () => {
    const before = { handler: resumableCalls, resume: resumeCalls };
    const first = await post('plain', 'ok', 'resumable-plain-01');
    expect(envelopeOf(first)).toMatchObject({ dm_error: 0, data: { name: 'plain', finishedBy: 'handler' } });
    const second = await post('plain', 'ok', 'resumable-plain-01');
    expect(second.json).toStrictEqual(first.json);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect({ handler: resumableCalls, resume: resumeCalls }).toEqual({ handler: before.handler + 2, resume: before.resume });
    expect(await effects('plain')).toBe(1);
  });

  it('resumes at once what an unexpected failure left after its effect committed', async () => {
    const before = { handler: resumableCalls, resume: resumeCalls };
    const crashed = envelopeOf(await post('crashed', 'crash-after-commit', 'resumable-crash-01'));
    expect(crashed.dm_error).toBe(ERRORS.INTERNAL.code);
    const [held] = await t.rows<{ state: string; resume_ref: string }>(sql`select state, resume_ref from idempotency_keys where key = 'resumable-crash-01'`);
    expect(held).toEqual({ state: 'in_flight', resume_ref: 'crashed' });
    const retried = await post('crashed', 'crash-after-commit', 'resumable-crash-01');
    expect(envelopeOf(retried)).toMatchObject({ dm_error: 0, data: { name: 'crashed', finishedBy: 'resume' } });
    expect((await post('crashed', 'crash-after-commit', 'resumable-crash-01')).json).toStrictEqual(retried.json);
    expect(await effects('crashed')).toBe(1);
    // Each retry ran the handler up to its claim, which found the key held and wrote nothing; one of them resumed.
    expect({ handler: resumableCalls, resume: resumeCalls }).toEqual({ handler: before.handler + 3, resume: before.resume + 1 });
  });

  it('answers 1010 while the owner lives, and resumes once its lease lapsed (the process died)', async () => {
    const name = 'died';
    const key = 'resumable-died-01';
    // What a process killed after the effect's commit leaves: the effect, and the key in flight naming it.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`insert into app_settings (key, value) values (${`idem-resume-${name}`}, '1'::jsonb)`);
      await tx.insert(idempotencyKeys).values({
        key,
        route: resumableEndpoint.path,
        scope: 'ip:127.0.0.1',
        requestHash: requestHashOf('POST', resumableEndpoint.path, { name, mode: 'ok' }),
        state: 'in_flight',
        createdAt: t.clock.now(),
        owner: 'killed-server-process',
        leaseUntil: new Date(t.clock.now().getTime() + IDEMPOTENCY_LEASE_MS),
        resumeRef: name,
      });
    });
    const before = { handler: resumableCalls, resume: resumeCalls };
    expect(envelopeOf(await post(name, 'ok', key))).toMatchObject({ dm_error: ERRORS.REQUEST_IN_PROGRESS.code });
    t.clock.advance(IDEMPOTENCY_LEASE_MS);
    try {
      const resumed = await post(name, 'ok', key);
      expect(envelopeOf(resumed)).toMatchObject({ dm_error: 0, data: { name, finishedBy: 'resume' } });
      expect((await post(name, 'ok', key)).json).toStrictEqual(resumed.json);
    } finally {
      t.clock.set(CLOCK_START);
    }
    expect(await effects(name)).toBe(1);
    // The handler ran for each retry up to its claim, which found the key held, and wrote nothing.
    expect(resumeCalls).toBe(before.resume + 1);
  });

  it('stores a refusal that comes after the effect committed as the key’s answer', async () => {
    const refused = envelopeOf(await post('refused-late', 'refuse-after-commit', 'resumable-refuse-1'));
    expect(refused).toMatchObject({ dm_error: ERRORS.LIMIT_EXCEEDED.code, data: { field: 'mode' } });
    const before = resumeCalls;
    expect(envelopeOf(await post('refused-late', 'refuse-after-commit', 'resumable-refuse-1'))).toStrictEqual(refused);
    expect(resumeCalls).toBe(before);
    expect(await effects('refused-late')).toBe(1);
  });
});
