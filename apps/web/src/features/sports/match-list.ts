import { LIMITS } from '@piranha/domain';
import { feedShownNewer } from '../../shared/feed-version.ts';

/** The parameters of one page of the match list: the first fetch asks for 5, later pages for page_limit 10 (spec §9). */
export function matchListPageParams(cursor: number | undefined): { cursor?: number; page_limit: number; size?: number } {
  return cursor === undefined ? { page_limit: LIMITS.pageLimit, size: LIMITS.firstFetchSize } : { cursor, page_limit: LIMITS.pageLimit };
}

/**
 * Pages merged in order without duplicates by id (a later copy of a match replaces the earlier one in place), cut at
 * the 50-record cap of spec §4.
 */
export function matchListMerge<T extends { id: number }>(pages: readonly (readonly T[])[], cap: number = LIMITS.matchListCap): T[] {
  const byId = new Map<number, T>();
  for (const page of pages) for (const match of page) byId.set(match.id, match);
  return [...byId.values()].slice(0, cap);
}

/** Spec §4: `has_more` is forced to 0 once a tab holds 50 or more records. */
export function matchListHasMore(serverHasMore: boolean | number, recordCount: number, cap: number = LIMITS.matchListCap): boolean {
  return Boolean(serverHasMore) && recordCount < cap;
}

/**
 * Fresh copies (from the incremental list) replace the listed ones; nothing new is appended. A copy older than the
 * listed one (a lower `incr_cursor`, e.g. after the list itself reloaded, or another node a tick behind) is ignored —
 * the one rule of `feedShownNewer`, as for the latest odds.
 */
export function matchListPatch<T extends { id: number; incr_cursor?: number }>(list: readonly T[], fresh: readonly T[]): T[] {
  if (fresh.length === 0) return list as T[];
  const byId = new Map(fresh.map((match) => [match.id, match]));
  return list.map((match) => {
    const copy = byId.get(match.id);
    return copy && !feedShownNewer(match.incr_cursor, copy.incr_cursor) ? copy : match;
  });
}

/**
 * A latest-odds answer with each match the page holds as another node's later view kept as held (`feedShownNewer`):
 * behind a load balancer the 2 s polls alternate server nodes a tick apart, and a card's odds must not step back to
 * the older view. The same array when nothing is kept.
 */
export function oddsRecordsNewest<T extends { id: number; incr_cursor?: number | undefined }>(
  fresh: readonly T[],
  held: readonly T[] | undefined,
): readonly T[] {
  if (!held || held.length === 0) return fresh;
  const heldById = new Map(held.map((record) => [record.id, record]));
  const newer = (record: T) => {
    const copy = heldById.get(record.id);
    return copy && feedShownNewer(copy.incr_cursor, record.incr_cursor) ? copy : undefined;
  };
  if (!fresh.some(newer)) return fresh;
  return fresh.map((record) => newer(record) ?? record);
}

export interface MatchSection<T> {
  /** 'live', or the local calendar day of the upcoming matches as YYYY-MM-DD. */
  key: string;
  live: boolean;
  /** Start of the day (local time) for upcoming sections. */
  dayMs?: number;
  matches: T[];
}

function dayKey(ms: number): { key: string; dayMs: number } {
  const date = new Date(ms);
  const dayMs = new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const key = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return { key, dayMs };
}

/**
 * Spec §2: matches grouped into sections, live now first, then upcoming by date in start order. `liveMax` keeps the
 * main home tab to at most 3 live matches; `liveOnly` is the Live tab.
 */
export function matchSections<T extends { id: number; ms: number; bt: number }>(
  matches: readonly T[],
  options: { liveMax?: number; liveOnly?: boolean } = {},
): MatchSection<T>[] {
  const live = matches.filter((match) => match.ms === MATCH_STATUS.live).slice(0, options.liveMax ?? Number.POSITIVE_INFINITY);
  const sections: MatchSection<T>[] = live.length > 0 ? [{ key: 'live', live: true, matches: live }] : [];
  if (options.liveOnly) return sections;
  const upcoming = matches.filter((match) => match.ms === MATCH_STATUS.notStarted).sort((a, b) => a.bt - b.bt || a.id - b.id);
  for (const match of upcoming) {
    const { key, dayMs } = dayKey(match.bt);
    const last = sections.at(-1);
    if (last && last.key === key) last.matches.push(match);
    else sections.push({ key, live: false, dayMs, matches: [match] });
  }
  return sections;
}

/** Match status `ms` (reference/betting.md §1). */
export const MATCH_STATUS = { ended: 0, notStarted: 4, live: 5 } as const;
