import { ERRORS, type ErrorName } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedManualCreate, market1x2, singlePost, type ManualFeed } from './betting-fixtures.ts';
import { NO_WAGERING_TERMS } from './bonus-fixtures.ts';
import { CASINO_ENV, expectLedgerClean, fund } from './casino-fixtures.ts';
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type TestApp, type TestResponse } from './harness.ts';
import { balanceOf, payinCreateRequest } from './payments-fixtures.ts';
import { codeMake, emailUnique, PASSWORD, SIGNUP_ACCEPT, smidUnique } from './account-fixtures.ts';

/**
 * Closed markets (decision 049): India's 2025 Online Gaming Act and Vietnam's retail-only pilot. On their brands the
 * server refuses every way money or play moves in — sign-up, deposit, bet, casino launch, bonus — with
 * JURISDICTION_CLOSED, while a player who already holds a balance signs in, reads it and its history, and withdraws it.
 */

const OPS_TOKEN = 'closed-market-ops-token';
/** Journeys of several requests on a shared 2-core machine. */
const SLOW_MS = 300_000;
let t: TestApp;
let feed: ManualFeed;

beforeAll(async () => {
  feed = feedManualCreate(CLOCK_START.getTime());
  t = await testAppCreate({ feed, env: { ...CASINO_ENV, OPS_TOKEN } });
}, 180_000);
afterAll(() => t.close());

function refusedClosed(response: TestResponse, jurisdiction = 'IN') {
  const envelope = envelopeOf(response);
  const name: ErrorName = 'JURISDICTION_CLOSED';
  expect(envelope.dm_error, JSON.stringify(envelope)).toBe(ERRORS[name].code);
  expect(envelope.error_msg.length).toBeGreaterThan(0);
  expect(envelope.data).toMatchObject({ field: 'market', issue: jurisdiction });
  return envelope;
}

describe('a closed market takes no new players', () => {
  it(
    'refuses an e-mail registration on an Indian brand before the code is spent, and a new guest on a Vietnamese one',
    async () => {
      const email = emailUnique();
      const email_code = await codeMake(t, email, 'register', { appKey: 'tigerin' });
      refusedClosed(
        await t.post('/api/piranha/user/account/email/register', {
          headers: { 'app-key': 'tigerin' },
          body: { email, email_code, password: PASSWORD, ...SIGNUP_ACCEPT },
        }),
      );
      refusedClosed(
        await t.post('/api/piranha/user/account/v2/visitor_login', { headers: { 'app-key': 'lotusvn' }, body: { smid: smidUnique(), ...SIGNUP_ACCEPT } }),
        'VN',
      );
      const [users] = await t.rows<{ n: number }>(sql`select count(*)::int as n from users where app_key in ('tigerin', 'lotusvn') and visitor = false`);
      expect(users!.n).toBe(0);
    },
    SLOW_MS,
  );

  it(
    'sends every visitor of the brand to the forbidden page (area check 403, field market); open brands answer their country',
    async () => {
      const closed = envelopeOf(await t.get('/api/v1/area/check', { headers: { 'app-key': 'halong' } }));
      expect(closed).toMatchObject({ dm_error: ERRORS.FORBIDDEN.code, data: { field: 'market', issue: 'VN' } });
      expect(envelopeOf(await t.get('/api/v1/area/check', { headers: { 'app-key': 'aguila' } })).data.country_code).toBe('MX');
    },
    SLOW_MS,
  );
});

describe('a player holding a balance on a closed market', () => {
  it(
    'is refused deposits, bets, game launches and bonuses, still reads balance and history, and withdraws; the ledger stays clean',
    async () => {
      // A player from before the closure: an account and money already in it.
      const session = await t.player('tigerin');
      await fund(t, session.uid, 2000_00, 'INR');

      refusedClosed(await payinCreateRequest(t, session, { channel: 'UPI', amount: 500_00, currency: 'INR' }));
      const option = market1x2(t.built.sports.state, feed.matchAdd().id, 1);
      refusedClosed(await singlePost(t, session, [{ option, stake: 100_00 }]));
      refusedClosed(await t.get('/api/piranha/pg_game/hall/launch', { query: signedIn(session, { game_platform: 'house', game_id: 'dice' }) }));

      const ops = (path: string, body: unknown) => t.post(`/api/ops/bonus${path}`, { headers: { authorization: `Bearer ${OPS_TOKEN}` }, body });
      expect(envelopeOf(await ops('/campaign/create', { id: 'tigerin:closed', kind: 'redeem_code', terms: NO_WAGERING_TERMS })).dm_error).toBe(0);
      const expire = Math.floor(t.clock.now().getTime() / 1000) + 86_400;
      expect(envelopeOf(await ops('/code/create', { code: 'CLOSED-1', campaign_id: 'tigerin:closed', uses_max: 5, expire_time: expire })).dm_error).toBe(0);
      refusedClosed(await t.post('/api/piranha/bonus/promo_code/use', { query: signedIn(session), body: { code: 'CLOSED-1' } }));
      const [bonuses] = await t.rows<{ n: number }>(sql`select count(*)::int as n from bonuses where user_id = ${session.uid}`);
      expect(bonuses!.n).toBe(0);
      const [bets] = await t.rows<{ n: number }>(sql`select count(*)::int as n from bets where user_id = ${session.uid}`);
      expect(bets!.n).toBe(0);

      // Nothing moved: the balance and the records are there to read.
      expect(await balanceOf(t, session, 'INR')).toBe(2000_00);
      expect(envelopeOf(await t.get('/api/piranha/safer_play/state', { query: signedIn(session) })).dm_error).toBe(0);
      expect(envelopeOf(await t.get('/api/piranha/finance/pay/order/history', { query: signedIn(session) })).dm_error).toBe(0);

      // The way out stays open: the balance leaves by IMPS.
      const imps = { account_number: '123456789012', ifsc: 'SBIN0001234', holder_name: 'Ravi Kumar' };
      const saved = envelopeOf(
        await t.post('/api/piranha/finance/account/elements/set', { query: signedIn(session), body: { channel: 'IMPS', elements: imps } }),
      );
      expect(saved.dm_error, JSON.stringify(saved)).toBe(0);
      const payout = envelopeOf(
        await t.post('/api/piranha/finance/payout/order/create', {
          query: signedIn(session),
          headers: { 'idempotency-key': `closed-${session.uid}` },
          body: { channel: 'IMPS', amount: 2000_00, currency: 'INR' },
        }),
      );
      expect(payout.dm_error, JSON.stringify(payout)).toBe(0);
      expect(await balanceOf(t, session, 'INR')).toBe(0);
      await expectLedgerClean(t);
    },
    SLOW_MS,
  );

  it(
    'is refused under 20 parallel deposits and bets alike: not one order or bet is written',
    async () => {
      const session = await t.player('lotusvn');
      await fund(t, session.uid, 10_000_000_00, 'VND');
      const option = market1x2(t.built.sports.state, feed.matchAdd().id, 1);
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, () => payinCreateRequest(t, session, { channel: 'BANK_TRANSFER', amount: 3_000_000_00, currency: 'VND' })),
        ...Array.from({ length: 10 }, () => singlePost(t, session, [{ option, stake: 100_000_00 }])),
      ]);
      for (const answer of answers) refusedClosed(answer, 'VN');
      const [orders] = await t.rows<{ n: number }>(sql`select count(*)::int as n from payment_orders where user_id = ${session.uid}`);
      expect(orders!.n).toBe(0);
      expect(await balanceOf(t, session, 'VND')).toBe(10_000_000_00);
      await expectLedgerClean(t);
    },
    SLOW_MS,
  );
});
