import { describe, expect, it } from 'vitest';
import { seededRandom, seedMix } from './seeded-random.ts';

describe('seededRandom', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const draw = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 5 }, () => random.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('keeps integers within their bounds and floats in [0, 1)', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 1000; i += 1) {
      const value = random.integer(3, 5);
      expect(value).toBeGreaterThanOrEqual(3);
      expect(value).toBeLessThanOrEqual(5);
      const float = random.next();
      expect(float).toBeGreaterThanOrEqual(0);
      expect(float).toBeLessThan(1);
    }
  });

  it('continues the same sequence from its state, so a stored match resumes as it would have gone on', () => {
    const random = seededRandom(99);
    for (let i = 0; i < 17; i += 1) random.next();
    const resumed = seededRandom(random.state());
    expect(Array.from({ length: 5 }, () => resumed.next())).toEqual(Array.from({ length: 5 }, () => random.next()));
  });

  it('mixes seeds deterministically into distinct streams', () => {
    expect(seedMix(1, 2)).toBe(seedMix(1, 2));
    expect(seedMix(1, 2)).not.toBe(seedMix(1, 3));
  });
});
