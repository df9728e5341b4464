import { ERRORS } from '@piranha/contract';
import { agentCodeOf, brandTimeZone, inviteCodeOf, periodWindowOf, VARIANT_PROFILES, variantFindByKey } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentSettlePass } from '../src/modules/agent/agent.service.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { balanceOf, playerWithGame, playRound, CASINO_ENV, fund } from './casino-fixtures.ts';
import { DAY_MS, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean } from './payments-fixtures.ts';

/**
 * The agent programme (issue 19, decision 052) on a real database: becoming an agent, binding a team with the
 * agent's code, commissions from the team's settled casino rounds closed by the daily job exactly once even when a
 * run is killed halfway, a transfer to the wallet once of 20 concurrent taps, and each agent seeing its own team only.
 */
let t: TestApp;
const OPS_TOKEN = 'agent-ops-token-0123456789';
const BRAND = 'piranha';

beforeAll(async () => {
  t = await testAppCreate({ env: { ...CASINO_ENV, OPS_TOKEN } });
}, 300_000);
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
}, 300_000);

const ops = (body: unknown, token = OPS_TOKEN) => t.post('/api/ops/agent/config', { headers: { authorization: `Bearer ${token}` }, body });
const info = async (session: IssuedSession) => envelopeOf(await t.get('/api/piranha/agent/info', { query: signedIn(session) }));
const apply = (session: IssuedSession) => t.post('/api/thin/agent/apply', { query: signedIn(session) });
const bind = (session: IssuedSession, code: string) => t.post('/api/thin/agent/bind', { query: signedIn(session), body: { code } });
const transfer = (session: IssuedSession) => t.post('/api/thin/agent/transfer', { query: signedIn(session) });
const team = async (session: IssuedSession) => envelopeOf(await t.get('/api/thin/agent/team', { query: signedIn(session) }));
const daily = async (session: IssuedSession) => envelopeOf(await t.get('/api/thin/agent/daily', { query: signedIn(session) }));
const houseOwed = async () => {
  const [row] = await t.rows<{ owed: string }>(
    sql`select coalesce(sum(l.amount_minor), 0)::text as owed from ledger_lines l join ledger_accounts a on a.id = l.account_id where a.house_kind = 'agent_commission'`,
  );
  return Number(row!.owed);
};

describe('operator terms', { timeout: 300_000 }, () => {
  it('refuse without the token, refuse floors that do not rise, and a brand without terms offers no programme', async () => {
    const before = await t.session(BRAND);
    expect((await info(before)).data).toMatchObject({ offered: false, is_agent: false, basis: '', tiers: [] });
    expect(envelopeOf(await apply(before)).dm_error).toBe(ERRORS.AGENT_NOT_OFFERED.code);
    expect(envelopeOf(await ops({}, 'nope')).dm_error).toBe(ERRORS.UNAUTHORISED.code);
    const flat = envelopeOf(
      await ops({
        app_key: BRAND,
        basis: 'turnover',
        tiers: [
          { from_minor: 100, rate_bp: 100 },
          { from_minor: 100, rate_bp: 200 },
        ],
      }),
    );
    expect([flat.dm_error, flat.data.field]).toEqual([ERRORS.VALIDATION_FAILED.code, 'tiers.from_minor']);
    expect(envelopeOf(await ops({ app_key: BRAND, basis: 'profit', tiers: [{ from_minor: 0, rate_bp: 1 }] })).data.field).toBe('basis');
    expect(envelopeOf(await ops({ app_key: 'nosuchbrand', basis: 'turnover', tiers: [{ from_minor: 0, rate_bp: 1 }] })).data.field).toBe('app_key');
    const set = envelopeOf(
      await ops({
        app_key: BRAND,
        basis: 'turnover',
        tiers: [
          { from_minor: 0, rate_bp: 1_000 },
          { from_minor: 10_000, rate_bp: 2_000 },
        ],
      }),
    );
    expect(set.dm_error).toBe(0);
    expect((await info(before)).data).toMatchObject({
      offered: true,
      basis: 'turnover',
      tiers: [
        { from: 0, rate_bp: 1_000 },
        { from: 10_000, rate_bp: 2_000 },
      ],
    });
  });
});

describe('an agent and its team', { timeout: 300_000 }, () => {
  let agentA: IssuedSession;
  let agentB: IssuedSession;
  let memberA: { session: IssuedSession; token: string };
  let memberB: { session: IssuedSession; token: string };

  it('a player becomes an agent (20 taps make one agent) and others join its team with its code, once, never their own', async () => {
    agentA = await t.session(BRAND);
    agentB = await t.session(BRAND);
    const answers = (await Promise.all(Array.from({ length: 20 }, () => apply(agentA)))).map(envelopeOf);
    expect(answers.every((answer) => answer.dm_error === 0 && answer.data.code === agentCodeOf(agentA.uid))).toBe(true);
    expect(await t.rows(sql`select user_id from agents where user_id = ${agentA.uid}`)).toHaveLength(1);
    expect(envelopeOf(await apply(agentB)).dm_error).toBe(0);
    expect((await info(agentA)).data).toMatchObject({ is_agent: true, code: agentCodeOf(agentA.uid), team_size: 0 });

    memberA = await playerWithGame(t, 'dice', 0);
    memberB = await playerWithGame(t, 'dice', 0);
    const codeA = agentCodeOf(agentA.uid);
    expect(envelopeOf(await bind(agentA, codeA)).dm_error).toBe(ERRORS.AGENT_SELF_BIND.code);
    expect(envelopeOf(await bind(memberA.session, inviteCodeOf(agentA.uid))).dm_error).toBe(ERRORS.AGENT_CODE_INVALID.code);
    expect(envelopeOf(await bind(memberA.session, agentCodeOf(memberB.session.uid))).dm_error).toBe(ERRORS.AGENT_CODE_INVALID.code);
    const stranger = await t.session(VARIANT_PROFILES.find((profile) => profile.appKey !== BRAND)!.appKey);
    expect(envelopeOf(await bind(stranger, codeA)).dm_error).toBe(ERRORS.AGENT_CODE_INVALID.code);

    // Twenty taps with the code (typed in lower case with a dash): one binding.
    const binds = (await Promise.all(Array.from({ length: 20 }, () => bind(memberA.session, `${codeA.slice(0, 2).toLowerCase()}-${codeA.slice(2)}`)))).map(
      envelopeOf,
    );
    expect(binds.filter((answer) => answer.dm_error === 0)).toHaveLength(1);
    expect(binds.filter((answer) => answer.dm_error === ERRORS.AGENT_ALREADY_BOUND.code)).toHaveLength(19);
    expect(envelopeOf(await bind(memberA.session, agentCodeOf(agentB.uid))).dm_error).toBe(ERRORS.AGENT_ALREADY_BOUND.code);
    expect(envelopeOf(await bind(memberB.session, agentCodeOf(agentB.uid))).dm_error).toBe(0);
    expect((await info(memberA.session)).data).toMatchObject({ is_agent: false, bound_agent_code: codeA });
  });

  it('each agent sees its own team only; a player who is no agent sees none', async () => {
    const teamA = await team(agentA);
    expect(teamA.data.total).toBe(1);
    expect(teamA.data.list.map((row: { uid: number }) => row.uid)).toEqual([memberA.session.uid]);
    expect(teamA.data.list[0].name).toMatch(/\*\*\*$/);
    expect((await team(agentB)).data.list.map((row: { uid: number }) => row.uid)).toEqual([memberB.session.uid]);
    expect((await team(memberA.session)).dm_error).toBe(ERRORS.AGENT_NOT_AGENT.code);
    expect((await daily(memberA.session)).dm_error).toBe(ERRORS.AGENT_NOT_AGENT.code);
    expect(envelopeOf(await transfer(memberA.session)).dm_error).toBe(ERRORS.AGENT_NOT_AGENT.code);
  });

  it('shows today’s commission from the team’s settled rounds; the day closes once even when a run is killed halfway; the transfer pays once', async () => {
    await fund(t, memberA.session.uid, 100_000);
    await fund(t, memberB.session.uid, 100_000);
    for (let round = 0; round < 3; round += 1) expect((await playRound(t, memberA, 'dice', 5_000, { target: 5000, direction: 'under' })).dm_error).toBe(0);
    expect((await playRound(t, memberB, 'dice', 1_000, { target: 5000, direction: 'under' })).dm_error).toBe(0);
    // A player of nobody's team plays too: it earns no one anything.
    const loner = await playerWithGame(t, 'dice', 50_000);
    expect((await playRound(t, loner, 'dice', 20_000, { target: 5000, direction: 'under' })).dm_error).toBe(0);

    // Turnover 15,000 reaches the second tier (20 %): 3,000 so far today, not yet settled.
    expect((await info(agentA)).data).toMatchObject({ team_size: 1, today_basis: 15_000, today_commission: 3_000, yesterday_commission: 0, available: 0 });
    expect((await info(agentB)).data).toMatchObject({ today_basis: 1_000, today_commission: 100 });

    // The next day, past the grace: a run killed after the first agent's commission leaves nothing behind.
    t.clock.advance(DAY_MS + 15 * 60_000);
    await expect(
      agentSettlePass(t.db, t.clock.now(), {
        afterAgent: (earned) => {
          if (earned >= 1) throw new Error('killed halfway');
        },
      }),
    ).rejects.toThrow('killed halfway');
    expect(await t.rows(sql`select * from agent_commissions`)).toEqual([]);
    expect(await houseOwed()).toBe(0);

    // Rerun, and two more runs at once: the day is paid once.
    const closed = await agentSettlePass(t.db, t.clock.now());
    expect(closed).toBeGreaterThanOrEqual(1);
    expect(await Promise.all([agentSettlePass(t.db, t.clock.now()), agentSettlePass(t.db, t.clock.now())])).toEqual([0, 0]);
    const rows = await t.rows<{ agent_user_id: string; commission_minor: string; rate_bp: number; members: number }>(
      sql`select agent_user_id::text, commission_minor::text, rate_bp, members from agent_commissions order by agent_user_id`,
    );
    expect(rows.map((row) => [Number(row.agent_user_id), Number(row.commission_minor), row.rate_bp, row.members])).toEqual([
      [agentA.uid, 3_000, 2_000, 1],
      [agentB.uid, 100, 1_000, 1],
    ]);
    expect(await houseOwed()).toBe(3_100);
    expect((await info(agentA)).data).toMatchObject({ yesterday_commission: 3_000, available: 3_000, total_earned: 3_000, today_commission: 0 });
    expect((await daily(agentA)).data.list).toEqual([
      expect.objectContaining({ stake: 15_000, basis: 15_000, rate_bp: 2_000, commission: 3_000, transferred: false }),
    ]);

    // Twenty taps on transfer: one ledger transfer into the wallet.
    const cash = await balanceOf(t, agentA);
    const answers = (await Promise.all(Array.from({ length: 20 }, () => transfer(agentA)))).map(envelopeOf);
    expect(answers.filter((answer) => answer.dm_error === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.dm_error === ERRORS.AGENT_NOTHING_TO_TRANSFER.code)).toHaveLength(19);
    expect(answers.find((answer) => answer.dm_error === 0)!.data).toMatchObject({ amount: 3_000, currency: 'BRL' });
    expect(await balanceOf(t, agentA)).toBe(cash + 3_000);
    expect(await houseOwed()).toBe(100);
    expect((await info(agentA)).data).toMatchObject({ available: 0, total_earned: 3_000 });
    expect((await daily(agentA)).data.list[0].transferred).toBe(true);
    const history = envelopeOf(await t.get('/api/piranha/agent/history', { query: signedIn(agentA) }));
    expect(history.data.list).toEqual([expect.objectContaining({ amount: 3_000 })]);
    expect(envelopeOf(await transfer(agentA)).dm_error).toBe(ERRORS.AGENT_NOTHING_TO_TRANSFER.code);
    // Agent B's commission is B's alone: A's transfer did not touch it.
    expect(envelopeOf(await transfer(agentB)).data.amount).toBe(100);
    expect(await houseOwed()).toBe(0);
    expect(await auditClean(t)).toBe(true);
  });

  it('a team player’s play before joining counts for nobody', async () => {
    const late = await playerWithGame(t, 'dice', 50_000);
    expect((await playRound(t, late, 'dice', 10_000, { target: 5000, direction: 'under' })).dm_error).toBe(0);
    t.clock.advance(60_000);
    const agentC = await t.session(BRAND);
    expect(envelopeOf(await apply(agentC)).dm_error).toBe(0);
    expect(envelopeOf(await bind(late.session, agentCodeOf(agentC.uid))).dm_error).toBe(0);
    expect((await info(agentC)).data).toMatchObject({ team_size: 1, today_basis: 0, today_commission: 0 });
  });
});

describe('an operator closes a missed day (decision 067)', { timeout: 300_000 }, () => {
  const settle = (body: unknown, token = OPS_TOKEN) => t.post('/api/ops/agent/settle', { headers: { authorization: `Bearer ${token}` }, body });
  const dateOf = (at: Date) => periodWindowOf(at, brandTimeZone(variantFindByKey(BRAND)!.market), 'daily').key.slice(2);

  it('refuses bad input and an open day, then closes the day through the job’s own close, once, with calls and the job racing', async () => {
    const agent = await t.session(BRAND);
    expect(envelopeOf(await apply(agent)).dm_error).toBe(0);
    const member = await playerWithGame(t, 'dice', 50_000);
    expect(envelopeOf(await bind(member.session, agentCodeOf(agent.uid))).dm_error).toBe(0);
    expect((await playRound(t, member, 'dice', 2_000, { target: 5000, direction: 'under' })).dm_error).toBe(0);
    const played = dateOf(t.clock.now());

    expect(envelopeOf(await settle({ app_key: BRAND, day_key: played }, 'nope')).dm_error).toBe(ERRORS.UNAUTHORISED.code);
    for (const [body, field] of [
      [{ app_key: BRAND }, 'day_key'],
      [{ app_key: BRAND, day_key: '2026/11/28' }, 'day_key'],
      [{ app_key: BRAND, day_key: '2026-02-30' }, 'day_key'],
      [{ app_key: 'nosuchbrand', day_key: played }, 'app_key'],
      [{ app_key: BRAND, day_key: played, extra: 1 }, ''],
    ] as const) {
      const answer = envelopeOf(await settle(body));
      expect(answer.dm_error, JSON.stringify(body)).toBe(ERRORS.VALIDATION_FAILED.code);
      if (field) expect(answer.data.field).toBe(field);
    }
    // The day still runs: closing it now would miss its last rounds.
    expect(envelopeOf(await settle({ app_key: BRAND, day_key: played })).dm_error).toBe(ERRORS.AGENT_DAY_OPEN.code);
    expect(await t.rows(sql`select * from agent_day_closes where day_key = ${`d:${played}`}`)).toEqual([]);

    t.clock.advance(DAY_MS + 15 * 60_000);
    // Five operator calls and a job pass at once (two operators, the leader's minute): the day closes once.
    const [answers] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => settle({ app_key: BRAND, day_key: played }).then(envelopeOf))),
      agentSettlePass(t.db, t.clock.now()),
    ]);
    expect(answers.every((answer) => answer.dm_error === 0)).toBe(true);
    const closers = answers.filter((answer) => answer.data.closed);
    // The job may be the one that closed it; then no call did.
    expect(closers.length).toBeLessThanOrEqual(1);
    for (const closer of closers) expect(closer.data).toMatchObject({ app_key: BRAND, day_key: played, closed: true, agents: 1 });
    // Again, and the job after it: the day is closed already, nothing is paid twice.
    expect(envelopeOf(await settle({ app_key: BRAND, day_key: played })).data).toMatchObject({ closed: false, agents: 0 });
    await agentSettlePass(t.db, t.clock.now());
    const rows = await t.rows<{ commission_minor: string }>(
      sql`select commission_minor::text from agent_commissions where agent_user_id = ${agent.uid} and day_key = ${`d:${played}`}`,
    );
    // Turnover 2,000 at the first tier (10 %).
    expect(rows.map((row) => Number(row.commission_minor))).toEqual([200]);
    expect((await info(agent)).data).toMatchObject({ yesterday_commission: 200, available: 200 });
    expect(await auditClean(t)).toBe(true);
  });
});
