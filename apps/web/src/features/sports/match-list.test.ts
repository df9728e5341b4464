import { describe, expect, it } from 'vitest';
import { MATCH_STATUS, matchListHasMore, matchListMerge, matchListPageParams, matchListPatch, matchSections, oddsRecordsNewest } from './match-list.ts';

const match = (id: number, ms: number = MATCH_STATUS.notStarted, bt = 0, tag = '') => ({ id, ms, bt, tag });

describe('match list paging', () => {
  it('asks for 5 on the first fetch, then page_limit 10 from the cursor', () => {
    expect(matchListPageParams(undefined)).toEqual({ page_limit: 10, size: 5 });
    expect(matchListPageParams(5)).toEqual({ cursor: 5, page_limit: 10 });
  });

  it('merges pages without duplicates by id, the later copy replacing the earlier in place', () => {
    const merged = matchListMerge([
      [match(1), match(2, 4, 0, 'old')],
      [match(2, 4, 0, 'new'), match(3)],
    ]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(merged[1]!.tag).toBe('new');
  });

  it('stops at 50 records and forces has_more off there', () => {
    const pages = Array.from({ length: 6 }, (_, page) => Array.from({ length: 10 }, (_, index) => match(page * 10 + index)));
    expect(matchListMerge(pages)).toHaveLength(50);
    expect(matchListHasMore(1, 49)).toBe(true);
    expect(matchListHasMore(1, 50)).toBe(false);
    expect(matchListHasMore(0, 10)).toBe(false);
    expect(matchListHasMore(true, 12)).toBe(true);
  });

  it('patches listed matches with fresh copies and appends nothing', () => {
    const list = [match(1, 4, 0, 'a'), match(2, 4, 0, 'b')];
    const patched = matchListPatch(list, [match(2, 5, 0, 'fresh'), match(9)]);
    expect(patched.map((m) => [m.id, m.tag])).toEqual([
      [1, 'a'],
      [2, 'fresh'],
    ]);
    expect(matchListPatch(list, [])).toBe(list);
  });

  it('ignores a copy older than the listed one', () => {
    const listed = [{ id: 1, incr_cursor: 9, tag: 'reloaded' }];
    expect(matchListPatch(listed, [{ id: 1, incr_cursor: 7, tag: 'stale' }])[0]!.tag).toBe('reloaded');
    expect(matchListPatch(listed, [{ id: 1, incr_cursor: 12, tag: 'newer' }])[0]!.tag).toBe('newer');
  });
});

describe('match sections', () => {
  const day1 = new Date(2026, 10, 23, 18, 0).getTime();
  const day1Late = new Date(2026, 10, 23, 21, 30).getTime();
  const day2 = new Date(2026, 10, 24, 9, 0).getTime();

  it('puts live matches first, then upcoming by local day in start order, and drops ended ones', () => {
    const sections = matchSections([match(1, 4, day2), match(2, 5, day1), match(3, 4, day1Late), match(4, 4, day1), match(5, 0, day1)]);
    expect(sections.map((section) => [section.key, section.matches.map((m) => m.id)])).toEqual([
      ['live', [2]],
      ['2026-11-23', [4, 3]],
      ['2026-11-24', [1]],
    ]);
    expect(sections[1]!.dayMs).toBe(new Date(2026, 10, 23).getTime());
  });

  it('keeps the main tab to at most 3 live matches and the Live tab to live ones only', () => {
    const many = [match(1, 5), match(2, 5), match(3, 5), match(4, 5), match(5, 4, day1)];
    expect(matchSections(many, { liveMax: 3 })[0]!.matches.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(matchSections(many, { liveOnly: true }).map((section) => section.key)).toEqual(['live']);
    expect(matchSections([match(5, 4, day1)], { liveOnly: true })).toEqual([]);
  });
});

describe('latest odds from two server nodes a tick apart', () => {
  const odds = (id: number, incr_cursor: number, od: number) => ({ id, incr_cursor, od });

  it('keeps a match the page holds at a later feed version, and takes every other one fresh', () => {
    const held = [odds(1, 240_000, 1.7), odds(2, 100_000, 2.1)];
    const fresh = [odds(1, 120_000, 1.85), odds(2, 240_000, 2.2), odds(3, 120_000, 3.4)];
    expect(oddsRecordsNewest(fresh, held)).toEqual([odds(1, 240_000, 1.7), odds(2, 240_000, 2.2), odds(3, 120_000, 3.4)]);
  });

  it('takes a copy of the same version fresh (its clock is the later), and answers the same array when nothing is kept', () => {
    const fresh = [odds(1, 120_000, 1.85)];
    expect(oddsRecordsNewest(fresh, [odds(1, 120_000, 1.8)])).toBe(fresh);
    expect(oddsRecordsNewest(fresh, undefined)).toBe(fresh);
  });
});
