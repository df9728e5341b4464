import { ERRORS, tgMiniAppLogin, termsAccept, termsCurrent } from '@piranha/contract';
import { initDataSign } from '../src/providers/telegram/telegram-init-data.ts';
import { TERMS_VERSION } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accountAppSetup,
  BIND_CHECK,
  BIND_EMAIL,
  codeMake,
  emailUnique,
  googleTestKeysCreate,
  PASSWORD,
  playerRegister,
  REGISTER,
  sessionOf,
  SIGNUP_ACCEPT,
  SIGNUP_LIMIT,
  smidUnique,
  SOCIAL,
  touristLogin,
  VISITOR_LOGIN,
  type GoogleTestKeys,
} from './account-fixtures.ts';
import { envelopeOf, signedIn } from './harness.ts';

/**
 * Every way an account is created records the age and the brand's current terms (decisions 032, 040): guest, Google,
 * Telegram, e-mail, and a tourist saving the account; a change of the terms asks existing players again.
 */
const OPS_TOKEN = 'consent-ops-token-0123456789abcdef';
const BOT_TOKEN = '7000000002:TEST-consent-bot-token';
let google: GoogleTestKeys;
let subCounter = 0;
const newSub = () => `2097${String((subCounter += 1)).padStart(17, '0')}`;

const t = accountAppSetup(async () => {
  google = await googleTestKeysCreate(() => t.clock.now());
  return { GOOGLE_JWKS_FILE: google.jwksFile, TELEGRAM_BOT_TOKEN: BOT_TOKEN, OPS_TOKEN };
});

const post = async (path: string, body: unknown, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  envelopeOf(await t.post(path, { body, query, headers }));

async function consentOf(uid: number) {
  const [row] = await t.rows<{ terms_version: string | null; terms_accepted_at: Date | null; age_confirmed: number | null; age_confirmed_at: Date | null }>(
    sql`select terms_version, terms_accepted_at, age_confirmed, age_confirmed_at from account_profiles where user_id = ${uid}`,
  );
  return row!;
}

async function usersCount(): Promise<number> {
  const [row] = await t.rows<{ n: string }>(sql`select count(*) as n from users`);
  return Number(row!.n);
}

function expectRefusedFor(envelope: { dm_error: number; data: unknown }, field: 'age_confirmed' | 'terms_version') {
  const code = field === 'age_confirmed' ? ERRORS.AGE_NOT_CONFIRMED.code : ERRORS.TERMS_NOT_ACCEPTED.code;
  expect(envelope).toMatchObject({ dm_error: code, data: { field } });
}

const opsTermsSet = (app_key: string, version: string) => post('/api/ops/terms-version', { app_key, version }, {}, { authorization: `Bearer ${OPS_TOKEN}` });

describe('guest sign-up (visitor_login)', () => {
  it('refuses a new tourist without the age or the current terms, creating nothing, and stores them with it', async () => {
    const before = await usersCount();
    expectRefusedFor(await post(VISITOR_LOGIN, { smid: smidUnique() }), 'age_confirmed');
    expectRefusedFor(await post(VISITOR_LOGIN, { smid: smidUnique(), age_confirmed: 1 }), 'terms_version');
    expectRefusedFor(await post(VISITOR_LOGIN, { smid: smidUnique(), age_confirmed: 1, terms_version: '2020-01-01' }), 'terms_version');
    expect(await usersCount()).toBe(before);
    const smid = smidUnique();
    const created = await post(VISITOR_LOGIN, { smid, ...SIGNUP_ACCEPT });
    expect(created.dm_error).toBe(0);
    const row = await consentOf(created.data.uid);
    expect(row).toMatchObject({ terms_version: TERMS_VERSION, age_confirmed: 18 });
    expect(new Date(row.terms_accepted_at!).getTime()).toBe(t.clock.now().getTime());
    // The same tourist coming back with its device secret is signing in, not signing up: nothing is asked.
    const again = await post(VISITOR_LOGIN, { smid, device_secret: created.data.device_secret });
    expect(again).toMatchObject({ dm_error: 0, data: { uid: created.data.uid } });
  });
});

describe('Google sign-up (thirdparty/do)', () => {
  it('refuses a first use without consent, then registers with it; the same identity signs in again unasked', async () => {
    const sub = newSub();
    const token = await google.mint({ sub, email: `${sub}@gmail.com`, email_verified: true });
    const body = { plat: 'google', action: 'login', auth_params: token };
    expectRefusedFor(await post(SOCIAL, body), 'age_confirmed');
    expectRefusedFor(await post(SOCIAL, { ...body, age_confirmed: 1 }), 'terms_version');
    // The client asks for the consent and sends the same credential again.
    const created = await post(SOCIAL, { ...body, ...SIGNUP_ACCEPT });
    expect(created).toMatchObject({ dm_error: 0, data: { first_regist: 1 } });
    expect(await consentOf(created.data.uid)).toMatchObject({ terms_version: TERMS_VERSION, age_confirmed: 18 });
    const again = await post(SOCIAL, { plat: 'google', action: 'login', auth_params: await google.mint({ sub }) });
    expect(again).toMatchObject({ dm_error: 0, data: { uid: created.data.uid, first_regist: 0 } });
  });

  it('records the consent when a tourist saves the account with Google, refusing without it', async () => {
    const tourist = await touristLogin(t);
    // A tourist from before consent was recorded.
    await t.db.execute(sql`update account_profiles set terms_version = null, terms_accepted_at = null, age_confirmed = null where user_id = ${tourist.uid}`);
    const sub = newSub();
    const body = { plat: 'google', action: 'bind', auth_params: await google.mint({ sub }) };
    expectRefusedFor(await post(SOCIAL, body, signedIn(sessionOf(tourist))), 'age_confirmed');
    const bound = await post(SOCIAL, { ...body, ...SIGNUP_ACCEPT }, signedIn(sessionOf(tourist)));
    expect(bound).toMatchObject({ dm_error: 0, data: { uid: tourist.uid, visitor: 0 } });
    expect(await consentOf(tourist.uid)).toMatchObject({ terms_version: TERMS_VERSION, age_confirmed: 18 });
  });
});

describe('Telegram sign-up (tg_mini_app/login)', () => {
  it('refuses a first use without consent and stores it with it', async () => {
    const initData = initDataSign(
      { auth_date: String(Math.floor(t.clock.now().getTime() / 1000)), query_id: 'AAH-consent', user: JSON.stringify({ id: 900_001, first_name: 'Ana' }) },
      BOT_TOKEN,
    );
    expectRefusedFor(await post(tgMiniAppLogin.path, { init_data: initData }), 'age_confirmed');
    const created = await post(tgMiniAppLogin.path, { init_data: initData, ...SIGNUP_ACCEPT });
    expect(created).toMatchObject({ dm_error: 0, data: { first_regist: 1 } });
    expect(await consentOf(created.data.uid)).toMatchObject({ terms_version: TERMS_VERSION, age_confirmed: 18 });
    expect(await post(tgMiniAppLogin.path, { init_data: initData })).toMatchObject({ dm_error: 0, data: { uid: created.data.uid } });
  });
});

describe('a tourist saving the account with an e-mail (bind/email)', () => {
  it('asks a tourist with no recorded consent, and records it', async () => {
    const tourist = await touristLogin(t);
    await t.db.execute(sql`update account_profiles set terms_version = null, terms_accepted_at = null, age_confirmed = null where user_id = ${tourist.uid}`);
    const query = signedIn(sessionOf(tourist));
    const email = emailUnique('consent-bind');
    const check = await post(BIND_CHECK, { email }, query);
    const code = await codeMake(t, email, 'bind', { userId: tourist.uid });
    const body = { email, email_code: code, request_id: check.data.request_id, password: PASSWORD };
    expectRefusedFor(await post(BIND_EMAIL, body, query), 'age_confirmed');
    expectRefusedFor(await post(BIND_EMAIL, { ...body, age_confirmed: 1, terms_version: 'old' }, query), 'terms_version');
    // Nothing was spent by the refusals: the same code and request save the account.
    expect(await post(BIND_EMAIL, { ...body, ...SIGNUP_ACCEPT }, query)).toMatchObject({ dm_error: 0, data: { uid: tourist.uid, visitor: 0 } });
    expect(await consentOf(tourist.uid)).toMatchObject({ terms_version: TERMS_VERSION, age_confirmed: 18 });
  });

  it('does not ask a tourist who accepted the current terms when the account was made', async () => {
    const tourist = await touristLogin(t);
    const query = signedIn(sessionOf(tourist));
    const email = emailUnique('consent-bind');
    const check = await post(BIND_CHECK, { email }, query);
    const code = await codeMake(t, email, 'bind', { userId: tourist.uid });
    expect(await post(BIND_EMAIL, { email, email_code: code, request_id: check.data.request_id }, query)).toMatchObject({ dm_error: 0 });
  });
});

describe('a change of the terms', () => {
  it('asks a signed-in player again until they accept the new version; accepting is idempotent and concurrent-safe', async () => {
    const brand = 'simba';
    const player = await playerRegister(t, emailUnique('terms'), PASSWORD, { 'app-key': brand });
    const query = signedIn(sessionOf(player));
    const headers = { 'app-key': brand };
    const current = async () => envelopeOf(await t.get(termsCurrent.path, { query, headers })).data;
    expect(await current()).toMatchObject({ version: TERMS_VERSION, accepted_version: TERMS_VERSION, ask: 0, minimum_age: 18 });

    expect((await post('/api/ops/terms-version', { app_key: brand, version: '2027-01-01' })).dm_error).toBe(ERRORS.UNAUTHORISED.code);
    expect((await opsTermsSet(brand, '2027-01-01')).data).toMatchObject({ app_key: brand, version: '2027-01-01' });
    expect(await current()).toMatchObject({ version: '2027-01-01', accepted_version: TERMS_VERSION, ask: 1 });
    // Another brand's players are not asked.
    const other = await playerRegister(t);
    expect(envelopeOf(await t.get(termsCurrent.path, { query: signedIn(sessionOf(other)) })).data).toMatchObject({ ask: 0 });

    // The old version is no longer accepted, at sign-up or here.
    expectRefusedFor(await post(termsAccept.path, SIGNUP_ACCEPT, query, headers), 'terms_version');
    const email = emailUnique('terms-new');
    const register = { email, email_code: await codeMake(t, email, 'register', { appKey: brand }), password: PASSWORD, safer_limit: SIGNUP_LIMIT };
    expectRefusedFor(await post(REGISTER, { ...register, ...SIGNUP_ACCEPT }, {}, headers), 'terms_version');
    expect((await post(REGISTER, { ...register, age_confirmed: 1, terms_version: '2027-01-01' }, {}, headers)).dm_error).toBe(0);

    // Twenty taps at once: one acceptance, its time kept; later taps answer the same.
    const acceptedAt = t.clock.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(termsAccept.path, { age_confirmed: 1, terms_version: '2027-01-01' }, query, headers)),
    );
    for (const answer of answers)
      expect(answer).toMatchObject({ dm_error: 0, data: { terms_version: '2027-01-01', accepted_at: Math.floor(acceptedAt.getTime() / 1000) } });
    t.clock.advance(60_000);
    const later = await post(termsAccept.path, { age_confirmed: 1, terms_version: '2027-01-01' }, query, headers);
    expect(later.data.accepted_at).toBe(Math.floor(acceptedAt.getTime() / 1000));
    expect(await current()).toMatchObject({ accepted_version: '2027-01-01', ask: 0 });
    expect(new Date((await consentOf(player.uid)).terms_accepted_at!).getTime()).toBe(acceptedAt.getTime());
  });

  it('asks an account with no recorded version only once the terms changed after it was made', async () => {
    const brand = 'aguila';
    const tourist = await touristLogin(t, smidUnique());
    const player = await playerRegister(t, emailUnique('legacy'), PASSWORD, { 'app-key': brand });
    await t.db.execute(sql`update account_profiles set terms_version = null, terms_accepted_at = null where user_id in (${tourist.uid}, ${player.uid})`);
    const ask = async () => envelopeOf(await t.get(termsCurrent.path, { query: signedIn(sessionOf(player)), headers: { 'app-key': brand } })).data.ask;
    expect(await ask()).toBe(0);
    t.clock.advance(1_000);
    await opsTermsSet(brand, '2027-02-01');
    expect(await ask()).toBe(1);
  });

  it('answers no ask to a visitor, and refuses a bad version from the operator', async () => {
    expect(envelopeOf(await t.get(termsCurrent.path)).data).toMatchObject({ accepted_version: '', ask: 0 });
    expect((await opsTermsSet('piranha', 'bad version!')).dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    expect((await opsTermsSet('nobrand', '2027-01-01')).dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
  });
});
