import { ERRORS } from '@piranha/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusCodes } from '../src/db/schema/index.ts';
import { bonusPass } from '../src/modules/bonus/bonus-jobs.ts';
import { feedManualCreate } from './betting-fixtures.ts';
import { CLOCK_START, DAY_MS, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, playerFund } from './payments-fixtures.ts';
import { NO_WAGERING_TERMS } from './bonus-fixtures.ts';

/** The bonus endpoints (spec §7) over HTTP: shapes, the player's journey through them, and every bad input. */
let t: TestApp;
const BONUS = '/api/piranha/bonus';
const BRAND = 'aguila';
const OPS_TOKEN = 'bonus-ops-token-0123456789';

beforeAll(async () => {
  t = await testAppCreate({ feed: feedManualCreate(CLOCK_START.getTime()), env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000', OPS_TOKEN } });
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

async function codeCreate(code: string, usesMax = 5) {
  await t.db
    .insert(bonusCodes)
    .values({ code, campaignId: `${BRAND}:redeem_code`, usesMax, expiresAt: new Date(t.clock.now().getTime() + DAY_MS), createdAt: t.clock.now() });
}

describe('bonus endpoints', () => {
  it('lists the first-deposit bonus as available, starts it, and shows the bonus balance apart from cash', async () => {
    const { session } = await playerFund(t, { appKey: BRAND, amountMinor: 30_000 });
    await bonusPass(t.db, t.clock.now());
    const query = signedIn(session);
    const available = envelopeOf(await t.get(`${BONUS}/list`, { query: { ...query, status: 'available' } }));
    expect(available.dm_error).toBe(0);
    expect(available.data).toMatchObject({ has_more: 0, cursor: '' });
    expect(available.data.list).toHaveLength(1);
    const bonus = available.data.list[0];
    expect(bonus).toMatchObject({ kind: 'first_deposit', status: 0, currency: 'MXN', amount: 30_000, wagered: 0, progress: 0 });
    expect(envelopeOf(await t.get(`${BONUS}/list`, { query: { ...query, status: 'unavailable' } })).data.list).toEqual([]);

    const started = envelopeOf(await t.post(`${BONUS}/unlock_bonus`, { query, body: { bonus_id: bonus.id } }));
    expect(started).toMatchObject({ dm_error: 0, data: { id: bonus.id, status: 1 } });
    const again = envelopeOf(await t.post(`${BONUS}/unlock_bonus`, { query, body: { bonus_id: bonus.id } }));
    expect(again.dm_error).toBe(ERRORS.BONUS_NOT_AVAILABLE.code);
    expect(again.error_msg.length).toBeGreaterThan(0);

    const balance = envelopeOf(await t.get(`${BONUS}/balance`, { query }));
    expect(balance.data).toEqual({ balances: [{ currency: 'MXN', balance: 30_000 }] });
  });

  it('checks and redeems a promo code once', async () => {
    await codeCreate('WELCOME-5');
    const session = await t.session(BRAND);
    const query = signedIn(session);
    const checked = envelopeOf(await t.get(`${BONUS}/promo_code/check`, { query: { ...query, code: 'WELCOME-5' } }));
    expect(checked).toMatchObject({ dm_error: 0, data: { code: 'WELCOME-5', currency: 'MXN' } });
    expect(checked.data.amount).toBeGreaterThan(0);
    const used = envelopeOf(await t.post(`${BONUS}/promo_code/use`, { query, body: { code: 'WELCOME-5' } }));
    expect(used).toMatchObject({ dm_error: 0, data: { kind: 'redeem_code', status: 0, amount: checked.data.amount } });
    expect(envelopeOf(await t.post(`${BONUS}/promo_code/use`, { query, body: { code: 'WELCOME-5' } })).dm_error).toBe(ERRORS.PROMO_CODE_USED.code);
    expect(envelopeOf(await t.get(`${BONUS}/promo_code/check`, { query: { ...query, code: 'NO-SUCH-CODE' } })).dm_error).toBe(ERRORS.PROMO_CODE_INVALID.code);
  });

  it('refuses another player\u2019s bonus as not found', async () => {
    const { session } = await playerFund(t, { appKey: BRAND, amountMinor: 30_000 });
    await bonusPass(t.db, t.clock.now());
    const list = envelopeOf(await t.get(`${BONUS}/list`, { query: { ...signedIn(session), status: 'available' } }));
    const stranger = await t.session(BRAND);
    const answer = envelopeOf(await t.post(`${BONUS}/unlock_bonus`, { query: signedIn(stranger), body: { bonus_id: list.data.list[0].id } }));
    expect(answer.dm_error).toBe(ERRORS.BONUS_NOT_FOUND.code);
  });
});

describe('new_bonus and history', () => {
  const ops = (path: string, body: unknown) => t.post(`/api/ops/bonus${path}`, { headers: { authorization: `Bearer ${OPS_TOKEN}` }, body });

  it('answers a first-deposit grant to exactly one of many concurrent polls, then nothing', async () => {
    const { session } = await playerFund(t, { appKey: BRAND, amountMinor: 20_000 });
    const query = signedIn(session);
    expect(envelopeOf(await t.get(`${BONUS}/new_bonus`, { query })).data).toEqual({ bonus_id: '', bonus: null });
    await bonusPass(t.db, t.clock.now());
    const polls = await Promise.all(Array.from({ length: 10 }, () => t.get(`${BONUS}/new_bonus`, { query })));
    const answers = polls.map((reply) => envelopeOf(reply));
    expect(answers.every((answer) => answer.dm_error === 0)).toBe(true);
    const shown = answers.filter((answer) => answer.data.bonus_id === 'register_bonus');
    expect(shown).toHaveLength(1);
    expect(shown[0]!.data.bonus).toMatchObject({ kind: 'first_deposit', status: 0, amount: 20_000 });
    expect(envelopeOf(await t.get(`${BONUS}/new_bonus`, { query })).data).toEqual({ bonus_id: '', bonus: null });
  });

  it('never pops up a redeemed code (the player saw it in the answer) nor another player\u2019s grant', async () => {
    await codeCreate('SEEN-1');
    const player = signedIn(await t.session(BRAND));
    expect(envelopeOf(await t.post(`${BONUS}/promo_code/use`, { query: player, body: { code: 'SEEN-1' } })).dm_error).toBe(0);
    expect(envelopeOf(await t.get(`${BONUS}/new_bonus`, { query: player })).data).toEqual({ bonus_id: '', bonus: null });
    const { session } = await playerFund(t, { appKey: BRAND, amountMinor: 10_000 });
    await bonusPass(t.db, t.clock.now());
    const stranger = signedIn(await t.session(BRAND));
    expect(envelopeOf(await t.get(`${BONUS}/new_bonus`, { query: stranger })).data.bonus_id).toBe('');
    expect(envelopeOf(await t.get(`${BONUS}/new_bonus`, { query: signedIn(session) })).data.bonus_id).toBe('register_bonus');
  });

  it('lists grants and conversions newest first, 20 a page, by cursor', async () => {
    expect(envelopeOf(await ops('/campaign/create', { id: 'aguila:history', kind: 'redeem_code', terms: NO_WAGERING_TERMS })).dm_error).toBe(0);
    const query = signedIn(await t.session(BRAND));
    expect(envelopeOf(await t.get(`${BONUS}/history`, { query })).data).toEqual({ list: [], cursor: '', has_more: 0 });
    const expire = Math.floor(t.clock.now().getTime() / 1000) + 86_400;
    for (let index = 0; index < 11; index += 1) {
      expect(envelopeOf(await ops('/code/create', { code: `HIST-${index}`, campaign_id: 'aguila:history', uses_max: 1, expire_time: expire })).dm_error).toBe(
        0,
      );
      const used = envelopeOf(await t.post(`${BONUS}/promo_code/use`, { query, body: { code: `HIST-${index}` } }));
      // Nothing to wager: starting it converts it to cash at once.
      expect(envelopeOf(await t.post(`${BONUS}/unlock_bonus`, { query, body: { bonus_id: used.data.id } })).data.status).toBe(2);
    }
    const first = envelopeOf(await t.get(`${BONUS}/history`, { query }));
    expect(first.dm_error).toBe(0);
    expect(first.data.has_more).toBe(1);
    expect(first.data.list).toHaveLength(20);
    expect(first.data.list[0]).toMatchObject({ type: 'convert', currency: 'MXN', amount: -1_000 });
    expect(first.data.list[1]).toMatchObject({ type: 'grant', currency: 'MXN', amount: 1_000, bonus_id: first.data.list[0].bonus_id });
    const second = envelopeOf(await t.get(`${BONUS}/history`, { query: { ...query, cursor: first.data.cursor } }));
    expect(second.data).toMatchObject({ has_more: 0, cursor: '' });
    expect(second.data.list).toHaveLength(2);
    const all = [...first.data.list, ...second.data.list];
    expect(new Set(all.map((entry: { id: string }) => entry.id)).size).toBe(22);
    expect(all.reduce((sum: number, entry: { amount: number }) => sum + entry.amount, 0)).toBe(0);
  });
});

describe('bonus endpoints refuse bad input with a clear error', () => {
  it.each<[string, 'GET' | 'POST', string, Record<string, string>, unknown]>([
    ['a list without a tab', 'GET', '/list', {}, undefined],
    ['a list with an unknown tab', 'GET', '/list', { status: 'all' }, undefined],
    ['a list with a cursor that is not an id', 'GET', '/list', { status: 'available', cursor: '-1' }, undefined],
    ['an unlock without a bonus id', 'POST', '/unlock_bonus', {}, {}],
    ['an unlock with a number instead of a string', 'POST', '/unlock_bonus', {}, { bonus_id: 5 }],
    ['an unlock with a huge id', 'POST', '/unlock_bonus', {}, { bonus_id: '9'.repeat(40) }],
    ['an unlock with an extra field', 'POST', '/unlock_bonus', {}, { bonus_id: '1', amount: 5 }],
    ['a code check without a code', 'GET', '/promo_code/check', {}, undefined],
    ['a code check with spaces and quotes', 'GET', '/promo_code/check', { code: "x' or 1=1" }, undefined],
    ['a code use with a code too long', 'POST', '/promo_code/use', {}, { code: 'A'.repeat(33) }],
    ['a code use with no body', 'POST', '/promo_code/use', {}, undefined],
    ['a history cursor that is not an id', 'GET', '/history', { cursor: 'abc' }, undefined],
    ['a history cursor of zero', 'GET', '/history', { cursor: '0' }, undefined],
    ['a history cursor too long', 'GET', '/history', { cursor: '9'.repeat(16) }, undefined],
  ])('%s', async (_name, method, path, extra, body) => {
    const session = await t.session(BRAND);
    const answer = envelopeOf(
      await t.request(method, `${BONUS}${path}`, { query: { ...signedIn(session), ...extra }, ...(body === undefined ? {} : { body }) }),
    );
    expect(answer.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    expect(answer.error_msg).not.toMatch(/at |Error:/);
  });

  it('asks for a session on every bonus endpoint', async () => {
    for (const [method, path] of [
      ['GET', '/list?status=available'],
      ['GET', '/balance'],
      ['GET', '/new_bonus'],
      ['GET', '/history'],
      ['POST', '/unlock_bonus'],
      ['GET', '/promo_code/check?code=ABC'],
      ['POST', '/promo_code/use'],
    ] as const) {
      const answer = envelopeOf(await t.request(method, `${BONUS}${path}`, method === 'POST' ? { body: {} } : {}));
      expect(answer.dm_error, path).toBe(ERRORS.SESSION_EXPIRED.code);
    }
  });
});

describe('operator endpoints', () => {
  const ops = (path: string, body: unknown, token = OPS_TOKEN) => t.post(`/api/ops/bonus${path}`, { headers: { authorization: `Bearer ${token}` }, body });
  const terms = {
    purpose: 'loyalty',
    amount_minor: 5_000,
    wagering: { multiplier: 2, base: 'bonus' },
    weights: { sports_odds_min: 1500, table_bp: 1000, crash_bp: 500, dice_bp: 500 },
    lifetime_days: 7,
  };

  it('creates a campaign and a code a player redeems, pauses it (codes stop working) and ends it for good', async () => {
    expect(envelopeOf(await ops('/campaign/create', { id: 'aguila:summer', kind: 'redeem_code', terms })).data).toEqual({
      id: 'aguila:summer',
      status: 'active',
    });
    expect(envelopeOf(await ops('/campaign/create', { id: 'aguila:summer', kind: 'redeem_code', terms })).dm_error).toBe(ERRORS.BONUS_CAMPAIGN_EXISTS.code);
    const expire = Math.floor(t.clock.now().getTime() / 1000) + 86_400;
    expect(envelopeOf(await ops('/code/create', { code: 'SUMMER-1', campaign_id: 'aguila:summer', uses_max: 3, expire_time: expire })).dm_error).toBe(0);
    const player = await t.session(BRAND);
    const used = envelopeOf(await t.post(`${BONUS}/promo_code/use`, { query: signedIn(player), body: { code: 'SUMMER-1' } }));
    expect(used).toMatchObject({ dm_error: 0, data: { campaign_id: 'aguila:summer', amount: 5_000, requirement: 10_000 } });

    expect(envelopeOf(await ops('/campaign/status', { id: 'aguila:summer', status: 'paused' })).data).toEqual({ id: 'aguila:summer', status: 'paused' });
    const other = await t.session(BRAND);
    expect(envelopeOf(await t.post(`${BONUS}/promo_code/use`, { query: signedIn(other), body: { code: 'SUMMER-1' } })).dm_error).toBe(
      ERRORS.PROMO_CODE_INVALID.code,
    );
    expect(envelopeOf(await ops('/campaign/status', { id: 'aguila:summer', status: 'ended' })).dm_error).toBe(0);
    expect(envelopeOf(await ops('/campaign/status', { id: 'aguila:summer', status: 'active' })).dm_error).toBe(ERRORS.BONUS_NOT_AVAILABLE.code);
  });

  it.each<[string, string, unknown, number]>([
    ['a wrong token', '/campaign/create', { id: 'aguila:x1', kind: 'redeem_code', terms }, ERRORS.UNAUTHORISED.code],
    ['an unknown brand', '/campaign/create', { id: 'nobrand:x1', kind: 'redeem_code', terms }, ERRORS.VALIDATION_FAILED.code],
    ['a deposit match without its rate', '/campaign/create', { id: 'aguila:x2', kind: 'first_deposit', terms }, ERRORS.VALIDATION_FAILED.code],
    [
      'a weight above 100 %',
      '/campaign/create',
      { id: 'aguila:x3', kind: 'redeem_code', terms: { ...terms, weights: { ...terms.weights, dice_bp: 20_000 } } },
      ERRORS.VALIDATION_FAILED.code,
    ],
    ['a kind the engine does not grant yet', '/campaign/create', { id: 'aguila:x5', kind: 'reload', terms }, ERRORS.VALIDATION_FAILED.code],
    ['an unknown field', '/campaign/create', { id: 'aguila:x4', kind: 'redeem_code', terms, extra: 1 }, ERRORS.VALIDATION_FAILED.code],
    ['a status of a campaign that does not exist', '/campaign/status', { id: 'aguila:none', status: 'paused' }, ERRORS.NOT_FOUND.code],
    [
      'a code for a deposit campaign',
      '/code/create',
      { code: 'DEP-1', campaign_id: 'aguila:first_deposit', uses_max: 1, expire_time: 2_000_000_000 },
      ERRORS.VALIDATION_FAILED.code,
    ],
    [
      'a code with no uses',
      '/code/create',
      { code: 'ZERO-1', campaign_id: 'aguila:redeem_code', uses_max: 0, expire_time: 2_000_000_000 },
      ERRORS.VALIDATION_FAILED.code,
    ],
  ])('refuses %s', async (name, path, body, code) => {
    expect(envelopeOf(await ops(path, body, name === 'a wrong token' ? 'nope' : OPS_TOKEN)).dm_error).toBe(code);
  });
});
