import { accountInfoQuery } from '@piranha/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK, emailUnique, LOGIN, smidUnique, SIGNUP_ACCEPT, VISITOR_LOGIN } from './account-fixtures.ts';
import { envelopeOf, testAppCreate, type TestApp } from './harness.ts';

/** Every line the server logged in this file, as written (JSON). */
const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await testAppCreate({
    // Every request logged, not the default sample: the checks below read each one.
    env: { TRUSTED_PROXIES: '127.0.0.1', LOG_LEVEL: 'info', LOG_REQUEST_SAMPLE: '1', AUTH_IP_FAILURES_PER_HOUR: '1000' },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(() => t.close());

const HTTPS = { 'x-forwarded-proto': 'https' };

describe('the server log keeps no secret', () => {
  it('logs signed-in requests (session in the URL, in headers, in cookies) and sign-ins without sid, smid, device secret, password or code', async () => {
    const smid = smidUnique();
    const login = envelopeOf(await t.post(VISITOR_LOGIN, { body: { smid, ...SIGNUP_ACCEPT } })).data as { uid: number; sid: string; device_secret?: string };
    const password = `Secret-pass-${smid}`;
    const code = '914253';

    // A client of the spec's kind puts the session in the URL; the web client sends headers; over HTTPS, cookies.
    await t.get(accountInfoQuery.path, { query: { uid: String(login.uid), sid: login.sid, smid, lca_lang: 'ENG' } });
    await t.get(accountInfoQuery.path, { query: { smid }, headers: { 'session-uid': String(login.uid), 'session-sid': login.sid } });
    await t.get(accountInfoQuery.path, { query: { smid }, headers: { ...HTTPS, cookie: `__Host-uid=${login.uid}; __Host-sid=${login.sid}` } });
    await t.post(LOGIN, { body: { email: emailUnique(), password }, query: { smid, sid: login.sid } });
    await t.post(CHECK, { body: { email: emailUnique(), purpose: 'register', email_code: code }, query: { smid } });

    const logged = lines.join('\n');
    // The log is on and has the requests: the checks below could not pass by logging nothing.
    expect(lines.filter((line) => line.includes(accountInfoQuery.path)).length).toBeGreaterThanOrEqual(3);
    expect(logged).toContain('lca_lang=ENG');
    for (const secret of [login.sid, smid, password, code, login.device_secret]) {
      if (secret) expect(logged).not.toContain(secret);
    }
    expect(logged).toContain('sid=[redacted]');
  });
});
