/**
 * Factories of the account tests: players, tourists and codes made through the real endpoints, with codes read
 * from the sandbox outbox (as a person reads /dev/mailbox) or created by the code service directly.
 */
import { randomBytes } from 'node:crypto';
import type { CodePurpose, LoginInfo } from '@piranha/contract';
import { TERMS_VERSION } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { codeCreate } from '../src/modules/account/account-code.service.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { afterAll, beforeAll } from 'vitest';
import { envelopeOf, testAppCreate, type TestApp } from './harness.ts';

export const PASSWORD = 'Correct-horse-9';

// The account endpoints the tests call by path.
export const VISITOR_LOGIN = '/api/piranha/user/account/v2/visitor_login';
export const LOGOUT = '/api/piranha/user/account/logout';
export const SEND = '/api/user/account/email/code/send';
export const CHECK = '/api/user/account/email/code/check';
export const REGISTER = '/api/piranha/user/account/email/register';
export const LOGIN = '/api/piranha/user/account/email/login';
export const CODE_LOGIN = '/api/piranha/user/account/email/code/login';
export const INFO = '/api/user/account/info/query';
export const BIND_CHECK = '/api/piranha/user/account/bind/check';
export const BIND_EMAIL = '/api/piranha/user/account/bind/email';
export const SEND_RESET = '/api/v1/user/account/password/set/send_code';
export const CHECK_RESET = '/api/v1/user/account/password/set/check_code';
export const SET_PASSWORD = '/api/v1/user/account/password/set';
export const CLOSE = '/api/user/account/del_apply';
export const SOCIAL = '/api/piranha/user/account/thirdparty/do';

/** Every request of a test file comes from one address: the per-IP limits have their own file (lockout). */
const ONE_ADDRESS_LIMITS = { AUTH_IP_CODE_SENDS_PER_HOUR: '1000', AUTH_IP_FAILURES_PER_HOUR: '1000' };

/**
 * The app of one test file: built before its tests (with `env`, which may be computed then, e.g. from a key set
 * made in the same hook) and closed after them. The answer stands for the app from inside any test.
 */
export function accountAppSetup(env: Record<string, string> | (() => Promise<Record<string, string>>) = {}): TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await testAppCreate({ env: { ...ONE_ADDRESS_LIMITS, ...(typeof env === 'function' ? await env() : env) } });
  });
  afterAll(() => app?.close());
  return new Proxy({} as TestApp, {
    get: (_target, key) => {
      if (!app) throw new Error('the test app is built in beforeAll; use it inside a test');
      return Reflect.get(app, key) as unknown;
    },
  });
}

/** POSTs a JSON body (with optional common parameters) and answers the envelope. */
export function envelopePost(t: TestApp) {
  return async (path: string, body: unknown, query: Record<string, string> = {}) => envelopeOf(await t.post(path, { body, query }));
}

export function emailUnique(label = 'player'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

/** A Brazilian mobile number in E.164 nobody else in the run uses. */
export function phoneUnique(): string {
  return `+55119${String(randomBytes(4).readUInt32BE(0) % 100_000_000).padStart(8, '0')}`;
}

export function smidUnique(): string {
  return `device-${randomBytes(8).toString('hex')}`;
}

/** A code for an address and purpose, made directly (no mail, no send limits). */
export async function codeMake(t: TestApp, email: string, purpose: CodePurpose, options: { appKey?: string; userId?: number } = {}): Promise<string> {
  const where = { appKey: options.appKey ?? 'piranha', channel: 'email' as const, target: email.toLowerCase(), purpose };
  return (await codeCreate(t.db, where, t.clock.now(), options.userId)).code;
}

/** The newest mail to an address in the sandbox outbox. */
export async function mailLatest(t: TestApp, email: string): Promise<{ subject: string; text: string; html: string; from_address: string } | undefined> {
  const [mail] = await t.rows<{ subject: string; text: string; html: string; from_address: string }>(
    sql`select subject, text, html, from_address from mail_outbox where to_address = ${email.toLowerCase()} order by id desc limit 1`,
  );
  return mail;
}

/** The 6-digit code of the newest mail to an address, as a person would copy it. */
export async function mailCode(t: TestApp, email: string): Promise<string> {
  const mail = await mailLatest(t, email);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the newest mail to ${email}: ${mail?.text ?? 'no mail'}`);
  return code;
}

/**
 * The loss limit a Brazilian brand asks at sign-up (decision 027), high enough that no test reaches it: R$ 1,000,000 a
 * month. Sent with every registration the tests make; a brand that does not ask for one stores it all the same.
 */
export const SIGNUP_LIMIT = { kind: 'loss', period: 'month', amount: 1_000_000_00 } as const;

/** The age and the terms every registration confirms (decision 032); the server refuses an account without them. */
export const SIGNUP_ACCEPT = { terms_version: TERMS_VERSION, age_confirmed: 1 } as const;

/** Registers a player through the API and returns the login info. */
export async function playerRegister(t: TestApp, email = emailUnique(), password = PASSWORD, headers: Record<string, string> = {}): Promise<LoginInfo> {
  const email_code = await codeMake(t, email, 'register', headers['app-key'] ? { appKey: headers['app-key'] } : {});
  const body = { email, email_code, password, safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT };
  const envelope = envelopeOf(await t.post('/api/piranha/user/account/email/register', { body, headers }));
  if (envelope.dm_error !== 0) throw new Error(`register failed: ${JSON.stringify(envelope)}`);
  return envelope.data as LoginInfo;
}

export function sessionOf(info: LoginInfo): IssuedSession {
  return { uid: info.uid, sid: info.sid, sessionId: 0 };
}

/** Guest login's answer: the Login info and, for a tourist just created, the device secret that claims it again. */
export type TouristLogin = LoginInfo & { device_secret?: string };

/** A tourist signed in through guest login; with the device secret of an earlier answer, that same tourist again. */
export async function touristLogin(t: TestApp, smid = smidUnique(), deviceSecret?: string): Promise<TouristLogin> {
  const body = deviceSecret === undefined ? { smid, ...SIGNUP_ACCEPT } : { smid, device_secret: deviceSecret, ...SIGNUP_ACCEPT };
  const envelope = envelopeOf(await t.post('/api/piranha/user/account/v2/visitor_login', { body }));
  if (envelope.dm_error !== 0) throw new Error(`visitor login failed: ${JSON.stringify(envelope)}`);
  return envelope.data as TouristLogin;
}

/** A local Google-style key set: the public JWKS in a file for GOOGLE_JWKS_FILE, and a minter of ID tokens. */
export interface GoogleTestKeys {
  jwksFile: string;
  mint: (claims: Record<string, unknown>, options?: { issuer?: string; audience?: string; expiresAt?: Date; issuedAt?: Date; kid?: string }) => Promise<string>;
}

export async function googleTestKeysCreate(now: () => Date): Promise<GoogleTestKeys> {
  const { exportJWK, generateKeyPair, SignJWT } = await import('jose');
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = `test-${randomBytes(4).toString('hex')}`;
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const jwksFile = join(mkdtempSync(join(tmpdir(), 'piranha-jwks-')), 'google-jwks.json');
  writeFileSync(jwksFile, JSON.stringify({ keys: [jwk] }));
  return {
    jwksFile,
    mint: async (claims, options = {}) => {
      const issuedAt = options.issuedAt ?? now();
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? kid })
        .setIssuer(options.issuer ?? 'https://accounts.google.com')
        .setAudience(options.audience ?? '100000-piranha.apps.piranha.example')
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor((options.expiresAt ?? new Date(issuedAt.getTime() + 3600_000)).getTime() / 1000))
        .sign(privateKey);
    },
  };
}
