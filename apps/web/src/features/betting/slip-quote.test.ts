import { BET_SLIP_EMPTY, betSlipStakeSet, betSlipToggle, minorUnits, type BetSlip } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import { betInfoNewest, slipBlockedMessageKey, slipLinesRowOf, slipReturnShownMinor, slipSeriesOf, slipTotalsOf, stakeMinorParse } from './slip-quote.ts';

function slipOf(odds: number[]): BetSlip {
  let slip = BET_SLIP_EMPTY;
  odds.forEach((value, index) => {
    const result = betSlipToggle(slip, {
      matchId: index + 1,
      marketId: 100 + index,
      optionType: 1,
      oddsThousandths: value,
      marketOpen: true,
      line: null,
      multipleAllowed: true,
    });
    if (!result.ok) throw new Error(result.code);
    slip = result.slip;
  });
  return slip;
}

describe('slipSeriesOf', () => {
  it('offers the accumulator first, then doubles, then Trixie and Patent on three legs', () => {
    expect(slipSeriesOf(3).map((series) => [series.code, series.labelKey, series.lineCount])).toEqual([
      [3001, 'accumulator', 1],
      [2001, 'fold', 3],
      [3004, 'trixie', 4],
      [3007, 'patent', 7],
    ]);
  });

  it('names Goliath on eight legs with 247 lines', () => {
    expect(slipSeriesOf(8).find((series) => series.labelKey === 'goliath')?.lineCount).toBe(247);
    expect(slipSeriesOf(1)).toEqual([]);
  });
});

describe('slipTotalsOf', () => {
  it('prices a Trixie of three winners at 6.0 with unit 10: stake 40, return 3,240', () => {
    const trixie = slipSeriesOf(3).find((series) => series.labelKey === 'trixie');
    expect(slipTotalsOf(slipOf([6000, 6000, 6000]), 'system', trixie, minorUnits(10_00))).toEqual({
      totalStakeMinor: 40_00,
      payoutMinorMax: 3_240_00,
      lineCount: 4,
      blocked: null,
    });
  });

  it('adds the singles that have a stake and says when none has', () => {
    const slip = slipOf([2000, 3000]);
    expect(slipTotalsOf(slip, 'singles', undefined, null).blocked).toBe('STAKE_MISSING');
    const staked = betSlipStakeSet(slip, { matchId: 1, marketId: 100, optionType: 1 }, minorUnits(5_00));
    if (!staked.ok) throw new Error(staked.code);
    expect(slipTotalsOf(staked.slip, 'singles', undefined, null)).toEqual({ totalStakeMinor: 5_00, payoutMinorMax: 10_00, lineCount: 1, blocked: null });
  });
});

describe('a multiple of two matches of one team', () => {
  const teams: Record<number, number[]> = { 1: [10, 11], 2: [12, 13], 3: [11, 14] };
  const teamsOf = (matchId: number) => teams[matchId];

  it('is blocked as the server would refuse it, before a stake is asked for, and the slip says why', () => {
    const accumulator = slipSeriesOf(3).find((series) => series.accumulator);
    const blocked = slipTotalsOf(slipOf([2000, 2000, 2000]), 'multiple', accumulator, null, teamsOf);
    expect(blocked).toEqual({ totalStakeMinor: 0, payoutMinorMax: 0, lineCount: 1, blocked: 'SAME_TEAM_LEGS' });
    expect(slipBlockedMessageKey(blocked.blocked)).toBe('sameTeam');
    expect(slipTotalsOf(slipOf([2000, 2000, 2000]), 'multiple', accumulator, minorUnits(1_00), teamsOf).blocked).toBe('SAME_TEAM_LEGS');
  });

  it('is placed while the slip does not know the teams yet (the server still checks), and singles never are blocked by it', () => {
    const accumulator = slipSeriesOf(3).find((series) => series.accumulator);
    expect(slipTotalsOf(slipOf([2000, 2000, 2000]), 'multiple', accumulator, minorUnits(1_00)).blocked).toBeNull();
    expect(slipTotalsOf(slipOf([2000, 2000, 2000]), 'singles', undefined, null, teamsOf).blocked).toBe('STAKE_MISSING');
    expect(slipBlockedMessageKey('STAKE_MISSING')).toBeNull();
  });
});

describe('stakeMinorParse', () => {
  it.each([
    ['12', 12_00],
    ['12.5', 12_50],
    ['12,05', 12_05],
    ['', null],
    ['0', null],
    ['1.234', null],
    ['abc', null],
  ])('reads %s as %s', (text, expected) => {
    expect(stakeMinorParse(text)).toBe(expected);
  });

  it('says how many bets the stake buys, or asks for a stake instead of "Lines: 0"', () => {
    expect(slipLinesRowOf({ lineCount: 0, totalStakeMinor: 0 })).toEqual({ key: 'stakeHint' });
    // A system without its unit stake has lines but nothing staked yet.
    expect(slipLinesRowOf({ lineCount: 4, totalStakeMinor: 0 })).toEqual({ key: 'stakeHint' });
    expect(slipLinesRowOf({ lineCount: 2, totalStakeMinor: 10_00 })).toEqual({ key: 'lines', count: 2 });
  });
});

describe('slipReturnShownMinor', () => {
  it('shows a cash bet its whole return and a free bet its return without the stake', () => {
    expect(slipReturnShownMinor({ totalStakeMinor: 5_000, payoutMinorMax: 18_850 }, false)).toBe(18_850);
    expect(slipReturnShownMinor({ totalStakeMinor: 5_000, payoutMinorMax: 18_850 }, true)).toBe(13_850);
    expect(slipReturnShownMinor({ totalStakeMinor: 0, payoutMinorMax: 0 }, true)).toBe(0);
  });
});

describe('which bet-info answer the slip shows (two nodes behind a load balancer)', () => {
  const at = (ver: number, odds: number) => ({ ver, odds });

  it('takes a fresh answer of the same or a later feed version, and keeps the shown one over a node behind', () => {
    expect(betInfoNewest(undefined, at(5_000, 1850))).toEqual(at(5_000, 1850));
    expect(betInfoNewest(at(5_000, 1850), at(5_000, 1900))).toEqual(at(5_000, 1900));
    expect(betInfoNewest(at(5_000, 1850), at(125_000, 1700))).toEqual(at(125_000, 1700));
    const shown = at(245_000, 1700);
    expect(betInfoNewest(shown, at(125_000, 1850))).toBe(shown);
  });
});
