import type { MarketGroup, Match, MatchOdds } from '@piranha/contract';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { sportsKeys } from './api/sports-api.ts';
import { marketGroupsMerge, matchesRemove, oddsDeltaApply, oddsReceivedAtOf, type OddsChanged } from './odds-delta.ts';

/** A 1X2 group of one market at the given odds (open), as the server's wire writes it. */
function group(matchId: number, odds: [number, number, number], mty = 1005, pe = 1001): MarketGroup {
  return {
    mty,
    pe,
    nm: '1X2',
    mks: [
      {
        id: matchId * 100_000 + mty * 10 + (pe % 10),
        ss: 1,
        au: 1,
        li: '',
        op: odds.map((od, index) => ({ ty: index + 1, od, nm: String(index + 1), na: String(index + 1), li: '' })),
      },
    ],
  } as MarketGroup;
}

function odds(id: number, home: number, score: [number, number] = [0, 0]): MatchOdds {
  return {
    id,
    ms: 5,
    mc: { s: 600, r: true, tp: 1, pe: 1002, itd: 0 },
    nsg: [{ pe: 1001, tyg: 5, sc: score }],
    tms: 1,
    incr_cursor: 10,
    mg: [group(id, [home, 3.1, 4.2])],
  } as MatchOdds;
}

function match(id: number, home: number): Match {
  return {
    ...odds(id, home),
    sid: 1,
    ty: 2,
    nm: `Home ${id} vs Away ${id}`,
    ts: [],
    bt: 0,
    is_hot: 0,
    lg: { id: 1, na: 'League' },
  } as unknown as Match;
}

function delta(from: number, to: number, matches: MatchOdds[]): OddsChanged {
  return { type: 'odds_changed', from, to, matches, removed: [] };
}

function cacheWith() {
  const queryClient = new QueryClient();
  const list: InfiniteData<{ records: Match[]; cursor: number; has_more: 0 | 1 }> = {
    pages: [
      { records: [match(1, 1.5), match(2, 2.5)], cursor: 2, has_more: 1 },
      { records: [match(3, 3.5)], cursor: 3, has_more: 0 },
    ],
    pageParams: [undefined, 2],
  };
  queryClient.setQueryData(sportsKeys.list('Live', undefined, 'en-US'), list);
  queryClient.setQueryData(sportsKeys.odds([1, 2, 3], false), { records: [odds(1, 1.5), odds(2, 2.5), odds(3, 3.5)] });
  const detail = { ...match(2, 2.5), mg: [group(2, [2.5, 3.1, 4.2]), group(2, [1.9, 1.9, 0], 1007)] };
  queryClient.setQueryData(sportsKeys.detail(2, 'en-US'), detail);
  queryClient.setQueryData(sportsKeys.odds([2], true), { records: [{ ...odds(2, 2.5), mg: detail.mg }] });
  return { queryClient, list, detail };
}

describe('an odds delta written into the sports cache (decision 075)', () => {
  it('gives new objects to the changed matches only: every other card keeps its data', () => {
    const { queryClient, list } = cacheWith();
    const latestBefore = queryClient.getQueryData<{ records: MatchOdds[] }>(sportsKeys.odds([1, 2, 3], false))!;
    const pushed = odds(2, 2.2, [1, 0]);

    expect(oddsDeltaApply(queryClient, delta(100, 101, [pushed]), 100, 5_000)).toEqual({ gap: false });

    const latest = queryClient.getQueryData<{ records: MatchOdds[] }>(sportsKeys.odds([1, 2, 3], false))!;
    expect(latest.records[0]).toBe(latestBefore.records[0]);
    expect(latest.records[2]).toBe(latestBefore.records[2]);
    expect(latest.records[1]).toEqual(pushed);
    // The pushed record's clock ticks on from its own arrival.
    expect(oddsReceivedAtOf(latest.records[1])).toBe(5_000);

    const pages = queryClient.getQueryData<typeof list>(sportsKeys.list('Live', undefined, 'en-US'))!;
    expect(pages.pages[1]).toBe(list.pages[1]);
    expect(pages.pages[0]!.records[0]).toBe(list.pages[0]!.records[0]);
    const changed = pages.pages[0]!.records[1]!;
    expect(changed).not.toBe(list.pages[0]!.records[1]);
    expect(changed.nsg).toEqual(pushed.nsg);
    expect(changed.mg).toEqual(pushed.mg);
    // What the delta does not carry stays as listed.
    expect(changed.nm).toBe('Home 2 vs Away 2');
    expect(changed.incr_cursor).toBe(10);
  });

  it('swaps the pushed markets into a detail copy by id and keeps its other markets', () => {
    const { queryClient, detail } = cacheWith();
    oddsDeltaApply(queryClient, delta(100, 101, [odds(2, 2.2, [1, 0])]), 100, 5_000);
    const after = queryClient.getQueryData<Match>(sportsKeys.detail(2, 'en-US'))!;
    expect(after.mg[0]!.mks[0]!.op![0]!.od).toBe(2.2);
    expect(after.mg[1]).toBe(detail.mg[1]);
    expect(after.nsg[0]!.sc).toEqual([1, 0]);
    const detailOdds = queryClient.getQueryData<{ records: MatchOdds[] }>(sportsKeys.odds([2], true))!;
    expect(detailOdds.records[0]!.mg).toHaveLength(2);
    expect(detailOdds.records[0]!.mg[0]!.mks[0]!.op![0]!.od).toBe(2.2);
  });

  it('writes nothing for matches no entry holds', () => {
    const { queryClient } = cacheWith();
    const before = queryClient.getQueriesData({ queryKey: ['sports'] });
    oddsDeltaApply(queryClient, delta(100, 101, [odds(99, 1.1)]), 100, 5_000);
    const after = queryClient.getQueriesData({ queryKey: ['sports'] });
    after.forEach(([, data], index) => expect(data).toBe(before[index]![1]));
  });

  it('asks for a refetch when a delta does not follow on from the last one', () => {
    const { queryClient } = cacheWith();
    expect(oddsDeltaApply(queryClient, delta(100, 101, []), undefined, 0).gap).toBe(true);
    expect(oddsDeltaApply(queryClient, delta(100, 101, []), 99, 0).gap).toBe(true);
    expect(oddsDeltaApply(queryClient, delta(-1, 101, []), 100, 0).gap).toBe(true);
    expect(oddsDeltaApply(queryClient, delta(101, 102, []), 101, 0).gap).toBe(false);
  });

  it('keeps a market group untouched when none of its markets is pushed', () => {
    const held = [group(5, [1.5, 3, 4]), group(5, [2, 2, 0], 1007)];
    const merged = marketGroupsMerge(held, [group(5, [1.6, 3, 4])]);
    expect(merged[1]).toBe(held[1]);
    expect(merged[0]!.mks[0]!.op![0]!.od).toBe(1.6);
  });
});

describe('matches that left the feed', () => {
  it('leave every list held, pushed or polled, and the other pages keep their data', () => {
    const { queryClient, list, detail } = cacheWith();
    const withRemoval: OddsChanged = { ...delta(100, 101, []), removed: [3] };

    oddsDeltaApply(queryClient, withRemoval, 100, 5_000);

    const pages = queryClient.getQueryData<typeof list>(sportsKeys.list('Live', undefined, 'en-US'))!;
    expect(pages.pages[0]).toBe(list.pages[0]);
    expect(pages.pages[1]!.records).toEqual([]);
    // The detail page keeps its match: its own poll says how it ended.
    expect(queryClient.getQueryData(sportsKeys.detail(2, 'en-US'))).toBe(detail);
  });

  it('writes nothing when no list holds a removed match', () => {
    const { queryClient } = cacheWith();
    const before = queryClient.getQueriesData({ queryKey: ['sports'] });
    matchesRemove(queryClient, [99]);
    const after = queryClient.getQueriesData({ queryKey: ['sports'] });
    after.forEach(([, data], index) => expect(data).toBe(before[index]![1]));
  });
});
