import { createHash } from 'node:crypto';
import { ERRORS } from '@piranha/contract';
import {
  crashChainTerminal,
  crashLiveMsToReach,
  crashLivePoint,
  CRASH_LIVE_CHAIN_LENGTH,
  CRASH_LIVE_PAUSE_MS,
  variantFindByKey,
  vipConfigOf,
  vipPointsMinorOf,
} from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamTotals } from '../src/modules/agent/agent.repository.ts';
import { bonusContributionsConsume } from '../src/modules/bonus/bonus-engine.service.ts';
import { CRASH_LIVE_JOB, crashLiveTick } from '../src/modules/casino/crash-live.service.ts';
import { cashbackTotals } from '../src/modules/loyalty/loyalty-cashback.repository.ts';
import { loyaltyFactsConsume } from '../src/modules/loyalty/loyalty-pass.service.ts';
import { balanceOf, CASINO_ENV, CLEAN_AUDIT, playerWithGame, type Player } from './casino-fixtures.ts';
import { envelopeOf, testAppCreate, type TestApp } from './harness.ts';
import { ledgerAudit } from '../src/modules/ledger/ledger.repository.ts';

/**
 * Crash with a live climb (issue 23, decision 071) on an injected clock: the test moves the server's clock and runs the
 * leader's pass itself, so every cash-out is decided at a known server time — no sleeps, no timing assertions. The app's
 * own 250 ms pass is held: it could schedule a round between two of the test's requests.
 */
const CHAIN = 'c'.repeat(64);
const START = 1_000_000;
let t: TestApp;

beforeAll(async () => {
  t = await testAppCreate({ env: { ...CASINO_ENV, CRASH_LIVE_TEST_CHAIN: CHAIN }, jobsHeld: [CRASH_LIVE_JOB] });
}, 300_000);
afterAll(async () => {
  expect(await ledgerAudit(t.db)).toEqual(CLEAN_AUDIT);
  await t.close();
}, 300_000);

const tick = () => crashLiveTick(t.built.casino.crashLive);
const state = async (player: Player) => envelopeOf(await t.get('/api/studio/house/crash-live/state', { query: { token: player.token } }));
const bet = async (player: Player, stake: number, auto?: number) =>
  envelopeOf(await t.post('/api/studio/house/crash-live/bet', { body: { token: player.token, bet: stake, ...(auto ? { auto_cashout: auto } : {}) } }));
const cashout = async (player: Player, roundId: string) =>
  envelopeOf(await t.post('/api/studio/house/crash-live/cashout', { body: { token: player.token, round_id: roundId } }));

type Round = { id: string; public_id: string; crash_point: string; takeoff_at: Date | string; crash_at: Date | string; seq: string };
async function roundById(publicId: string): Promise<Round> {
  const [row] = await t.rows<Round>(
    sql`select id::text, public_id, crash_point::text, takeoff_at, crash_at, seq::text from crash_live_rounds where public_id = ${publicId}`,
  );
  return row!;
}
const ms = (at: Date | string) => new Date(at).getTime();

/** Moves the clock round by round until the next round to take off flies to at least `point`; answers it. */
async function nextRoundFlyingTo(player: Player, point: number): Promise<Round> {
  for (let guard = 0; guard < 60; guard += 1) {
    await tick();
    const seen = await state(player);
    const next = seen.data.next_round_id as string;
    const round = await roundById(next);
    if (Number(round.crash_point) >= point) return round;
    t.clock.set(new Date(ms(round.crash_at) + CRASH_LIVE_PAUSE_MS));
  }
  throw new Error('no high round in 60');
}

describe('crash live', { timeout: 300_000 }, () => {
  let a: Player;
  let round: Round;

  it('refuses a bet while no round is scheduled, then schedules one for the brand that asked', async () => {
    a = await playerWithGame(t, 'crash', START);
    const first = await state(a);
    expect(first.dm_error).toBe(0);
    expect(first.data.round).toBeNull();
    expect(first.data.next_round_id).toBeNull();
    expect((await bet(a, 1000)).dm_error).toBe(ERRORS.CRASH_LIVE_NO_ROUND.code);
    await tick();
    const second = await state(a);
    expect(second.data.round.phase).toBe('betting');
    expect(second.data.round.takeoff_at - second.data.server_now).toBe(6000);
    expect(second.data.chain.terminal_hash).toBe(crashChainTerminal(CHAIN, CRASH_LIVE_CHAIN_LENGTH));
    expect(second.data.round.crash_point).toBeNull();
  });

  it('takes one bet per player and round, refuses a cash-out before take-off, and pays m(t) of the server clock when the cash-out arrives', async () => {
    round = await nextRoundFlyingTo(a, 300);
    const placed = await bet(a, 1000);
    expect(placed.dm_error).toBe(0);
    expect(placed.data.bet.round_id).toBe(round.public_id);
    expect(placed.data.balance).toBe(START - 1000);
    expect((await bet(a, 1000)).dm_error).toBe(ERRORS.CRASH_LIVE_ALREADY_BET.code);
    expect((await cashout(a, round.public_id)).dm_error).toBe(ERRORS.CRASH_LIVE_NOT_FLYING.code);
    // The request reaches the server 11,553 ms after take-off (however long it travelled): 2.00× exactly.
    t.clock.set(new Date(ms(round.takeoff_at) + crashLiveMsToReach(200)));
    const paid = await cashout(a, round.public_id);
    expect(paid.dm_error).toBe(0);
    expect(paid.data.bet.cashout).toBe(200);
    expect(paid.data.bet.win).toBe(2000);
    expect(paid.data.server_at).toBe(t.clock.now().getTime());
    expect(await balanceOf(t, a.session)).toBe(START - 1000 + 2000);
    expect((await cashout(a, round.public_id)).dm_error).toBe(ERRORS.CRASH_LIVE_CASHED.code);
    const seen = await state(a);
    expect(seen.data.round.phase).toBe('flying');
    expect(seen.data.round.multiplier).toBe(200);
    expect(seen.data.cashouts).toEqual([{ player: expect.stringMatching(/^P-[0-9A-F]{4}$/), cashout: 200, win: 2000 }]);
  });

  it('sends a bet placed during the flight to the next round', async () => {
    const b = await playerWithGame(t, 'crash', START);
    await tick();
    const next = (await state(b)).data.next_round_id as string;
    expect(next).not.toBe(round.public_id);
    const placed = await bet(b, 500);
    expect(placed.dm_error).toBe(0);
    expect(placed.data.bet.round_id).toBe(next);
  });

  it('pays 32 concurrent cash-outs of one bet once', async () => {
    // A fresh high round so the bets are in before take-off.
    t.clock.set(new Date(ms(round.crash_at) + CRASH_LIVE_PAUSE_MS));
    round = await nextRoundFlyingTo(a, 300);
    const c = await playerWithGame(t, 'crash', START);
    expect((await bet(c, 1000)).dm_error).toBe(0);
    t.clock.set(new Date(ms(round.takeoff_at) + crashLiveMsToReach(150)));
    const answers = await Promise.all(Array.from({ length: 32 }, () => cashout(c, round.public_id)));
    expect(answers.filter((answer) => answer.dm_error === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.dm_error === ERRORS.CRASH_LIVE_CASHED.code)).toHaveLength(31);
    expect(await balanceOf(t, c.session)).toBe(START - 1000 + 1500);
  });

  it('pays an auto cash-out exactly its target, loses the bets that stayed, refuses a cash-out after the crash, and settles the round', async () => {
    t.clock.set(new Date(ms(round.crash_at) + CRASH_LIVE_PAUSE_MS));
    round = await nextRoundFlyingTo(a, 300);
    const point = Number(round.crash_point);
    const d = await playerWithGame(t, 'crash', START);
    const e = await playerWithGame(t, 'crash', START);
    const over = await playerWithGame(t, 'crash', START);
    expect((await bet(d, 1000, 250)).dm_error).toBe(0);
    expect((await bet(e, 1000)).dm_error).toBe(0);
    expect((await bet(over, 1000, point + 1)).dm_error).toBe(0);
    // The leader passes while the curve is at 2.60×: the 2.50× target is paid at 2.50×, not at the curve.
    t.clock.set(new Date(ms(round.takeoff_at) + crashLiveMsToReach(260)));
    await tick();
    expect(await balanceOf(t, d.session)).toBe(START - 1000 + 2500);
    // The crash: E asks one millisecond late.
    t.clock.set(new Date(ms(round.crash_at)));
    expect((await cashout(e, round.public_id)).dm_error).toBe(ERRORS.CRASH_LIVE_CRASHED.code);
    await tick();
    expect(await balanceOf(t, e.session)).toBe(START - 1000);
    expect(await balanceOf(t, over.session)).toBe(START - 1000);
    const [settled] = await t.rows<{ settled_at: Date | null }>(sql`select settled_at from crash_live_rounds where id = ${round.id}::bigint`);
    expect(settled!.settled_at).not.toBeNull();
    const bets = await t.rows<{ status: string }>(sql`select status from crash_live_bets where round_id = ${round.id}::bigint order by id`);
    expect(bets.map((row) => row.status)).toEqual(['won', 'lost', 'lost']);
    const seen = await state(e);
    expect(seen.data.round?.round_id === round.public_id ? seen.data.round.crash_point : point).toBe(point);
  });

  it('recovers bets a dead process left: a stake that never reached the wallet is voided, a decided cash-out is paid once', async () => {
    t.clock.set(new Date(ms(round.crash_at) + CRASH_LIVE_PAUSE_MS));
    round = await nextRoundFlyingTo(a, 200);
    const f = await playerWithGame(t, 'crash', START);
    const g = await playerWithGame(t, 'crash', START);
    // F: the row was written, then the process died before the wallet call.
    await t.rows(
      sql`insert into crash_live_bets (round_id, user_id, currency, stake, status, created_at)
          values (${round.id}::bigint, ${f.session.uid}::bigint, 'BRL', 700, 'pending', ${t.clock.now().toISOString()}::timestamptz) returning id`,
    );
    // G: bet, then the cash-out was decided and the process died before the win.
    expect((await bet(g, 1000)).dm_error).toBe(0);
    await t.rows(
      sql`update crash_live_bets set status = 'cashed', cashout = 180, win = 1800 where round_id = ${round.id}::bigint and user_id = ${g.session.uid} returning id`,
    );
    t.clock.set(new Date(ms(round.crash_at) + 60_000));
    await tick();
    await tick();
    expect(await balanceOf(t, f.session)).toBe(START);
    expect(await balanceOf(t, g.session)).toBe(START - 1000 + 1800);
    const bets = await t.rows<{ status: string }>(sql`select status from crash_live_bets where round_id = ${round.id}::bigint order by id`);
    expect(bets.map((row) => row.status).sort()).toEqual(['void', 'won']);
  });

  it('lists crashed rounds with seeds that chain to the published terminal hash and give their crash points', async () => {
    const history = envelopeOf(await t.get('/api/studio/house/crash-live/history', { query: { token: a.token, limit: '50' } }));
    expect(history.dm_error).toBe(0);
    const list = history.data.list as { chain_index: number; seed: string; previous_hash: string; salt: string; terminal_hash: string; crash_point: number }[];
    expect(list.length).toBeGreaterThan(3);
    const byIndex = new Map(list.map((row) => [row.chain_index, row]));
    for (const row of list) {
      expect(createHash('sha256').update(row.seed).digest('hex')).toBe(row.previous_hash);
      expect(crashLivePoint(row.seed, row.salt)).toBe(row.crash_point);
      const before = byIndex.get(row.chain_index - 1);
      if (before) expect(row.previous_hash).toBe(before.seed);
      if (row.chain_index === 1) expect(row.previous_hash).toBe(row.terminal_hash);
    }
    // A round still flying or waiting is not listed: its seed stays secret.
    const open = await t.rows<{ public_id: string }>(sql`select public_id from crash_live_rounds where crash_at > ${t.clock.now().toISOString()}::timestamptz`);
    for (const row of open) expect(list.map((item) => (item as unknown as { round_id: string }).round_id)).not.toContain(row.public_id);
  });

  it('counts settled live bets, once each, in cash-back, agent turnover, VIP points and bonus wagering as Crash rounds', async () => {
    t.clock.set(new Date(ms(round.crash_at) + CRASH_LIVE_PAUSE_MS));
    const from = t.clock.now();
    round = await nextRoundFlyingTo(a, 300);
    const agent = await playerWithGame(t, 'crash', 0);
    const won = await playerWithGame(t, 'crash', START);
    const lost = await playerWithGame(t, 'crash', START);
    const [brand] = await t.rows<{ app_key: string }>(sql`select app_key from users where id = ${won.session.uid}`);
    const appKey = brand!.app_key;
    await t.rows(
      sql`insert into agents (user_id, app_key, created_at) values (${agent.session.uid}, ${appKey}, ${from.toISOString()}::timestamptz) returning user_id`,
    );
    for (const member of [won, lost]) {
      await t.rows(
        sql`insert into agent_members (member_user_id, agent_user_id, app_key, bound_at)
            values (${member.session.uid}, ${agent.session.uid}, ${appKey}, ${from.toISOString()}::timestamptz) returning member_user_id`,
      );
    }
    expect((await bet(won, 1000, 200)).dm_error).toBe(0);
    expect((await bet(lost, 1000)).dm_error).toBe(0);
    t.clock.set(new Date(ms(round.takeoff_at) + crashLiveMsToReach(210)));
    await tick();
    t.clock.set(new Date(ms(round.crash_at)));
    await tick();
    const bets = await t.rows<{ id: string; user_id: string; status: string }>(
      sql`select id::text, user_id::text, status from crash_live_bets where round_id = ${round.id}::bigint and user_id in (${won.session.uid}, ${lost.session.uid}) order by id`,
    );
    expect(bets.map((row) => row.status)).toEqual(['won', 'lost']);
    const to = new Date(t.clock.now().getTime() + 1);
    const mine = (userId: string) => userId === String(won.session.uid) || userId === String(lost.session.uid);

    // Cash-back and the agent's team: the stake and what it returned, like a casino round.
    const cashback = (await cashbackTotals(t.db, appKey, 'BRL', from, to)).filter((row) => mine(row.user_id));
    expect(cashback.map((row) => [row.user_id, row.stake_minor, row.return_minor])).toEqual([
      [String(won.session.uid), '1000', '2000'],
      [String(lost.session.uid), '1000', '0'],
    ]);
    expect(await teamTotals(t.db, appKey, 'BRL', from, to, agent.session.uid)).toEqual([
      { agent_user_id: String(agent.session.uid), members: '2', stake_minor: '2000', return_minor: '2000' },
    ]);

    // VIP points: one fact per bet, as a casino stake earns, however often the pass runs.
    await loyaltyFactsConsume(t.db, t.clock.now());
    await loyaltyFactsConsume(t.db, t.clock.now());
    const facts = await t.rows<{ source_ref: string; points_minor: string; stake_minor: string; return_minor: string }>(
      sql`select source_ref, points_minor::text, stake_minor::text, return_minor::text from loyalty_facts
          where source = 'crash_live' and source_ref in (${bets[0]!.id}, ${bets[1]!.id}) order by source_ref::bigint`,
    );
    const points = String(vipPointsMinorOf('casino', 1000, vipConfigOf(variantFindByKey(appKey)!).weights));
    expect(Number(points)).toBeGreaterThan(0);
    expect(facts).toEqual([
      { source_ref: bets[0]!.id, points_minor: points, stake_minor: '1000', return_minor: '2000' },
      { source_ref: bets[1]!.id, points_minor: points, stake_minor: '1000', return_minor: '0' },
    ]);

    // Bonus wagering: an unlocking bonus started before the bets counts both at the Crash weight (5 %), once.
    await t.rows(
      sql`insert into bonus_campaigns (id, app_key, kind, status, terms, created_at, updated_at)
          values ('crash-live-wagering', ${appKey}, 'first_deposit', 'active', '{}'::jsonb, ${from.toISOString()}::timestamptz, ${from.toISOString()}::timestamptz) returning id`,
    );
    const rules = { weights: { sportsOddsMinThousandths: 1500, tableBp: 1000, crashBp: 500, diceBp: 500 } };
    const [bonus] = await t.rows<{ id: string }>(
      sql`insert into bonuses (user_id, campaign_id, trigger_ref, currency, amount_minor, requirement_minor, status, rules, expires_at, created_at, started_at)
          values (${won.session.uid}, 'crash-live-wagering', 'test', 'BRL', 1000, 1000000, 1, ${JSON.stringify(rules)}::jsonb,
            ${new Date(to.getTime() + 86_400_000).toISOString()}::timestamptz, ${from.toISOString()}::timestamptz, ${from.toISOString()}::timestamptz)
          returning id::text`,
    );
    await bonusContributionsConsume(t.db, t.clock.now());
    await bonusContributionsConsume(t.db, t.clock.now());
    const [wagered] = await t.rows<{ wagered_minor: string }>(sql`select wagered_minor::text from bonuses where id = ${bonus!.id}::bigint`);
    expect(wagered!.wagered_minor).toBe('50');
    const contributions = await t.rows<{ source: string; source_ref: string }>(
      sql`select source, source_ref from bonus_contributions where bonus_id = ${bonus!.id}::bigint`,
    );
    expect(contributions).toEqual([{ source: 'crash_live', source_ref: bets[0]!.id }]);
  });

  it('takes one of 16 concurrent bets of a player on one round, and charges it once', async () => {
    const d = await playerWithGame(t, 'crash', START);
    await tick();
    const answers = await Promise.all(Array.from({ length: 16 }, () => bet(d, 700)));
    expect(answers.filter((answer) => answer.dm_error === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.dm_error === ERRORS.CRASH_LIVE_ALREADY_BET.code)).toHaveLength(15);
    expect(await balanceOf(t, d.session)).toBe(START - 700);
    const [count] = await t.rows<{ n: number }>(sql`select count(*)::int as n from crash_live_bets where user_id = ${d.session.uid}`);
    expect(count!.n).toBe(1);
  });
});
