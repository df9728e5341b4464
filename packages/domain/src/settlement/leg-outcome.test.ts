import { describe, expect, it } from 'vitest';
import { legOutcomeCode, legOutcomeFromCode, type LegState } from './leg-outcome.ts';

describe('the settlement code of spec §4', () => {
  it.each<[LegState, number]>([
    ['unsettled', 0],
    ['push', 2],
    ['lost', 3],
    ['won', 4],
    ['halfWon', 5],
    ['halfLost', 6],
    ['void', 7],
  ])('%s is %i both ways', (state, code) => {
    expect(legOutcomeCode(state)).toBe(code);
    expect(legOutcomeFromCode(code)).toBe(state);
  });

  it.each([1, 8, -1, 2.5])('reads nothing from the undefined code %d', (code) => {
    expect(legOutcomeFromCode(code)).toBeUndefined();
  });
});
