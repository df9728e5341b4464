import { marketIdOf, marketIdParse, marketMarginsDefault, marketOptionSettle } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import { feedSimulatorCreate } from '../src/providers/feed/feed-simulator.ts';
import type { SportsFeed } from '../src/providers/feed/sports-feed.ts';
import { sportsStateCreate } from '../src/modules/sports/sports-state.ts';
import { sportsOptionSettle, sportsQuoteGet } from '../src/modules/sports/sports.service.ts';

/** The quote and settlement functions the betting module reads, on a seeded feed moved by hand. */

const startMs = Date.UTC(2026, 2, 2, 12, 0);

function setup() {
  const feed = feedSimulatorCreate({ seed: 21, speedFactor: 1, startMs });
  const state = sportsStateCreate(feed, marketMarginsDefault);
  return { feed, state };
}

describe('sportsQuoteGet', () => {
  it('quotes an upcoming 1X2 option at the odds the lists show, open and not live', () => {
    const { state } = setup();
    const entry = state.entries().find((candidate) => candidate.match.status === 'notStarted' && candidate.match.sportId === 1)!;
    const marketId = marketIdOf({ matchId: entry.match.id, type: 1005, period: 1001, line: undefined });
    const quote = sportsQuoteGet(state, { matchId: entry.match.id, marketId, optionType: 1 })!;
    expect(quote).toMatchObject({ status: 'open', live: false, type: 1005, period: 1001, line: undefined });
    const card = JSON.parse(state.cardJson(entry)) as { mg: { mty: number; mks: { id: number; op: { ty: number; od: number }[] }[] }[] };
    const wire = card.mg.find((group) => group.mty === 1005)!.mks[0]!;
    expect(wire.id).toBe(marketId);
    expect(wire.op.find((option) => option.ty === 1)!.od * 1000).toBeCloseTo(quote.odds!, 6);
    expect(sportsQuoteGet(state, { matchId: entry.match.id, marketId, optionType: 77 })).toBeUndefined();
    expect(sportsQuoteGet(state, { matchId: entry.match.id + 1, marketId, optionType: 1 })).toBeUndefined();
  });

  it('answers suspended with the locked price during a suspension, re-priced after it, and closed at the end', () => {
    const { feed, state } = setup();
    let nowMs = startMs;
    let seen: { matchId: number; marketId: number; locked: number } | undefined;
    for (let step = 0; step < 3600 && !seen; step++) {
      nowMs += 1000;
      feed.tick(nowMs);
      // A match whose 1X2 is still offered: a near-decided one is pulled (closed) whatever the suspension.
      const entry = state
        .entries()
        .find(
          (candidate) =>
            candidate.match.sportId === 1 &&
            candidate.match.status === 'live' &&
            candidate.match.marketsSuspended &&
            state.bookOf(candidate).some((market) => market.type === 1005 && market.period === 1001 && market.open),
        );
      if (!entry) continue;
      const marketId = marketIdOf({ matchId: entry.match.id, type: 1005, period: 1001, line: undefined });
      const quote = sportsQuoteGet(state, { matchId: entry.match.id, marketId, optionType: 1 })!;
      expect(quote.status).toBe('suspended');
      expect(quote.live).toBe(true);
      seen = { matchId: entry.match.id, marketId, locked: quote.odds! };
    }
    expect(seen).toBeDefined();
    // A second later (this seed's suspension lasts longer): still locked at the same price.
    nowMs += 1000;
    feed.tick(nowMs);
    const during = sportsQuoteGet(state, { matchId: seen!.matchId, marketId: seen!.marketId, optionType: 1 })!;
    expect(during).toMatchObject({ status: 'suspended', odds: seen!.locked });
    // Play on to the end: the market closes and the option settles from the result.
    for (let step = 0; step < 200 && state.entry(seen!.matchId)?.match.status !== 'ended'; step++) {
      nowMs += 60_000;
      feed.tick(nowMs);
    }
    const closed = sportsQuoteGet(state, { matchId: seen!.matchId, marketId: seen!.marketId, optionType: 1 })!;
    expect(closed).toMatchObject({ status: 'closed', odds: undefined });
    const result = feed.results().find((candidate) => candidate.matchId === seen!.matchId)!;
    const expected = result.score.home > result.score.away ? 'won' : 'lost';
    expect(sportsOptionSettle(state, { marketId: seen!.marketId, optionType: 1 })).toBe(expected);
  });
});

describe('pulled markets', () => {
  it('never shows a price above 101.00: a near-decided market goes out closed (id and ss −1) and quotes closed', () => {
    const { feed, state } = setup();
    let nowMs = startMs;
    let pulled: { matchId: number; marketId: number } | undefined;
    for (let step = 0; step < 240; step++) {
      nowMs += 30_000;
      feed.tick(nowMs);
      for (const entry of state.entries()) {
        if (entry.match.status !== 'live') continue;
        const detail = JSON.parse(state.detailJson(entry)) as { mg: { mks: { id: number; ss: number; op?: { od: number }[] }[] }[] };
        for (const market of detail.mg.flatMap((group) => group.mks)) {
          for (const option of market.op ?? []) expect(Math.abs(option.od)).toBeLessThanOrEqual(101);
          if (market.ss === -1) {
            expect(market).toStrictEqual({ id: market.id, ss: -1 });
            pulled ??= { matchId: entry.match.id, marketId: market.id };
          }
        }
      }
      if (pulled) break;
    }
    expect(pulled).toBeDefined();
    const option = marketIdParse(pulled!.marketId)!.type === 1099 ? 101 : 1;
    expect(sportsQuoteGet(state, { ...pulled!, optionType: option })).toMatchObject({ status: 'closed', odds: undefined });
  });
});

describe('sportsOptionSettle', () => {
  it('is unsettled before the end, settles handicap sides with opposite lines, and refuses ids that are not markets', () => {
    const { feed, state } = setup();
    const entry = state.entries().find((candidate) => candidate.match.status === 'live' && candidate.match.sportId === 1)!;
    const marketId = marketIdOf({ matchId: entry.match.id, type: 1000, period: 1001, line: -0.25 });
    expect(sportsOptionSettle(state, { marketId, optionType: 1 })).toBe('unsettled');
    feed.tick(startMs + 3 * 60 * 60_000);
    const result = feed.results().find((candidate) => candidate.matchId === entry.match.id)!;
    const scores = { score: result.score, periodScores: result.periodScores };
    expect(sportsOptionSettle(state, { marketId, optionType: 1 })).toBe(marketOptionSettle({ type: 1000, period: 1001, selection: 1, line: -0.25 }, scores));
    expect(sportsOptionSettle(state, { marketId, optionType: 2 })).toBe(marketOptionSettle({ type: 1000, period: 1001, selection: 2, line: 0.25 }, scores));
    expect(sportsOptionSettle(state, { marketId: 42, optionType: 1 })).toBeUndefined();
  });
});

describe('in-play pricing', () => {
  it('re-prices a live soccer match as the minutes pass and keeps prices valid', () => {
    const { feed, state } = setup();
    // The live soccer match that kicked off last: still playing ten minutes on.
    const entry = state
      .entries()
      .filter((candidate) => candidate.match.status === 'live' && candidate.match.sportId === 1)
      .at(-1)!;
    const before = state.bookOf(entry).find((market) => market.type === 1005 && market.period === 1001)!;
    feed.tick(startMs + 10 * 60_000);
    const current = state.entry(entry.match.id)!;
    expect(current.match.status).toBe('live');
    const after = state.bookOf(current).find((market) => market.type === 1005 && market.period === 1001)!;
    expect(after.options.map((option) => option.odds)).not.toEqual(before.options.map((option) => option.odds));
    expect(after.options.reduce((sum, option) => sum + option.probability, 0)).toBeCloseTo(1, 9);
  });
});

describe('a match whose pricing fails', () => {
  it('is reported and shown without markets while every other match keeps its prices', () => {
    const { feed } = setup();
    const good = feed.snapshot().matches.find((match) => match.sportId === 3)!;
    if (good.model.sport !== 'basketball') throw new Error('expected a basketball model');
    // Ratings no model can price: the away side would score fewer than zero points.
    const broken = { ...good, id: 999_001, model: { ...good.model, away: { offencePoints: -500, defencePoints: 0 } } };
    const snapshot = { version: 1, matches: [good, broken] };
    const fixed: SportsFeed = {
      snapshot: () => snapshot,
      match: () => undefined,
      results: () => [],
      result: () => undefined,
      clockMs: (wallNowMs) => wallNowMs,
      persisted: () => Promise.resolve(),
      resultCorrect: () => ({ ok: false, code: 'RESULT_NOT_FOUND' }),
      subscribe: () => () => {},
      tick: () => {},
    };
    const errors: number[] = [];
    const state = sportsStateCreate(fixed, marketMarginsDefault, (_error, matchId) => errors.push(matchId));
    expect(state.bookOf(state.entry(good.id)!).length).toBeGreaterThan(0);
    expect(state.bookOf(state.entry(broken.id)!)).toEqual([]);
    expect(errors).toEqual([999_001]);
    expect(JSON.parse(state.cardJson(state.entry(broken.id)!))).toMatchObject({ id: 999_001, mg: [], tms: 0 });
  });
});
