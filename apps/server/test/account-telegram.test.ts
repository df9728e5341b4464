import { ERRORS, loginInfoSchema, tgMiniAppBind, tgMiniAppLogin, thirdpartLogin } from '@piranha/contract';
import { describe, expect, it } from 'vitest';
import { initDataSign, initDataValidate, InitDataError } from '../src/providers/telegram/telegram-init-data.ts';
import { accountAppSetup, googleTestKeysCreate, playerRegister, sessionOf, SIGNUP_ACCEPT, touristLogin, type GoogleTestKeys } from './account-fixtures.ts';
import { envelopeOf, signedIn, testAppCreate } from './harness.ts';

const BOT_TOKEN = '7000000001:TEST-piranha-bot-token';
let google: GoogleTestKeys;
let telegramId = 500_000;

const t = accountAppSetup(async () => {
  google = await googleTestKeysCreate(() => t.clock.now());
  return { TELEGRAM_BOT_TOKEN: BOT_TOKEN, GOOGLE_JWKS_FILE: google.jwksFile };
});

function initDataFor(id: number, options: { token?: string; authDate?: Date } = {}): string {
  const authDate = Math.floor((options.authDate ?? t.clock.now()).getTime() / 1000);
  return initDataSign(
    { auth_date: String(authDate), query_id: 'AAH-test', user: JSON.stringify({ id, first_name: 'Tele', language_code: 'pt' }) },
    options.token ?? BOT_TOKEN,
  );
}

describe('initData validation (HMAC-SHA256 with "WebAppData")', () => {
  // Published vectors (aiogram tests; tma.js docs), checked with the freshness check off.
  const AIOGRAM =
    'auth_date=1650385342&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Test%22%7D&query_id=test&hash=46d2ea5e32911ec8d30999b56247654460c0d20949b6277af519e76271182803';
  const TMA =
    'query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D&auth_date=1662771648&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2';
  const now = new Date('2026-01-01T00:00:00Z');

  it('accepts the published vectors with their bot tokens', () => {
    expect(initDataValidate(AIOGRAM, '42:TEST', now, 0).user).toMatchObject({ id: 42, firstName: 'Test' });
    expect(initDataValidate(TMA, '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8', now, 0).user).toMatchObject({ id: 279058397, username: 'vdkfrost' });
  });

  it.each([
    ['another bot token', AIOGRAM, '42:INVALID'],
    ['a hash that is not hex', AIOGRAM.replace(/hash=\w+/, 'hash=test'), '42:TEST'],
    ['no hash', AIOGRAM.replace(/&hash=\w+/, ''), '42:TEST'],
    ['a changed user', AIOGRAM.replace('Test', 'Evil'), '42:TEST'],
  ])('refuses %s', (_label, raw, token) => {
    expect(() => initDataValidate(raw, token, now, 0)).toThrow(InitDataError);
  });

  it('refuses initData older than an hour', () => {
    expect(() => initDataValidate(AIOGRAM, '42:TEST', now)).toThrow(/auth_date/);
  });
});

describe('tg_mini_app/login and tg_mini_app/bind', () => {
  it('registers the Telegram user on first login and signs the same person in again', async () => {
    const id = (telegramId += 1);
    const first = envelopeOf(await t.post(tgMiniAppLogin.path, { body: { init_data: initDataFor(id), ...SIGNUP_ACCEPT } }));
    expect(first.dm_error).toBe(0);
    expect(loginInfoSchema.parse(first.data)).toMatchObject({ visitor: 0, first_regist: 1 });
    const again = envelopeOf(await t.post(tgMiniAppLogin.path, { body: { init_data: initDataFor(id) } }));
    expect(again.data).toMatchObject({ uid: first.data.uid, first_regist: 0 });
    expect(again.data.sid).not.toBe(first.data.sid);
    const info = envelopeOf(await t.get('/api/user/account/info/query', { query: signedIn(sessionOf(again.data)) }));
    expect(info.data.bind_info).toEqual([expect.objectContaining({ plat: 'telegram', unionid: String(id) })]);
  });

  it('refuses forged, stale and missing initData without creating anyone', async () => {
    const forged = envelopeOf(await t.post(tgMiniAppLogin.path, { body: { init_data: initDataFor(telegramId + 100, { token: '1:other' }) } }));
    expect(forged).toMatchObject({ dm_error: ERRORS.TELEGRAM_INIT_DATA_INVALID.code, data: { field: 'init_data', issue: 'hash' } });
    const stale = initDataFor(telegramId + 101, { authDate: new Date(t.clock.now().getTime() - 2 * 3600_000) });
    expect(envelopeOf(await t.post(tgMiniAppLogin.path, { body: { init_data: stale } }))).toMatchObject({ data: { issue: 'auth_date' } });
    expect(envelopeOf(await t.post(tgMiniAppLogin.path, { body: { init_data: '' } }))).toMatchObject({ dm_error: 1001, data: { field: 'init_data' } });
  });

  it('binds the Telegram user to a signed-in tourist, who becomes registered with the same uid', async () => {
    const tourist = await touristLogin(t);
    const id = (telegramId += 1);
    const bound = envelopeOf(await t.post(tgMiniAppBind.path, { query: signedIn(sessionOf(tourist)), body: { init_data: initDataFor(id) } }));
    expect(bound.data).toMatchObject({ uid: tourist.uid, visitor: 0, first_regist: 1 });
    const login = envelopeOf(await t.post(tgMiniAppLogin.path, { body: { init_data: initDataFor(id) } }));
    expect(login.data.uid).toBe(tourist.uid);
    // The same Telegram user cannot be bound to a second account.
    const other = await playerRegister(t);
    const twice = envelopeOf(await t.post(tgMiniAppBind.path, { query: signedIn(sessionOf(other)), body: { init_data: initDataFor(id) } }));
    expect(twice.dm_error).toBe(ERRORS.SOCIAL_ALREADY_BOUND.code);
  });

  it('answers TELEGRAM_UNAVAILABLE when the server has no bot token', async () => {
    const bare = await testAppCreate({ database: t.testDatabase, clock: t.clock });
    try {
      const answer = envelopeOf(await bare.post(tgMiniAppLogin.path, { body: { init_data: initDataFor(telegramId + 200), ...SIGNUP_ACCEPT } }));
      expect(answer.dm_error).toBe(ERRORS.TELEGRAM_UNAVAILABLE.code);
    } finally {
      await bare.close();
    }
  });
});

describe('thirdpart/login (the older Google sign-in path)', () => {
  it('signs in with a Google ID token like thirdparty/do does', async () => {
    const sub = '1097000000000000424242';
    const token = await google.mint({ sub, email: `${sub}@gmail.com`, email_verified: true });
    const first = envelopeOf(await t.post(thirdpartLogin.path, { body: { plat: 'google', auth_params: token, union_id: sub, ...SIGNUP_ACCEPT } }));
    expect(first.data).toMatchObject({ visitor: 0, first_regist: 1 });
    const again = envelopeOf(await t.post('/api/piranha/user/account/thirdparty/do', { body: { plat: 'google', action: 'login', auth_params: token } }));
    expect(again.data.uid).toBe(first.data.uid);
    const wrongAudience = await google.mint({ sub }, { audience: 'someone-else' });
    expect(envelopeOf(await t.post(thirdpartLogin.path, { body: { plat: 'google', auth_params: wrongAudience } })).dm_error).toBe(
      ERRORS.SOCIAL_TOKEN_INVALID.code,
    );
  });
});
