import {
  HOME_TAB_LIVE_MAX,
  HOME_TAB_SPORT,
  MATCH_LIST_CAP,
  MATCH_PAGE_LIMIT,
  SPORT_ID_OF_KEY,
  SPORT_KEYS,
  type HomeTabKey,
  type LeagueWithCounts,
  type SportKeyWire,
} from '@piranha/contract';
import { marketIdParse, marketOptionSettle, selectionTypes, type LegState, type MarketIdParts, type MarketType } from '@piranha/domain';
import type { FeedLeague, MatchResult } from '../../providers/feed/sports-feed.ts';
import type { MatchEntry, SportsState } from './sports-state.ts';
import { leagueWire, matchResultWire, teamWire } from './sports-wire.ts';

/**
 * Queries over the in-memory sports state. Each answers the `data` of an endpoint as a JSON string built from the
 * entries' cached JSON; the routes cache these per feed version. Also the quote and settlement functions the
 * betting module reads (see README).
 */

export interface Page {
  readonly cursor: number;
  readonly limit: number;
  /** At most this many records in the whole list (spec §9: 50 for a tab). */
  readonly cap?: number;
}

function pageOf<T>(items: readonly T[], page: Page): { records: T[]; cursor: number; hasMore: 0 | 1 } {
  const end = Math.min(items.length, page.cap ?? Number.POSITIVE_INFINITY);
  const records = items.slice(Math.min(page.cursor, end), Math.min(page.cursor + page.limit, end));
  const cursor = Math.min(page.cursor, end) + records.length;
  return { records, cursor, hasMore: cursor < end ? 1 : 0 };
}

function pageJson(state: SportsState, entries: readonly MatchEntry[], page: Page, extra = ''): string {
  const { records, cursor, hasMore } = pageOf(entries, page);
  return `{"records":[${records.map((entry) => state.cardJson(entry)).join(',')}],"cursor":${cursor},"has_more":${hasMore}${extra}}`;
}

const isOpen = (entry: MatchEntry) => entry.match.status !== 'ended';
const isLive = (entry: MatchEntry) => entry.match.status === 'live';
const isUpcoming = (entry: MatchEntry) => entry.match.status === 'notStarted';

/** Live first (earliest start first), then upcoming by start; ended matches are not listed. */
function liveThenUpcoming(entries: readonly MatchEntry[]): MatchEntry[] {
  return [...entries.filter(isLive), ...entries.filter(isUpcoming)];
}

/** The matches of a home tab (spec §4): InPlay holds at most 3 live then upcoming; Live only live; a sport tab both. */
export function tabEntries(state: SportsState, tabKey: HomeTabKey, filter: { sportKey?: SportKeyWire; leagueId?: number }): MatchEntry[] {
  const sportKey = HOME_TAB_SPORT[tabKey] ?? filter.sportKey;
  const sportId = sportKey ? SPORT_ID_OF_KEY[sportKey] : undefined;
  const entries = state
    .entries()
    .filter(
      (entry) => (sportId === undefined || entry.match.sportId === sportId) && (filter.leagueId === undefined || entry.match.league.id === filter.leagueId),
    );
  if (tabKey === 'Live') return entries.filter(isLive);
  if (tabKey === 'InPlay') return [...entries.filter(isLive).slice(0, HOME_TAB_LIVE_MAX), ...entries.filter(isUpcoming)];
  return liveThenUpcoming(entries);
}

export function tabPageJson(
  state: SportsState,
  query: { tab_key: HomeTabKey; sport_key?: SportKeyWire; league_id?: number; cursor?: number; page_limit?: number; size?: number },
): string {
  const entries = tabEntries(state, query.tab_key, { sportKey: query.sport_key, leagueId: query.league_id });
  return pageJson(state, entries, { cursor: query.cursor ?? 0, limit: query.size ?? query.page_limit ?? MATCH_PAGE_LIMIT, cap: MATCH_LIST_CAP });
}

export function listPageJson(
  state: SportsState,
  query: { sport_id?: number; league_id?: number; team_id?: number; status?: 'all' | 'live' | 'upcoming'; cursor?: number; page_limit?: number },
): string {
  const status = query.status ?? 'all';
  const entries = liveThenUpcoming(
    state
      .entries()
      .filter(
        (entry) =>
          (query.sport_id === undefined || entry.match.sportId === query.sport_id) &&
          (query.league_id === undefined || entry.match.league.id === query.league_id) &&
          (query.team_id === undefined || entry.match.home.id === query.team_id || entry.match.away.id === query.team_id) &&
          (status === 'all' || (status === 'live' ? isLive(entry) : isUpcoming(entry))),
      ),
  );
  return pageJson(state, entries, { cursor: query.cursor ?? 0, limit: query.page_limit ?? MATCH_PAGE_LIMIT }, `,"incr_cursor":${state.version()}`);
}

const dayMs = 24 * 60 * 60_000;

export function bySourcePageJson(
  state: SportsState,
  query: { source: 'hot' | 'live' | 'today' | 'upcoming'; sport_id?: number; cursor?: number; page_limit?: number },
  nowMs: number,
): string {
  const dayEndMs = Math.floor(nowMs / dayMs) * dayMs + dayMs;
  const chosen = state.entries().filter((entry) => {
    if (query.sport_id !== undefined && entry.match.sportId !== query.sport_id) return false;
    switch (query.source) {
      case 'hot':
        return isOpen(entry) && entry.match.featured;
      case 'live':
        return isLive(entry);
      case 'today':
        return isLive(entry) || (isUpcoming(entry) && entry.match.startsAtMs < dayEndMs);
      case 'upcoming':
        return isUpcoming(entry);
    }
  });
  return pageJson(state, liveThenUpcoming(chosen), { cursor: query.cursor ?? 0, limit: query.page_limit ?? MATCH_PAGE_LIMIT });
}

export function changedSinceJson(state: SportsState, query: { cursor: number; sport_id?: number }): string {
  const version = state.version();
  const removed = query.cursor <= version ? state.removedSince(query.cursor) : undefined;
  // A cursor from the future (another run of the feed) or older than what is remembered: start again.
  if (!removed) return `{"records":[],"removed_ids":[],"incr_cursor":${version},"reset":1}`;
  const changed = state
    .entries()
    .filter((entry) => entry.incrCursor > query.cursor && (query.sport_id === undefined || entry.match.sportId === query.sport_id));
  return `{"records":[${changed.map((entry) => state.cardJson(entry)).join(',')}],"removed_ids":${JSON.stringify(removed)},"incr_cursor":${version},"reset":0}`;
}

export function byIdsJson(state: SportsState, matchIds: readonly number[]): string {
  const entries = matchIds.map((matchId) => state.entry(matchId)).filter((entry): entry is MatchEntry => entry !== undefined);
  return `{"records":[${entries.map((entry) => state.cardJson(entry)).join(',')}]}`;
}

export function oddsLatestJson(state: SportsState, matchIds: readonly number[], detail: boolean): string {
  const entries = matchIds.map((matchId) => state.entry(matchId)).filter((entry): entry is MatchEntry => entry !== undefined);
  return `{"records":[${entries.map((entry) => state.oddsJson(entry, detail)).join(',')}]}`;
}

/** Home tabs of a brand (spec §2): InPlay, Live, Soccer, BasketBall, Tennis, then TableTennis in Mexico and Colombia, Volleyball elsewhere. */
export function homeTabKeysOf(market: string): HomeTabKey[] {
  return ['InPlay', 'Live', 'Soccer', 'BasketBall', 'Tennis', market === 'MX' || market === 'CO' ? 'TableTennis' : 'Volleyball'];
}

export function homeTabsJson(state: SportsState, market: string): string {
  const list = homeTabKeysOf(market).map((tabKey) => {
    const entries = tabEntries(state, tabKey, {});
    const sportKey = HOME_TAB_SPORT[tabKey];
    if (!sportKey) {
      const children = SPORT_KEYS.map((key) => ({ key, na: key, count: tabEntries(state, tabKey, { sportKey: key }).length })).filter(
        (child) => child.count > 0,
      );
      return { tab_key: tabKey, type: 1, count: entries.length, children };
    }
    const leagues = new Map<number, { key: string; na: string; count: number; rank: number }>();
    for (const entry of entries) {
      const { league } = entry.match;
      const child = leagues.get(league.id) ?? { key: String(league.id), na: league.name, count: 0, rank: league.rank };
      child.count += 1;
      leagues.set(league.id, child);
    }
    const children = [...leagues.values()].sort((left, right) => left.rank - right.rank).map(({ key, na, count }) => ({ key, na, count }));
    return { tab_key: tabKey, type: 2, count: entries.length, children };
  });
  return JSON.stringify({ list });
}

function leaguesWithCounts(state: SportsState, sportId: number | undefined): Map<number, LeagueWithCounts> {
  const leagues = new Map<number, LeagueWithCounts>();
  const add = (league: FeedLeague, live: number, upcoming: number) => {
    if (sportId !== undefined && league.sportId !== sportId) return;
    const counts = leagues.get(league.id) ?? { ...leagueWire(league), live_count: 0, upcoming_count: 0 };
    leagues.set(league.id, { ...counts, live_count: counts.live_count + live, upcoming_count: counts.upcoming_count + upcoming });
  };
  for (const entry of state.entries()) add(entry.match.league, isLive(entry) ? 1 : 0, isUpcoming(entry) ? 1 : 0);
  return leagues;
}

function leaguesSorted(leagues: Iterable<LeagueWithCounts>): LeagueWithCounts[] {
  return [...leagues].sort((left, right) => left.sid - right.sid || left.or - right.or || left.id - right.id);
}

export function leagueListJson(state: SportsState, sportId: number | undefined): string {
  return JSON.stringify({ list: leaguesSorted(leaguesWithCounts(state, sportId).values()) });
}

/** Lower case without accents, so "sao" finds "São" and "MUNCHEN" finds "München". */
export function searchFold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const searchResultsMax = 20;

export function searchJson(state: SportsState, query: { keyword: string; sport_id?: number }): string {
  const needle = searchFold(query.keyword.trim());
  const leagues = leaguesSorted(
    [...leaguesWithCounts(state, query.sport_id).values()].filter((league) => needle && searchFold(league.na).includes(needle)),
  ).slice(0, searchResultsMax);
  const teams = new Map<number, { id: number; na: string; lurl: string; sid: number; lg_id: number }>();
  const matches: MatchEntry[] = [];
  const leagueIds = new Set(leagues.map((league) => league.id));
  for (const entry of liveThenUpcoming(state.entries())) {
    const { match } = entry;
    if (!needle || (query.sport_id !== undefined && match.sportId !== query.sport_id)) continue;
    let hit = leagueIds.has(match.league.id);
    for (const team of [match.home, match.away]) {
      if (!searchFold(team.name).includes(needle)) continue;
      hit = true;
      if (teams.size < searchResultsMax && !teams.has(team.id)) teams.set(team.id, { ...teamWire(team), sid: match.sportId, lg_id: match.league.id });
    }
    if (hit && matches.length < searchResultsMax) matches.push(entry);
  }
  return `{"leagues":${JSON.stringify(leagues)},"teams":${JSON.stringify([...teams.values()])},"records":[${matches.map((entry) => state.cardJson(entry)).join(',')}]}`;
}

export function resultsPageJson(
  results: readonly MatchResult[],
  query: { sport_id?: number; league_id?: number; cursor?: number; page_limit?: number },
): string {
  const chosen: MatchResult[] = [];
  // Latest first.
  for (let index = results.length - 1; index >= 0; index--) {
    const result = results[index]!;
    if ((query.sport_id === undefined || result.sportId === query.sport_id) && (query.league_id === undefined || result.league.id === query.league_id))
      chosen.push(result);
  }
  const { records, cursor, hasMore } = pageOf(chosen, { cursor: query.cursor ?? 0, limit: query.page_limit ?? MATCH_PAGE_LIMIT });
  return JSON.stringify({ records: records.map(matchResultWire), cursor, has_more: hasMore });
}

// ---- For the betting module --------------------------------------------------------------------------------------

export type QuoteStatus = 'open' | 'suspended' | 'closed';

export interface MarketQuote {
  readonly matchId: number;
  readonly marketId: number;
  readonly type: MarketType;
  readonly period: number;
  /** The market's line (handicap given to home, or the total). */
  readonly line: number | undefined;
  readonly optionType: number;
  /** The option's own line (signed for handicaps). */
  readonly optionLine: number | undefined;
  /** Current odds in thousandths (1850 = 1.85); the locked price while suspended; undefined once closed. */
  readonly odds: number | undefined;
  readonly status: QuoteStatus;
  /** True while the match is live (an in-play bet). */
  readonly live: boolean;
  /** The score now, for live Asian handicaps (`re` at bet time). */
  readonly score: { readonly home: number; readonly away: number };
}

/** An option's own line from its market's: the away side of a handicap takes the opposite sign; totals keep it. */
function optionLineOf(key: MarketIdParts, optionType: number): number | undefined {
  if (key.line === undefined) return undefined;
  return optionType === selectionTypes.away && key.line !== 0 ? -key.line : key.line;
}

/**
 * The current quote of one option: odds, open / suspended / closed, live or not. Undefined when the match or the
 * option is unknown. A market no longer quoted (its line moved on, the half ended) or an ended match is closed.
 */
export function sportsQuoteGet(state: SportsState, query: { matchId: number; marketId: number; optionType: number }): MarketQuote | undefined {
  const key = marketIdParse(query.marketId);
  const entry = state.entry(query.matchId);
  if (!key || key.matchId !== query.matchId || !entry) return undefined;
  const { match } = entry;
  const market = state.bookOf(entry).find((candidate) => candidate.type === key.type && candidate.period === key.period && candidate.line === key.line);
  const option = market?.options.find((candidate) => candidate.type === query.optionType);
  const base = {
    matchId: query.matchId,
    marketId: query.marketId,
    type: key.type,
    period: key.period,
    line: key.line,
    optionType: query.optionType,
    optionLine: option?.line ?? optionLineOf(key, query.optionType),
    live: match.status === 'live',
    score: { home: match.score.home, away: match.score.away },
  };
  if (!market || !market.open || match.status === 'ended') return { ...base, odds: undefined, status: 'closed' };
  if (!option) return undefined;
  return { ...base, odds: option.odds, status: match.marketsSuspended ? 'suspended' : 'open' };
}

/**
 * How an option settled once its match has ended: won, lost, push, half won or half lost; 'unsettled' while the
 * match has no result; undefined for an id that is not a market. `scoreAtBet` is the score when a live Asian
 * handicap bet was accepted.
 */
export function sportsOptionSettle(
  state: SportsState,
  query: { marketId: number; optionType: number; scoreAtBet?: { home: number; away: number } },
): LegState | undefined {
  const key = marketIdParse(query.marketId);
  if (!key) return undefined;
  const result = state.feed.results().find((candidate) => candidate.matchId === key.matchId);
  if (!result) return 'unsettled';
  return marketOptionSettle(
    {
      type: key.type,
      period: key.period,
      selection: query.optionType,
      line: optionLineOf(key, query.optionType),
      ...(query.scoreAtBet ? { scoreAtBet: query.scoreAtBet } : {}),
    },
    { score: result.score, periodScores: result.periodScores },
  );
}
