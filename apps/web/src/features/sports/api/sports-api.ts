import {
  homeTabList,
  leagueList,
  matchGetDetail,
  matchGetList,
  matchListGet,
  matchListGetByIds,
  matchListGetNew,
  matchOddsLatest,
  matchResultList,
  matchSearch,
  type HomeTabKey,
  type Match,
  type MatchOdds,
  type SportIdWire,
  type SportKeyWire,
} from '@piranha/contract';
import { TIMERS } from '@piranha/domain';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../shared/api/api.ts';
import type { MatchFilter } from '../../../shared/paths/match-filter.ts';
import { matchListHasMore, matchListMerge, matchListPageParams, oddsRecordsNewest } from '../match-list.ts';
import { matchesRemove, oddsReceivedAtMark } from '../odds-delta.ts';
import { pollEveryUnlessOddsPushed } from '../odds-push.ts';

export const sportsKeys = {
  all: ['sports'] as const,
  tabs: (language: string) => ['sports', 'tabs', language] as const,
  list: (tab: HomeTabKey, sub: string | undefined, language: string) => ['sports', 'list', tab, sub ?? '', language] as const,
  league: (leagueId: number, language: string) => ['sports', 'league', leagueId, language] as const,
  filtered: (by: MatchFilter['by'], id: number) => ['sports', 'filtered', by, id] as const,
  detail: (matchId: number, language: string) => ['sports', 'detail', matchId, language] as const,
  odds: (ids: readonly number[], detail: boolean) => ['sports', 'odds', detail ? 1 : 0, ids.join(',')] as const,
  byIds: (ids: readonly number[]) => ['sports', 'by-ids', ids.join(',')] as const,
  search: (keyword: string) => ['sports', 'search', keyword] as const,
  leagues: () => ['sports', 'leagues'] as const,
  results: (sportId: number | undefined) => ['sports', 'results', sportId ?? 0] as const,
};

export function useHomeTabsQuery(language: string) {
  return useQuery({ queryKey: sportsKeys.tabs(language), queryFn: () => api.call(homeTabList), staleTime: 60_000 });
}

export interface MatchListSelection {
  tab: HomeTabKey;
  /** A sport key under a type-1 tab, or a league id (as text) under a type-2 tab. */
  sub: string | undefined;
  subType: 1 | 2;
}

/** A home tab's list, paged by infinite scroll: first 5, then 10 a page, merged by id, stopped at 50 (spec §4, §9). */
export function useMatchListQuery(selection: MatchListSelection, language: string, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: sportsKeys.list(selection.tab, selection.sub, language),
    enabled,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.call(matchGetList, {
        signal,
        body: {
          tab_key: selection.tab,
          ...(selection.sub === undefined ? {} : selection.subType === 1 ? { sport_key: selection.sub as SportKeyWire } : { league_id: Number(selection.sub) }),
          ...matchListPageParams(pageParam),
          lca_lang: language,
        },
      }),
    getNextPageParam: (last, pages) =>
      matchListHasMore(
        last.has_more,
        pages.reduce((sum, page) => sum + page.records.length, 0),
      )
        ? last.cursor
        : undefined,
    staleTime: TIMERS.matchListPollMs,
  });
  const records = query.data ? matchListMerge(query.data.pages.map((page) => page.records)) : [];
  return { ...query, records };
}

/** A league's live and upcoming matches (the /league page and favourite leagues), paged the same way. */
export function useLeagueMatchesQuery(leagueId: number, language: string) {
  const query = useInfiniteQuery({
    queryKey: sportsKeys.league(leagueId, language),
    enabled: leagueId > 0,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) => {
      const { cursor, size, page_limit } = matchListPageParams(pageParam);
      return api.call(matchListGet, { signal, query: { league_id: leagueId, cursor, page_limit: size ?? page_limit } });
    },
    getNextPageParam: (last, pages) =>
      matchListHasMore(
        last.has_more,
        pages.reduce((sum, page) => sum + page.records.length, 0),
      )
        ? last.cursor
        : undefined,
    staleTime: TIMERS.matchListPollMs,
  });
  const records = query.data ? matchListMerge(query.data.pages.map((page) => page.records)) : [];
  return { ...query, records };
}

/**
 * The live and upcoming matches of one team, league or sport (the A–Z filter's match page), from list/get,
 * paged like the home lists: first 5, then 10 a page, merged by id, stopped at 50.
 */
export function useFilteredMatchesQuery(filter: MatchFilter | undefined) {
  const by = filter?.by ?? 'team';
  const id = filter?.id ?? 0;
  const query = useInfiniteQuery({
    queryKey: sportsKeys.filtered(by, id),
    enabled: id > 0,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) => {
      const { cursor, size, page_limit } = matchListPageParams(pageParam);
      const chosen = by === 'team' ? { team_id: id } : by === 'league' ? { league_id: id } : { sport_id: id as SportIdWire };
      return api.call(matchListGet, { signal, query: { ...chosen, cursor, page_limit: size ?? page_limit } });
    },
    getNextPageParam: (last, pages) =>
      matchListHasMore(
        last.has_more,
        pages.reduce((sum, page) => sum + page.records.length, 0),
      )
        ? last.cursor
        : undefined,
    staleTime: TIMERS.matchListPollMs,
  });
  const records = query.data ? matchListMerge(query.data.pages.map((page) => page.records)) : [];
  return { ...query, records };
}

/**
 * The incremental list (spec §4: every 5 s while the list is on screen): matches changed since the newest
 * `incr_cursor` held, to patch into the listed ones; matches gone from the feed leave the lists held. `reset` asks
 * the caller to reload.
 */
export function useMatchChanges(records: readonly Match[], active: boolean, onReset: () => void): ReadonlyMap<number, Match> {
  const queryClient = useQueryClient();
  const [changes, setChanges] = useState<ReadonlyMap<number, Match>>(new Map());
  const newest = records.reduce((max, match) => Math.max(max, match.incr_cursor), 0);
  useEffect(() => {
    if (!active || newest === 0) return;
    let cursor = newest;
    const controller = new AbortController();
    const timer = setInterval(() => {
      api
        .call(matchListGetNew, { query: { cursor }, signal: controller.signal })
        .then((answer) => {
          if (answer.reset) return onReset();
          cursor = answer.incr_cursor;
          matchesRemove(queryClient, answer.removed_ids);
          if (answer.records.length === 0) return;
          setChanges((previous) => {
            const next = new Map(previous);
            for (const match of answer.records) next.set(match.id, match);
            return next;
          });
        })
        .catch(() => undefined);
    }, TIMERS.matchListPollMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [active, newest, onReset, queryClient]);
  return changes;
}

/**
 * Latest odds, clock and score of the matches on screen, every 2 s (spec §4); nothing polls while none is visible.
 * While an odds socket is open the pushed deltas keep a list's entry current and its poll slows to the safety net
 * (decision 075); a match page's (`detail`) keeps polling. Each record is marked with its arrival: a card's clock ticks on from its own record's time.
 */
export function useLatestOddsQuery(ids: readonly number[], detail = false) {
  const queryClient = useQueryClient();
  const sorted = [...ids].sort((a, b) => a - b).slice(0, 50);
  const queryKey = sportsKeys.odds(sorted, detail);
  return useQuery({
    queryKey,
    enabled: sorted.length > 0,
    queryFn: async ({ signal }) => {
      const answer = await api.call(matchOddsLatest, { signal, query: { match_ids: sorted.join(','), detail: detail ? 1 : 0 } });
      const held = queryClient.getQueryData<typeof answer>(queryKey)?.records;
      const records = oddsRecordsNewest(answer.records, held);
      // A match kept as held keeps the time its copy arrived: its clock ticks on from there.
      oddsReceivedAtMark(
        answer.records.filter((record, index) => records[index] === record),
        Date.now(),
      );
      return records === answer.records ? answer : { ...answer, records: [...records] };
    },
    // A delta carries the main groups a card shows; a match page's other markets (totals, handicaps, …) have only
    // this poll, so it keeps its 2 s pace with the socket open.
    refetchInterval: detail ? TIMERS.latestOddsPollMs : pollEveryUnlessOddsPushed(TIMERS.latestOddsPollMs),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Latest odds as a lookup by match id, with the time they arrived (for clocks ticking locally between polls). */
export function oddsById(records: readonly MatchOdds[] | undefined): ReadonlyMap<number, MatchOdds> {
  return new Map((records ?? []).map((record) => [record.id, record]));
}

export function useMatchDetailQuery(matchId: number, language: string) {
  return useQuery({
    queryKey: sportsKeys.detail(matchId, language),
    enabled: matchId > 0,
    queryFn: ({ signal }) => api.call(matchGetDetail, { signal, body: { match_id: matchId, lca_lang: language } }),
    staleTime: TIMERS.matchListPollMs,
  });
}

export function useMatchesByIdsQuery(ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b).slice(0, 50);
  return useQuery({
    queryKey: sportsKeys.byIds(sorted),
    enabled: sorted.length > 0,
    queryFn: ({ signal }) => api.call(matchListGetByIds, { signal, body: { match_ids: sorted } }),
    staleTime: TIMERS.matchListPollMs,
  });
}

export function useSearchQuery(keyword: string) {
  const trimmed = keyword.trim().slice(0, 50);
  return useQuery({
    queryKey: sportsKeys.search(trimmed),
    enabled: trimmed.length > 0,
    queryFn: ({ signal }) => api.call(matchSearch, { signal, query: { keyword: trimmed } }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useLeagueListQuery() {
  return useQuery({ queryKey: sportsKeys.leagues(), queryFn: ({ signal }) => api.call(leagueList, { signal }), staleTime: 60_000 });
}

export function useResultsQuery(sportId: number | undefined) {
  return useInfiniteQuery({
    queryKey: sportsKeys.results(sportId),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.call(matchResultList, { signal, query: { sport_id: sportId as 1 | 3 | 5 | 13 | 15 | undefined, cursor: pageParam, page_limit: 10 } }),
    getNextPageParam: (last) => (last.has_more ? last.cursor : undefined),
    staleTime: 30_000,
  });
}
