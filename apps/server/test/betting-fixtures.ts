import { marketIdOf } from '@piranha/domain';
import type { Db } from '../src/db/client.ts';
import { bets } from '../src/db/schema/index.ts';
import { resultCorrected } from '../src/providers/feed/result-correction.ts';
import type { FeedMatch, FeedSnapshot, MatchResult, ResultCorrection, ResultCorrectionOutcome, SportsFeed } from '../src/providers/feed/sports-feed.ts';
import type { BettingDeps } from '../src/modules/betting/betting-deps.ts';
import type { SportsState } from '../src/modules/sports/sports-state.ts';
import { sportsQuoteGet } from '../src/modules/sports/sports.service.ts';
import { envelopeOf, signedIn, type TestApp, type TestResponse } from './harness.ts';
import { idempotencyKey } from './payments-fixtures.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';

/**
 * A sports feed the test writes by hand: soccer matches whose status, score and suspension it sets, and results it
 * publishes. Each change is a new snapshot, as the simulator's are, so the sports state re-prices as it would live.
 */
export interface ManualFeed extends SportsFeed {
  /** Adds a soccer match, upcoming an hour after the start unless told otherwise; its teams are its own unless named. */
  matchAdd(options?: { live?: boolean; startsAtMs?: number; homeTeamId?: number; awayTeamId?: number }): FeedMatch;
  matchSet(matchId: number, patch: Partial<Pick<FeedMatch, 'status' | 'score' | 'marketsSuspended' | 'clock'>>): void;
  /** Ends the match with this score and publishes its result. */
  matchEnd(matchId: number, score: { home: number; away: number }, firstHalf?: { home: number; away: number }): void;
  /**
   * Publishes the next revision of a finished match's result with this score (halves as in `matchEnd`), through the
   * same `resultCorrect` the operator endpoint calls; `revision` repeats or skips one on purpose.
   */
  matchCorrect(
    matchId: number,
    score: { home: number; away: number },
    options?: { firstHalf?: { home: number; away: number }; revision?: number },
  ): ResultCorrectionOutcome;
  /** Publishes the match's current result again as a new object with the same revision, as a provider repeating a message. */
  resultRepublish(matchId: number): void;
}

function halvesOf(score: { home: number; away: number }, firstHalf: { home: number; away: number }) {
  return [
    { periodCode: 1002, ...firstHalf },
    { periodCode: 1003, home: score.home - firstHalf.home, away: score.away - firstHalf.away },
  ];
}

const league = { id: 9001, sportId: 1 as const, name: 'Test League', rank: 1, regionId: 1, regionName: 'Testland', logoPath: '' };

export function feedManualCreate(startMs: number): ManualFeed {
  let version = 1;
  let nextId = 700_001;
  const matches = new Map<number, FeedMatch>();
  const results: MatchResult[] = [];
  const listeners = new Set<(snapshot: FeedSnapshot) => void>();
  const snapshot = (): FeedSnapshot => ({ version, matches: [...matches.values()] });
  const publish = () => {
    version += 1;
    const current = snapshot();
    for (const listener of listeners) listener(current);
  };
  const resultCorrect = (correction: ResultCorrection): ResultCorrectionOutcome => {
    const index = results.findIndex((result) => result.matchId === correction.matchId);
    const outcome = resultCorrected(results[index], correction);
    if (!outcome.ok || !outcome.changed) return outcome;
    results[index] = outcome.result;
    publish();
    return outcome;
  };
  return {
    snapshot,
    match: (matchId) => matches.get(matchId),
    results: () => results,
    result: (matchId) => results.find((result) => result.matchId === matchId),
    // The test's wall clock is the feed's: start times compare with it as a real provider's would.
    clockMs: (wallNowMs) => wallNowMs,
    persisted: () => Promise.resolve(),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tick: () => {},
    matchAdd: (options = {}) => {
      const id = nextId++;
      const match: FeedMatch = {
        id,
        sportId: 1,
        league,
        home: { id: options.homeTeamId ?? id * 10 + 1, name: `Home ${id}`, logoPath: '' },
        away: { id: options.awayTeamId ?? id * 10 + 2, name: `Away ${id}`, logoPath: '' },
        startsAtMs: options.startsAtMs ?? startMs + 3600_000,
        status: options.live ? 'live' : 'notStarted',
        clock: options.live
          ? { seconds: 1200, running: true, direction: 'up', periodCode: 1002, injuryMinutes: 0 }
          : { seconds: 0, running: false, direction: 'up', periodCode: 1001, injuryMinutes: 0 },
        score: { home: 0, away: 0 },
        periodScores: [],
        marketsSuspended: false,
        featured: false,
        model: { sport: 'soccer', goalsExpectedHome: 1.5, goalsExpectedAway: 1.1, rho: -0.1 },
      };
      matches.set(id, match);
      publish();
      return match;
    },
    matchSet: (matchId, patch) => {
      const match = matches.get(matchId);
      if (!match) throw new Error(`no match ${matchId}`);
      matches.set(matchId, { ...match, ...patch });
      publish();
    },
    matchEnd: (matchId, score, firstHalf = { home: 0, away: 0 }) => {
      const match = matches.get(matchId);
      if (!match) throw new Error(`no match ${matchId}`);
      const periodScores = halvesOf(score, firstHalf);
      matches.set(matchId, { ...match, status: 'ended', score, periodScores, marketsSuspended: false });
      results.push({
        matchId,
        sportId: 1,
        league,
        home: match.home,
        away: match.away,
        startsAtMs: match.startsAtMs,
        endedAtMs: match.startsAtMs + 6_000_000,
        score,
        periodScores,
        revision: 1,
      });
      publish();
    },
    resultCorrect,
    resultRepublish: (matchId) => {
      const index = results.findIndex((result) => result.matchId === matchId);
      if (index < 0) throw new Error(`no result for match ${matchId}`);
      results[index] = { ...results[index]! };
      publish();
    },
    matchCorrect(matchId, score, options = {}) {
      const current = results.find((result) => result.matchId === matchId);
      return resultCorrect({
        matchId,
        revision: options.revision ?? (current?.revision ?? 0) + 1,
        score,
        periodScores: halvesOf(score, options.firstHalf ?? { home: 0, away: 0 }),
      });
    },
  };
}

/** The 1X2 full-time market of a match and an option's current decimal odds. */
export function market1x2(state: SportsState, matchId: number, optionType: 1 | 2 | 3) {
  const marketId = marketIdOf({ matchId, type: 1005, period: 1001, line: undefined });
  const quote = sportsQuoteGet(state, { matchId, marketId, optionType });
  if (!quote?.odds) throw new Error(`no 1X2 quote for match ${matchId}`);
  return { matchId, marketId, optionType, odds: quote.odds / 1000, oddsThousandths: quote.odds };
}

export type Option = ReturnType<typeof market1x2>;

export function optionWire(option: Option, odds = option.odds) {
  return { matchId: option.matchId, marketId: option.marketId, optionType: option.optionType, odds };
}

export function singlePost(
  t: TestApp,
  session: IssuedSession,
  singles: { option: Option; stake: number; oddsChange?: 0 | 1 | 2; odds?: number }[],
  key = idempotencyKey(),
): Promise<TestResponse> {
  return t.post('/api/piranha/fb/proxy/v1/order/bet/singlePass', {
    query: signedIn(session),
    headers: { 'idempotency-key': key },
    body: {
      singleBetList: singles.map((single) => ({
        unitStake: single.stake,
        oddsChange: single.oddsChange ?? 0,
        betOptionList: [optionWire(single.option, single.odds)],
      })),
    },
  });
}

export function multiplePost(
  t: TestApp,
  session: IssuedSession,
  options: readonly Option[],
  series: { seriesValue: number; unitStake: number; oddsChange?: 0 | 1 | 2 }[],
  key = idempotencyKey(),
): Promise<TestResponse> {
  return t.post('/api/piranha/fb/proxy/v1/order/betMultiple', {
    query: signedIn(session),
    headers: { 'idempotency-key': key },
    body: {
      betMultipleData: series.map((entry) => ({ seriesValue: entry.seriesValue, unitStake: entry.unitStake, oddsChange: entry.oddsChange ?? 0 })),
      betOptionList: options.map((option) => optionWire(option)),
    },
  });
}

export async function placedOk(response: TestResponse): Promise<{ id: string; st: number; stake: number; odds: number[] }[]> {
  const envelope = envelopeOf(response);
  if (envelope.dm_error !== 0) throw new Error(`placement refused: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

export async function orderStatusOf(t: TestApp, session: IssuedSession, orderIds: string[]) {
  return envelopeOf(await t.post('/api/piranha/fb/proxy/v1/order/getStakeOrderStatus', { query: signedIn(session), body: { orderIds } })).data as {
    oid: string;
    st: number;
    rj?: number;
  }[];
}

export async function betRecords(t: TestApp, session: IssuedSession, body: Record<string, unknown> = {}) {
  return envelopeOf(await t.post('/api/piranha/fb/proxy/v1/order/bet/list', { query: signedIn(session), body })).data as {
    records: {
      id: string;
      kind: string;
      st: number;
      sr: number;
      stake: number;
      payout?: number;
      cash_out: number;
      stake_open: number;
      payout_open: number;
      payout_max: number;
      paid: number;
      cashed_out: 0 | 1;
      legs: { sr: number; od: number; rv?: number; rs?: string }[];
    }[];
    total: number;
  };
}

/**
 * A database whose `crashAt`-th transaction runs all its writes and then dies before COMMIT, as a process killed at
 * that moment would: the settlement, resettlement and bonus-contribution crash tests restart after it.
 */
export function dbCrashingBeforeCommit<D extends BettingDeps['db']>(db: D, crashAt: number): D {
  let transactions = 0;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return (work: (tx: unknown) => Promise<unknown>) => {
        transactions += 1;
        if (transactions === crashAt)
          return target.transaction(async (tx) => {
            await work(tx);
            throw new Error('killed before commit');
          });
        return target.transaction(work as never);
      };
    },
  });
}

/** The betting deps over `dbCrashingBeforeCommit`. */
export function depsCrashingBeforeCommit(deps: BettingDeps, crashAt: number): BettingDeps {
  return { ...deps, db: dbCrashingBeforeCommit(deps.db, crashAt) };
}

/**
 * A lost single settled at `at`, written straight into `bets` (turnover = the stake): what the loyalty pass counts,
 * without a match, a slip or a settlement to arrive at it.
 */
export async function lostSingleInsert(db: Db, input: { userId: number; currency: string; stakeMinor: number; at: Date }): Promise<void> {
  const { userId, currency, stakeMinor, at } = input;
  await db.insert(bets).values({
    userId,
    currency,
    kind: 'single_bet',
    seriesCode: 1,
    unitStakeMinor: stakeMinor,
    lineCount: 1,
    stakeMinor,
    stakePlacedMinor: stakeMinor,
    payoutMinorMax: stakeMinor * 2,
    payoutMinor: 0,
    status: 5,
    outcome: 3,
    oddsChange: 0,
    live: false,
    createdAt: at,
    settledAt: at,
  });
}
