import { describe, expect, it } from 'vitest';
import { cardMarkets, marketEmptyReason, marketGroupsOrder, marketPeriod, oddsDirection, optionLocked } from './markets.ts';

const group = (mty: number, pe?: number, tys: number[] = [1, 2]) => ({ mty, pe, mks: [{ li: '', op: tys.map((ty) => ({ ty })) }] });

describe('market groups', () => {
  it('moves the pinned types to the top and keeps the order of the rest', () => {
    const ordered = marketGroupsOrder([group(1000), group(1007), group(1005), group(1012), group(3004)]);
    expect(ordered.map((g) => g.mty)).toEqual([1005, 3004, 1000, 1007, 1012]);
  });

  it('sorts each group’s handicap and total lines, lowest first, lines the feed mixed up included', () => {
    const lines = (...li: (string | undefined)[]) => ({
      mty: 1007,
      mks: li.map((line, index) => ({ id: index, ...(line === undefined ? {} : { li: line }) })),
    });
    const [totals] = marketGroupsOrder([lines('3.5', '1.5', '2.5', '0.5')]);
    expect(totals!.mks.map((market) => market.li)).toEqual(['0.5', '1.5', '2.5', '3.5']);
    const [handicaps] = marketGroupsOrder([lines('+0.25', '-1', '0', '-0.25', undefined, '+1.5')]);
    expect(handicaps!.mks.map((market) => market.li)).toEqual(['-1', '-0.25', '0', '+0.25', '+1.5', undefined]);
  });

  it('shows 1-x-2 for soccer and the full-time main market, not the half-time one', () => {
    const picked = cardMarkets(1, [group(1005, 1002, [1, 3, 2]), group(1007, 1001, [4, 5]), group(1005, 1001, [1, 3, 2])]);
    expect(picked.main?.pe).toBe(1001);
    expect(picked.columns).toBe('oneXTwo');
    expect(picked.total).toBeUndefined();
  });

  it('shows winner and the total for basketball', () => {
    const picked = cardMarkets(3, [group(3002, 3001), group(3003, 3001, [4, 5]), group(3004, 3001)]);
    expect(picked.main?.mty).toBe(3004);
    expect(picked.total?.mty).toBe(3003);
    expect(picked.columns).toBe('winner');
  });

  it('has no main market when the match offers none', () => {
    expect(cardMarkets(5, [group(5003)]).main).toBeUndefined();
  });
});

describe('odds state', () => {
  it('locks options of a market that is not open or whose odds are negative', () => {
    expect(optionLocked(1, 1.8)).toBe(false);
    expect(optionLocked(0, 1.8)).toBe(true);
    expect(optionLocked(-1, 1.8)).toBe(true);
    expect(optionLocked(1, -1.8)).toBe(true);
    expect(optionLocked(1, undefined)).toBe(true);
  });

  it('reports a price moving up or down, never a change from or to locked', () => {
    expect(oddsDirection(1.8, 1.9)).toBe('up');
    expect(oddsDirection(1.9, 1.8)).toBe('down');
    expect(oddsDirection(1.8, 1.8)).toBeUndefined();
    expect(oddsDirection(-1.8, 1.9)).toBeUndefined();
    expect(oddsDirection(1.8, -1.9)).toBeUndefined();
    expect(oddsDirection(undefined, 1.9)).toBeUndefined();
  });
});

describe('market period', () => {
  it('reads the whole match, halves, quarters, sets and games', () => {
    expect(marketPeriod(1, 1001)).toEqual({ key: 'full' });
    expect(marketPeriod(1, 1002)).toEqual({ key: 'firstHalf' });
    expect(marketPeriod(3, 3006)).toEqual({ key: 'quarter', n: 2 });
    expect(marketPeriod(5, 5003)).toEqual({ key: 'set', n: 2 });
    expect(marketPeriod(15, 15002)).toEqual({ key: 'game', n: 1 });
  });
});

describe('marketEmptyReason', () => {
  it('tells a pulled main market (ss −1, id only) from one that never came', () => {
    expect(marketEmptyReason({ ss: -1 })).toBe('closed');
    expect(marketEmptyReason(undefined)).toBe('none');
    expect(marketEmptyReason({ ss: 1 })).toBe('none');
  });
});
