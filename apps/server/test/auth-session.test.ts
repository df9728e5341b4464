import { balanceGet, ERROR_MESSAGES, ERRORS } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionEnd, sidHash, SESSION_LIFETIME_MS } from '../src/modules/session/session.service.ts';
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';

const BALANCE = balanceGet.path;

let t: TestApp;

beforeAll(async () => {
  t = await testAppCreate();
});
afterAll(() => t?.close());

async function balanceAnswer(query: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await t.get(BALANCE, { query, headers });
  expect(response.status).toBe(200);
  return envelopeOf(response);
}

function expectSessionExpired(envelope: { dm_error: number; data: { field?: string } }) {
  expect(envelope.dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
  expect(envelope.data.field).toBe('sid');
}

describe('the balance needs a live session (uid, sid)', () => {
  it('answers a fresh visitor with one balance of 0 in the brand currency', async () => {
    t.clock.set(CLOCK_START);
    const session = await t.session('piranha');
    const envelope = await balanceAnswer(signedIn(session));
    expect(envelope.dm_error).toBe(0);
    expect(balanceGet.data.parse(envelope.data)).toStrictEqual({
      balances: [{ currency: 'BRL', symbol: 'R$', balance_info: { balance: 0 } }],
      total_balance: 0,
    });
  });

  it("answers in the Mexican brand's currency for a visitor of that brand", async () => {
    const session = await t.session('aguila');
    const envelope = await balanceAnswer(signedIn(session), { host: 'aguila.mx' });
    expect(envelope.dm_error).toBe(0);
    expect(envelope.data.balances).toEqual([expect.objectContaining({ currency: 'MXN', balance_info: { balance: 0 } })]);
  });

  it('refuses a request without uid or sid with 604, in the request language', async () => {
    const session = await t.session();
    expectSessionExpired(await balanceAnswer({}));
    expectSessionExpired(await balanceAnswer({ uid: String(session.uid) }));
    expectSessionExpired(await balanceAnswer({ sid: session.sid }));
    expectSessionExpired(await balanceAnswer({ uid: 'null', sid: session.sid }));
    const english = await balanceAnswer({ lca_lang: 'ENG' });
    expect(english.error_msg).toBe(ERROR_MESSAGES['en-US'].sessionExpired);
  });

  it('refuses an unknown sid with 604', async () => {
    const session = await t.session();
    expectSessionExpired(await balanceAnswer({ uid: String(session.uid), sid: 'this-sid-was-never-issued' }));
  });

  it("refuses a real sid presented with another user's uid with 604", async () => {
    const alice = await t.session();
    const bob = await t.session();
    expectSessionExpired(await balanceAnswer({ uid: String(bob.uid), sid: alice.sid }));
    expectSessionExpired(await balanceAnswer({ uid: String(alice.uid), sid: bob.sid }));
    // Each still works with its own uid.
    expect((await balanceAnswer(signedIn(alice))).dm_error).toBe(0);
    expect((await balanceAnswer(signedIn(bob))).dm_error).toBe(0);
  });

  it('refuses a revoked session with 604 while the same user’s other session still works', async () => {
    const session = await t.session();
    const [other] = await t.rows<{ id: number }>(
      sql`insert into sessions (user_id, sid_hash, expires_at) values (${session.uid}, ${sidHash('second-device-sid')}, ${new Date(t.clock.now().getTime() + SESSION_LIFETIME_MS).toISOString()}) returning id`,
    );
    expect(other).toBeDefined();
    expect((await balanceAnswer(signedIn(session))).dm_error).toBe(0);
    await sessionEnd(t.db, session.sessionId, t.clock.now());
    expectSessionExpired(await balanceAnswer(signedIn(session)));
    expect((await balanceAnswer({ uid: String(session.uid), sid: 'second-device-sid' })).dm_error).toBe(0);
  });

  it('accepts a session until 30 days have passed, then answers 604', async () => {
    t.clock.set(CLOCK_START);
    const session = await t.session();
    t.clock.advance(SESSION_LIFETIME_MS - 60_000);
    expect((await balanceAnswer(signedIn(session))).dm_error).toBe(0);
    t.clock.advance(60_000);
    expectSessionExpired(await balanceAnswer(signedIn(session)));
    t.clock.advance(365 * 24 * 3600 * 1000);
    expectSessionExpired(await balanceAnswer(signedIn(session)));
    t.clock.set(CLOCK_START);
  });

  it('accepts the uid as a number string with the session from its __Host- cookies', async () => {
    const session = await t.session();
    const envelope = await balanceAnswer({}, { cookie: `__Host-uid=${session.uid}; __Host-sid=${session.sid}` });
    expect(envelope.dm_error).toBe(0);
  });
});

describe('sessions are stored hashed', () => {
  it('keeps only the SHA-256 of the sid: the plain sid is nowhere in the sessions table', async () => {
    const session = await t.session();
    const rows = await t.rows<{ sid_hash: string; everything: string }>(
      sql`select sid_hash, s::text as everything from sessions s where id = ${session.sessionId}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sid_hash).toBe(sidHash(session.sid));
    expect(rows[0]!.sid_hash).toMatch(/^[0-9a-f]{64}$/);
    const leaks = await t.rows<{ id: number }>(sql`select id from sessions s where position(${session.sid} in s::text) > 0`);
    expect(leaks).toEqual([]);
  });

  it('refuses the stored hash itself presented as a sid', async () => {
    const session = await t.session();
    expectSessionExpired(await balanceAnswer({ uid: String(session.uid), sid: sidHash(session.sid) }));
  });
});
