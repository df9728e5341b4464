import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combinationCount, combinationsOf } from './combinations.ts';

describe('combinationCount', () => {
  it.each([
    [3, 2, 3],
    [4, 2, 6],
    [4, 3, 4],
    [5, 3, 10],
    [6, 3, 20],
    [8, 4, 70],
    [10, 5, 252],
    [5, 0, 1],
    [5, 5, 1],
    [3, 4, 0],
    [3, -1, 0],
  ])('C(%i, %i) is %i', (n, k, count) => {
    expect(combinationCount(n, k)).toBe(count);
  });
});

describe('combinationsOf', () => {
  it('lists the three doubles of three legs in order', () => {
    expect(combinationsOf(3, 2)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
  });

  it('gives C(n, k) distinct ascending subsets of valid indexes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n }))),
        ([n, k]) => {
          const subsets = combinationsOf(n, k);
          expect(subsets).toHaveLength(combinationCount(n, k));
          expect(new Set(subsets.map((subset) => subset.join(','))).size).toBe(subsets.length);
          for (const subset of subsets) {
            expect(subset).toHaveLength(k);
            subset.forEach((index, at) => {
              expect(index).toBeGreaterThanOrEqual(0);
              expect(index).toBeLessThan(n);
              if (at > 0) expect(index).toBeGreaterThan(subset[at - 1]!);
            });
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
