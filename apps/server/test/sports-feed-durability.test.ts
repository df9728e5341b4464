/**
 * The sports feed survives a kill -9 (issue 14 item 3, issue 16). The real server runs as a child process on a
 * file-backed PGlite folder (or a fresh PostgreSQL database with TEST_DATABASE_URL) with the feed at 120 simulated
 * seconds per second. A player bets on the match that will be over soonest; once a match has finished and published
 * its result, the server is killed with SIGKILL in the middle of a soccer match. Restarted on the same data, that
 * match goes on from where its clock was (not from a rewound one), the finished match is still finished with the
 * same result and refuses a bet on the market that was open before it ended. Killed again and kept down until the
 * bet's match is over, the third start settles that bet.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ERRORS, MATCH_STATUS } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseOpen, rowsOf, type Database } from '../src/db/client.ts';
import { transaction } from '../src/db/transaction.ts';
import { ledgerAudit } from '../src/modules/ledger/ledger.repository.ts';
import { ledgerTransfer } from '../src/modules/ledger/ledger.service.ts';
import { sessionIssueForNewVisitor } from '../src/modules/session/session.service.ts';
import { mandatoryLimitSeed, testDatabaseCreate, type TestDatabase } from './harness.ts';
import { serverStart, serverStop, type Running } from './server-process.ts';

const SPEED = 120;
const FUNDING_MINOR = 1_000_00;
const minuteMs = 60_000;

interface MatchWire {
  id: number;
  sid: number;
  bt: number;
  ms: number;
  mc: { s: number; pe: number; r: boolean };
  nsg: { pe: number; sc: [number, number] }[];
  mg: { mty: number; pe: number; mks: { id: number; ss: number; op?: { ty: number; od: number }[] }[] }[];
}

interface ResultWire {
  id: number;
  nsg: { pe: number; sc: [number, number] }[];
}

async function json(response: Response): Promise<{ dm_error: number; data: any }> {
  return (await response.json()) as { dm_error: number; data: any };
}

async function matches(origin: string, status: 'live' | 'upcoming'): Promise<MatchWire[]> {
  return (await json(await fetch(`${origin}/api/piranha/v1/match/list/get?status=${status}&page_limit=50`))).data.records as MatchWire[];
}

async function matchesByIds(origin: string, ids: number[]): Promise<MatchWire[]> {
  const response = await fetch(`${origin}/api/piranha/v1/match/list/get_by_ids`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ match_ids: ids }),
  });
  return (await json(response)).data.records as MatchWire[];
}

async function results(origin: string): Promise<ResultWire[]> {
  return (await json(await fetch(`${origin}/api/piranha/v1/match/result/list?page_limit=50`))).data.records as ResultWire[];
}

/** The first open market of a match with an option priced above 1, as the slip would send it. */
function openOptionOf(match: MatchWire) {
  for (const group of match.mg) {
    for (const market of group.mks) {
      const option = market.op?.find((candidate) => candidate.od > 1);
      if (market.ss === 1 && option) return { matchId: match.id, marketId: market.id, optionType: option.ty, odds: option.od };
    }
  }
  return undefined;
}

async function singlePlace(origin: string, player: { uid: number; sid: string }, option: NonNullable<ReturnType<typeof openOptionOf>>, key: string) {
  const response = await fetch(`${origin}/api/piranha/fb/proxy/v1/order/bet/singlePass?uid=${player.uid}&sid=${encodeURIComponent(player.sid)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ singleBetList: [{ unitStake: 10_00, oddsChange: 2, betOptionList: [option] }] }),
  });
  return json(response);
}

/** Waits (up to `timeoutMs`) until `found` answers something. */
async function until<T>(what: string, timeoutMs: number, found: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await found();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(250);
  }
}

let testDatabase: TestDatabase | undefined;
let dataDir: string | undefined;
let env: Record<string, string>;
const running: Running[] = [];

/** The database the server uses, opened by the test itself (PGlite only while no server holds the folder). */
async function databaseOfTest(): Promise<Database> {
  if (testDatabase) return databaseOpen({ databaseUrl: testDatabase.url, poolMax: 2 });
  return databaseOpen({ dataDir: join(dataDir!, 'pglite') });
}

beforeAll(async () => {
  const feed = { FEED_SEED: '17', FEED_SPEED: String(SPEED), BET_LIVE_DELAY_MS: '0' };
  if (process.env.TEST_DATABASE_URL) {
    testDatabase = await testDatabaseCreate();
    env = { ...feed, DATABASE_URL: testDatabase.url! };
  } else {
    dataDir = await mkdtemp(join(tmpdir(), 'piranha-feed-durability-'));
    env = { ...feed, DATABASE_URL: '', DATA_DIR: dataDir };
  }
});

afterAll(async () => {
  for (const server of running) await serverStop(server, 'SIGKILL');
  await testDatabase?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the sports feed under a kill -9', () => {
  it('resumes the live clock, keeps the finished match finished and refusing bets, and settles a bet whose match ended while down', async () => {
    const setup = await databaseOfTest();
    let player: { uid: number; sid: string };
    try {
      const session = await sessionIssueForNewVisitor(setup.db, 'piranha', new Date());
      // A Brazilian brand's law asks a loss limit of every player before they play (decision 057).
      await mandatoryLimitSeed(setup.db, session.uid, 'piranha', new Date());
      await transaction(setup.db, (tx) =>
        ledgerTransfer(tx, {
          kind: 'deposit',
          externalRef: `feed-durability-${session.uid}`,
          lines: [
            { account: { house: 'payment_clearing', currency: 'BRL' }, amountMinor: -FUNDING_MINOR },
            { account: { userId: session.uid, currency: 'BRL' }, amountMinor: FUNDING_MINOR },
          ],
        }),
      );
      player = { uid: session.uid, sid: session.sid };
    } finally {
      await setup.close();
    }

    const spawnedAt = Date.now();
    const first = await serverStart(env);
    running.push(first);
    // The feed's simulated time started when the server built its app, before /healthz answered: at wall time w it
    // is at least SPEED × w − (SPEED − 1) × healthyAt, across restarts too (it resumes on the same time line).
    const healthyAt = Date.now();
    const simulatedAtLeast = (wallMs: number) => SPEED * wallMs - (SPEED - 1) * healthyAt;
    const simulatedAtMost = (wallMs: number) => SPEED * wallMs - (SPEED - 1) * spawnedAt;
    expect(healthyAt).toBeGreaterThanOrEqual(spawnedAt);

    // The bet: the match that will be over soonest (its start plus its sport's longest length).
    const endBound = (match: MatchWire) => match.bt + lengthMinutesMax(match.sid) * minuteMs;
    // Starting a few simulated minutes from now at the earliest: placement refuses a pre-match market whose start has
    // passed, even before the feed's next tick says the match is live.
    const soonest = (await matches(first.origin, 'upcoming'))
      .filter((match) => openOptionOf(match) && match.bt > simulatedAtMost(Date.now()) + 10 * minuteMs)
      .sort((left, right) => endBound(left) - endBound(right))[0]!;
    const placed = await singlePlace(first.origin, player, openOptionOf(soonest)!, 'feed-durability-bet');
    expect(placed.dm_error).toBe(0);
    const betId = Number(placed.data[0].id);

    // A match that finishes, with a market recorded while it was still open.
    const options = new Map((await matches(first.origin, 'live')).map((match) => [match.id, openOptionOf(match)]));
    const finished = await until('a match with a result', 120_000, async () =>
      (await results(first.origin)).find((result) => options.get(result.id) !== undefined),
    );
    // Mid-match: the soccer match that kicked off last is live, its clock running.
    const watched = (await matches(first.origin, 'live')).filter((match) => match.sid === 1).sort((left, right) => right.bt - left.bt)[0]!;
    first.child.kill('SIGKILL');
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await serverStart(env);
    running.push(second);
    // The watched match goes on from where it was: its clock later, never rewound, its goals kept.
    const [watchedAfter] = await matchesByIds(second.origin, [watched.id]);
    expect(watchedAfter!.ms, `match ${watched.id} after the restart`).toBe(MATCH_STATUS.live);
    expect(clockOrder(watchedAfter!), JSON.stringify({ before: watched.mc, after: watchedAfter!.mc })).toBeGreaterThan(clockOrder(watched));
    expect(goals(watchedAfter!)).toBeGreaterThanOrEqual(goals(watched));
    // The finished match is still finished with the same result, and its once-open market takes no bet.
    const [finishedAfter] = await matchesByIds(second.origin, [finished.id]);
    expect(finishedAfter?.ms ?? MATCH_STATUS.ended).toBe(MATCH_STATUS.ended);
    expect((await results(second.origin)).find((result) => result.id === finished.id)?.nsg).toEqual(finished.nsg);
    const refused = await singlePlace(second.origin, player, options.get(finished.id)!, 'feed-durability-finished');
    expect(refused.dm_error).toBe(ERRORS.MARKET_CLOSED.code);

    // Killed again, and down until the bet's match is over in simulated time (which runs on while the server is away).
    second.child.kill('SIGKILL');
    await second.exited;
    const overAt = Math.ceil((endBound(soonest) + (SPEED - 1) * healthyAt) / SPEED);
    expect(simulatedAtLeast(overAt + 1)).toBeGreaterThan(endBound(soonest));
    await delay(Math.max(0, overAt + 1 - Date.now()));
    const third = await serverStart(env);
    running.push(third);
    // The bet on the match that ended while the server was down settles without any further feed change.
    await until('the bet to settle', 60_000, async () => {
      const page = await json(
        await fetch(`${third.origin}/api/piranha/fb/proxy/v1/order/bet/list?uid=${player.uid}&sid=${encodeURIComponent(player.sid)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ isSettled: true, range: 'today', size: 50 }),
        }),
      );
      return (page.data.records as { id: string }[]).some((record) => Number(record.id) === betId) ? true : undefined;
    });
    await serverStop(third, 'SIGTERM');

    const check = await databaseOfTest();
    try {
      const [bet] = await rowsOf<{ status: number }>(check.db, sql`select status from bets where id = ${betId}`);
      expect(bet!.status).toBe(5);
      expect(await ledgerAudit(check.db)).toEqual({ walletDrift: [], unbalancedTransfers: [], thinTransfers: [] });
    } finally {
      await check.close();
    }
  }, 300_000);
});

/**
 * The longest a match of the sport can last, in simulated minutes: the slot the fixture generator keeps its teams
 * busy for (`matchSlotMinutes`), above anything the simulator plays.
 */
function lengthMinutesMax(sportId: number): number {
  const minutes: Record<number, number> = { 1: 150, 3: 120, 5: 270, 13: 150, 15: 60 };
  const max = minutes[sportId];
  if (max === undefined) throw new Error(`unknown sport ${sportId}`);
  return max;
}

/** Where a soccer clock stands: periods in order (1002 first half, 1003 the break, 1004 second half), then seconds. */
function clockOrder(match: MatchWire): number {
  return match.mc.pe * 100_000 + match.mc.s;
}

function goals(match: MatchWire): number {
  const total = match.nsg.find((group) => group.pe === 1001)?.sc ?? [0, 0];
  return total[0] + total[1];
}
