import { ERRORS, loginInfoSchema } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accountAppSetup,
  emailUnique,
  googleTestKeysCreate,
  INFO,
  PASSWORD,
  playerRegister,
  sessionOf,
  smidUnique,
  SIGNUP_ACCEPT,
  SOCIAL,
  touristLogin,
  type GoogleTestKeys,
} from './account-fixtures.ts';
import { envelopeOf, signedIn } from './harness.ts';

const PIRANHA_CLIENT_ID = '100000-piranha.apps.piranha.example';

let google: GoogleTestKeys;
let subCounter = 0;
const newSub = () => `1097${String((subCounter += 1)).padStart(17, '0')}`;

const t = accountAppSetup(async () => {
  google = await googleTestKeysCreate(() => t.clock.now());
  return { GOOGLE_JWKS_FILE: google.jwksFile };
});

async function social(body: Record<string, unknown>, input: { query?: Record<string, string>; headers?: Record<string, string> } = {}) {
  return envelopeOf(await t.post(SOCIAL, { body: { plat: 'google', app_type: 'web', action: 'login', ...SIGNUP_ACCEPT, ...body }, ...input }));
}

describe('Google sign-in (thirdparty/do, action login)', () => {
  it('registers on first use with the verified Gmail address, then signs the same person in again', async () => {
    const sub = newSub();
    const email = `${sub}@gmail.com`;
    const token = await google.mint({ sub, email, email_verified: true, name: 'Ana' });
    const first = await social({ union_id: sub, auth_params: token, third_info: '{"name":"Ana"}', dev_acc: smidUnique(), extra: {} });
    expect(first.dm_error).toBe(0);
    expect(loginInfoSchema.parse(first.data)).toMatchObject({ visitor: 0, first_regist: 1, first_active: 1 });
    const info = envelopeOf(await t.get(INFO, { query: signedIn(sessionOf(first.data)) }));
    expect(info.data).toMatchObject({
      email,
      visitor: 0,
      bind_info: [{ plat: 'google', unionid: sub, create_at: Math.floor(t.clock.now().getTime() / 1000) }],
    });
    const again = await social({ auth_params: await google.mint({ sub, email, email_verified: true }) });
    expect(again.data).toMatchObject({ uid: first.data.uid, first_regist: 0, first_active: 0 });
    expect(again.data.sid).not.toBe(first.data.sid);
  });

  it('joins the account already registered with an address Google vouches for', async () => {
    const sub = newSub();
    const email = `${sub}@gmail.com`;
    const player = await playerRegister(t, email);
    const envelope = await social({ auth_params: await google.mint({ sub, email, email_verified: true }) });
    expect(envelope.data).toMatchObject({ uid: player.uid, first_regist: 0 });
  });

  it('does not trust an unverified or non-Google-authoritative address: a new account without an e-mail', async () => {
    const victim = await playerRegister(t, emailUnique('victim'));
    const [{ email }] = (await t.rows<{ email: string }>(sql`select email from account_profiles where user_id = ${victim.uid}`)) as [{ email: string }];
    for (const claims of [
      { email, email_verified: true },
      { email: `${newSub()}@gmail.com`, email_verified: false },
    ]) {
      const envelope = await social({ auth_params: await google.mint({ sub: newSub(), ...claims }) });
      expect(envelope.data.uid).not.toBe(victim.uid);
      expect(envelopeOf(await t.get(INFO, { query: signedIn(sessionOf(envelope.data)) })).data.email).toBe('');
    }
  });

  it.each([
    ['another client id (aud)', { audience: 'someone-else.apps.example' }, 'aud'],
    ['another issuer (iss)', { issuer: 'https://evil.example' }, 'iss'],
    ['an expired token (exp)', { expiresAt: new Date(Date.UTC(2026, 2, 2, 10, 0)), issuedAt: new Date(Date.UTC(2026, 2, 2, 9, 0)) }, 'exp'],
    ['an unknown key (kid)', { kid: 'rotated-away' }, 'kid'],
  ] as const)('refuses %s with SOCIAL_TOKEN_INVALID naming the claim', async (_label, options, issue) => {
    const envelope = await social({ auth_params: await google.mint({ sub: newSub() }, options) });
    expect(envelope.dm_error).toBe(ERRORS.SOCIAL_TOKEN_INVALID.code);
    expect(envelope.data).toEqual({ field: 'auth_params', issue });
  });

  it('accepts the issuer spelled without https, and a minute of clock skew past exp', async () => {
    const now = t.clock.now();
    expect((await social({ auth_params: await google.mint({ sub: newSub() }, { issuer: 'accounts.google.com' }) })).dm_error).toBe(0);
    const skewed = await google.mint({ sub: newSub() }, { issuedAt: new Date(now.getTime() - 3600_000), expiresAt: new Date(now.getTime() - 30_000) });
    expect((await social({ auth_params: skewed })).dm_error).toBe(0);
  });

  it('refuses a token signed by another key, a garbled token, and a union_id that is not the token subject', async () => {
    const stranger = await googleTestKeysCreate(() => t.clock.now());
    const foreign = await stranger.mint(
      { sub: newSub() },
      { kid: (await import('node:fs')).readFileSync(google.jwksFile, 'utf8').match(/"kid":"([^"]+)"/)![1] },
    );
    expect((await social({ auth_params: foreign })).data).toMatchObject({ field: 'auth_params', issue: 'signature' });
    expect((await social({ auth_params: 'not.a.jwt' })).dm_error).toBe(ERRORS.SOCIAL_TOKEN_INVALID.code);
    const token = await google.mint({ sub: newSub() });
    expect((await social({ auth_params: token, union_id: 'someone-else' })).data).toEqual({ field: 'union_id', issue: 'sub' });
  });

  it('checks the audience of the brand the request is for', async () => {
    const aguilaToken = await google.mint({ sub: newSub() }, { audience: '100020-aguila.apps.piranha.example' });
    expect((await social({ auth_params: aguilaToken })).dm_error).toBe(ERRORS.SOCIAL_TOKEN_INVALID.code);
    expect((await social({ auth_params: aguilaToken }, { headers: { 'app-key': 'aguila' } })).dm_error).toBe(0);
  });

  it('is refused on a brand that hides social sign-in', async () => {
    const envelope = await social(
      { auth_params: await google.mint({ sub: newSub() }, { audience: PIRANHA_CLIENT_ID }) },
      { headers: { 'app-key': 'pororoca' } },
    );
    expect(envelope.dm_error).toBe(ERRORS.SOCIAL_LOGIN_UNAVAILABLE.code);
    expect(envelope.data.field).toBe('plat');
  });

  it('refuses a closed account', async () => {
    const sub = newSub();
    const first = await social({ auth_params: await google.mint({ sub }) });
    await t.post('/api/user/account/del_apply', { query: signedIn(sessionOf(first.data)), body: { confirm: 1 } });
    expect((await social({ auth_params: await google.mint({ sub }) })).dm_error).toBe(ERRORS.ACCOUNT_CLOSED.code);
  });
});

describe('thirdLoginRegBind (thirdparty/do, action bind)', () => {
  it('links Google to a tourist, which becomes registered with the same uid and a new session', async () => {
    const smid = smidUnique();
    const tourist = await touristLogin(t, smid);
    const sub = newSub();
    const email = `${sub}@gmail.com`;
    const envelope = await social(
      { action: 'bind', auth_params: await google.mint({ sub, email, email_verified: true }), extra: { super_uid: tourist.uid } },
      { query: signedIn(sessionOf(tourist)) },
    );
    expect(envelope.dm_error).toBe(0);
    expect(envelope.data).toMatchObject({ uid: tourist.uid, visitor: 0, first_regist: 1 });
    expect((await t.get(INFO, { query: signedIn(sessionOf(tourist)) })).json.dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    const info = envelopeOf(await t.get(INFO, { query: signedIn(sessionOf(envelope.data)) }));
    expect(info.data).toMatchObject({ email, visitor: 0, bind_info: [{ plat: 'google', unionid: sub }] });
    expect((await social({ auth_params: await google.mint({ sub }) })).data.uid).toBe(tourist.uid);
    expect((await touristLogin(t, smid)).uid).not.toBe(tourist.uid);
  });

  it('links Google to a registered player, who can then sign in either way', async () => {
    const email = emailUnique();
    const player = await playerRegister(t, email);
    const sub = newSub();
    const envelope = await social({ action: 'bind', auth_params: await google.mint({ sub }) }, { query: signedIn(sessionOf(player)) });
    expect(envelope.data).toMatchObject({ uid: player.uid, first_regist: 0 });
    expect((await social({ auth_params: await google.mint({ sub }) })).data.uid).toBe(player.uid);
    expect(envelopeOf(await t.post('/api/piranha/user/account/email/login', { body: { email, password: PASSWORD } })).data.uid).toBe(player.uid);
  });

  it('refuses an identity already linked to another account, a super_uid that is not the caller, and a caller without a session', async () => {
    const sub = newSub();
    await social({ auth_params: await google.mint({ sub }) });
    const other = await touristLogin(t);
    const query = signedIn(sessionOf(other));
    expect((await social({ action: 'bind', auth_params: await google.mint({ sub }) }, { query })).dm_error).toBe(ERRORS.SOCIAL_ALREADY_BOUND.code);
    const fresh = await google.mint({ sub: newSub() });
    expect((await social({ action: 'bind', auth_params: fresh, extra: { super_uid: other.uid + 1000 } }, { query })).data).toMatchObject({
      field: 'extra.super_uid',
    });
    expect((await social({ action: 'bind', auth_params: fresh })).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
  });
});
