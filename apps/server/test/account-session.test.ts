import { accountInfoQuery, ERRORS, loginInfoSchema, sessionRenew, userInfoSchema } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transaction } from '../src/db/transaction.ts';
import {
  SESSION_MONEY_IDLE_MS,
  SESSION_REPLACED_GRACE_MS,
  SESSION_ROTATE_AFTER_MS,
  sessionRequireFresh,
} from '../src/modules/account/account-session.service.ts';
import { ledgerTransfer } from '../src/modules/ledger/ledger.service.ts';
import { sessionEnd } from '../src/modules/session/session.service.ts';
import { accountAppSetup, LOGOUT, sessionOf, smidUnique, touristLogin, SIGNUP_ACCEPT, VISITOR_LOGIN } from './account-fixtures.ts';
import { CLOCK_START, envelopeOf, signedIn } from './harness.ts';

const RENEW = sessionRenew.path;
const INFO = accountInfoQuery.path;

const t = accountAppSetup();

async function info(query: Record<string, string>) {
  return envelopeOf(await t.get(INFO, { query }));
}

async function renew(query: Record<string, string>) {
  const envelope = envelopeOf(await t.get(RENEW, { query }));
  expect(envelope.dm_error).toBe(0);
  return envelope.data as { valid: 0 | 1; sid: string };
}

async function credit(uid: number, amountMinor: number) {
  await transaction(t.db, (tx) =>
    ledgerTransfer(tx, {
      kind: 'test_deposit',
      externalRef: `${uid}-${amountMinor}-${Math.random()}`,
      lines: [
        { account: { userId: uid, currency: 'BRL' }, amountMinor },
        { account: { house: 'payment_clearing', currency: 'BRL' }, amountMinor: -amountMinor },
      ],
    }),
  );
}

describe('guest (tourist) login', () => {
  it('creates a tourist with a fresh session and the spec Login info', async () => {
    const smid = smidUnique();
    const envelope = envelopeOf(await t.post(VISITOR_LOGIN, { body: { smid, ...SIGNUP_ACCEPT } }));
    expect(envelope.dm_error).toBe(0);
    const login = loginInfoSchema.parse(envelope.data);
    expect(login).toMatchObject({ smid, visitor: 1, visitor_deposit: 0, first_regist: 0, first_active: 1, lang: 'pt-BR' });
    expect(login.uid).toBeGreaterThan(0);
    // 24 random bytes in base64url: 192 bits, above the 128 the spec asks for.
    expect(login.sid).toMatch(/^[\w-]{32}$/);
  });

  it('gives the same device the same tourist back with its device secret, with a new session, and both sessions work', async () => {
    const smid = smidUnique();
    const first = await touristLogin(t, smid);
    // 32 random bytes in base64url, answered once: only its hash is kept.
    expect(first.device_secret).toMatch(/^[\w-]{43}$/);
    const second = await touristLogin(t, smid, first.device_secret);
    expect(second.uid).toBe(first.uid);
    expect(second.sid).not.toBe(first.sid);
    expect(second.first_active).toBe(0);
    expect(second.device_secret).toBe('');
    const [stored] = await t.rows<{ secret_hash: string }>(sql`select secret_hash from visitor_devices where user_id = ${first.uid}`);
    expect(stored!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.secret_hash).not.toContain(first.device_secret!);
    expect((await info(signedIn(sessionOf(first)))).dm_error).toBe(0);
    expect((await info(signedIn(sessionOf(second)))).dm_error).toBe(0);
  });

  it('gives a device that sends another device’s smid without its secret a new tourist, never the one holding the money', async () => {
    const smid = smidUnique();
    const owner = await touristLogin(t, smid);
    await credit(owner.uid, 50_000);
    const stranger = await touristLogin(t, smid);
    expect(stranger.uid).not.toBe(owner.uid);
    expect(stranger).toMatchObject({ visitor: 1, visitor_deposit: 0, first_active: 1 });
    const guessed = await touristLogin(t, smid, 'x'.repeat(43));
    expect(guessed.uid).not.toBe(owner.uid);
    expect(guessed.uid).not.toBe(stranger.uid);
    // The owner's own secret still brings the owner's tourist back.
    expect((await touristLogin(t, smid, owner.device_secret)).uid).toBe(owner.uid);
  });

  it('keeps tourists of different brands apart even on the same device', async () => {
    const smid = smidUnique();
    const piranha = await touristLogin(t, smid);
    const envelope = envelopeOf(await t.post(VISITOR_LOGIN, { body: { smid, ...SIGNUP_ACCEPT }, headers: { 'app-key': 'aguila' } }));
    expect(envelope.data.uid).not.toBe(piranha.uid);
    expect(envelope.data.lang).toBe('es-MX');
  });

  it('sets visitor_deposit once the tourist holds money', async () => {
    const smid = smidUnique();
    const first = await touristLogin(t, smid);
    await credit(first.uid, 5_000);
    expect((await touristLogin(t, smid, first.device_secret)).visitor_deposit).toBe(1);
  });

  it('makes two tourists of two first logins of one device at the same time, each claimed back by its own secret only', async () => {
    const smid = smidUnique();
    const [a, b] = await Promise.all([touristLogin(t, smid), touristLogin(t, smid)]);
    expect(a.uid).not.toBe(b.uid);
    expect((await touristLogin(t, smid, a.device_secret)).uid).toBe(a.uid);
    expect((await touristLogin(t, smid, b.device_secret)).uid).toBe(b.uid);
    const rows = await t.rows<{ n: number }>(sql`select count(*)::int as n from visitor_devices where smid = ${smid}`);
    expect(rows[0]!.n).toBe(2);
  });

  it('claims a tourist only on its own device: its secret with another smid makes a new tourist', async () => {
    const owner = await touristLogin(t);
    expect((await touristLogin(t, smidUnique(), owner.device_secret)).uid).not.toBe(owner.uid);
  });

  it('refuses a device secret of the wrong shape, naming device_secret', async () => {
    const envelope = envelopeOf(await t.post(VISITOR_LOGIN, { body: { smid: smidUnique(), device_secret: 'short' } }));
    expect(envelope).toMatchObject({ dm_error: ERRORS.VALIDATION_FAILED.code, data: { field: 'device_secret' } });
  });

  it('refuses a device id that is too short or has odd characters, naming smid', async () => {
    for (const smid of ['short', 'has spaces in it', 'semi;colon;device']) {
      const envelope = envelopeOf(await t.post(VISITOR_LOGIN, { body: { smid, ...SIGNUP_ACCEPT } }));
      expect(envelope.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
      expect(envelope.data.field).toBe('smid');
    }
  });
});

describe('user info', () => {
  it('answers the spec User info of a tourist', async () => {
    const login = await touristLogin(t);
    const envelope = await info(signedIn(sessionOf(login)));
    expect(envelope.dm_error).toBe(0);
    expect(userInfoSchema.parse(envelope.data)).toStrictEqual({
      uid: login.uid,
      sid: login.sid,
      nick: `Player${login.uid}`,
      email: '',
      visitor: 1,
      first_regist: 0,
      bind_info: [],
      profile: { nick: `Player${login.uid}` },
    });
  });

  it('creates the profile of a user that has none yet, then answers it', async () => {
    const session = await t.session();
    const envelope = await info(signedIn(session));
    expect(envelope.dm_error).toBe(0);
    expect(envelope.data.nick).toBe(`Player${session.uid}`);
  });

  it('answers 604 without a live session', async () => {
    expect((await info({})).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    expect((await info({ uid: '1', sid: 'never-issued' })).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
  });
});

describe('session renewal (spec §4)', () => {
  it('answers valid 0 and an empty sid without a sid, for an unknown sid, or for a mismatched uid', async () => {
    const login = await touristLogin(t);
    expect(await renew({})).toEqual({ valid: 0, sid: '' });
    expect(await renew({ uid: String(login.uid), sid: 'not-a-session' })).toEqual({ valid: 0, sid: '' });
    expect(await renew({ uid: String(login.uid + 1), sid: login.sid })).toEqual({ valid: 0, sid: '' });
    expect(await renew({ uid: 'null', sid: login.sid })).toEqual({ valid: 0, sid: '' });
  });

  it('answers valid 1 with the same sid for a young session', async () => {
    const login = await touristLogin(t);
    expect(await renew(signedIn(sessionOf(login)))).toEqual({ valid: 1, sid: login.sid });
  });

  it('replaces a day-old sid, keeps the absolute expiry, and lets the old one work for a minute', async () => {
    t.clock.set(CLOCK_START);
    const login = await touristLogin(t);
    t.clock.advance(SESSION_ROTATE_AFTER_MS + 1);
    const renewed = await renew(signedIn(sessionOf(login)));
    expect(renewed.valid).toBe(1);
    expect(renewed.sid).not.toBe(login.sid);
    const fresh = { uid: String(login.uid), sid: renewed.sid };
    expect((await info(fresh)).dm_error).toBe(0);
    expect((await info(signedIn(sessionOf(login)))).dm_error).toBe(0);
    t.clock.advance(SESSION_REPLACED_GRACE_MS + 1);
    expect((await info(signedIn(sessionOf(login)))).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    expect((await info(fresh)).dm_error).toBe(0);
    const expiries = await t.rows<{ expires_at: string }>(sql`select expires_at from sessions where user_id = ${login.uid} order by id`);
    expect(new Date(expiries[1]!.expires_at).getTime()).toBe(CLOCK_START.getTime() + 30 * 24 * 3600_000);
    t.clock.set(CLOCK_START);
  });

  it('answers valid 0 once the account is closed', async () => {
    const login = await touristLogin(t);
    await t.post('/api/user/account/del_apply', { query: signedIn(sessionOf(login)), body: { confirm: 1 } });
    expect(await renew(signedIn(sessionOf(login)))).toEqual({ valid: 0, sid: '' });
  });
});

describe('logout', () => {
  it('ends the session: the same sid then answers 604 and renews as invalid; other sessions live on', async () => {
    const smid = smidUnique();
    const phone = await touristLogin(t, smid);
    const laptop = await touristLogin(t, smid, phone.device_secret);
    const envelope = envelopeOf(await t.post(LOGOUT, { query: signedIn(sessionOf(phone)), body: {} }));
    expect(envelope).toMatchObject({ dm_error: 0, data: { logged_out: 1 } });
    expect((await info(signedIn(sessionOf(phone)))).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    expect(await renew(signedIn(sessionOf(phone)))).toEqual({ valid: 0, sid: '' });
    expect((await info(signedIn(sessionOf(laptop)))).dm_error).toBe(0);
  });

  it('answers success again for a session that already ended (a retried logout)', async () => {
    const login = await touristLogin(t);
    await t.post(LOGOUT, { query: signedIn(sessionOf(login)), body: {} });
    expect(envelopeOf(await t.post(LOGOUT, { query: signedIn(sessionOf(login)), body: {} })).dm_error).toBe(0);
    expect(envelopeOf(await t.post(LOGOUT, { body: {} })).dm_error).toBe(0);
  });
});

describe('money actions need a present player (sessionRequireFresh)', () => {
  it('passes within 30 idle minutes and slides the window; refuses with REAUTH_REQUIRED after', async () => {
    t.clock.set(CLOCK_START);
    const session = await touristLogin(t);
    const [{ id }] = (await t.rows<{ id: number }>(sql`select id from sessions where user_id = ${session.uid} order by id desc limit 1`)) as [{ id: number }];
    t.clock.advance(SESSION_MONEY_IDLE_MS - 1000);
    await expect(sessionRequireFresh(t.db, id, t.clock.now())).resolves.toBeUndefined();
    t.clock.advance(SESSION_MONEY_IDLE_MS - 1000);
    await expect(sessionRequireFresh(t.db, id, t.clock.now())).resolves.toBeUndefined();
    t.clock.advance(SESSION_MONEY_IDLE_MS + 1);
    await expect(sessionRequireFresh(t.db, id, t.clock.now())).rejects.toMatchObject({ errorName: 'REAUTH_REQUIRED' });
    // Polling does not count as presence: the session still works for reading, but not for money.
    expect((await info(signedIn(sessionOf(session)))).dm_error).toBe(0);
    await expect(sessionRequireFresh(t.db, id, t.clock.now())).rejects.toMatchObject({ errorName: 'REAUTH_REQUIRED' });
    t.clock.set(CLOCK_START);
  });

  it('honours a brand’s shorter idle limit and refuses an ended session with 604', async () => {
    t.clock.set(CLOCK_START);
    const session = await t.session();
    await sessionRequireFresh(t.db, session.sessionId, t.clock.now(), 5 * 60_000).catch(() => undefined);
    t.clock.advance(6 * 60_000);
    await expect(sessionRequireFresh(t.db, session.sessionId, t.clock.now(), 5 * 60_000)).rejects.toMatchObject({ errorName: 'REAUTH_REQUIRED' });
    await sessionEnd(t.db, session.sessionId, t.clock.now());
    await expect(sessionRequireFresh(t.db, session.sessionId, t.clock.now())).rejects.toMatchObject({ errorName: 'SESSION_EXPIRED' });
    t.clock.set(CLOCK_START);
  });
});

describe('closing a tourist account', () => {
  it('ends its sessions and refuses a later guest login from the same device with ACCOUNT_CLOSED', async () => {
    const smid = smidUnique();
    const login = await touristLogin(t, smid);
    const closed = envelopeOf(
      await t.post('/api/user/account/del_apply', { query: signedIn(sessionOf(login)), body: { confirm: 1, reason: 'taking a break' } }),
    );
    expect(closed).toMatchObject({ dm_error: 0, data: { closed: 1 } });
    expect((await info(signedIn(sessionOf(login)))).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    const again = envelopeOf(await t.post(VISITOR_LOGIN, { body: { smid, device_secret: login.device_secret }, query: { lca_lang: 'ENG' } }));
    expect(again.dm_error).toBe(ERRORS.ACCOUNT_CLOSED.code);
    expect(again.error_msg).toMatch(/closed/);
  });

  it('refuses del_apply without the confirmation', async () => {
    const login = await touristLogin(t);
    const envelope = envelopeOf(await t.post('/api/user/account/del_apply', { query: signedIn(sessionOf(login)), body: { confirm: 0 } }));
    expect(envelope.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    expect(envelope.data.field).toBe('confirm');
    expect((await info(signedIn(sessionOf(login)))).dm_error).toBe(0);
  });
});

describe('the heartbeat keeps a present player fresh for money actions', () => {
  it('marks the session active, so a money action after 40 minutes with heartbeats passes', async () => {
    t.clock.set(CLOCK_START);
    const login = await touristLogin(t);
    const [{ id }] = (await t.rows<{ id: number }>(sql`select id from sessions where user_id = ${login.uid} order by id desc limit 1`)) as [{ id: number }];
    for (let minute = 0; minute < 40; minute += 10) {
      t.clock.advance(10 * 60_000);
      const beat = envelopeOf(await t.post('/api/piranha/user/account/heartbeat', { query: signedIn(sessionOf(login)), body: {} }));
      expect(beat).toMatchObject({ dm_error: 0, data: { active: 1 } });
    }
    await expect(sessionRequireFresh(t.db, id, t.clock.now())).resolves.toBeUndefined();
    t.clock.set(CLOCK_START);
  });

  it('answers 604 without a session', async () => {
    expect(envelopeOf(await t.post('/api/piranha/user/account/heartbeat', { body: {} })).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
  });
});

describe('a player sees their sessions and ends them', () => {
  it('lists live sessions newest first with the current one marked, and ends another device', async () => {
    t.clock.set(CLOCK_START);
    const smid = smidUnique();
    const phone = await touristLogin(t, smid);
    t.clock.advance(60_000);
    const laptop = await touristLogin(t, smid, phone.device_secret);
    const list = envelopeOf(await t.get('/api/piranha/user/account/session/list', { query: signedIn(sessionOf(laptop)) }));
    expect(list.dm_error).toBe(0);
    expect(list.data.list).toHaveLength(2);
    expect(list.data.list.map((entry: { current: number }) => entry.current)).toEqual([1, 0]);
    expect(list.data.list[1].create_at).toBe(Math.floor(CLOCK_START.getTime() / 1000));
    const phoneSessionId = list.data.list[1].session_id as number;
    const ended = envelopeOf(
      await t.post('/api/piranha/user/account/session/end', { query: signedIn(sessionOf(laptop)), body: { session_id: phoneSessionId } }),
    );
    expect(ended).toMatchObject({ dm_error: 0, data: { ended: 1 } });
    expect((await info(signedIn(sessionOf(phone)))).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    expect(envelopeOf(await t.get('/api/piranha/user/account/session/list', { query: signedIn(sessionOf(laptop)) })).data.list).toHaveLength(1);
    t.clock.set(CLOCK_START);
  });

  it("answers NOT_FOUND for someone else's session or one already ended, and leaves it alone", async () => {
    const smid = smidUnique();
    const mine = await touristLogin(t, smid);
    const myOther = await touristLogin(t, smid, mine.device_secret);
    const theirs = await touristLogin(t);
    // Raw rows carry bigint ids as strings on PostgreSQL.
    const idOf = async (uid: number) =>
      Number((await t.rows<{ id: string }>(sql`select id from sessions where user_id = ${uid} order by id desc limit 1`))[0]!.id);
    const end = async (sessionId: number) =>
      envelopeOf(await t.post('/api/piranha/user/account/session/end', { query: signedIn(sessionOf(mine)), body: { session_id: sessionId } }));
    const foreign = await end(await idOf(theirs.uid));
    expect(foreign.dm_error).toBe(ERRORS.NOT_FOUND.code);
    expect(foreign.data.field).toBe('session_id');
    expect((await info(signedIn(sessionOf(theirs)))).dm_error).toBe(0);
    const otherId = await idOf(myOther.uid);
    expect((await end(otherId)).dm_error).toBe(0);
    expect((await end(otherId)).dm_error).toBe(ERRORS.NOT_FOUND.code);
  });
});

describe('renaming and the stored language', () => {
  it('changes the nick and language and answers the updated User info; the next sign-in reports the language', async () => {
    const smid = smidUnique();
    const login = await touristLogin(t, smid);
    const envelope = envelopeOf(await t.post('/api/user/account/info/update', { query: signedIn(sessionOf(login)), body: { nick: 'Joana', lang: 'en-US' } }));
    expect(envelope.data).toMatchObject({ nick: 'Joana', profile: { nick: 'Joana' } });
    expect((await touristLogin(t, smid, login.device_secret)).lang).toBe('en-US');
  });

  it('refuses a nick with markup or control characters and an unknown language, by field', async () => {
    const login = await touristLogin(t);
    for (const [body, field] of [
      [{ nick: '<b>x</b>' }, 'nick'],
      [{ nick: 'a\u0000b' }, 'nick'],
      [{ nick: 'x' }, 'nick'],
      [{ lang: 'xx-XX' }, 'lang'],
    ] as const) {
      const envelope = envelopeOf(await t.post('/api/user/account/info/update', { query: signedIn(sessionOf(login)), body }));
      expect(envelope.dm_error, JSON.stringify(body)).toBe(ERRORS.VALIDATION_FAILED.code);
      expect(envelope.data.field).toBe(field);
    }
  });
});
