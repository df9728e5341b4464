/**
 * A small seeded PRNG (mulberry32): the same seed gives the same sequence on every machine, which is what makes a
 * simulated feed reproducible. Not for anything secret.
 */
export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  integer(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /**
   * The generator's state: `seededRandom(state())` continues the very same sequence from here, which is how a stored
   * match resumes after a restart exactly as it would have gone on.
   */
  state(): number;
}

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    integer: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new RangeError('cannot pick from an empty list');
      return item;
    },
    state: () => state,
  };
}

/** Mixes a seed with a number (e.g. a match id) into an independent seed, so each match has its own stream. */
export function seedMix(seed: number, value: number): number {
  let h = Math.imul((seed ^ 0x9e3779b9) >>> 0, 0x85ebca6b) ^ Math.imul(value >>> 0, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}
