import { TRACKING_UPLOADS_PER_ADDRESS_PER_MINUTE, TRACKING_UPLOADS_PER_MINUTE, type FunnelDay } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingRetentionPass } from '../src/modules/tracking/tracking.repository.ts';
import { CLOCK_START, DAY_MS, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';

/** Tracking events and the operator's funnel (issue 25, decision 030). */
let t: TestApp;
const OPS_TOKEN = 'tracking-ops-token-0123456789';
const UPLOAD = '/api/v1/component/ad/md/upload';
const FUNNEL = '/api/ops/tracking/funnel';

beforeAll(async () => {
  t = await testAppCreate({ env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000', OPS_TOKEN } });
});
afterAll(async () => {
  await t.close();
});

let uploads = 0;
/** Each upload comes from its own address, so the per-address budget is only spent by the test that counts it. */
const upload = (events: unknown[], query: Record<string, string> = {}, remoteAddress = `10.0.0.${(uploads += 1) % 250}`) =>
  t.post(UPLOAD, { body: { events }, query, remoteAddress });
const ev = (event: string, eid: string, extra: Record<string, unknown> = {}) => ({
  event,
  eid,
  uuid: 'visitor-0001',
  time: CLOCK_START.getTime(),
  cc: 'BR',
  cv: 'PIRANH_1.0',
  ...extra,
});
const funnel = async (from: string, to: string, appKey = 'piranha'): Promise<FunnelDay[]> => {
  const answer = envelopeOf(await t.get(FUNNEL, { query: { app_key: appKey, from, to }, headers: { authorization: `Bearer ${OPS_TOKEN}` } }));
  expect(answer.dm_error).toBe(0);
  return answer.data.days as FunnelDay[];
};
const day0 = CLOCK_START.toISOString().slice(0, 10);

describe('event upload', () => {
  it('stores catalogue events with the session user, and drops forged server facts and unknown names', async () => {
    const player = await t.player();
    const before = await funnel(day0, day0);
    const answer = envelopeOf(
      await upload(
        [
          ev('page_view', 'forge-test-pv-0001', { params: { page: 'home', email: 'someone@example.com', phone: '5511999999999' } }),
          ev('deposit_credited', 'forge-test-dc-0001', { params: { amount: 100_000 } }),
          ev('first_deposit', 'forge-test-fd-0001'),
          ev('bet_settled', 'forge-test-bs-0001'),
          ev('no_such_event', 'forge-test-ns-0001'),
        ],
        signedIn(player),
      ),
    );
    expect(answer.dm_error).toBe(0);
    expect(answer.data.accepted).toBe(1);
    const rows = await t.rows<{ event: string; user_id: string; visitor: string; day: string }>(
      sql`select event, user_id::text as user_id, visitor, day::text as day from tracking_events where eid like 'forge-test-%'`,
    );
    expect(rows).toEqual([{ event: 'page_view', user_id: String(player.uid), visitor: 'visitor-0001', day: day0 }]);
    // Parameters outside the catalogue's are not stored.
    const [stored] = await t.rows<{ params: string }>(sql`select (payload -> 'params')::text as params from tracking_events where eid = 'forge-test-pv-0001'`);
    expect(JSON.parse(stored!.params)).toEqual({ page: 'home' });
    const after = await funnel(day0, day0);
    expect(after[0]!.first_deposits).toBe(before[0]!.first_deposits);
    expect(after[0]!.depositors).toBe(before[0]!.depositors);
    expect(after[0]!.visits).toBe(before[0]!.visits + 1);
  });

  it("answers one visitor's events in order to the operator", async () => {
    const visitor = 'journey-visitor-01';
    const events = ['page_view', 'sign_up_started', 'sign_up_completed', 'deposit_started'].map((name, i) =>
      ev(name, `journey-test-${String(i).padStart(4, '0')}`, { uuid: visitor }),
    );
    expect(envelopeOf(await upload(events)).data.accepted).toBe(4);
    const read = (query: Record<string, string>, token = OPS_TOKEN) =>
      t.get('/api/ops/tracking/events', { query, headers: { authorization: `Bearer ${token}` } }).then(envelopeOf);
    const answer = await read({ app_key: 'piranha', visitor });
    expect(answer.dm_error).toBe(0);
    expect(answer.data.events.map((e: { event: string }) => e.event)).toEqual(['page_view', 'sign_up_started', 'sign_up_completed', 'deposit_started']);
    expect((await read({ app_key: 'piranha', visitor }, 'wrong-token')).dm_error).toBe(1002);
    expect((await read({ app_key: 'piranha' })).dm_error).toBe(1001);
    expect((await read({ app_key: 'other-brand', visitor })).data.events).toEqual([]);
  });

  it('stores a retried event once (its eid)', async () => {
    const events = [
      ev('login', 'retry-test-0001', { params: { method: 'email' } }),
      ev('bet_placed', 'retry-test-0002', { params: { kind: 'single', legs: 1 } }),
    ];
    expect(envelopeOf(await upload(events)).data.accepted).toBe(2);
    expect(envelopeOf(await upload(events)).data.accepted).toBe(0);
    const [row] = await t.rows<{ n: string }>(sql`select count(*) as n from tracking_events where eid like 'retry-test-%'`);
    expect(Number(row!.n)).toBe(2);
  });

  it('refuses bad events by field', async () => {
    const refused = async (events: unknown[], field: string) => {
      const answer = envelopeOf(await upload(events));
      expect(answer.dm_error).toBe(1001);
      expect(JSON.stringify(answer)).toContain(field);
    };
    await refused([ev('page_view', 'short')], 'eid');
    await refused([ev('page_view', 'bad-uuid-0001', { uuid: 'x y' })], 'uuid');
    await refused([ev('page_view', 'extra-field-01', { email: 'a@b.c' })], 'email');
    await refused(
      Array.from({ length: 51 }, (_, i) => ev('page_view', `too-many-${String(i).padStart(4, '0')}`)),
      'events',
    );
  });

  it('limits uploads per signed-in player, then per client address', async () => {
    const player = await t.player();
    for (let i = 0; i < TRACKING_UPLOADS_PER_MINUTE; i += 1)
      expect(envelopeOf(await upload([ev('page_view', `limit-user-${String(i).padStart(4, '0')}`)], signedIn(player))).dm_error).toBe(0);
    expect(envelopeOf(await upload([ev('page_view', 'limit-user-over')], signedIn(player))).dm_error).toBe(1029);
    // Another player is not affected.
    expect(envelopeOf(await upload([ev('page_view', 'limit-user-other')], signedIn(await t.player()))).dm_error).toBe(0);

    const address = '10.9.9.9';
    for (let i = 0; i < TRACKING_UPLOADS_PER_ADDRESS_PER_MINUTE; i += 1)
      expect(envelopeOf(await upload([ev('page_view', `limit-ip-${String(i).padStart(4, '0')}`)], {}, address)).dm_error).toBe(0);
    expect(envelopeOf(await upload([ev('page_view', 'limit-ip-over')], {}, address)).dm_error).toBe(1029);
    expect(envelopeOf(await upload([ev('page_view', 'limit-ip-other')], {}, '10.9.9.10')).dm_error).toBe(0);
  });
});

/** A small seeded generator, so a failure can be replayed. */
function randomOf(seed: number): (max: number) => number {
  let state = seed >>> 0;
  return (max) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % max;
  };
}

describe('funnel', () => {
  it('refuses without the token and bad spans', async () => {
    expect(envelopeOf(await t.get(FUNNEL, { query: { app_key: 'piranha', from: day0, to: day0 } })).dm_error).toBe(1002);
    const bad = async (query: Record<string, string>) => envelopeOf(await t.get(FUNNEL, { query, headers: { authorization: `Bearer ${OPS_TOKEN}` } })).dm_error;
    expect(await bad({ app_key: 'piranha', from: '2026-02-30', to: '2026-03-01' })).toBe(1001);
    expect(await bad({ app_key: 'piranha', from: '2026-03-05', to: '2026-03-01' })).toBe(1001);
    expect(await bad({ app_key: 'piranha', from: '2026-01-01', to: '2026-12-31' })).toBe(1001);
    expect(await bad({ app_key: 'piranha', from: day0 })).toBe(1001);
  });

  it('equals a recomputation from the raw tables on random data', async () => {
    const random = randomOf(20_261_128);
    const brands = ['funnel-a', 'funnel-b'];
    const base = Date.parse('2026-05-01T00:00:00Z');
    const at = () => new Date(base + random(5 * DAY_MS) - DAY_MS);
    for (let i = 0; i < 60; i += 1) {
      const appKey = brands[random(2)]!;
      const [user] = await t.rows<{ id: string }>(sql`insert into users (app_key, visitor, created_at) values (${appKey}, false, ${at()}) returning id`);
      const uid = Number(user!.id);
      if (random(3) > 0)
        await t.rows(sql`insert into account_profiles (user_id, app_key, nick, lang, registered_at, created_at)
          values (${uid}, ${appKey}, ${`P${uid}`}, 'en-US', ${at()}, ${at()})`);
      for (let d = random(4); d > 0; d -= 1) {
        const moment = at();
        const ref = `funnel-${uid}-${d}`;
        await t.rows(sql`insert into payment_orders (order_id, user_id, app_key, direction, channel, provider, provider_ref, currency, amount_minor,
            status, expires_at, created_at, updated_at)
          values (${ref}, ${uid}, ${appKey}, ${random(4) === 0 ? 'payout' : 'payin'}, 'PIX', 'sandbox', ${ref}, 'BRL', ${1000 + random(50_000)},
            ${[0, 1, 2, 3, 4, 4, 4][random(7)]!}, ${moment}, ${moment}, ${moment})`);
      }
      for (let b = random(5); b > 0; b -= 1) {
        const stake = 100 + random(10_000);
        const status = [1, 2, 4, 5, 5][random(5)]!;
        const payout = status === 5 ? random(3) * stake : null;
        const cashOut = status === 4 && random(2) === 0 ? random(stake) : 0;
        await t.rows(sql`insert into bets (user_id, currency, kind, series_code, unit_stake_minor, line_count, stake_minor, stake_placed_minor,
            payout_minor_max, status, payout_minor, cash_out_minor, odds_change, live, created_at)
          values (${uid}, ${random(3) === 0 ? 'USD' : 'BRL'}, 'single_bet', 1, ${stake}, 1, ${stake}, ${stake}, ${stake * 5}, ${status}, ${payout}, ${cashOut},
            0, false, ${at()})`);
      }
      for (let v = random(4); v > 0; v -= 1) {
        const moment = at();
        await t.rows(sql`insert into tracking_events (kind, event, user_id, app_key, payload, received_at, day, eid, visitor)
          values ('md', ${random(4) === 0 ? 'login' : 'page_view'}, ${random(2) === 0 ? uid : null}, ${appKey}, '{}'::jsonb, ${moment},
            ${moment.toISOString().slice(0, 10)}, ${`funnel-ev-${uid}-${v}`}, ${random(3) === 0 ? null : `visitor-${random(30)}`})`);
      }
    }

    const from = '2026-04-30';
    const to = '2026-05-04';
    const dayText = (value: Date | string) => new Date(value).toISOString().slice(0, 10);
    for (const appKey of brands) {
      const got = await funnel(from, to, appKey);
      // Recomputed in plain code from every raw row of the brand.
      const profiles = await t.rows<{ registered_at: string | null }>(sql`select registered_at from account_profiles where app_key = ${appKey}`);
      const orders = await t.rows<{ user_id: string; direction: string; status: number; updated_at: string }>(
        sql`select user_id, direction, status, updated_at from payment_orders where app_key = ${appKey}`,
      );
      const bets = await t.rows<{
        currency: string;
        status: number;
        stake_placed_minor: string;
        payout_minor: string | null;
        cash_out_minor: string;
        created_at: string;
      }>(sql`select b.* from bets b join users u on u.id = b.user_id where u.app_key = ${appKey}`);
      const events = await t.rows<{ event: string; user_id: string | null; visitor: string | null; day: string }>(
        sql`select event, user_id, visitor, day::text as day from tracking_events where app_key = ${appKey}`,
      );
      const credited = orders.filter((o) => o.direction === 'payin' && Number(o.status) === 4);
      const firstOf = new Map<string, number>();
      for (const o of credited) firstOf.set(o.user_id, Math.min(firstOf.get(o.user_id) ?? Infinity, new Date(o.updated_at).getTime()));
      const expected: FunnelDay[] = [];
      for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += DAY_MS) {
        const day = dayText(new Date(d));
        const dayBets = bets.filter((b) => dayText(b.created_at) === day && Number(b.status) !== 2);
        const currencies = [...new Set(dayBets.map((b) => b.currency))].sort();
        expected.push({
          day,
          visits: new Set(events.filter((e) => e.day === day && e.event === 'page_view').map((e) => e.visitor ?? `u${e.user_id}`)).size,
          sign_ups: profiles.filter((p) => p.registered_at !== null && dayText(p.registered_at) === day).length,
          first_deposits: [...firstOf.values()].filter((first) => dayText(new Date(first)) === day).length,
          depositors: new Set(credited.filter((o) => dayText(o.updated_at) === day).map((o) => o.user_id)).size,
          bets: dayBets.length,
          ggr: currencies.map((currency) => {
            const of = dayBets.filter((b) => b.currency === currency);
            const stakes = of.reduce((sum, b) => sum + Number(b.stake_placed_minor), 0);
            const returns = of.reduce((sum, b) => sum + Number(b.payout_minor ?? 0) + Number(b.cash_out_minor), 0);
            return { currency, stakes_minor: stakes, returns_minor: returns, ggr_minor: stakes - returns };
          }),
        });
      }
      expect(got).toEqual(expected);
      // The data is not empty: the comparison means something.
      expect(got.reduce((sum, day) => sum + day.visits + day.sign_ups + day.first_deposits + day.bets, 0)).toBeGreaterThan(20);
    }
  });

  it('renders the same figures as an escaped HTML page, behind the token', async () => {
    const query = { app_key: '<b>x</b>', from: day0, to: day0 };
    expect((await t.get('/ops/funnel', { query })).status).toBe(401);
    const basic = `Basic ${Buffer.from(`ops:${OPS_TOKEN}`).toString('base64')}`;
    const page = await t.get('/ops/funnel', { query, headers: { authorization: basic } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(page.text).not.toContain('<b>x</b>');
    const figures = await funnel('2026-04-30', '2026-05-04', 'funnel-a');
    const real = await t.get('/ops/funnel', {
      query: { app_key: 'funnel-a', from: '2026-04-30', to: '2026-05-04' },
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
    });
    for (const day of figures)
      expect(real.text).toContain(
        `<tr><td>${day.day}</td><td>${day.visits}</td><td>${day.sign_ups}</td><td>${day.first_deposits}</td><td>${day.depositors}</td><td>${day.bets}</td>`,
      );
  });
});

describe('experiments', () => {
  it('puts each arm side by side: visitors assigned and how far their players went', async () => {
    const day = '2026-07-01';
    const moment = new Date(`${day}T10:00:00Z`);
    const brand = 'arms-brand';
    const userOf = async () =>
      Number((await t.rows<{ id: string }>(sql`insert into users (app_key, visitor, created_at) values (${brand}, false, ${moment}) returning id`))[0]!.id);
    const [a1, b1] = [await userOf(), await userOf()];
    let n = 0;
    const event = (name: string, visitor: string, uid: number | null, params: Record<string, string>) =>
      t.rows(sql`insert into tracking_events (kind, event, user_id, app_key, payload, received_at, day, eid, visitor)
        values ('md', ${name}, ${uid}, ${brand}, ${JSON.stringify({ params })}::jsonb, ${moment}, ${day}, ${`arms-${(n += 1)}`}, ${visitor})`);
    // Arm A: two visitors, one becomes a player who registers, deposits and bets twice; arm B: one visitor who only registers.
    await event('ab_assigned', 'arms-visitor-a1', null, { key: 'ui_v3_ab', arm: 'A' });
    await event('ab_assigned', 'arms-visitor-a2', null, { key: 'ui_v3_ab', arm: 'A' });
    await event('ab_assigned', 'arms-visitor-a1', null, { key: 'ui_v3_ab', arm: 'A' });
    await event('ab_assigned', 'arms-visitor-b1', null, { key: 'ui_v3_ab', arm: 'B' });
    await event('ab_assigned', 'arms-visitor-b1', null, { key: 'first_charge_ab', arm: 'B' });
    await event('sign_up_completed', 'arms-visitor-a1', a1, { method: 'email' });
    await event('sign_up_completed', 'arms-visitor-b1', b1, { method: 'email' });
    for (const uid of [a1, b1])
      await t.rows(
        sql`insert into account_profiles (user_id, app_key, nick, lang, registered_at, created_at) values (${uid}, ${brand}, ${`P${uid}`}, 'en-US', ${moment}, ${moment})`,
      );
    await t.rows(sql`insert into payment_orders (order_id, user_id, app_key, direction, channel, provider, provider_ref, currency, amount_minor, status, expires_at, created_at, updated_at)
      values ('arms-order-1', ${a1}, ${brand}, 'payin', 'PIX', 'sandbox', 'arms-order-1', 'BRL', 5000, 4, ${moment}, ${moment}, ${moment})`);
    for (let i = 0; i < 2; i += 1)
      await t.rows(sql`insert into bets (user_id, currency, kind, series_code, unit_stake_minor, line_count, stake_minor, stake_placed_minor, payout_minor_max, status, odds_change, live, created_at)
        values (${a1}, 'BRL', 'single_bet', 1, 100, 1, 100, 100, 500, 4, 0, false, ${moment})`);
    const answer = envelopeOf(await t.get(FUNNEL, { query: { app_key: brand, from: day, to: day }, headers: { authorization: `Bearer ${OPS_TOKEN}` } }));
    expect(answer.data.arms).toEqual([
      { key: 'first_charge_ab', arm: 'B', visitors: 1, sign_ups: 1, depositors: 0, first_deposits: 0, bets: 0 },
      { key: 'ui_v3_ab', arm: 'A', visitors: 2, sign_ups: 1, depositors: 1, first_deposits: 1, bets: 2 },
      { key: 'ui_v3_ab', arm: 'B', visitors: 1, sign_ups: 1, depositors: 0, first_deposits: 0, bets: 0 },
    ]);
    const page = await t.get('/ops/funnel', { query: { app_key: brand, from: day, to: day }, headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(page.text).toContain('<tr><td>ui_v3_ab</td><td>A</td><td>2</td><td>1</td><td>1</td><td>1</td><td>2</td></tr>');
  });
});

describe('retention', () => {
  it('deletes whole days older than the setting and keeps the rest', async () => {
    const now = new Date('2026-06-10T08:00:00Z');
    await t.rows(sql`insert into tracking_events (kind, event, app_key, payload, day, eid) values
      ('md', 'page_view', 'retention', '{}'::jsonb, '2026-06-01', 'retention-old-01'),
      ('md', 'page_view', 'retention', '{}'::jsonb, '2026-06-02', 'retention-keep-01')`);
    await trackingRetentionPass(t.db, now, 8);
    const left = await t.rows<{ eid: string }>(sql`select eid from tracking_events where app_key = 'retention' order by eid`);
    expect(left.map((row) => row.eid)).toEqual(['retention-keep-01']);
  });

  it('runs as the tracking-retention job', async () => {
    await t.built.jobs.trigger('tracking-retention');
    expect(t.built.jobs.stats().find((job) => job.name === 'tracking-retention')!.failures).toBe(0);
  });
});
