import { dynconfigGet, mdUpload } from '@piranha/contract';
import { variantFindByKey } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusDepositEventsConsume } from '../src/modules/bonus/bonus-engine.service.ts';
import { codeMake, emailUnique, PASSWORD, REGISTER, SIGNUP_ACCEPT, SIGNUP_LIMIT, smidUnique, VISITOR_LOGIN } from './account-fixtures.ts';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, playerFund } from './payments-fixtures.ts';

/**
 * Experiments stay with a player and switch real offers (decision 040): the device's arm is carried into the account at
 * sign-up, a signed-in player keeps it on any device, the sign-up bonus and the first-deposit match are picked by arm,
 * the funnel counts each arm's sign-ups and first deposits; the tracking upload answers CORS for the brand's origins.
 */
const OPS_TOKEN = 'experiment-arms-ops-token-0123456789';
const ops = { authorization: `Bearer ${OPS_TOKEN}` };
let t: TestApp;
let nextIp = 1;
const ipUnique = () => `10.7.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

const TERMS = {
  purpose: 'acquisition',
  wagering: { multiplier: 5, base: 'bonus' },
  weights: { sports_odds_min: 1500, table_bp: 1000, crash_bp: 500, dice_bp: 500 },
  lifetime_days: 7,
};

beforeAll(async () => {
  t = await testAppCreate({
    env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000', AUTH_IP_CODE_SENDS_PER_HOUR: '1000', AUTH_IP_FAILURES_PER_HOUR: '1000', OPS_TOKEN },
  });
  const campaigns = [
    { id: 'aguila:welcome_a', kind: 'sign_up', terms: { ...TERMS, amount_minor: 3_000, ab_arm: 'A' } },
    { id: 'aguila:welcome_b', kind: 'sign_up', terms: { ...TERMS, amount_minor: 7_000, ab_arm: 'B' } },
    { id: 'aguila:match_b', kind: 'first_deposit', terms: { ...TERMS, rate_bp: 20_000, max_minor: 100_000_00, ab_arm: 'B' } },
  ];
  for (const body of campaigns) expect(envelopeOf(await t.post('/api/ops/bonus/campaign/create', { headers: ops, body })).dm_error).toBe(0);
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

const share = async (key: string, b_percent: number) => {
  expect(envelopeOf(await t.post('/api/ops/dynconfig', { headers: ops, body: { key, enabled: 1, b_percent } })).dm_error).toBe(0);
};

async function armOf(key: string, query: Record<string, string>, appKey = 'piranha'): Promise<string> {
  const answer = envelopeOf(await t.post(dynconfigGet.path, { body: { keys: [key] }, query, headers: { 'app-key': appKey } }));
  return (answer.data.configs as { key: string; result: string }[]).find((entry) => entry.key === key)!.result;
}

async function emailSignUp(appKey: string, smid: string): Promise<{ uid: number; sid: string }> {
  const email = emailUnique('arm');
  const envelope = envelopeOf(
    await t.post(REGISTER, {
      headers: { 'app-key': appKey },
      query: { smid },
      remoteAddress: ipUnique(),
      body: { email, email_code: await codeMake(t, email, 'register', { appKey }), password: PASSWORD, safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT },
    }),
  );
  expect(envelope.dm_error).toBe(0);
  return envelope.data as { uid: number; sid: string };
}

async function campaignsOf(userId: number): Promise<string[]> {
  const rows = await t.rows<{ campaign_id: string }>(sql`select campaign_id from bonuses where user_id = ${userId} order by campaign_id`);
  return rows.map((row) => row.campaign_id);
}

describe('an arm stays with the player', () => {
  it('carries the device’s arm into a guest account and keeps it on a new device after the share changes', async () => {
    await share('task_ab', 100);
    const smid = smidUnique();
    expect(await armOf('task_ab', { smid })).toBe('B');
    const guest = envelopeOf(await t.post(VISITOR_LOGIN, { body: { smid, ...SIGNUP_ACCEPT }, query: { smid } }));
    expect(guest.dm_error).toBe(0);
    await share('task_ab', 0);
    // A new visitor is now in A; the player, from another device, keeps the arm the sign-up device had.
    expect(await armOf('task_ab', { smid: smidUnique() })).toBe('A');
    expect(await armOf('task_ab', { ...signedIn(guest.data), smid: smidUnique() })).toBe('B');
    const [row] = await t.rows<{ arm: string; source: string }>(
      sql`select arm, source from experiment_assignments where user_id = ${guest.data.uid} and key = 'task_ab'`,
    );
    expect(row).toEqual({ arm: 'B', source: 'device' });
  });

  it('buckets an account without a stored arm once by uid and keeps it when the share changes', async () => {
    await share('task_ab', 0);
    const session = await t.session();
    expect(await armOf('task_ab', signedIn(session))).toBe('A');
    await share('task_ab', 100);
    expect(await armOf('task_ab', { ...signedIn(session), smid: smidUnique() })).toBe('A');
    // Switched off, the experiment is A for everyone; switched on again, the stored arm is back.
    expect(envelopeOf(await t.post('/api/ops/dynconfig', { headers: ops, body: { key: 'task_ab', enabled: 0 } })).dm_error).toBe(0);
    expect(await armOf('task_ab', signedIn(session))).toBe('A');
  });
});

describe('offers per arm', () => {
  it('grants the sign-up campaign of the player’s register_bonus_ab arm, carried from the device', async () => {
    await share('register_bonus_ab', 100);
    const b = await emailSignUp('aguila', smidUnique());
    await share('register_bonus_ab', 0);
    const a = await emailSignUp('aguila', smidUnique());
    expect(await campaignsOf(b.uid)).toEqual(['aguila:welcome_b']);
    expect(await campaignsOf(a.uid)).toEqual(['aguila:welcome_a']);
  });

  it('grants the first-deposit match of the player’s first_charge_ab arm, stored before the share changed', async () => {
    const brand = variantFindByKey('aguila')!;
    await share('first_charge_ab', 100);
    const inB = await t.session('aguila');
    expect(await armOf('first_charge_ab', signedIn(inB), 'aguila')).toBe('B');
    await share('first_charge_ab', 0);
    const inA = await t.session('aguila');
    await playerFund(t, { appKey: 'aguila', session: inB, amountMinor: brand.minCharge * 100 * 10 });
    await playerFund(t, { appKey: 'aguila', session: inA, amountMinor: brand.minCharge * 100 * 10 });
    await bonusDepositEventsConsume(t.db, t.clock.now());
    expect(await campaignsOf(inB.uid)).toContain('aguila:match_b');
    expect(await campaignsOf(inA.uid)).not.toContain('aguila:match_b');
    expect((await campaignsOf(inA.uid)).length).toBeGreaterThan(0);

    // The funnel shows each arm's sign-ups and first deposits from the stored assignments.
    const day = t.clock.now().toISOString().slice(0, 10);
    const funnel = envelopeOf(await t.get('/api/ops/tracking/funnel', { query: { app_key: 'aguila', from: day, to: day }, headers: ops }));
    const arms = funnel.data.arms as { key: string; arm: string; sign_ups: number; first_deposits: number }[];
    expect(arms.find((arm) => arm.key === 'register_bonus_ab' && arm.arm === 'B')).toMatchObject({ sign_ups: 1 });
    expect(arms.find((arm) => arm.key === 'register_bonus_ab' && arm.arm === 'A')).toMatchObject({ sign_ups: 1 });
    expect(arms.find((arm) => arm.key === 'first_charge_ab' && arm.arm === 'B')).toMatchObject({ first_deposits: 1 });
    expect(arms.find((arm) => arm.key === 'first_charge_ab' && arm.arm === 'A')).toMatchObject({ first_deposits: 1 });
  });
});

describe('tracking from another origin (maidian_host)', () => {
  const brand = variantFindByKey('piranha')!;
  const page = `https://www.${brand.officialDomain}`;
  const path = `${mdUpload.path}?cv=${brand.cvPrefix}_1.0.0`;
  const preflight = (origin: string, headers = 'content-type, app-key, session-uid, session-sid', method = 'POST') =>
    t.app.inject({
      method: 'OPTIONS',
      url: path,
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
    });

  it('answers the preflight of the brand’s own origins only, with that origin and credentials', async () => {
    const allowed = await preflight(page);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers).toMatchObject({
      'access-control-allow-origin': page,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'POST',
    });
    expect(String(allowed.headers.vary)).toMatch(/origin/i);
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('session-sid');
    // A local run (plain HTTP between loopback hosts) outside production.
    expect((await preflight('http://127.0.0.1:5173')).headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173');
    const other = variantFindByKey('aguila')!;
    for (const origin of ['https://evil.example', `http://www.${brand.officialDomain}`, `https://www.${other.officialDomain}`, 'null', `${page}/x`]) {
      const refused = await preflight(origin);
      expect(refused.statusCode, origin).toBe(403);
      expect(refused.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    expect((await preflight(page, 'content-type, x-secret')).statusCode).toBe(403);
    expect((await preflight(page, 'content-type', 'DELETE')).statusCode).toBe(403);
  });

  it('marks the upload itself for an allowed origin and never for another', async () => {
    const body = { events: [{ event: 'page_view', cc: 'BR', cv: 'PIRANH_BR1.0', time: t.clock.now().getTime(), params: { page: 'home' } }] };
    const allowed = await t.post(path, { body, headers: { origin: page } });
    expect(envelopeOf(allowed).dm_error).toBe(0);
    expect(allowed.headers['access-control-allow-origin']).toBe(page);
    const refused = await t.post(path, { body, headers: { origin: 'https://evil.example' } });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['access-control-allow-credentials']).toBeUndefined();
  });
});
