import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POPUP_LEVELS, popupCacheIsFresh, popupStackSort, type PopupStackEntry } from './popups.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function entry(key: string, level: number, status = true): PopupStackEntry {
  return { key, level, status };
}

describe('popupStackSort', () => {
  it('drops pop-ups whose status is false', () => {
    expect(popupStackSort([entry('a', 1), entry('b', 5, false), entry('c', 0)]).map((item) => item.key)).toEqual(['a', 'c']);
  });

  it('shows the highest level first', () => {
    const sorted = popupStackSort([
      entry('registerBonus', POPUP_LEVELS.registerBonus),
      entry('moneyRain', POPUP_LEVELS.moneyRain),
      entry('downloadGuide', POPUP_LEVELS.downloadGuide),
      entry('firstCharge', POPUP_LEVELS.firstCharge),
    ]);
    expect(sorted.map((item) => item.key)).toEqual(['moneyRain', 'firstCharge', 'downloadGuide', 'registerBonus']);
  });

  it('keeps the queue order of pop-ups with the same level', () => {
    expect(popupStackSort([entry('a', 2), entry('b', 3), entry('c', 2), entry('d', 2)]).map((item) => item.key)).toEqual(['b', 'a', 'c', 'd']);
  });

  it.each([
    [-2, true],
    [10, true],
    [-2.01, false],
    [10.5, false],
    [11, false],
    [-3, false],
    [Number.NaN, false],
  ])('keeps a pop-up of level %d: %s (spec §4: −2 to 10)', (level, kept) => {
    expect(popupStackSort([entry('x', level)])).toHaveLength(kept ? 1 : 0);
  });

  it('does not change the array it was given', () => {
    const entries = [entry('a', 1), entry('b', 2, false), entry('c', 3)];
    const copy = structuredClone(entries);
    popupStackSort(entries);
    expect(entries).toEqual(copy);
  });

  it('answers a stable sort by level of the shown, in-range pop-ups', () => {
    const arbitraryEntry = fc.record({
      key: fc.string(),
      status: fc.boolean(),
      level: fc.oneof(fc.integer({ min: -5, max: 13 }), fc.double({ min: -5, max: 13, noNaN: true })),
    });
    fc.assert(
      fc.property(fc.array(arbitraryEntry, { maxLength: 30 }), (entries) => {
        const sorted = popupStackSort(entries);
        const eligible = entries.filter((item) => item.status && item.level >= -2 && item.level <= 10);
        expect(sorted).toHaveLength(eligible.length);
        for (let index = 1; index < sorted.length; index += 1) {
          const before = sorted[index - 1]!;
          const after = sorted[index]!;
          expect(before.level).toBeGreaterThanOrEqual(after.level);
          if (before.level === after.level) expect(entries.indexOf(before)).toBeLessThan(entries.indexOf(after));
        }
        expect(new Set(sorted)).toEqual(new Set(eligible));
      }),
    );
  });
});

describe('popupCacheIsFresh (24 h, spec §4)', () => {
  const shownAt = 1_750_000_000_000;

  it.each([
    [0, true],
    [1, true],
    [DAY_MS - 1, true],
    [DAY_MS, false],
    [DAY_MS + 1, false],
    [-1, false], // a clock set back: do not trust the entry
  ])('%i ms after it showed, the entry is fresh: %s', (elapsed, fresh) => {
    expect(popupCacheIsFresh({ status: true, time: shownAt }, shownAt + elapsed)).toBe(fresh);
  });

  it('is not fresh without an entry', () => {
    expect(popupCacheIsFresh(undefined, shownAt)).toBe(false);
  });
});
