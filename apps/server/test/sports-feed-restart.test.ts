/**
 * The simulated feed across a restart (issue 14 item 3, issue 16): a second app on the same database resumes what
 * the first one published instead of generating the same match ids with their known results again. Live clocks go
 * on, finished matches stay finished, a bet on one is refused, match ids are never given twice, and bets on a match
 * that ended while the server was down settle. The clock is the test's; the feed runs at 60 simulated seconds per
 * second and is moved with `tick`, so everything is reproducible. (A kill -9 of the real server process:
 * sports-feed-durability.test.ts.)
 */
import { ERRORS } from '@piranha/contract';
import { marketIdOf } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedSimulatorCreate } from '../src/providers/feed/feed-simulator.ts';
import { market1x2, multiplePost, placedOk, singlePost } from './betting-fixtures.ts';
import { CLOCK_START, envelopeOf, testAppCreate, testClock, testDatabaseCreate, type TestApp, type TestClock, type TestDatabase } from './harness.ts';
import { auditClean, playerFund } from './payments-fixtures.ts';

const SPEED = 60;
const OPS_TOKEN = 'ops-token-for-feed-restart';
const env = { FEED_SEED: '5', FEED_SPEED: String(SPEED), BET_LIVE_DELAY_MS: '0', OPS_TOKEN };
const minuteMs = 60_000;

const databases: TestDatabase[] = [];
const apps: TestApp[] = [];

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const database of databases) await database.close();
});

async function appOn(database: TestDatabase, clock: TestClock): Promise<TestApp> {
  const t = await testAppCreate({ database, clock, env });
  apps.push(t);
  return t;
}

/** Moves the test's clock and the feed with it (the app's own ticker reads the same clock). */
function advance(t: TestApp, clock: TestClock, ms: number): void {
  clock.advance(ms);
  t.built.sports.feed.tick(clock.now().getTime());
}

async function restart(t: TestApp, database: TestDatabase, clock: TestClock, downMs: number): Promise<TestApp> {
  await t.close();
  apps.splice(apps.indexOf(t), 1);
  clock.advance(downMs);
  return appOn(database, clock);
}

describe('a restart of the server', () => {
  let database: TestDatabase;
  let clock: TestClock;
  let first: TestApp;

  beforeAll(async () => {
    database = await testDatabaseCreate();
    databases.push(database);
    clock = testClock();
    first = await appOn(database, clock);
  });

  it('resumes live clocks and scores, keeps finished matches finished, refuses bets on them and never reuses an id', async () => {
    // An hour of play: matches that were live at the start have ended, others kicked off.
    advance(first, clock, 60_000);
    const before = first.built.sports.feed.snapshot().matches;
    const resultsBefore = first.built.sports.feed.results();
    const live = before.filter((match) => match.status === 'live');
    expect(live.length).toBeGreaterThan(3);
    expect(resultsBefore.length).toBeGreaterThan(3);
    const { session } = await playerFund(first, { amountMinor: 100_00 });
    // An operator corrects one result: a goal more for the home side, in the second half.
    const corrected = resultsBefore.find((result) => result.sportId === 1)!;
    const firstHalf = corrected.periodScores.find((period) => period.periodCode === 1002) ?? { periodCode: 1002, home: 0, away: 0 };
    const correction = {
      matchId: corrected.matchId,
      revision: 2,
      score: { home: corrected.score.home + 1, away: corrected.score.away },
      periodScores: [firstHalf, { periodCode: 1003, home: corrected.score.home + 1 - firstHalf.home, away: corrected.score.away - firstHalf.away }],
    };
    const answer = envelopeOf(
      await first.post('/api/ops/feed/result', {
        headers: { authorization: `Bearer ${OPS_TOKEN}` },
        body: {
          match_id: correction.matchId,
          revision: 2,
          home: correction.score.home,
          away: correction.score.away,
          period_scores: correction.periodScores.map((period) => ({ pe: period.periodCode, home: period.home, away: period.away })),
        },
      }),
    );
    expect(answer).toMatchObject({ dm_error: 0, data: { revision: 2, changed: 1 } });
    const resultsCorrected = first.built.sports.feed.results();

    // Down for ten simulated minutes.
    const second = await restart(first, database, clock, 10_000);
    const feed = second.built.sports.feed;

    // A finished match takes no bet, and stays finished with the result it had (as corrected).
    const soccer = resultsBefore.find((result) => result.sportId === 1)!;
    const option = {
      matchId: soccer.matchId,
      marketId: marketIdOf({ matchId: soccer.matchId, type: 1005, period: 1001, line: undefined }),
      optionType: 1 as const,
    };
    const refused = envelopeOf(await singlePost(second, session, [{ option: { ...option, odds: 2, oddsThousandths: 2000 }, stake: 5_00, oddsChange: 2 }]));
    expect(refused.dm_error).toBe(ERRORS.MARKET_CLOSED.code);
    for (const result of resultsCorrected) {
      expect(feed.results().find((candidate) => candidate.matchId === result.matchId)).toEqual(result);
      expect(feed.match(result.matchId)?.status ?? 'dropped').not.toBe('notStarted');
    }
    // The operator's correction too: the latest revision, with its corrected score.
    expect(feed.result(corrected.matchId)).toMatchObject({ revision: 2, score: correction.score });

    // Exactly where a feed that never stopped would be: same clocks, scores, periods, suspensions and results.
    const never = feedSimulatorCreate({ seed: 5, speedFactor: SPEED, startMs: CLOCK_START.getTime() });
    never.tick(CLOCK_START.getTime() + 60_000);
    expect(never.resultCorrect(correction)).toMatchObject({ ok: true, changed: true });
    never.tick(clock.now().getTime());
    expect(feed.snapshot().matches).toEqual(never.snapshot().matches);
    expect(feed.results()).toEqual(never.results());
    // So no clock went back and no score came down (a soccer clock counts up through its periods).
    for (const match of live) {
      const now = feed.match(match.id);
      if (now?.status !== 'live') continue;
      expect(now.score.home + now.score.away, `score of ${match.id}`).toBeGreaterThanOrEqual(match.score.home + match.score.away);
      if (match.sportId !== 1) continue;
      const later =
        now.clock.periodCode > match.clock.periodCode || (now.clock.periodCode === match.clock.periodCode && now.clock.seconds >= match.clock.seconds);
      expect(later, `clock of ${match.id}: ${JSON.stringify(match.clock)} then ${JSON.stringify(now.clock)}`).toBe(true);
    }

    // A simulated day on, a day of new fixtures: none takes an id the first run gave.
    const idsBefore = new Set(before.map((match) => match.id));
    const [storedBefore] = await second.rows<{ max: string }>(sql`select max(match_id) as max from feed_fixtures`);
    advance(second, clock, (24 * 60 * minuteMs) / SPEED);
    await feed.persisted();
    const added = feed
      .snapshot()
      .matches.map((match) => match.id)
      .filter((id) => !idsBefore.has(id));
    expect(added.length).toBeGreaterThan(100);
    expect(Math.min(...added)).toBeGreaterThan(Number(storedBefore!.max));
    const [stored] = await second.rows<{ n: string; distinct_n: string }>(sql`select count(*) as n, count(distinct match_id) as distinct_n from feed_fixtures`);
    expect(stored!.n).toBe(stored!.distinct_n);
  });
});

describe('bets on a match that ended while the server was down', () => {
  it('settle after the restart through the normal settlement path', async () => {
    const database = await testDatabaseCreate();
    databases.push(database);
    const clock = testClock();
    const first = await appOn(database, clock);
    const { session } = await playerFund(first, { amountMinor: 100_00 });
    const upcoming = first.built.sports.feed
      .snapshot()
      .matches.filter((match) => match.sportId === 1 && match.status === 'notStarted')
      .slice(0, 2);
    const [single, other] = upcoming.map((match) => market1x2(first.built.sports.state, match.id, 1));
    const [singleBet] = await placedOk(await singlePost(first, session, [{ option: single!, stake: 10_00 }]));
    const [doubleBet] = await placedOk(await multiplePost(first, session, [single!, other!], [{ seriesValue: 2001, unitStake: 5_00 }]));

    // Down until both matches are long over (simulated time runs on at 60× while the server is away).
    const lastStartMs = Math.max(...upcoming.map((match) => match.startsAtMs));
    const second = await restart(first, database, clock, (lastStartMs - CLOCK_START.getTime() + 3 * 60 * minuteMs) / SPEED);
    await second.built.betting.worker.run();

    const bets = await second.rows<{ id: string; status: number; payout_minor: string | null }>(
      sql`select id, status, payout_minor from bets where id in (${Number(singleBet!.id)}, ${Number(doubleBet!.id)}) order by id`,
    );
    expect(bets.map((bet) => bet.status)).toEqual([5, 5]);
    // Settled on the results the resumed feed published for those very matches.
    const resultOf = (matchId: number) => second.built.sports.feed.results().find((result) => result.matchId === matchId)!;
    for (const match of upcoming) expect(resultOf(match.id).startsAtMs, `result of ${match.id}`).toBe(match.startsAtMs);
    const home = resultOf(single!.matchId).score;
    expect(Number(bets[0]!.payout_minor)).toBe(home.home > home.away ? Math.floor((10_00 * single!.oddsThousandths) / 1000) : 0);
    expect(await auditClean(second)).toBe(true);
  });
});
