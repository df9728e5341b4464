import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnits } from '../money/minor-units.ts';
import { oddsThousandths } from '../odds/odds-format.ts';
import {
  BET_SLIP_EMPTY,
  BET_SLIP_MESSAGE_KEYS,
  betSlipClear,
  betSlipFind,
  betSlipOddsAccept,
  betSlipRemove,
  betSlipRestore,
  betSlipStakeForAllSet,
  betSlipStakeSet,
  betSlipToggle,
  miniSlipVisibleNext,
  type BetSlip,
  type BetSlipItem,
  type BetSlipOffer,
  type BetSlipResult,
} from './bet-slip.ts';

function offer(matchId: number, marketId = 1, optionType = 1, odds = 2000, overrides: Partial<BetSlipOffer> = {}): BetSlipOffer {
  return { matchId, marketId, optionType, oddsThousandths: odds, marketOpen: true, line: null, multipleAllowed: true, ...overrides };
}

function slipOf(result: BetSlipResult): BetSlip {
  if (!result.ok) throw new Error(`expected a slip, got ${result.code}`);
  return result.slip;
}

function slipWith(...offers: BetSlipOffer[]): BetSlip {
  return offers.reduce((slip, next) => slipOf(betSlipToggle(slip, next)), BET_SLIP_EMPTY);
}

describe('betSlipToggle', () => {
  it('adds an open selection at its odds, with no stake yet', () => {
    const slip = slipWith(offer(10, 1, 1, 1850));
    expect(slip.items).toEqual([
      { matchId: 10, marketId: 1, optionType: 1, oddsThousandths: 1850, line: null, multipleAllowed: true, stakeMinor: null, locked: false },
    ]);
  });

  it('removes a selection that is already in the slip', () => {
    expect(slipWith(offer(10), offer(10)).items).toEqual([]);
  });

  it.each<[string, BetSlipOffer, string]>([
    ['a suspended market', offer(10, 1, 1, 2000, { marketOpen: false }), 'MARKET_LOCKED'],
    ['negative (locked) odds', offer(10, 1, 1, -2000), 'ODDS_LOCKED'],
    ['odds of exactly 1.000', offer(10, 1, 1, 1000), 'ODDS_LOCKED'],
    ['odds of zero', offer(10, 1, 1, 0), 'ODDS_LOCKED'],
  ])('refuses to add %s', (_name, refused, code) => {
    expect(betSlipToggle(BET_SLIP_EMPTY, refused)).toEqual({ ok: false, code });
  });

  it('still removes a selection whose market has since been suspended', () => {
    const slip = slipWith(offer(10));
    expect(slipOf(betSlipToggle(slip, offer(10, 1, 1, 2000, { marketOpen: false }))).items).toEqual([]);
  });

  it('replaces the pick of a match and market in its place, keeping its stake', () => {
    const staked = slipOf(betSlipStakeSet(slipWith(offer(10, 1, 1), offer(20)), offer(10, 1, 1), minorUnits(500)));
    const slip = slipOf(betSlipToggle(staked, offer(10, 1, 2, 3400)));
    expect(slip.items.map((item) => [item.matchId, item.optionType, item.oddsThousandths, item.stakeMinor])).toEqual([
      [10, 2, 3400, 500],
      [20, 1, 2000, null],
    ]);
  });

  it('keeps picks of two different markets of one match (they only cannot combine in a multiple)', () => {
    expect(slipWith(offer(10, 1), offer(10, 2)).items).toHaveLength(2);
  });

  it('refuses an eleventh selection with BET_SLIP_FULL, shown as betMaxLimit', () => {
    const full = slipWith(...Array.from({ length: 10 }, (_, index) => offer(index + 1)));
    expect(full.items).toHaveLength(10);
    expect(betSlipToggle(full, offer(11))).toEqual({ ok: false, code: 'BET_SLIP_FULL' });
    expect(BET_SLIP_MESSAGE_KEYS.BET_SLIP_FULL).toBe('betMaxLimit');
  });

  it('lets a full slip change a pick or drop one', () => {
    const full = slipWith(...Array.from({ length: 10 }, (_, index) => offer(index + 1)));
    expect(slipOf(betSlipToggle(full, offer(1, 1, 3))).items).toHaveLength(10);
    expect(slipOf(betSlipToggle(full, offer(1))).items).toHaveLength(9);
  });

  it('never holds more than ten items nor two picks of one match and market, whatever is tapped', () => {
    const tap = fc.record({
      matchId: fc.integer({ min: 1, max: 14 }),
      marketId: fc.integer({ min: 1, max: 2 }),
      optionType: fc.integer({ min: 1, max: 3 }),
      odds: fc.integer({ min: -3000, max: 9000 }),
      open: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(tap, { maxLength: 60 }), (taps) => {
        let slip = BET_SLIP_EMPTY;
        for (const { matchId, marketId, optionType, odds, open } of taps) {
          const result = betSlipToggle(slip, offer(matchId, marketId, optionType, odds, { marketOpen: open }));
          if (result.ok) slip = result.slip;
          expect(slip.items.length).toBeLessThanOrEqual(10);
          const markets = slip.items.map((item) => `${item.matchId}:${item.marketId}`);
          expect(new Set(markets).size).toBe(markets.length);
          expect(slip.items.every((item) => item.oddsThousandths > 1000)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('any change clears needAcceptLatestOdds', () => {
  const pending: BetSlip = { ...slipWith(offer(10), offer(20)), needAcceptLatestOdds: true };
  it.each<[string, (slip: BetSlip) => BetSlip]>([
    ['adding a selection', (slip) => slipOf(betSlipToggle(slip, offer(30)))],
    ['toggling a selection off', (slip) => slipOf(betSlipToggle(slip, offer(10)))],
    ['changing a pick of the same market', (slip) => slipOf(betSlipToggle(slip, offer(10, 1, 2)))],
    ['removing a selection', (slip) => slipOf(betSlipRemove(slip, offer(20)))],
    ['setting a stake', (slip) => slipOf(betSlipStakeSet(slip, offer(10), minorUnits(100)))],
    ['setting one stake for all', (slip) => slipOf(betSlipStakeForAllSet(slip, minorUnits(100)))],
    ['clearing the slip', (slip) => betSlipClear(slip)],
    ['accepting the latest odds', (slip) => betSlipOddsAccept(slip)],
  ])('%s', (_name, change) => {
    expect(change(pending).needAcceptLatestOdds).toBe(false);
  });

  it('but a refused change leaves the slip as it was', () => {
    expect(betSlipToggle(pending, offer(30, 1, 1, -1))).toEqual({ ok: false, code: 'ODDS_LOCKED' });
  });
});

describe('the mini slip', () => {
  it.each([
    [false, 0, 1, true],
    [true, 1, 2, false],
    [false, 2, 1, false],
    [true, 1, 0, false],
    [false, 3, 0, false],
    [true, 1, 1, true],
  ])('visible %s with %i items → %i items: visible %s', (visible, before, after, expected) => {
    expect(miniSlipVisibleNext(visible, before, after)).toBe(expected);
  });

  it('shows at the first item, hides at the second and stays hidden when one is removed', () => {
    const one = slipWith(offer(10));
    const two = slipOf(betSlipToggle(one, offer(20)));
    const backToOne = slipOf(betSlipRemove(two, offer(20)));
    const empty = slipOf(betSlipRemove(backToOne, offer(10)));
    const again = slipOf(betSlipToggle(empty, offer(30)));
    expect([one, two, backToOne, empty, again].map((slip) => slip.miniSlipVisible)).toEqual([true, false, false, false, true]);
  });
});

describe('stakes', () => {
  it('sets one item’s stake and ends one-stake-for-all', () => {
    const all = slipOf(betSlipStakeForAllSet(slipWith(offer(10), offer(20)), minorUnits(200)));
    const slip = slipOf(betSlipStakeSet(all, offer(20), minorUnits(750)));
    expect(slip.items.map((item) => item.stakeMinor)).toEqual([200, 750]);
    expect(slip.stakeForAllMinor).toBeNull();
  });

  it('gives one stake to every item and to items added later', () => {
    const all = slipOf(betSlipStakeForAllSet(slipWith(offer(10), offer(20)), minorUnits(200)));
    const slip = slipOf(betSlipToggle(all, offer(30)));
    expect(slip.items.map((item) => item.stakeMinor)).toEqual([200, 200, 200]);
  });

  it('clears every stake when the stake for all is cleared', () => {
    const all = slipOf(betSlipStakeForAllSet(slipWith(offer(10), offer(20)), minorUnits(200)));
    expect(slipOf(betSlipStakeForAllSet(all, null)).items.map((item) => item.stakeMinor)).toEqual([null, null]);
  });

  it.each([0, -100])('refuses a stake of %i', (stake) => {
    expect(betSlipStakeSet(slipWith(offer(10)), offer(10), minorUnits(stake))).toEqual({ ok: false, code: 'STAKE_INVALID' });
    expect(betSlipStakeForAllSet(slipWith(offer(10)), minorUnits(stake))).toEqual({ ok: false, code: 'STAKE_INVALID' });
  });

  it('refuses a stake for a selection not in the slip', () => {
    expect(betSlipStakeSet(slipWith(offer(10)), offer(99), minorUnits(100))).toEqual({ ok: false, code: 'SELECTION_NOT_IN_SLIP' });
  });
});

describe('betSlipRemove', () => {
  it('refuses to remove what is not there', () => {
    expect(betSlipRemove(BET_SLIP_EMPTY, offer(10))).toEqual({ ok: false, code: 'SELECTION_NOT_IN_SLIP' });
  });

  it('drops the highlight of the removed item', () => {
    const slip: BetSlip = {
      ...slipWith(offer(10), offer(20)),
      oddsChanges: [
        {
          matchId: 10,
          marketId: 1,
          optionType: 1,
          previousOddsThousandths: oddsThousandths(1900),
          currentOddsThousandths: oddsThousandths(2000),
          changedAtMs: 0,
        },
      ],
    };
    expect(slipOf(betSlipRemove(slip, offer(10))).oddsChanges).toEqual([]);
  });
});

describe('betSlipRestore', () => {
  const item = (matchId: number, marketId = 1, odds = 2000, stake: number | null = null): BetSlipItem => ({
    matchId,
    marketId,
    optionType: 1,
    oddsThousandths: odds as never,
    line: null,
    multipleAllowed: true,
    stakeMinor: stake as never,
    locked: false,
  });

  it('keeps sound items in order with fresh flags', () => {
    const restored = betSlipRestore([item(1), item(2, 1, 2500, 300)]);
    expect(restored.items).toEqual([item(1), item(2, 1, 2500, 300)]);
    expect(restored).toMatchObject({ needAcceptLatestOdds: false, oddsChanges: [], stakeForAllMinor: null });
  });

  it('drops impossible odds and stakes, later picks of a match and market, and anything past ten', () => {
    const stored = [item(1, 1, -2000), item(2, 1, 2000, -5), item(3), item(3, 1, 4000), ...Array.from({ length: 12 }, (_, index) => item(10 + index))];
    const restored = betSlipRestore(stored);
    expect(restored.items.map((kept) => kept.matchId)).toEqual([3, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(betSlipFind(restored, { matchId: 3, marketId: 1, optionType: 1 })?.oddsThousandths).toBe(2000);
  });
});
