import { ERROR_MESSAGES, ERRORS, loginInfoSchema } from '@piranha/contract';
import { TERMS_VERSION } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CODE_ATTEMPTS_MAX } from '../src/modules/account/account-code.service.ts';
import {
  accountAppSetup,
  CHECK,
  CODE_LOGIN,
  codeMake,
  emailUnique,
  envelopePost,
  INFO,
  LOGIN,
  mailCode,
  mailLatest,
  PASSWORD,
  playerRegister,
  REGISTER,
  SIGNUP_ACCEPT,
  SIGNUP_LIMIT,
  SEND,
  sessionOf,
} from './account-fixtures.ts';
import { CLOCK_START, envelopeOf, signedIn } from './harness.ts';

const t = accountAppSetup();

const post = envelopePost(t);

async function send(email: string, purpose: string, query: Record<string, string> = {}) {
  return post(SEND, { email, purpose }, query);
}

describe('e-mail codes', () => {
  it('mails a 6-digit code in the player’s language and answers its lifetime and cooldown', async () => {
    const email = emailUnique();
    const envelope = await send(email, 'register');
    expect(envelope).toStrictEqual({ dm_error: 0, error_msg: '', data: { expire_s: 600, resend_s: 60 } });
    const mail = await mailLatest(t, email);
    expect(mail?.subject).toBe('Piranha: seu código de verificação');
    expect(mail?.text).toMatch(/\b\d{6}\b.*10 minutos/);
    expect(mail?.from_address).toBe('no-reply@piranha.com.br');
    expect(await mailCode(t, email)).toMatch(/^\d{6}$/);
  });

  it('writes the mail in the language the request asks for', async () => {
    const email = emailUnique();
    await send(email, 'register', { lca_lang: 'ENG' });
    expect((await mailLatest(t, email))?.subject).toBe('Piranha: your verification code');
  });

  it('keeps only a salted hash of the code', async () => {
    const email = emailUnique();
    await send(email, 'register');
    const code = await mailCode(t, email);
    const rows = await t.rows<{ everything: string; code_hash: string }>(
      sql`select v::text as everything, code_hash from verification_codes v where target = ${email}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.everything).not.toContain(code);
  });

  it('refuses a second code within 60 s with CODE_COOLDOWN and the seconds left, then sends one that replaces the first', async () => {
    t.clock.set(CLOCK_START);
    const email = emailUnique();
    await send(email, 'register');
    const first = await mailCode(t, email);
    t.clock.advance(20_000);
    const early = await send(email, 'register');
    expect(early.dm_error).toBe(ERRORS.CODE_COOLDOWN.code);
    expect(early.data).toMatchObject({ field: 'email', retry_after_s: 40 });
    t.clock.advance(40_000);
    expect((await send(email, 'register')).dm_error).toBe(0);
    const second = await mailCode(t, email);
    if (second !== first) expect((await post(CHECK, { email, purpose: 'register', email_code: first })).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID.code);
    expect((await post(CHECK, { email, purpose: 'register', email_code: second })).data).toEqual({ valid: 1 });
    t.clock.set(CLOCK_START);
  });

  it('caps the codes one address receives in an hour', async () => {
    t.clock.set(CLOCK_START);
    const email = emailUnique();
    for (let index = 0; index < 10; index += 1) {
      expect((await send(email, index % 2 ? 'register' : 'login')).dm_error).toBe(0);
      t.clock.advance(61_000);
    }
    const refused = await send(email, 'register');
    expect(refused.dm_error).toBe(ERRORS.CODE_COOLDOWN.code);
    expect(refused.data.retry_after_s).toBeGreaterThan(0);
    t.clock.set(CLOCK_START);
  });

  it('checks a code without using it up; wrong 100011, other purpose 100010, expired 100010', async () => {
    t.clock.set(CLOCK_START);
    const email = emailUnique();
    await send(email, 'register');
    const code = await mailCode(t, email);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await post(CHECK, { email, purpose: 'register', email_code: code })).data).toEqual({ valid: 1 });
    expect((await post(CHECK, { email, purpose: 'register', email_code: code })).data).toEqual({ valid: 1 });
    expect((await post(CHECK, { email, purpose: 'register', email_code: wrong })).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID.code);
    expect((await post(CHECK, { email, purpose: 'login', email_code: code })).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID_NEW.code);
    expect((await post(CHECK, { email: emailUnique(), purpose: 'register', email_code: code })).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID_NEW.code);
    t.clock.advance(600_000);
    expect((await post(CHECK, { email, purpose: 'register', email_code: code })).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID_NEW.code);
    t.clock.set(CLOCK_START);
  });

  it(`burns a code after ${CODE_ATTEMPTS_MAX} wrong guesses, so the right one then answers 100010`, async () => {
    const email = emailUnique();
    const code = await codeMake(t, email, 'register');
    const wrong = code === '111111' ? '222222' : '111111';
    for (let index = 0; index < CODE_ATTEMPTS_MAX; index += 1) {
      expect((await post(CHECK, { email, purpose: 'register', email_code: wrong })).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID.code);
    }
    expect((await post(CHECK, { email, purpose: 'register', email_code: code })).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID_NEW.code);
  });

  it('refuses an address that breaks the e-mail pattern and an unknown purpose, by field', async () => {
    for (const email of ['no-at-sign', 'two@@example.com', 'space in@example.com', `${'a'.repeat(250)}@example.com`]) {
      const envelope = await send(email, 'register');
      expect(envelope.dm_error, email).toBe(ERRORS.VALIDATION_FAILED.code);
      expect(envelope.data.field).toBe('email');
    }
    const purpose = await send(emailUnique(), 'delete_everything');
    expect(purpose.data).toMatchObject({ field: 'purpose', issue: 'invalid_value' });
    expect((await post(CHECK, { email: emailUnique(), purpose: 'register', email_code: '12345' })).data.field).toBe('email_code');
  });
});

describe('e-mail registration', () => {
  it('registers with a mailed code: Login info with first_regist and first_active, argon2id hash, User info with the e-mail', async () => {
    const email = emailUnique();
    await send(email, 'register');
    const envelope = await post(REGISTER, {
      email,
      email_code: await mailCode(t, email),
      password: PASSWORD,
      nick: 'Ana',
      safer_limit: SIGNUP_LIMIT,
      ...SIGNUP_ACCEPT,
    });
    expect(envelope.dm_error).toBe(0);
    const login = loginInfoSchema.parse(envelope.data);
    expect(login).toMatchObject({ visitor: 0, first_regist: 1, first_active: 1, lang: 'pt-BR' });
    const [row] = await t.rows<{ password_hash: string; email: string }>(sql`select password_hash, email from account_profiles where user_id = ${login.uid}`);
    expect(row!.email).toBe(email);
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const info = envelopeOf(await t.get(INFO, { query: signedIn(sessionOf(login)) }));
    expect(info.data).toMatchObject({ uid: login.uid, email, nick: 'Ana', visitor: 0, first_regist: 1, profile: { nick: 'Ana' } });
  });

  it('refuses an account without the age confirmed or the current terms accepted, naming the field, and keeps the code', async () => {
    const email = emailUnique();
    const code = await codeMake(t, email, 'register');
    const base = { email, email_code: code, password: PASSWORD, safer_limit: SIGNUP_LIMIT };
    const noAge = await post(REGISTER, { ...base, terms_version: TERMS_VERSION });
    expect(noAge).toMatchObject({
      dm_error: ERRORS.AGE_NOT_CONFIRMED.code,
      error_msg: ERROR_MESSAGES['pt-BR'].ageNotConfirmed,
      data: { field: 'age_confirmed' },
    });
    expect(await post(REGISTER, { ...base, terms_version: TERMS_VERSION, age_confirmed: 0 })).toMatchObject({ data: { field: 'age_confirmed' } });
    const noTerms = await post(REGISTER, { ...base, age_confirmed: 1 });
    expect(noTerms).toMatchObject({
      dm_error: ERRORS.TERMS_NOT_ACCEPTED.code,
      error_msg: ERROR_MESSAGES['pt-BR'].termsNotAccepted,
      data: { field: 'terms_version' },
    });
    // A client built before the terms changed cannot sign a player up to terms they were not shown.
    expect(await post(REGISTER, { ...base, age_confirmed: 1, terms_version: '2020-01-01' })).toMatchObject({
      dm_error: ERRORS.TERMS_NOT_ACCEPTED.code,
      data: { field: 'terms_version' },
    });
    expect(await post(REGISTER, { ...base, age_confirmed: 2, terms_version: TERMS_VERSION })).toMatchObject({
      dm_error: ERRORS.VALIDATION_FAILED.code,
      data: { field: 'age_confirmed' },
    });
    expect((await t.rows(sql`select 1 from account_profiles where email = ${email}`)).length).toBe(0);

    // Nothing was spent: the same code opens the account, which keeps the version, the age and when.
    const created = await post(REGISTER, { ...base, ...SIGNUP_ACCEPT });
    expect(created.dm_error, JSON.stringify(created)).toBe(0);
    const [row] = await t.rows<{ terms_version: string; terms_accepted_at: Date; age_confirmed: number; age_confirmed_at: Date; registered_at: Date }>(
      sql`select terms_version, terms_accepted_at, age_confirmed, age_confirmed_at, registered_at from account_profiles where user_id = ${created.data.uid}`,
    );
    expect(row).toMatchObject({ terms_version: TERMS_VERSION, age_confirmed: 18 });
    expect(new Date(row!.terms_accepted_at).getTime()).toBe(new Date(row!.registered_at).getTime());
    expect(new Date(row!.age_confirmed_at).getTime()).toBe(new Date(row!.registered_at).getTime());
  });

  it('records the minimum age of the brand’s market: 21 in the Philippines', async () => {
    const email = emailUnique();
    const headers = { 'app-key': 'jeepney' };
    const code = await codeMake(t, email, 'register', { appKey: 'jeepney' });
    const created = envelopeOf(await t.post(REGISTER, { body: { email, email_code: code, password: PASSWORD, ...SIGNUP_ACCEPT }, headers }));
    expect(created.dm_error, JSON.stringify(created)).toBe(0);
    const [row] = await t.rows<{ age_confirmed: number }>(sql`select age_confirmed from account_profiles where user_id = ${created.data.uid}`);
    expect(row!.age_confirmed).toBe(21);
  });

  it('stores the e-mail lower-cased, so a differently cased address is the same account', async () => {
    const email = emailUnique().replace('player', 'MiXeD');
    const code = await codeMake(t, email, 'register');
    const login = loginInfoSchema.parse(
      (await post(REGISTER, { email, email_code: code, password: PASSWORD, safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT })).data,
    );
    const again = await post(LOGIN, { email: email.toLowerCase(), password: PASSWORD });
    expect(again.data.uid).toBe(login.uid);
  });

  it('refuses a used code with 100010 and creates nothing', async () => {
    const email = emailUnique();
    const code = await codeMake(t, email, 'register');
    expect((await post(REGISTER, { email, email_code: code, password: PASSWORD, safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT })).dm_error).toBe(0);
    const replay = await post(REGISTER, { email, email_code: code, password: PASSWORD, safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT });
    expect(replay.dm_error).toBe(ERRORS.EMAIL_CODE_INVALID_NEW.code);
    const rows = await t.rows<{ n: number }>(sql`select count(*)::int as n from account_profiles where email = ${email}`);
    expect(rows[0]!.n).toBe(1);
  });

  it('never tells a stranger an address is taken: the same answer, a notice mail instead of a code, then a wrong-code refusal', async () => {
    const email = emailUnique();
    await playerRegister(t, email);
    t.clock.advance(61_000);
    const envelope = await send(email, 'register');
    expect(envelope).toStrictEqual({ dm_error: 0, error_msg: '', data: { expire_s: 600, resend_s: 60 } });
    const mail = await mailLatest(t, email);
    expect(mail?.subject).toBe('Piranha: você já tem uma conta');
    expect(mail?.text).not.toMatch(/\b\d{6}\b/);
    expect((await post(REGISTER, { email, email_code: '123456', password: PASSWORD, safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT })).dm_error).toBe(
      ERRORS.EMAIL_CODE_INVALID.code,
    );
  });

  it('says EMAIL_TAKEN only to the owner of the mailbox, when the address was taken after their code was sent', async () => {
    const email = emailUnique();
    const code = await codeMake(t, email, 'register');
    // Another flow (a social sign-up) took the address meanwhile.
    const other = await playerRegister(t);
    await t.rows(sql`update account_profiles set email = ${email} where user_id = ${other.uid}`);
    const envelope = await post(REGISTER, { email, email_code: code, password: PASSWORD, safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT });
    expect(envelope.dm_error).toBe(ERRORS.EMAIL_TAKEN.code);
  });

  it('refuses passwords that break the rules or are well known, naming password, and keeps the code usable', async () => {
    const email = emailUnique();
    const code = await codeMake(t, email, 'register');
    for (const password of ['short1', 'onlyletters', '1234567890', 'x'.repeat(129) + '1']) {
      const envelope = await post(REGISTER, { email, email_code: code, password, safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT });
      expect(envelope.dm_error, password).toBe(ERRORS.VALIDATION_FAILED.code);
      expect(envelope.data.field).toBe('password');
    }
    const common = await post(REGISTER, { email, email_code: code, password: 'Password123', safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT });
    expect(common.data).toMatchObject({ field: 'password', issue: 'too_common' });
    expect((await post(REGISTER, { email, email_code: code, password: 'Senha-forte-2026', safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT })).dm_error).toBe(0);
  });

  it('replays the first answer for a repeated Idempotency-Key instead of registering twice', async () => {
    const email = emailUnique();
    const code = await codeMake(t, email, 'register');
    const headers = { 'idempotency-key': `register-${email}` };
    const first = envelopeOf(
      await t.post(REGISTER, { body: { email, email_code: code, password: PASSWORD, safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT }, headers }),
    );
    const second = await t.post(REGISTER, { body: { email, email_code: code, password: PASSWORD, safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT }, headers });
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(envelopeOf(second).data).toEqual(first.data);
  });
});

describe('e-mail and password login', () => {
  it('signs in with a new sid every time', async () => {
    const email = emailUnique();
    const registered = await playerRegister(t, email);
    const first = await post(LOGIN, { email, password: PASSWORD });
    const second = await post(LOGIN, { email, password: PASSWORD });
    expect(first.dm_error).toBe(0);
    expect(loginInfoSchema.parse(first.data)).toMatchObject({ uid: registered.uid, visitor: 0, first_regist: 0, first_active: 0 });
    expect(new Set([registered.sid, first.data.sid, second.data.sid]).size).toBe(3);
  });

  it('answers a wrong password and an unknown e-mail with the same error and message', async () => {
    const email = emailUnique();
    await playerRegister(t, email);
    const wrong = await post(LOGIN, { email, password: 'Wrong-password-1' });
    const unknown = await post(LOGIN, { email: emailUnique(), password: PASSWORD });
    expect(wrong).toStrictEqual(unknown);
    expect(wrong.dm_error).toBe(ERRORS.WRONG_CREDENTIALS.code);
    expect(wrong.error_msg).toBe(ERROR_MESSAGES['pt-BR'].wrongCredentials);
  });

  it('refuses a tourist-style account without a password with the same error', async () => {
    const email = emailUnique();
    const code = await codeMake(t, email, 'register');
    await post(REGISTER, { email, email_code: code, password: PASSWORD, safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT });
    await t.rows(sql`update account_profiles set password_hash = null where email = ${email}`);
    expect((await post(LOGIN, { email, password: PASSWORD })).dm_error).toBe(ERRORS.WRONG_CREDENTIALS.code);
  });
});

describe('e-mail code login (spec §8: 100011 codeLoginError, 100010 codeLoginErrorNew)', () => {
  it('signs in with a mailed login code, once', async () => {
    const email = emailUnique();
    const registered = await playerRegister(t, email);
    expect((await send(email, 'login')).dm_error).toBe(0);
    const code = await mailCode(t, email);
    const envelope = await post(CODE_LOGIN, { email, email_code: code });
    expect(envelope.dm_error).toBe(0);
    expect(envelope.data.uid).toBe(registered.uid);
    const replay = await post(CODE_LOGIN, { email, email_code: code }, { lca_lang: 'ENG' });
    expect(replay.dm_error).toBe(ERRORS.EMAIL_CODE_INVALID_NEW.code);
    expect(replay.error_msg).toBe(ERROR_MESSAGES['en-US'].codeLoginErrorNew);
  });

  it('answers 100011 with codeLoginError for a wrong code and 100010 once it expired', async () => {
    t.clock.set(CLOCK_START);
    const email = emailUnique();
    await playerRegister(t, email);
    const code = await codeMake(t, email, 'login');
    const wrong = await post(CODE_LOGIN, { email, email_code: code === '999999' ? '999998' : '999999' });
    expect(wrong.dm_error).toBe(ERRORS.EMAIL_CODE_INVALID.code);
    expect(wrong.error_msg).toBe(ERROR_MESSAGES['pt-BR'].codeLoginError);
    t.clock.advance(600_001);
    expect((await post(CODE_LOGIN, { email, email_code: code })).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID_NEW.code);
    t.clock.set(CLOCK_START);
  });

  it('refuses a register or reset code at login (codes are bound to their purpose)', async () => {
    const email = emailUnique();
    await playerRegister(t, email);
    for (const purpose of ['register', 'reset'] as const) {
      const code = await codeMake(t, email, purpose);
      expect((await post(CODE_LOGIN, { email, email_code: code })).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID_NEW.code);
    }
  });

  it('answers an unknown address like a known one and mails a notice instead of a code', async () => {
    const email = emailUnique();
    expect(await send(email, 'login')).toStrictEqual({ dm_error: 0, error_msg: '', data: { expire_s: 600, resend_s: 60 } });
    const mail = await mailLatest(t, email);
    expect(mail?.subject).toBe('Piranha: nenhuma conta com este e-mail');
    expect(mail?.text).not.toMatch(/\b\d{6}\b/);
    expect((await post(CODE_LOGIN, { email, email_code: '123456' })).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID.code);
  });
});
