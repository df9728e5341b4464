import { describe, expect, it } from 'vitest';
import { TIMERS } from '../timers.ts';
import { BET_SLIP_EMPTY, betSlipToggle, type BetSlip, type BetSlipOffer } from './bet-slip.ts';
import { betSlipOddsChangeFind, betSlipOddsRefresh, type BetSlipQuote } from './bet-slip-odds-refresh.ts';

function offer(matchId: number, marketId = 1, optionType = 1, odds = 2000): BetSlipOffer {
  return { matchId, marketId, optionType, oddsThousandths: odds, marketOpen: true, line: null, multipleAllowed: true };
}

function quote(matchId: number, odds: number, overrides: Partial<BetSlipQuote> = {}): BetSlipQuote {
  return {
    matchId,
    marketId: 1,
    optionType: 1,
    previousMarketId: null,
    oddsThousandths: odds,
    marketOpen: true,
    line: null,
    multipleAllowed: true,
    ...overrides,
  };
}

function slipWith(...offers: BetSlipOffer[]): BetSlip {
  return offers.reduce((slip, next) => {
    const result = betSlipToggle(slip, next);
    if (!result.ok) throw new Error(result.code);
    return result.slip;
  }, BET_SLIP_EMPTY);
}

const T0 = 1_700_000_000_000;

describe('betSlipOddsRefresh', () => {
  it('returns the very same slip when the server agrees with it', () => {
    const slip = slipWith(offer(10), offer(20));
    expect(betSlipOddsRefresh(slip, [quote(10, 2000), quote(20, 2000)], T0)).toBe(slip);
  });

  it('writes differing odds onto the item, asks the player to accept and records the move', () => {
    const slip = betSlipOddsRefresh(slipWith(offer(10), offer(20)), [quote(10, 1850), quote(20, 2000)], T0);
    expect(slip.items.map((item) => item.oddsThousandths)).toEqual([1850, 2000]);
    expect(slip.needAcceptLatestOdds).toBe(true);
    expect(slip.oddsChanges).toEqual([
      { matchId: 10, marketId: 1, optionType: 1, previousOddsThousandths: 2000, currentOddsThousandths: 1850, changedAtMs: T0 },
    ]);
  });

  it('keeps the flag up on a later refresh that finds nothing new', () => {
    const pending = betSlipOddsRefresh(slipWith(offer(10)), [quote(10, 1850)], T0);
    expect(betSlipOddsRefresh(pending, [quote(10, 1850)], T0 + 500).needAcceptLatestOdds).toBe(true);
  });

  it('highlights a move for 2 s, with its direction', () => {
    const slip = betSlipOddsRefresh(slipWith(offer(10), offer(20)), [quote(10, 1850), quote(20, 2300)], T0);
    expect(betSlipOddsChangeFind(slip, offer(10), T0)?.direction).toBe('down');
    expect(betSlipOddsChangeFind(slip, offer(20), T0 + TIMERS.oddsChangeHighlightMs - 1)?.direction).toBe('up');
    expect(betSlipOddsChangeFind(slip, offer(20), T0 + TIMERS.oddsChangeHighlightMs)).toBeNull();
    expect(betSlipOddsChangeFind(slip, offer(30), T0)).toBeNull();
  });

  it('drops highlights older than 2 s on the next refresh and restarts one that moves again', () => {
    const first = betSlipOddsRefresh(slipWith(offer(10), offer(20)), [quote(10, 1850), quote(20, 2300)], T0);
    const second = betSlipOddsRefresh(first, [quote(10, 1700), quote(20, 2300)], T0 + TIMERS.oddsChangeHighlightMs);
    expect(second.oddsChanges).toEqual([
      { matchId: 10, marketId: 1, optionType: 1, previousOddsThousandths: 1850, currentOddsThousandths: 1700, changedAtMs: T0 + TIMERS.oddsChangeHighlightMs },
    ]);
  });

  it.each<[string, BetSlipQuote]>([
    ['suspended', quote(10, 2500, { marketOpen: false })],
    ['locked by negative odds', quote(10, -2500)],
  ])('marks an item locked when its market is %s, keeping its last odds and no accept', (_name, locked) => {
    const slip = betSlipOddsRefresh(slipWith(offer(10)), [locked], T0);
    expect(slip.items[0]).toMatchObject({ locked: true, oddsThousandths: 2000 });
    expect(slip.needAcceptLatestOdds).toBe(false);
  });

  it('unlocks the item when the market reopens at the same odds, without asking to accept', () => {
    const locked = betSlipOddsRefresh(slipWith(offer(10)), [quote(10, 2000, { marketOpen: false })], T0);
    const reopened = betSlipOddsRefresh(locked, [quote(10, 2000)], T0 + 2000);
    expect(reopened.items[0]?.locked).toBe(false);
    expect(reopened.needAcceptLatestOdds).toBe(false);
  });

  it('follows a line move (omid) to the new market and asks the player to accept the new line', () => {
    const slip = betSlipOddsRefresh(slipWith(offer(10, 5)), [quote(10, 1950, { marketId: 6, previousMarketId: 5, line: '-0.75' })], T0);
    expect(slip.items[0]).toMatchObject({ matchId: 10, marketId: 6, line: '-0.75', oddsThousandths: 1950 });
    expect(slip.needAcceptLatestOdds).toBe(true);
  });

  it('asks to accept a moved line even at unchanged odds', () => {
    const slip = betSlipOddsRefresh(slipWith(offer(10, 5)), [quote(10, 2000, { marketId: 5, line: '2.75' })], T0);
    expect(slip.needAcceptLatestOdds).toBe(true);
    expect(slip.oddsChanges).toEqual([]);
  });

  it('drops an item whose line moved onto a market the slip already holds for that match', () => {
    const slip = betSlipOddsRefresh(slipWith(offer(10, 5, 1), offer(10, 6, 2)), [quote(10, 1950, { marketId: 6, previousMarketId: 5 })], T0);
    expect(slip.items.map((item) => [item.marketId, item.optionType])).toEqual([[6, 2]]);
  });

  it('leaves items the refresh does not mention alone', () => {
    const slip = betSlipOddsRefresh(slipWith(offer(10), offer(20)), [quote(20, 2100)], T0);
    expect(slip.items[0]).toMatchObject({ matchId: 10, oddsThousandths: 2000, locked: false });
  });
});
