import { ERRORS } from '@piranha/contract';
import { fairSeedHash, loyaltyCampaignId, variantFindByKey, vipConfigOf, vipStandingOf, vipWheelOf, vipWheelVerify } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loyaltyPass } from '../src/modules/loyalty/loyalty-pass.service.ts';
import { wheelSpinPost } from '../src/modules/loyalty/loyalty-wheel.service.ts';
import { sessionAuthenticate } from '../src/modules/session/session.service.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { dbCrashingBeforeCommit } from './betting-fixtures.ts';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf, playerFund } from './payments-fixtures.ts';

/**
 * The VIP wheel (vip-roulette, issue 18, decision 026) on a real database: one ticket per level reached, granted once
 * however often the pass runs; a spin spends one ticket and pays through the bonus engine once, whatever number of
 * taps arrive together; a rotated seed reveals the server seed and every spin verifies against what was committed.
 */
let t: TestApp;
const BRAND = 'piranha';
const profile = variantFindByKey(BRAND)!;
const segments = vipWheelOf(profile);
const ACTIVITY = '/api/piranha/activity';

beforeAll(async () => {
  t = await testAppCreate({ env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000' } });
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

interface Fair {
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}
interface Spin {
  spin_id: string;
  ticket_level: number;
  segment: number;
  amount: number;
  server_seed_hash: string;
  server_seed: string;
  client_seed: string;
  nonce: number;
  revealed: 0 | 1;
}

const get = async <T>(session: IssuedSession, path: string) => envelopeOf(await t.get(`${ACTIVITY}/${path}`, { query: signedIn(session) })).data as T;
const balance = (session: IssuedSession) => get<{ balance: number; fair: Fair; segments: unknown[] }>(session, 'vip/spin/balance');

/** A player whose deposit the pass has counted, and the level it reached. */
async function loyalPlayer(amountMinor: number): Promise<{ session: IssuedSession; level: number }> {
  const { session } = await playerFund(t, { amountMinor });
  await loyaltyPass(t.db, t.clock.now());
  const [row] = await t.rows<{ points_minor: string }>(sql`select points_minor::text as points_minor from loyalty_accounts where user_id = ${session.uid}`);
  return { session, level: vipStandingOf(Number(row?.points_minor ?? 0), vipConfigOf(profile)).level };
}

describe('VIP wheel tickets', () => {
  it('grants one ticket per level reached, once, however many passes run', async () => {
    const { session, level } = await loyalPlayer(100_00);
    expect(level).toBeGreaterThanOrEqual(2);
    expect((await balance(session)).balance).toBe(level);
    await Promise.all(Array.from({ length: 5 }, () => loyaltyPass(t.db, t.clock.now())));
    const rows = await t.rows<{ level: number }>(sql`select level from loyalty_wheel_tickets where user_id = ${session.uid} order by level`);
    expect(rows.map((row) => row.level)).toEqual(Array.from({ length: level }, (_, index) => index + 1));
    expect((await balance(session)).segments).toHaveLength(segments.length);
  });

  it('has no ticket before VIP 1', async () => {
    const session = await t.session(BRAND);
    expect((await balance(session)).balance).toBe(0);
    const answer = envelopeOf(await t.post(`${ACTIVITY}/vip/spin`, { query: signedIn(session), body: {} }));
    expect(answer.dm_error).toBe(ERRORS.VIP_SPIN_NO_TICKET.code);
  });
});

describe('VIP wheel spins', () => {
  it('spends each ticket once and pays each prize once to 20 concurrent taps, and every spin verifies after rotation', async () => {
    const { session, level } = await loyalPlayer(100_00);
    const committed = (await balance(session)).fair;
    const cashBefore = await balanceOf(t, session, profile.currency);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.post(`${ACTIVITY}/vip/spin`, { query: signedIn(session), body: { client_seed: 'lucky-7' } })),
    );
    const envelopes = answers.map(envelopeOf);
    const spun = envelopes.filter((answer) => answer.dm_error === 0).map((answer) => (answer.data as { spin: Spin }).spin);
    expect(spun).toHaveLength(level);
    expect(envelopes.filter((answer) => answer.dm_error === ERRORS.VIP_SPIN_NO_TICKET.code)).toHaveLength(20 - level);
    expect(new Set(spun.map((spin) => spin.ticket_level)).size).toBe(level);
    expect(spun.map((spin) => spin.nonce).sort()).toEqual(Array.from({ length: level }, (_, index) => index));
    for (const spin of spun) {
      // Drawn under the seed committed before the first tap, with the player's client seed; not revealed yet.
      expect(spin).toMatchObject({ server_seed_hash: committed.server_seed_hash, client_seed: 'lucky-7', server_seed: '', revealed: 0 });
      expect(spin.amount).toBe(segments[spin.segment]!.amountMinor);
    }
    expect((await balance(session)).balance).toBe(0);

    const won = spun.reduce((sum, spin) => sum + spin.amount, 0);
    const grants = await t.rows<{ trigger_ref: string }>(
      sql`select trigger_ref from bonuses where user_id = ${session.uid} and campaign_id = ${loyaltyCampaignId(BRAND, 'vip_spin')}`,
    );
    expect(grants).toHaveLength(spun.filter((spin) => spin.amount > 0).length);
    // Wheel prizes are cash: nothing to wager.
    expect(await balanceOf(t, session, profile.currency)).toBe(cashBefore + won);
    expect(await auditClean(t)).toBe(true);

    const rotated = envelopeOf(await t.post(`${ACTIVITY}/vip/spin/seed/rotate`, { query: signedIn(session), body: {} })).data as {
      previous: { server_seed: string; server_seed_hash: string; nonce: number };
      current: Fair;
    };
    expect(fairSeedHash(rotated.previous.server_seed)).toBe(committed.server_seed_hash);
    expect(rotated.previous.nonce).toBe(level);
    expect(rotated.current).toMatchObject({ client_seed: 'lucky-7', nonce: 0 });
    expect(rotated.current.server_seed_hash).not.toBe(committed.server_seed_hash);

    const { list } = await get<{ list: Spin[] }>(session, 'vip/spin/draw_list');
    expect(list).toHaveLength(level);
    for (const spin of list) {
      expect(spin.revealed).toBe(1);
      const proof = { serverSeed: spin.server_seed, serverSeedHash: spin.server_seed_hash, clientSeed: spin.client_seed, nonce: spin.nonce };
      expect(vipWheelVerify({ ...proof, segment: spin.segment }, segments)).toBe(true);
      // A claimed landing other than the true one does not verify.
      expect(vipWheelVerify({ ...proof, segment: (spin.segment + 1) % segments.length }, segments)).toBe(false);
    }

    // /vip-roulette/user-list pages through the same spins, newest first, with their totals.
    const pages: { total: number; won: number; has_more: 0 | 1; list: Spin[] }[] = [];
    for (let number = 1; number <= Math.ceil(level / 2); number += 1)
      pages.push(envelopeOf(await t.get(`${ACTIVITY}/vip/spin/draw_list`, { query: { ...signedIn(session), page: String(number), page_size: '2' } })).data);
    expect(pages.flatMap((each) => each.list.map((spin) => spin.spin_id))).toEqual(list.map((spin) => spin.spin_id));
    expect(pages.map((each) => each.has_more)).toEqual(pages.map((_each, index) => (index < pages.length - 1 ? 1 : 0)));
    expect(pages.every((each) => each.total === level && each.won === won)).toBe(true);
  });

  it('loses and doubles nothing when a spin is killed before commit: the ticket, the nonce and the cash are as before', async () => {
    const { session, level } = await loyalPlayer(100_00);
    const before = await balance(session);
    const cashBefore = await balanceOf(t, session, profile.currency);
    const user = await sessionAuthenticate(t.db, session.uid, session.sid, t.clock.now());
    await expect(wheelSpinPost({ db: dbCrashingBeforeCommit(t.db, 1), now: () => t.clock.now() }, user, BRAND, undefined)).rejects.toThrow(
      'killed before commit',
    );
    const after = await balance(session);
    expect(after.balance).toBe(before.balance);
    expect(after.fair.nonce).toBe(before.fair.nonce);
    expect(await balanceOf(t, session, profile.currency)).toBe(cashBefore);

    // The retry spends the ticket and pays its prize once.
    const retried = envelopeOf(await t.post(`${ACTIVITY}/vip/spin`, { query: signedIn(session), body: {} }));
    expect(retried.dm_error).toBe(0);
    const spin = (retried.data as { spin: Spin }).spin;
    expect(spin.nonce).toBe(before.fair.nonce);
    expect((await balance(session)).balance).toBe(level - 1);
    expect(await balanceOf(t, session, profile.currency)).toBe(cashBefore + spin.amount);
    expect(await auditClean(t)).toBe(true);
  });

  it('shows recent wins of the brand with masked nicks', async () => {
    const viewer = await t.session(BRAND);
    const { list } = await get<{ list: { nick: string; amount: number; currency: string }[] }>(viewer, 'vip/spin/marquee_list');
    const [wins] = await t.rows<{ n: string }>(sql`select count(*)::text as n from loyalty_wheel_spins where app_key = ${BRAND} and amount_minor > 0`);
    expect(list).toHaveLength(Math.min(Number(wins!.n), 20));
    for (const entry of list) {
      expect(entry.amount).toBeGreaterThan(0);
      expect(entry.nick).toContain('***');
      expect(entry.currency).toBe(profile.currency);
    }
  });
});
