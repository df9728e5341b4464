import { balanceGet, ERRORS, loginInfoSchema } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transaction } from '../src/db/transaction.ts';
import { ledgerTransfer } from '../src/modules/ledger/ledger.service.ts';
import {
  accountAppSetup,
  BIND_CHECK,
  BIND_EMAIL,
  CHECK_RESET,
  CLOSE,
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
  SEND,
  SEND_RESET,
  sessionOf,
  SET_PASSWORD,
  smidUnique,
  touristLogin,
} from './account-fixtures.ts';
import { CLOCK_START, envelopeOf, signedIn } from './harness.ts';

const t = accountAppSetup();

const post = envelopePost(t);

async function bindRequest(query: Record<string, string>, email: string): Promise<string> {
  const check = await post(BIND_CHECK, { email }, query);
  expect(check.data.can_bind).toBe(1);
  return check.data.request_id as string;
}

describe('a tourist binds an e-mail (spec §4)', () => {
  it('keeps uid and balance, becomes registered with a new session, and the old tourist session ends', async () => {
    const smid = smidUnique();
    const tourist = await touristLogin(t, smid);
    const query = signedIn(sessionOf(tourist));
    await transaction(t.db, (tx) =>
      ledgerTransfer(tx, {
        kind: 'test_deposit',
        externalRef: `bind-${tourist.uid}`,
        lines: [
          { account: { userId: tourist.uid, currency: 'BRL' }, amountMinor: 12_345 },
          { account: { house: 'payment_clearing', currency: 'BRL' }, amountMinor: -12_345 },
        ],
      }),
    );
    const email = emailUnique('bind');
    const requestId = await bindRequest(query, email);
    expect(requestId).toMatch(/^[\w-]{24}$/);
    expect((await post(SEND, { email, purpose: 'bind' }, query)).dm_error).toBe(0);
    const bound = await post(BIND_EMAIL, { email, email_code: await mailCode(t, email), request_id: requestId, udid: 'udid-1' }, query);
    expect(bound.dm_error).toBe(0);
    const login = loginInfoSchema.parse(bound.data);
    expect(login).toMatchObject({ uid: tourist.uid, visitor: 0, first_regist: 1, first_active: 0 });
    expect(login.sid).not.toBe(tourist.sid);

    expect((await t.get(INFO, { query })).json.dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    const fresh = signedIn(sessionOf(login));
    expect(envelopeOf(await t.get(INFO, { query: fresh })).data).toMatchObject({ uid: tourist.uid, email, visitor: 0, first_regist: 1 });
    expect(envelopeOf(await t.get(balanceGet.path, { query: fresh })).data.total_balance).toBe(12_345);

    // The device now starts a new tourist; the bound account signs in by e-mail.
    expect((await touristLogin(t, smid)).uid).not.toBe(tourist.uid);
    t.clock.advance(61_000);
    await post(SEND, { email, purpose: 'login' });
    expect((await post(CODE_LOGIN, { email, email_code: await mailCode(t, email) })).data.uid).toBe(tourist.uid);
  });

  it('sets a password when one is given, so the player can sign in with it', async () => {
    const tourist = await touristLogin(t);
    const query = signedIn(sessionOf(tourist));
    const email = emailUnique('bind');
    const requestId = await bindRequest(query, email);
    const code = await codeMake(t, email, 'bind', { userId: tourist.uid });
    expect((await post(BIND_EMAIL, { email, email_code: code, request_id: requestId, password: PASSWORD }, query)).dm_error).toBe(0);
    expect((await post(LOGIN, { email, password: PASSWORD })).data.uid).toBe(tourist.uid);
  });

  it('answers can_bind 0 for a registered player, and bind/email refuses with ACCOUNT_ALREADY_BOUND', async () => {
    const player = await playerRegister(t);
    const query = signedIn(sessionOf(player));
    expect((await post(BIND_CHECK, { email: emailUnique() }, query)).data).toEqual({ can_bind: 0, request_id: '' });
    const refused = await post(BIND_EMAIL, { email: emailUnique(), email_code: '123456', request_id: 'whatever' }, query);
    expect(refused.dm_error).toBe(ERRORS.ACCOUNT_ALREADY_BOUND.code);
    expect((await post(SEND, { email: emailUnique(), purpose: 'bind' }, query)).dm_error).toBe(ERRORS.ACCOUNT_ALREADY_BOUND.code);
  });

  it('needs a session: bind check, bind and a bind code answer 604 without one', async () => {
    expect((await post(BIND_CHECK, { email: emailUnique() })).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    expect((await post(BIND_EMAIL, { email: emailUnique(), email_code: '123456', request_id: 'x' })).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    expect((await post(SEND, { email: emailUnique(), purpose: 'bind' })).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
  });

  it('refuses an unknown, foreign, other-address, expired or used request_id with BIND_REQUEST_INVALID', async () => {
    t.clock.set(CLOCK_START);
    const tourist = await touristLogin(t);
    const other = await touristLogin(t);
    const query = signedIn(sessionOf(tourist));
    const email = emailUnique('bind');
    const code = await codeMake(t, email, 'bind', { userId: tourist.uid });
    const foreign = await bindRequest(signedIn(sessionOf(other)), email);
    const otherAddress = await bindRequest(query, emailUnique('bind'));
    for (const request_id of ['never-issued', foreign, otherAddress]) {
      const envelope = await post(BIND_EMAIL, { email, email_code: code, request_id }, query);
      expect(envelope.dm_error, request_id).toBe(ERRORS.BIND_REQUEST_INVALID.code);
      expect(envelope.data.field).toBe('request_id');
    }
    const expiring = await bindRequest(query, email);
    t.clock.advance(10 * 60_000 + 1);
    expect((await post(BIND_EMAIL, { email, email_code: code, request_id: expiring }, query)).dm_error).toBe(ERRORS.BIND_REQUEST_INVALID.code);
    t.clock.set(CLOCK_START);
  });

  it('accepts a bind code only from the tourist who asked for it', async () => {
    const asker = await touristLogin(t);
    const thief = await touristLogin(t);
    const email = emailUnique('bind');
    const code = await codeMake(t, email, 'bind', { userId: asker.uid });
    const thiefQuery = signedIn(sessionOf(thief));
    const requestId = await bindRequest(thiefQuery, email);
    expect((await post(BIND_EMAIL, { email, email_code: code, request_id: requestId }, thiefQuery)).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID_NEW.code);
  });

  it('mails a notice instead of a code when the address already has an account, and the bind then fails as a wrong code', async () => {
    const email = emailUnique('taken');
    await playerRegister(t, email);
    const tourist = await touristLogin(t);
    const query = signedIn(sessionOf(tourist));
    const requestId = await bindRequest(query, email);
    t.clock.advance(61_000);
    expect((await post(SEND, { email, purpose: 'bind' }, query)).dm_error).toBe(0);
    expect((await mailLatest(t, email))?.text).not.toMatch(/\b\d{6}\b/);
    expect((await post(BIND_EMAIL, { email, email_code: '123456', request_id: requestId }, query)).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID.code);
  });

  it('says EMAIL_TAKEN when the address was taken between the mailed code and the bind', async () => {
    const tourist = await touristLogin(t);
    const query = signedIn(sessionOf(tourist));
    const email = emailUnique('bind');
    const requestId = await bindRequest(query, email);
    const code = await codeMake(t, email, 'bind', { userId: tourist.uid });
    const other = await playerRegister(t);
    await t.rows(sql`update account_profiles set email = ${email} where user_id = ${other.uid}`);
    expect((await post(BIND_EMAIL, { email, email_code: code, request_id: requestId }, query)).dm_error).toBe(ERRORS.EMAIL_TAKEN.code);
    // Nothing changed: still a tourist with its session.
    expect(envelopeOf(await t.get(INFO, { query })).data).toMatchObject({ visitor: 1, email: '' });
  });
});

describe('the limit a Brazilian tourist saves with the e-mail (decision 057)', () => {
  const limitsOf = (uid: number) =>
    t.rows<{ kind: string; period: string; amount: number; pending_at: Date | null }>(
      sql`select kind, period, amount_minor::float8 as amount, pending_at from player_limits where user_id = ${uid} order by kind, period`,
    );
  const auditOf = (uid: number) =>
    t.rows<{ action: string; after: Record<string, unknown> }>(sql`select action, after from safer_play_audit where user_id = ${uid} order by id`);

  it('stores the loss limit in the bind with its audit row, and a bind without one stores none', async () => {
    const tourist = await touristLogin(t);
    const query = signedIn(sessionOf(tourist));
    const email = emailUnique('bind-limit');
    const requestId = await bindRequest(query, email);
    const code = await codeMake(t, email, 'bind', { userId: tourist.uid });
    const bound = await post(
      BIND_EMAIL,
      { email, email_code: code, request_id: requestId, safer_limit: { kind: 'loss', period: 'week', amount: 300_00 } },
      query,
    );
    expect(bound.dm_error, JSON.stringify(bound)).toBe(0);
    expect(await limitsOf(tourist.uid)).toEqual([{ kind: 'loss', period: 'week', amount: 300_00, pending_at: null }]);
    expect(await auditOf(tourist.uid)).toEqual([{ action: 'limit', after: expect.objectContaining({ kind: 'loss', amount: 300_00, at_bind: true }) }]);

    const other = await touristLogin(t);
    const otherQuery = signedIn(sessionOf(other));
    const otherEmail = emailUnique('bind-limit');
    const otherRequest = await bindRequest(otherQuery, otherEmail);
    const otherCode = await codeMake(t, otherEmail, 'bind', { userId: other.uid });
    expect((await post(BIND_EMAIL, { email: otherEmail, email_code: otherCode, request_id: otherRequest }, otherQuery)).dm_error).toBe(0);
    expect(await limitsOf(other.uid)).toEqual([]);
  });

  it('holds a raise over a limit the tourist already set for the cooling period, as the Safer play page does', async () => {
    const tourist = await touristLogin(t);
    const query = signedIn(sessionOf(tourist));
    expect((await post('/api/piranha/safer_play/limit', { kind: 'loss', period: 'week', amount: 100_00 }, query)).dm_error).toBe(0);
    const email = emailUnique('bind-limit');
    const requestId = await bindRequest(query, email);
    const code = await codeMake(t, email, 'bind', { userId: tourist.uid });
    const bound = await post(
      BIND_EMAIL,
      { email, email_code: code, request_id: requestId, safer_limit: { kind: 'loss', period: 'week', amount: 900_00 } },
      query,
    );
    expect(bound.dm_error, JSON.stringify(bound)).toBe(0);
    const [limit] = await limitsOf(tourist.uid);
    expect(limit).toMatchObject({ amount: 100_00 });
    expect(limit!.pending_at).not.toBeNull();
  });

  it('refuses a malformed limit with nothing bound', async () => {
    const tourist = await touristLogin(t);
    const query = signedIn(sessionOf(tourist));
    const email = emailUnique('bind-limit');
    const requestId = await bindRequest(query, email);
    const code = await codeMake(t, email, 'bind', { userId: tourist.uid });
    const refused = await post(
      BIND_EMAIL,
      { email, email_code: code, request_id: requestId, safer_limit: { kind: 'loss', period: 'year', amount: 100_00 } },
      query,
    );
    expect(refused.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    expect(await limitsOf(tourist.uid)).toEqual([]);
    expect(envelopeOf(await t.get(INFO, { query })).data).toMatchObject({ visitor: 1 });
  });
});

describe('forgotten password', () => {
  it('resets with a mailed code, ends every session, and only the new password works', async () => {
    const email = emailUnique();
    const registered = await playerRegister(t, email);
    const other = await post(LOGIN, { email, password: PASSWORD });
    t.clock.advance(61_000);
    expect(await post(SEND_RESET, { email })).toStrictEqual({ dm_error: 0, error_msg: '', data: { expire_s: 600, resend_s: 60 } });
    const code = await mailCode(t, email);
    expect((await post(CHECK_RESET, { email, email_code: code })).data).toEqual({ valid: 1 });
    const reset = await post(SET_PASSWORD, { email, email_code: code, password: 'Brand-new-pass-7' });
    expect(reset.dm_error).toBe(0);
    expect(reset.data.uid).toBe(registered.uid);
    for (const session of [registered, other.data]) {
      expect((await t.get(INFO, { query: signedIn(sessionOf(session)) })).json.dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    }
    expect((await t.get(INFO, { query: signedIn(sessionOf(reset.data)) })).json.dm_error).toBe(0);
    expect((await post(LOGIN, { email, password: PASSWORD })).dm_error).toBe(ERRORS.WRONG_CREDENTIALS.code);
    expect((await post(LOGIN, { email, password: 'Brand-new-pass-7' })).dm_error).toBe(0);
    expect((await post(SET_PASSWORD, { email, email_code: code, password: 'Another-pass-8' })).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID_NEW.code);
  });

  it('refuses a wrong reset code with 100011, and a login code (no reset code asked for) with 100010', async () => {
    const email = emailUnique();
    await playerRegister(t, email);
    const code = await codeMake(t, email, 'reset');
    const wrong = code === '424242' ? '434343' : '424242';
    expect((await post(CHECK_RESET, { email, email_code: wrong })).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID.code);
    expect((await post(SET_PASSWORD, { email, email_code: wrong, password: 'Brand-new-pass-7' })).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID.code);
    const otherEmail = emailUnique();
    await playerRegister(t, otherEmail);
    const login = await codeMake(t, otherEmail, 'login');
    expect((await post(SET_PASSWORD, { email: otherEmail, email_code: login, password: 'Brand-new-pass-7' })).dm_error).toBe(
      ERRORS.EMAIL_CODE_INVALID_NEW.code,
    );
  });

  it('answers an unknown address like a known one and mails a notice', async () => {
    const email = emailUnique();
    expect((await post(SEND_RESET, { email })).dm_error).toBe(0);
    expect((await mailLatest(t, email))?.text).not.toMatch(/\b\d{6}\b/);
  });
});

describe('closing an account (del_apply)', () => {
  it('ends every session and refuses later sign-ins with ACCOUNT_CLOSED, but only after the password or code is right', async () => {
    const email = emailUnique();
    const registered = await playerRegister(t, email);
    const second = await post(LOGIN, { email, password: PASSWORD });
    const closed = await post(CLOSE, { confirm: 1, reason: 'too much time' }, signedIn(sessionOf(registered)));
    expect(closed).toMatchObject({ dm_error: 0, data: { closed: 1 } });
    for (const session of [registered, second.data]) {
      expect((await t.get(INFO, { query: signedIn(sessionOf(session)) })).json.dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    }
    const refused = await post(LOGIN, { email, password: PASSWORD }, { lca_lang: 'ENG' });
    expect(refused.dm_error).toBe(ERRORS.ACCOUNT_CLOSED.code);
    expect(refused.error_msg).toBe('This account has been closed and can no longer be used. Contact support if you need help.');
    expect((await post(LOGIN, { email, password: 'Wrong-password-1' })).dm_error).toBe(ERRORS.WRONG_CREDENTIALS.code);
    const code = await codeMake(t, email, 'login');
    expect((await post(CODE_LOGIN, { email, email_code: code })).dm_error).toBe(ERRORS.ACCOUNT_CLOSED.code);
    const reset = await codeMake(t, email, 'reset');
    expect((await post(SET_PASSWORD, { email, email_code: reset, password: 'Brand-new-pass-7' })).dm_error).toBe(ERRORS.ACCOUNT_CLOSED.code);
    const [row] = await t.rows<{ close_reason: string }>(sql`select close_reason from account_profiles where user_id = ${registered.uid}`);
    expect(row!.close_reason).toBe('too much time');
  });
});
