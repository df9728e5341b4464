import { describe, expect, it } from 'vitest';
import { slipPickedNow, slipPickKey, slipPicksSet } from './slip-picks.ts';

describe('the picks of the slip', () => {
  it('keys a selection by match, market and option, the way the slip does', () => {
    expect(slipPickKey({ matchId: 1, marketId: 20, optionType: 3 })).toBe('1:20:3');
  });

  it('answers picked for what the slip holds, and no longer once it leaves', () => {
    const draw = { matchId: 1, marketId: 20, optionType: 3 };
    slipPicksSet(['1:20:3', '2:30:1']);
    expect(slipPickedNow(draw)).toBe(true);
    expect(slipPickedNow({ ...draw, optionType: 1 })).toBe(false);
    slipPicksSet(['2:30:1']);
    expect(slipPickedNow(draw)).toBe(false);
  });
});
