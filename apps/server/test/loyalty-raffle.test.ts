import { ERRORS } from '@piranha/contract';
import { fairSeedHash, loyaltyCampaignId, rafflePrizesMinor, raffleTicketsOf, raffleVerify, variantFindByKey, vipConfigOf } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadershipSingle } from '../src/jobs/leadership.ts';
import { loyaltyPass } from '../src/modules/loyalty/loyalty-pass.service.ts';
import { raffleDrawOne, rafflePass, rafflePrizesPay, rafflesDrawDue } from '../src/modules/loyalty/loyalty-raffle.service.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { dbCrashingBeforeCommit } from './betting-fixtures.ts';
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf, playerFund } from './payments-fixtures.ts';

/**
 * Raffles (issue 18, decision 034) on a real database: the week's seed committed before, tickets from the week's
 * deposits and turnover, one draw however many runs race (two nodes included) or die, the seed revealed after and the
 * winners recomputed from the published entries, each prize paid once through the bonus engine.
 */
const BRAND = 'piranha';
const profile = variantFindByKey(BRAND)!;
const ACTIVITY = '/api/piranha/activity';
// CLOCK_START is Monday 2 March 2026, 09:00 in São Paulo: the week w:2026-03-02 ends on 9 March at 03:00 UTC.
const WEEK = 'w:2026-03-02';
const DRAW_AT = new Date('2026-03-09T03:10:00Z');

let t: TestApp;
let other: TestApp;

beforeAll(async () => {
  t = await testAppCreate({ env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000' } });
  // A second node on the same database and clock, leading its own jobs as the first does.
  other = await testAppCreate({
    database: t.testDatabase,
    clock: t.clock,
    env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000' },
    leadership: leadershipSingle(),
  });
}, 180_000);
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await other.close();
  await t.close();
});

interface RaffleInfo {
  current: { period_key: string; server_seed_hash: string; client_seed: string; draw_at: number; my_tickets: number; prizes: number[] };
  past: {
    period_key: string;
    server_seed: string;
    server_seed_hash: string;
    client_seed: string;
    entries: number;
    total_tickets: number;
    my_tickets: number;
    my_position: number;
    winners: { place: number; position: number; tickets: number; amount: number; paid: 0 | 1; is_self: 0 | 1 }[];
  }[];
}

/** Every published entry of a drawn week, read page by page as a verifier would (`raffle/entries`). */
async function entriesAll(session: IssuedSession, periodKey: string, pageSize: number): Promise<number[]> {
  const tickets: number[] = [];
  for (let page = 1; ; page += 1) {
    const answer = envelopeOf(
      await t.get(`${ACTIVITY}/raffle/entries`, { query: { ...signedIn(session), period_key: periodKey, page: String(page), page_size: String(pageSize) } }),
    );
    expect(answer.dm_error).toBe(0);
    const data = answer.data as { from: number; tickets: number[]; has_more: 0 | 1 };
    expect(data.from).toBe(tickets.length);
    tickets.push(...data.tickets);
    if (data.has_more === 0) return tickets;
  }
}

async function info(session: IssuedSession): Promise<RaffleInfo> {
  const answer = envelopeOf(await t.get(`${ACTIVITY}/raffle/info`, { query: signedIn(session) }));
  expect(answer.dm_error).toBe(0);
  return answer.data as RaffleInfo;
}

describe('raffles', () => {
  it('commits the seed before, draws once from the week’s tickets, reveals a seed that verifies, and pays each winner once', async () => {
    const step = vipConfigOf(profile).minorPerPoint;
    // Deposits count at half: R$100 → 50 points → 5 tickets; R$400 → 20 tickets.
    const players: IssuedSession[] = [];
    for (const reais of [100, 200, 300, 400]) players.push((await playerFund(t, { amountMinor: reais * 100 })).session);
    const none = await t.player(BRAND);
    await loyaltyPass(t.db, t.clock.now());

    const before = await info(players[3]!);
    expect(before.current).toMatchObject({ period_key: WEEK, draw_at: DRAW_AT.getTime() / 1000, prizes: rafflePrizesMinor(profile) });
    expect(before.current.my_tickets).toBe(raffleTicketsOf(200 * step, step));
    expect(before.current.my_tickets).toBe(20);
    expect((await info(none)).current.my_tickets).toBe(0);
    expect((await info(none)).current.server_seed_hash).toBe(before.current.server_seed_hash);
    expect(before.past).toEqual([]);
    // Entries are published only once drawn.
    const early = envelopeOf(await t.get(`${ACTIVITY}/raffle/entries`, { query: { ...signedIn(players[0]!), period_key: WEEK } }));
    expect(early.dm_error).toBe(ERRORS.RAFFLE_NOT_FOUND.code);

    // Not due before its time (brands further east, whose week ended earlier, are drawn by then).
    await rafflesDrawDue(t.db, new Date(DRAW_AT.getTime() - 1));
    expect(await raffleDrawOne(t.db, BRAND, WEEK, new Date(DRAW_AT.getTime() - 1))).toBe(false);
    expect(await t.rows(sql`select 1 from loyalty_raffles where app_key = ${BRAND} and period_key = ${WEEK} and drawn_at is null`)).toHaveLength(1);

    t.clock.set(new Date(DRAW_AT.getTime() + 60_000));
    try {
      // A draw killed before commit leaves no entry, no winner, nothing drawn.
      await expect(raffleDrawOne(dbCrashingBeforeCommit(t.db, 1), BRAND, WEEK, t.clock.now())).rejects.toThrow('killed before commit');
      expect(await t.rows(sql`select 1 from loyalty_raffle_entries where app_key = ${BRAND} and period_key = ${WEEK}`)).toHaveLength(0);
      expect(await t.rows(sql`select 1 from loyalty_raffle_winners where app_key = ${BRAND} and period_key = ${WEEK}`)).toHaveLength(0);

      // Five runs on each of two nodes at once: one draw.
      const drawn = await Promise.all([
        ...Array.from({ length: 5 }, () => raffleDrawOne(t.db, BRAND, WEEK, t.clock.now())),
        ...Array.from({ length: 5 }, () => raffleDrawOne(other.db, BRAND, WEEK, t.clock.now())),
        rafflesDrawDue(t.db, t.clock.now()),
        rafflesDrawDue(other.db, t.clock.now()),
      ]);
      expect(drawn.slice(0, 10).filter((done) => done === true)).toHaveLength(1);
      // The four funded players hold tickets (5, 10, 15, 20); the player with no fact has no entry.
      const entries = await t.rows<{ tickets: string }>(
        sql`select tickets::text as tickets from loyalty_raffle_entries where app_key = ${BRAND} and period_key = ${WEEK} order by position`,
      );
      expect(entries.map((entry) => Number(entry.tickets))).toEqual([5, 10, 15, 20]);
      const winners = await t.rows<{ place: number; user_id: string }>(
        sql`select place, user_id::text as user_id from loyalty_raffle_winners where app_key = ${BRAND} and period_key = ${WEEK} order by place`,
      );
      expect(winners).toHaveLength(3);
      expect(new Set(winners.map((winner) => winner.user_id)).size).toBe(3);

      const cashBefore = new Map<string, number>();
      for (const player of players) cashBefore.set(String(player.uid), await balanceOf(t, player, profile.currency));

      // Payment killed after the first prize, then reruns racing on both nodes: each winner paid once.
      await expect(rafflePrizesPay(dbCrashingBeforeCommit(t.db, 2), t.clock.now())).rejects.toThrow('killed before commit');
      await Promise.all([rafflePass(t.db, t.clock.now()), rafflePass(other.db, t.clock.now()), rafflePrizesPay(t.db, t.clock.now())]);
      const grants = await t.rows<{ user_id: string; trigger_ref: string }>(
        sql`select user_id::text as user_id, trigger_ref from bonuses where campaign_id = ${loyaltyCampaignId(BRAND, 'raffle_prize')} order by trigger_ref`,
      );
      expect(grants.filter((grant) => grant.trigger_ref.startsWith(`raffle:${WEEK}:`)).map((grant) => grant.trigger_ref)).toEqual([
        `raffle:${WEEK}:1`,
        `raffle:${WEEK}:2`,
        `raffle:${WEEK}:3`,
      ]);
      const prizes = rafflePrizesMinor(profile);
      for (const player of players) {
        const place = winners.find((winner) => winner.user_id === String(player.uid))?.place;
        // Prizes are cash: nothing to wager.
        expect(await balanceOf(t, player, profile.currency)).toBe(cashBefore.get(String(player.uid))! + (place === undefined ? 0 : prizes[place - 1]!));
      }

      // The seed is revealed: its hash is the one shown before, and the published entries give the same winners.
      const after = await info(players[0]!);
      expect(after.current.period_key).toBe('w:2026-03-09');
      expect(after.current.server_seed_hash).not.toBe(before.current.server_seed_hash);
      expect(after.past).toHaveLength(1);
      const last = after.past[0]!;
      expect(last.period_key).toBe(WEEK);
      expect(last.server_seed_hash).toBe(before.current.server_seed_hash);
      expect(fairSeedHash(last.server_seed)).toBe(before.current.server_seed_hash);
      // The answer carries totals and the player's own entry, not every entry; the entries come in pages.
      expect([last.entries, last.total_tickets, last.my_tickets, last.my_position]).toEqual([4, 50, 5, 0]);
      expect(await entriesAll(players[3]!, WEEK, 1)).toEqual([5, 10, 15, 20]);
      const published = await entriesAll(players[0]!, WEEK, 3);
      expect(published).toEqual([5, 10, 15, 20]);
      expect((await info(players[3]!)).past[0]).toMatchObject({ my_tickets: 20, my_position: 3 });
      expect((await info(none)).past[0]).toMatchObject({ my_tickets: 0, my_position: -1 });
      const positions = last.winners.map((winner) => winner.position);
      expect(
        raffleVerify({
          serverSeed: last.server_seed,
          serverSeedHash: last.server_seed_hash,
          clientSeed: last.client_seed,
          tickets: published,
          winners: positions,
        }),
      ).toBe(true);
      expect(last.winners.every((winner) => winner.paid === 1 && winner.tickets === published[winner.position])).toBe(true);

      // A later run draws nothing again: the entries stay as published.
      expect(await raffleDrawOne(t.db, BRAND, WEEK, t.clock.now())).toBe(false);
      expect(await entriesAll(players[0]!, WEEK, 5000)).toEqual(published);
    } finally {
      t.clock.set(CLOCK_START);
    }
    expect(await auditClean(t)).toBe(true);
  }, 300_000);
});
