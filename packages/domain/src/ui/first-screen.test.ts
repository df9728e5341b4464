import { describe, expect, it } from 'vitest';
import { firstScreenLoading } from './first-screen.ts';

describe('firstScreenLoading (spec §4)', () => {
  it.each([
    [false, false, 0],
    [true, false, 1],
    [false, true, 2],
    [true, true, 3],
  ])('data done %s, resources done %s → %i', (dataDone, resourcesDone, state) => {
    expect(firstScreenLoading(dataDone, resourcesDone)).toBe(state);
  });
});
