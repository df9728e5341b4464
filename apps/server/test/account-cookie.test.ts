import { accountInfoQuery, ERRORS, sessionRenew } from '@piranha/contract';
import { describe, expect, it } from 'vitest';
import { configLoad } from '../src/config.ts';
import { MONEY_REAUTH_DEFAULT, moneyActionGuardCreate, moneyIdleMsOf } from '../src/modules/account/account-session.service.ts';
import { accountAppSetup, LOGOUT, sessionOf, smidUnique, touristLogin, SIGNUP_ACCEPT, VISITOR_LOGIN } from './account-fixtures.ts';
import { envelopeOf, signedIn } from './harness.ts';
import { AppError } from '../src/app-error.ts';

// The test client comes from 127.0.0.1, which is trusted here like an operator's TLS proxy would be.
const HTTPS = { 'x-forwarded-proto': 'https' };

const t = accountAppSetup({ TRUSTED_PROXIES: '127.0.0.1', MONEY_REAUTH_IDLE_MINUTES_BY_BRAND: 'aguila=10' });

function cookiesOf(header: string | string[] | number | undefined): string[] {
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [String(header)];
}

/** A guest sign-in over HTTPS; answers the Cookie header a browser would send back. */
async function httpsSignIn(): Promise<string> {
  const response = await t.post(VISITOR_LOGIN, { body: { smid: smidUnique(), ...SIGNUP_ACCEPT }, headers: HTTPS });
  return cookiesOf(response.headers['set-cookie'])
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
}

describe('session cookies', () => {
  it('sets __Host- cookies (Secure, HttpOnly, SameSite, Path=/, no Domain) on a sign-in over HTTPS, and keeps the sid out of the answer', async () => {
    const response = await t.post(VISITOR_LOGIN, { body: { smid: smidUnique(), ...SIGNUP_ACCEPT }, headers: HTTPS });
    const login = envelopeOf(response).data;
    const cookies = cookiesOf(response.headers['set-cookie']);
    const sid = cookies.find((cookie) => cookie.startsWith('__Host-sid='));
    expect(sid).toMatch(/^__Host-sid=[\w-]{32};/);
    expect(login.sid).toBe('');
    for (const attribute of ['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/']) expect(sid).toContain(attribute);
    expect(sid).not.toMatch(/Domain=/i);
    expect(cookies.some((cookie) => cookie.startsWith(`__Host-uid=${login.uid};`))).toBe(true);
  });

  it('sets no cookie over plain HTTP, where the session travels as parameters', async () => {
    const response = await t.post(VISITOR_LOGIN, { body: { smid: smidUnique(), ...SIGNUP_ACCEPT } });
    expect(response.headers['set-cookie']).toBeUndefined();
    const login = envelopeOf(response).data;
    expect(envelopeOf(await t.get(accountInfoQuery.path, { query: signedIn({ ...login, sessionId: 0 }) })).dm_error).toBe(0);
  });

  it('authenticates with the __Host- cookies alone, and forgets them at logout', async () => {
    const cookie = await httpsSignIn();
    const uid = Number(/__Host-uid=(\d+)/.exec(cookie)![1]);
    const info = envelopeOf(await t.get(accountInfoQuery.path, { headers: { ...HTTPS, cookie } }));
    expect(info).toMatchObject({ dm_error: 0, data: { uid, sid: '' } });
    const out = await t.post(LOGOUT, { body: {}, headers: { ...HTTPS, cookie } });
    expect(cookiesOf(out.headers['set-cookie']).filter((value) => /^__Host-(sid|uid)=;/.test(value))).toHaveLength(2);
    expect(envelopeOf(await t.get(accountInfoQuery.path, { headers: { ...HTTPS, cookie } })).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
  });

  it('reads nothing but the cookies over HTTPS: a live uid/sid in the URL or in headers is ignored there', async () => {
    const login = await touristLogin(t);
    const inUrl = envelopeOf(await t.get(accountInfoQuery.path, { query: signedIn(sessionOf(login)), headers: HTTPS }));
    expect(inUrl.dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    const inHeaders = { ...HTTPS, 'session-uid': String(login.uid), 'session-sid': login.sid };
    expect(envelopeOf(await t.get(accountInfoQuery.path, { headers: inHeaders })).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
  });

  it('takes the session from the session-uid/session-sid headers over plain HTTP, before any URL parameter', async () => {
    const login = await touristLogin(t);
    const headers = { 'session-uid': String(login.uid), 'session-sid': login.sid };
    expect(envelopeOf(await t.get(accountInfoQuery.path, { headers }))).toMatchObject({ dm_error: 0, data: { uid: login.uid, sid: login.sid } });
    const stale = envelopeOf(
      await t.get(accountInfoQuery.path, { headers: { ...headers, 'session-sid': 'not-a-live-session' }, query: signedIn(sessionOf(login)) }),
    );
    expect(stale.dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
  });

  it('renews over HTTPS from the cookies, answering no sid', async () => {
    const cookie = await httpsSignIn();
    expect(envelopeOf(await t.get(sessionRenew.path, { headers: { ...HTTPS, cookie } })).data).toEqual({ valid: 1, sid: '' });
  });

  it('never reads unprefixed uid/sid cookies, which a sibling subdomain could plant', async () => {
    const login = await touristLogin(t);
    const planted = `uid=${login.uid}; sid=${login.sid}`;
    expect(envelopeOf(await t.get(accountInfoQuery.path, { headers: { cookie: planted } })).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
  });
});

describe('money-action guard (idle re-authentication per brand)', () => {
  it('reads the default and per-brand idle minutes from the environment', () => {
    const config = configLoad({ MONEY_REAUTH_IDLE_MINUTES: '20', MONEY_REAUTH_IDLE_MINUTES_BY_BRAND: 'aguila=5, satoshi=45' });
    expect(config.moneyReauth).toEqual({ idleMs: 20 * 60_000, idleMsByBrand: { aguila: 5 * 60_000, satoshi: 45 * 60_000 } });
    expect(moneyIdleMsOf(config.moneyReauth, 'satoshi')).toBe(45 * 60_000);
    expect(moneyIdleMsOf(config.moneyReauth, 'piranha')).toBe(20 * 60_000);
    expect(MONEY_REAUTH_DEFAULT.idleMs).toBe(30 * 60_000);
    expect(() => configLoad({ MONEY_REAUTH_IDLE_MINUTES_BY_BRAND: 'aguila' })).toThrow(/appKey=minutes/);
    expect(() => configLoad({ MONEY_REAUTH_IDLE_MINUTES_BY_BRAND: 'aguila=0' })).toThrow(/positive integer/);
  });

  it('lets a present player move money, and asks a brand’s idle player to sign in again after that brand’s limit', async () => {
    const guard = t.deps.moneyActionGuard;
    const session = await t.session('aguila');
    const actor = { user: { uid: session.uid, sessionId: session.sessionId }, appKey: 'aguila' };
    t.clock.advance(9 * 60_000);
    await expect(guard(t.db, actor, t.clock.now())).resolves.toBeUndefined();
    // The money action itself counted as presence; 10 more idle minutes and a second is refused.
    t.clock.advance(10 * 60_000 + 1);
    const refusal = await guard(t.db, actor, t.clock.now()).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).errorName).toBe('REAUTH_REQUIRED');
  });

  it('keeps the 30-minute default for other brands', async () => {
    const guard = moneyActionGuardCreate({ idleMs: 30 * 60_000, idleMsByBrand: { aguila: 10 * 60_000 } });
    const session = await t.session('piranha');
    const actor = { user: { uid: session.uid, sessionId: session.sessionId }, appKey: 'piranha' };
    t.clock.advance(29 * 60_000);
    await expect(guard(t.db, actor, t.clock.now())).resolves.toBeUndefined();
    t.clock.advance(30 * 60_000 + 1);
    await expect(guard(t.db, actor, t.clock.now())).rejects.toMatchObject({ errorName: 'REAUTH_REQUIRED' });
  });
});
