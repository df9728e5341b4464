/** C(n, k): how many ways to choose k of n legs. Exact for every leg count a slip can hold. */
export function combinationCount(n: number, k: number): number {
  if (!Number.isInteger(n) || !Number.isInteger(k) || n < 0) throw new RangeError(`combinationCount takes integers n ≥ 0, got ${n}, ${k}`);
  if (k < 0 || k > n) return 0;
  let count = 1;
  // Multiplying before dividing keeps every intermediate an integer: after step i it is C(n − k + i, i).
  for (let i = 1; i <= Math.min(k, n - k); i += 1) count = (count * (n - Math.min(k, n - k) + i)) / i;
  return count;
}

/** Every k-subset of the indexes 0…n−1, each ascending, in lexicographic order. */
export function combinationsOf(n: number, k: number): number[][] {
  if (!Number.isInteger(n) || !Number.isInteger(k) || n < 0) throw new RangeError(`combinationsOf takes integers n ≥ 0, got ${n}, ${k}`);
  if (k < 0 || k > n) return [];
  const subsets: number[][] = [];
  const current: number[] = [];
  const extend = (start: number): void => {
    if (current.length === k) {
      subsets.push([...current]);
      return;
    }
    for (let index = start; index <= n - (k - current.length); index += 1) {
      current.push(index);
      extend(index + 1);
      current.pop();
    }
  };
  extend(0);
  return subsets;
}
