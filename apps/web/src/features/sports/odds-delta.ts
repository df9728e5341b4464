import type { Market, MarketGroup, Match, MatchOdds, RealtimeEvent } from '@piranha/contract';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Odds pushed (decision 075): an `odds_changed` delta from the socket written into the TanStack Query cache the
 * sports pages read — latest odds, lists, match detail — with new objects only for the matches it names, so every
 * other card keeps its props and does not render again. The delta carries each match as the latest-odds poll answers
 * it with detail=0 (main groups): a list or a detail=0 odds entry takes it whole; a detail copy (every market) takes
 * its status, clock, score and the markets named, by id, and keeps the rest for its own poll.
 */
export type OddsChanged = Extract<RealtimeEvent, { type: 'odds_changed' }>;

/**
 * When each match's latest odds arrived (poll or push), by match id — the cache copies records (structural sharing),
 * so their identity cannot carry it: a card's clock ticks on from its own match's time, and a card the delta did not
 * name keeps its time, and so its props.
 */
const receivedAt = new Map<number, number>();
const RECEIVED_KEPT_MAX = 5_000;

export function oddsReceivedAtMark(records: readonly { id: number }[], atMs: number): void {
  if (receivedAt.size + records.length > RECEIVED_KEPT_MAX) receivedAt.clear();
  for (const record of records) receivedAt.set(record.id, atMs);
}

export function oddsReceivedAtOf(record: { id: number } | undefined): number | undefined {
  return record ? receivedAt.get(record.id) : undefined;
}

/** The detail's groups with the pushed markets swapped in by id; a group none of them touches keeps its identity. */
export function marketGroupsMerge(held: readonly MarketGroup[], pushed: readonly MarketGroup[]): MarketGroup[] {
  const byId = new Map<Market['id'], Market>();
  for (const group of pushed) for (const market of group.mks) byId.set(market.id, market);
  return held.map((group) => {
    if (!group.mks.some((market) => byId.has(market.id))) return group;
    return { ...group, mks: group.mks.map((market) => byId.get(market.id) ?? market) };
  });
}

/** What moves of a match, from the pushed copy; `detail` copies keep their other markets. */
function movingOf(held: { mg: MarketGroup[] }, pushed: MatchOdds, detail: boolean) {
  return { ms: pushed.ms, mc: pushed.mc, nsg: pushed.nsg, tms: pushed.tms, mg: detail ? marketGroupsMerge(held.mg, pushed.mg) : pushed.mg };
}

/** A list of records with the pushed ones merged in; the same array when none of them is named. */
function recordsMerge<T extends { id: number; mg: MarketGroup[] }>(
  records: readonly T[],
  pushed: ReadonlyMap<number, MatchOdds>,
  merge: (held: T, fresh: MatchOdds) => T,
): readonly T[] {
  if (!records.some((record) => pushed.has(record.id))) return records;
  return records.map((record) => {
    const fresh = pushed.get(record.id);
    return fresh ? merge(record, fresh) : record;
  });
}

type OddsAnswer = { records: MatchOdds[] };
type ListPage = { records: Match[] };

function oddsAnswerMerge(answer: OddsAnswer, pushed: ReadonlyMap<number, MatchOdds>, detail: boolean, atMs: number): OddsAnswer {
  const records = recordsMerge(answer.records, pushed, (held, fresh) => {
    oddsReceivedAtMark([fresh], atMs);
    return detail ? { ...held, ...movingOf(held, fresh, true) } : fresh;
  });
  return records === answer.records ? answer : { ...answer, records: records as MatchOdds[] };
}

function listPageMerge<P extends ListPage>(page: P, pushed: ReadonlyMap<number, MatchOdds>): P {
  const records = recordsMerge(page.records, pushed, (held, fresh) => ({ ...held, ...movingOf(held, fresh, false) }));
  return records === page.records ? page : { ...page, records: records as Match[] };
}

function infiniteMerge(data: InfiniteData<ListPage>, pushed: ReadonlyMap<number, MatchOdds>): InfiniteData<ListPage> {
  const pages = data.pages.map((page) => listPageMerge(page, pushed));
  return pages.every((page, index) => page === data.pages[index]) ? data : { ...data, pages };
}

/** The cache entries a delta writes: key's second part → how its data takes the pushed matches. */
const WRITERS: Record<string, (data: unknown, key: QueryKey, pushed: ReadonlyMap<number, MatchOdds>, atMs: number) => unknown> = {
  odds: (data, key, pushed, atMs) => oddsAnswerMerge(data as OddsAnswer, pushed, key[2] === 1, atMs),
  list: (data, _key, pushed) => infiniteMerge(data as InfiniteData<ListPage>, pushed),
  league: (data, _key, pushed) => infiniteMerge(data as InfiniteData<ListPage>, pushed),
  filtered: (data, _key, pushed) => infiniteMerge(data as InfiniteData<ListPage>, pushed),
  'by-ids': (data, _key, pushed) => listPageMerge(data as ListPage, pushed),
  detail: (data, key, pushed) => {
    const held = data as Match;
    const fresh = pushed.get(key[2] as number);
    return fresh ? { ...held, ...movingOf(held, fresh, true) } : held;
  },
};

/** A list page without the removed matches; the same page when it holds none of them. */
function listPageWithout<P extends ListPage>(page: P, removed: ReadonlySet<number>): P {
  if (!page.records.some((record) => removed.has(record.id))) return page;
  return { ...page, records: page.records.filter((record) => !removed.has(record.id)) };
}

/** The list entries a removal writes (a detail page keeps its match: its own poll says how it ended). */
const REMOVERS: Record<string, (data: unknown, removed: ReadonlySet<number>) => unknown> = {
  list: (data, removed) => infiniteWithout(data as InfiniteData<ListPage>, removed),
  league: (data, removed) => infiniteWithout(data as InfiniteData<ListPage>, removed),
  filtered: (data, removed) => infiniteWithout(data as InfiniteData<ListPage>, removed),
  'by-ids': (data, removed) => listPageWithout(data as ListPage, removed),
};

function infiniteWithout(data: InfiniteData<ListPage>, removed: ReadonlySet<number>): InfiniteData<ListPage> {
  const pages = data.pages.map((page) => listPageWithout(page, removed));
  return pages.every((page, index) => page === data.pages[index]) ? data : { ...data, pages };
}

/**
 * Takes matches that left the feed out of every list held (pushed `removed`, or the 5 s list poll's `removed_ids`):
 * their cards go without waiting for a list to be read again. Lists that hold none of them keep their data.
 */
export function matchesRemove(queryClient: QueryClient, ids: readonly number[]): void {
  if (ids.length === 0) return;
  const removed = new Set(ids);
  for (const [key, data] of queryClient.getQueriesData({ queryKey: ['sports'] })) {
    const remove = REMOVERS[String(key[1])];
    if (!remove || data === undefined) continue;
    const next = remove(data, removed);
    if (next !== data) queryClient.setQueryData(key, next);
  }
}

/** The sports entries a gap reads again (only those on screen refetch; the others are marked stale). */
export const ODDS_REFETCH_KINDS = new Set(Object.keys(WRITERS));

/**
 * Writes the delta into the cache. Answers whether it followed on from `lastTo` (the previous delta's `to`); when
 * it does not — the first delta after the socket opened, one missed, a `from` of -1, a socket now on another node —
 * the caller reads the sports entries again once.
 */
export function oddsDeltaApply(queryClient: QueryClient, delta: OddsChanged, lastTo: number | undefined, atMs: number): { gap: boolean } {
  if (delta.matches.length > 0) {
    const pushed = new Map(delta.matches.map((match) => [match.id, match]));
    for (const [key, data] of queryClient.getQueriesData({ queryKey: ['sports'] })) {
      const write = WRITERS[String(key[1])];
      if (!write || data === undefined) continue;
      const next = write(data, key, pushed, atMs);
      // The same data back: nothing written, nothing told to the observers.
      if (next !== data) queryClient.setQueryData(key, next);
    }
  }
  matchesRemove(queryClient, delta.removed);
  return { gap: lastTo === undefined || delta.from !== lastTo };
}

/** The refetch of a gap or a dropped socket: each sports entry a delta writes, once. */
export function oddsEntriesRefetch(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['sports'], predicate: (query) => ODDS_REFETCH_KINDS.has(String(query.queryKey[1])) });
}
