import { describe, expect, it } from 'vitest';
import { stakeDefault, stakeLadder, stakeStep } from './stake-ladder.ts';

describe('stake ladder', () => {
  it('steps 1-2-5 from the minimum to the maximum, both included', () => {
    expect(stakeLadder(20, 50_000)).toEqual([20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000]);
    expect(stakeLadder(10, 100_000)).toEqual([10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000]);
    expect(stakeLadder(30, 70)).toEqual([30, 50, 70]);
  });

  it('is empty when the limits make no sense', () => {
    expect(stakeLadder(0, 100)).toEqual([]);
    expect(stakeLadder(100, 10)).toEqual([]);
  });

  it('starts at about ten times the minimum', () => {
    expect(stakeDefault(stakeLadder(20, 50_000))).toBe(200);
    expect(stakeDefault(stakeLadder(10, 50))).toBe(50);
  });

  it('moves one step and stops at the ends', () => {
    const ladder = stakeLadder(10, 1000);
    expect(stakeStep(ladder, 100, 1)).toBe(200);
    expect(stakeStep(ladder, 100, -1)).toBe(50);
    expect(stakeStep(ladder, 1000, 1)).toBe(1000);
    expect(stakeStep(ladder, 10, -1)).toBe(10);
    expect(stakeStep(ladder, 150, -1)).toBe(100);
  });
});
