import { ERRORS } from '@piranha/contract';
import { SIGN_UP_BONUS_PER_IP_DAY } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/app-error.ts';
import { transaction } from '../src/db/transaction.ts';
import { bonusSignUpClaim } from '../src/modules/bonus/bonus-sign-up.service.ts';
import { codeMake, emailUnique, PASSWORD, REGISTER, SIGNUP_ACCEPT, SIGNUP_LIMIT, smidUnique } from './account-fixtures.ts';
import { CLOCK_START, envelopeOf, testAppCreate, type TestApp } from './harness.ts';
import { auditClean } from './payments-fixtures.ts';

/**
 * The sign-up bonus (decision 024): granted at e-mail registration, once per person (e-mail, device, payment account),
 * at most SIGN_UP_BONUS_PER_IP_DAY per IP and brand a day, never on a Brazilian brand — exactly once even when the
 * registrations arrive together.
 */
const OPS_TOKEN = 'bonus-sign-up-ops-token-0123456789';
let t: TestApp;
let nextIp = 1;
const ipUnique = () => `10.9.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

beforeAll(async () => {
  t = await testAppCreate({
    env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000', AUTH_IP_CODE_SENDS_PER_HOUR: '1000', AUTH_IP_FAILURES_PER_HOUR: '1000', OPS_TOKEN },
  });
  const terms = {
    purpose: 'acquisition',
    amount_minor: 5_000,
    wagering: { multiplier: 5, base: 'bonus' },
    weights: { sports_odds_min: 1500, table_bp: 1000, crash_bp: 500, dice_bp: 500 },
    lifetime_days: 7,
  };
  for (const id of ['aguila:welcome', 'piranha:welcome', 'simba:welcome']) {
    const created = await t.post('/api/ops/bonus/campaign/create', { headers: { authorization: `Bearer ${OPS_TOKEN}` }, body: { id, kind: 'sign_up', terms } });
    expect(envelopeOf(created).dm_error).toBe(0);
  }
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

async function registerSession(appKey: string): Promise<{ uid: number; sid: string }> {
  const email = emailUnique('signup');
  const code = await codeMake(t, email, 'register', { appKey });
  const envelope = envelopeOf(
    await t.post(REGISTER, {
      headers: { 'app-key': appKey },
      query: { smid: smidUnique() },
      remoteAddress: ipUnique(),
      body: { email, email_code: code, password: PASSWORD, safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT },
    }),
  );
  expect(envelope.dm_error).toBe(0);
  return { uid: envelope.data.uid as number, sid: envelope.data.sid as string };
}

async function register(appKey: string, options: { email?: string; smid?: string; ip?: string } = {}): Promise<number> {
  const email = options.email ?? emailUnique('signup');
  const code = await codeMake(t, email, 'register', { appKey });
  const envelope = envelopeOf(
    await t.post(REGISTER, {
      headers: { 'app-key': appKey },
      query: { smid: options.smid ?? smidUnique() },
      remoteAddress: options.ip ?? ipUnique(),
      body: { email, email_code: code, password: PASSWORD, safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT },
    }),
  );
  expect(envelope.dm_error).toBe(0);
  return envelope.data.uid as number;
}

async function signUpBonusesOf(userIds: readonly number[]): Promise<{ user_id: string; amount_minor: string }[]> {
  if (userIds.length === 0) return [];
  return t.rows(
    sql`select user_id, amount_minor from bonuses where trigger_ref = 'sign_up' and user_id in (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

describe('the sign-up bonus', () => {
  it('is granted at registration on a brand that runs one, as a locked bonus the player sees', async () => {
    const uid = await register('aguila');
    const granted = await signUpBonusesOf([uid]);
    expect(granted).toHaveLength(1);
    expect(Number(granted[0]!.amount_minor)).toBe(5_000);
  });

  it('goes to one of 20 accounts registered at once from one device', async () => {
    const smid = smidUnique();
    const uids = await Promise.all(Array.from({ length: 20 }, () => register('aguila', { smid })));
    expect(new Set(uids).size).toBe(20);
    expect(await signUpBonusesOf(uids)).toHaveLength(1);
  });

  it('goes to one person however the e-mail is dressed up (Gmail dots and +tags)', async () => {
    const local = `ana${Date.now()}`;
    const uids = await Promise.all(
      [`${local}@gmail.com`, `${local.slice(0, 2)}.${local.slice(2)}@gmail.com`, `${local}+bonus@gmail.com`].map((email) => register('aguila', { email })),
    );
    expect(await signUpBonusesOf(uids)).toHaveLength(1);
  });

  it(`grants at most ${SIGN_UP_BONUS_PER_IP_DAY} a day from one IP, even to registrations arriving together`, async () => {
    const ip = '10.77.0.1';
    const uids = await Promise.all(Array.from({ length: 8 }, () => register('aguila', { ip })));
    expect(await signUpBonusesOf(uids)).toHaveLength(SIGN_UP_BONUS_PER_IP_DAY);
    // The refusal, as the service names it, and nothing written by it.
    const uid = await register('jeepney');
    const refusal = await transaction(t.db, (tx) => bonusSignUpClaim(tx, { userId: uid, appKey: 'aguila', ip, now: CLOCK_START, smid: smidUnique() })).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe(ERRORS.BONUS_IP_LIMIT.code);
    expect(await t.rows(sql`select 1 from bonus_claims where user_id = ${uid}`)).toHaveLength(0);
  });

  it('is refused with BONUS_ALREADY_CLAIMED for a payment account that already had one', async () => {
    const [first, second] = [await register('jeepney'), await register('jeepney')];
    await transaction(t.db, (tx) =>
      bonusSignUpClaim(tx, { userId: first, appKey: 'aguila', ip: ipUnique(), now: CLOCK_START, paymentAccount: 'CLABE 0123-4567' }),
    );
    const refusal = await transaction(t.db, (tx) =>
      bonusSignUpClaim(tx, { userId: second, appKey: 'aguila', ip: ipUnique(), now: CLOCK_START, paymentAccount: 'clabe01234567' }),
    ).catch((error: unknown) => error);
    expect((refusal as AppError).code).toBe(ERRORS.BONUS_ALREADY_CLAIMED.code);
    expect(await signUpBonusesOf([first, second])).toHaveLength(1);
  });

  it('is forfeited by a second person saving a payout account another sign-up bonus holds; the first keeps theirs', async () => {
    const [first, second] = [await registerSession('simba'), await registerSession('simba')];
    const statusOf = async (uid: number) =>
      Number((await t.rows<{ status: number }>(sql`select status from bonuses where user_id = ${uid} and trigger_ref = 'sign_up'`))[0]?.status);
    expect([await statusOf(first.uid), await statusOf(second.uid)]).toEqual([0, 0]);
    const save = (session: { uid: number; sid: string }, phone: string) =>
      t.post('/api/piranha/finance/account/elements/set', {
        headers: { 'app-key': 'simba' },
        query: { uid: String(session.uid), sid: session.sid },
        body: { channel: 'MPESA', elements: { phone, holder_name: 'Wanjiku Kamau' } },
      });
    expect(envelopeOf(await save(first, '07123456789')).dm_error).toBe(0);
    expect(envelopeOf(await save(first, '07123456789')).dm_error).toBe(0);
    expect(await statusOf(first.uid)).toBe(0);
    expect(envelopeOf(await save(second, '07123456789')).dm_error).toBe(0);
    expect([await statusOf(first.uid), await statusOf(second.uid)]).toEqual([0, 3]);
  });

  it('is never granted on a Brazilian brand, and a brand without a sign-up campaign claims nothing', async () => {
    const brazilian = await register('piranha');
    expect(await signUpBonusesOf([brazilian])).toHaveLength(0);
    const refusal = await transaction(t.db, (tx) => bonusSignUpClaim(tx, { userId: brazilian, appKey: 'piranha', ip: ipUnique(), now: CLOCK_START })).catch(
      (error: unknown) => error,
    );
    expect((refusal as AppError).code).toBe(ERRORS.BONUS_FORBIDDEN_HERE.code);
    const philippine = await register('jeepney');
    expect(await signUpBonusesOf([philippine])).toHaveLength(0);
    expect(await t.rows(sql`select 1 from bonus_claims where user_id in (${brazilian}, ${philippine})`)).toHaveLength(0);
  });
});
