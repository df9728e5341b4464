import { ERRORS } from '@piranha/contract';
import { describe, expect, it } from 'vitest';
import { configLoad } from '../src/config.ts';
import {
  accountAppSetup,
  CHECK,
  CODE_LOGIN,
  codeMake,
  emailUnique,
  LOGIN,
  PASSWORD,
  playerRegister,
  REGISTER,
  SIGNUP_ACCEPT,
  SIGNUP_LIMIT,
  SEND,
  SET_PASSWORD,
} from './account-fixtures.ts';
import { CLOCK_START, envelopeOf } from './harness.ts';

const HOUR_MS = 3600_000;

let ipCounter = 0;
/** A new client address per test (or per request), so the per-IP counters of one never leak into another. */
const newIp = () => {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

/** How many answers of a burst carried each dm_error. */
function tally(envelopes: readonly { dm_error: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const envelope of envelopes) counts[envelope.dm_error] = (counts[envelope.dm_error] ?? 0) + 1;
  return counts;
}

const t = accountAppSetup({ AUTH_IP_FAILURES_PER_HOUR: '30', AUTH_IP_CODE_SENDS_PER_HOUR: '3' });

const post = async (path: string, body: unknown, remoteAddress: string, query: Record<string, string> = {}) =>
  envelopeOf(await t.post(path, { body, remoteAddress, query }));

describe('account lockout (at most 10 failed sign-ins per hour per e-mail; ASVS allows up to 100)', () => {
  it('locks the e-mail after 10 failures, tells the player for how long, refuses even the right password, and opens after the hour', async () => {
    t.clock.set(new Date(CLOCK_START.getTime() + 5 * 60_000));
    const email = emailUnique();
    await playerRegister(t, email);
    for (let index = 0; index < 10; index += 1) {
      expect((await post(LOGIN, { email, password: `Wrong-pass-${index}` }, newIp())).dm_error).toBe(ERRORS.WRONG_CREDENTIALS.code);
    }
    const locked = await post(LOGIN, { email, password: PASSWORD }, newIp(), { lca_lang: 'ENG' });
    expect(locked.dm_error).toBe(ERRORS.ACCOUNT_LOCKED.code);
    expect(locked.data).toEqual({ field: 'email', retry_after_s: 55 * 60 });
    expect(locked.error_msg).toMatch(/locked for up to an hour/);
    t.clock.advance(55 * 60_000);
    expect((await post(LOGIN, { email, password: PASSWORD }, newIp())).dm_error).toBe(0);
    t.clock.set(CLOCK_START);
  });

  it('locks an unknown e-mail the same way, so the lockout does not reveal who has an account', async () => {
    const email = emailUnique();
    for (let index = 0; index < 10; index += 1) await post(LOGIN, { email, password: PASSWORD }, newIp());
    expect((await post(LOGIN, { email, password: PASSWORD }, newIp())).dm_error).toBe(ERRORS.ACCOUNT_LOCKED.code);
  });

  it('counts wrong login codes towards the lockout', async () => {
    const email = emailUnique();
    await playerRegister(t, email);
    for (let round = 0; round < 2; round += 1) {
      const code = await codeMake(t, email, 'login');
      const wrong = code === '123123' ? '321321' : '123123';
      for (let index = 0; index < 5; index += 1) await post(CODE_LOGIN, { email, email_code: wrong }, newIp());
    }
    const code = await codeMake(t, email, 'login');
    expect((await post(CODE_LOGIN, { email, email_code: code }, newIp())).dm_error).toBe(ERRORS.ACCOUNT_LOCKED.code);
  });

  it('counts wrong login codes at code/check too, and refuses checking while locked', async () => {
    const email = emailUnique();
    await playerRegister(t, email);
    for (let round = 0; round < 2; round += 1) {
      const code = await codeMake(t, email, 'login');
      const wrong = code === '123123' ? '321321' : '123123';
      for (let index = 0; index < 5; index += 1) await post(CHECK, { email, purpose: 'login', email_code: wrong }, newIp());
    }
    const code = await codeMake(t, email, 'login');
    expect((await post(CHECK, { email, purpose: 'login', email_code: code }, newIp())).dm_error).toBe(ERRORS.ACCOUNT_LOCKED.code);
    expect((await post(LOGIN, { email, password: PASSWORD }, newIp())).dm_error).toBe(ERRORS.ACCOUNT_LOCKED.code);
  });

  it('lets the owner back in at once by resetting the password', async () => {
    const email = emailUnique();
    await playerRegister(t, email);
    for (let index = 0; index < 10; index += 1) await post(LOGIN, { email, password: 'Wrong-pass-1' }, newIp());
    expect((await post(LOGIN, { email, password: PASSWORD }, newIp())).dm_error).toBe(ERRORS.ACCOUNT_LOCKED.code);
    const code = await codeMake(t, email, 'reset');
    expect((await post(SET_PASSWORD, { email, email_code: code, password: 'Brand-new-pass-7' }, newIp())).dm_error).toBe(0);
    expect((await post(LOGIN, { email, password: 'Brand-new-pass-7' }, newIp())).dm_error).toBe(0);
  });

  it('refuses to start with a limit above 100 failed sign-ins per hour', () => {
    expect(() => configLoad({ AUTH_ACCOUNT_FAILURES_PER_HOUR: '101' })).toThrow(/at most 100/);
    expect(configLoad({ AUTH_ACCOUNT_FAILURES_PER_HOUR: '100' }).authLimits.accountFailuresPerHour).toBe(100);
    expect(configLoad({}).authLimits).toEqual({ accountFailuresPerHour: 10, ipFailuresPerHour: 50, ipCodeSendsPerHour: 20 });
  });
});

describe('per-IP limits', () => {
  it('stops an address after 30 failed sign-ins across many e-mails with TOO_MANY_ATTEMPTS; other addresses go on', async () => {
    t.clock.set(CLOCK_START);
    const ip = newIp();
    for (let index = 0; index < 30; index += 1) {
      expect((await post(LOGIN, { email: emailUnique(), password: PASSWORD }, ip)).dm_error).toBe(ERRORS.WRONG_CREDENTIALS.code);
    }
    const email = emailUnique();
    await playerRegister(t, email);
    const refused = await post(LOGIN, { email, password: PASSWORD }, ip, { lca_lang: 'ENG' });
    expect(refused.dm_error).toBe(ERRORS.TOO_MANY_ATTEMPTS.code);
    expect(refused.data).toEqual({ field: 'ip', retry_after_s: 3600 });
    // Wrong codes from that address are refused too, before the code is even looked at.
    expect((await post(CHECK, { email, purpose: 'login', email_code: '123456' }, ip)).dm_error).toBe(ERRORS.TOO_MANY_ATTEMPTS.code);
    expect((await post(LOGIN, { email, password: PASSWORD }, newIp())).dm_error).toBe(0);
    t.clock.advance(HOUR_MS);
    expect((await post(LOGIN, { email, password: PASSWORD }, ip)).dm_error).toBe(0);
    t.clock.set(CLOCK_START);
  });

  it('counts wrong codes from one address across e-mails', async () => {
    const ip = newIp();
    for (let index = 0; index < 30; index += 1) await post(CHECK, { email: emailUnique(), purpose: 'register', email_code: '123456' }, ip);
    expect((await post(CHECK, { email: emailUnique(), purpose: 'register', email_code: '123456' }, ip)).dm_error).toBe(ERRORS.TOO_MANY_ATTEMPTS.code);
  });

  it('sends at most AUTH_IP_CODE_SENDS_PER_HOUR codes per address', async () => {
    t.clock.set(CLOCK_START);
    const ip = newIp();
    for (let index = 0; index < 3; index += 1) expect((await post(SEND, { email: emailUnique(), purpose: 'register' }, ip)).dm_error).toBe(0);
    const refused = await post(SEND, { email: emailUnique(), purpose: 'register' }, ip);
    expect(refused.dm_error).toBe(ERRORS.TOO_MANY_ATTEMPTS.code);
    expect((await post(SEND, { email: emailUnique(), purpose: 'register' }, newIp())).dm_error).toBe(0);
  });
});

describe('guesses sent at the same time (each attempt is reserved before the password or code is checked)', () => {
  it('checks at most 10 of 40 concurrent wrong passwords from 5 addresses, and the right password after them finds the account locked', async () => {
    t.clock.set(CLOCK_START);
    const email = emailUnique();
    await playerRegister(t, email);
    const addresses = Array.from({ length: 5 }, newIp);
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, index) => post(LOGIN, { email, password: `Wrong-pass-${index}` }, addresses[index % addresses.length]!)),
    );
    expect(tally(burst)).toEqual({ [ERRORS.WRONG_CREDENTIALS.code]: 10, [ERRORS.ACCOUNT_LOCKED.code]: 30 });
    expect((await post(LOGIN, { email, password: PASSWORD }, newIp())).dm_error).toBe(ERRORS.ACCOUNT_LOCKED.code);
  });

  it('checks at most 30 of 40 concurrent wrong sign-ins from one address across e-mails', async () => {
    t.clock.set(CLOCK_START);
    const ip = newIp();
    const burst = await Promise.all(Array.from({ length: 40 }, () => post(LOGIN, { email: emailUnique(), password: PASSWORD }, ip)));
    expect(tally(burst)).toEqual({ [ERRORS.WRONG_CREDENTIALS.code]: 30, [ERRORS.TOO_MANY_ATTEMPTS.code]: 10 });
  });

  it('gives back the attempt of a right password, so signing in again and again never locks the owner out', async () => {
    t.clock.set(CLOCK_START);
    const email = emailUnique();
    await playerRegister(t, email);
    for (let index = 0; index < 12; index += 1) expect((await post(LOGIN, { email, password: PASSWORD }, newIp())).dm_error).toBe(0);
    for (let index = 0; index < 9; index += 1) await post(LOGIN, { email, password: 'Wrong-pass-1' }, newIp());
    expect((await post(LOGIN, { email, password: PASSWORD }, newIp())).dm_error).toBe(0);
  });

  it('burns a code after 5 of 60 concurrent wrong guesses: only 5 are checked, and the real code no longer works', async () => {
    const email = emailUnique();
    const code = await codeMake(t, email, 'register');
    const wrong = code === '123123' ? '321321' : '123123';
    const burst = await Promise.all(Array.from({ length: 60 }, () => post(CHECK, { email, purpose: 'register', email_code: wrong }, newIp())));
    expect(tally(burst)).toEqual({ [ERRORS.EMAIL_CODE_INVALID.code]: 5, [ERRORS.EMAIL_CODE_INVALID_NEW.code]: 55 });
    expect((await post(CHECK, { email, purpose: 'register', email_code: code }, newIp())).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID_NEW.code);
    expect((await post(REGISTER, { email, email_code: code, password: PASSWORD, safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT }, newIp())).dm_error).toBe(
      ERRORS.EMAIL_CODE_INVALID_NEW.code,
    );
  });

  it('burns a login code after 5 of 60 concurrent wrong guesses at code login, and the real code cannot sign in', async () => {
    const email = emailUnique();
    await playerRegister(t, email);
    const code = await codeMake(t, email, 'login');
    const wrong = code === '123123' ? '321321' : '123123';
    const burst = await Promise.all(Array.from({ length: 60 }, () => post(CODE_LOGIN, { email, email_code: wrong }, newIp())));
    expect(burst.filter((envelope) => envelope.dm_error === ERRORS.EMAIL_CODE_INVALID.code)).toHaveLength(5);
    expect(burst.every((envelope) => envelope.dm_error !== 0)).toBe(true);
    expect((await post(CODE_LOGIN, { email, email_code: code }, newIp())).dm_error).not.toBe(0);
  });
});
