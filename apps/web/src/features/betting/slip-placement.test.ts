import { BET_SLIP_EMPTY, betSlipStakeSet, betSlipToggle, minorUnits, type BetSlip } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import { slipSeriesOf } from './slip-quote.ts';
import { combinedOdds, slipPlacementOf, slipReceiptOf } from './slip-placement.ts';

/** A slip of `count` picks on different matches at 2.000, 2.500, 3.000 …, with the given stakes as singles. */
function slipOf(stakes: readonly (number | null)[]): BetSlip {
  let slip: BetSlip = BET_SLIP_EMPTY;
  stakes.forEach((stake, index) => {
    const offer = {
      matchId: index + 1,
      marketId: (index + 1) * 10,
      optionType: 1,
      oddsThousandths: 2000 + index * 500,
      marketOpen: true,
      line: null,
      multipleAllowed: true,
    };
    const added = betSlipToggle(slip, offer);
    if (!added.ok) throw new Error(added.code);
    slip = added.slip;
    if (stake !== null) {
      const staked = betSlipStakeSet(slip, offer, minorUnits(stake));
      if (!staked.ok) throw new Error(staked.code);
      slip = staked.slip;
    }
  });
  return slip;
}

describe('what a tap on "Place bet" sends', () => {
  it('singles place only the picks with a stake; the others are not part of it', () => {
    const placement = slipPlacementOf(slipOf([10_00, null, 5_00]), 'singles', undefined, null, 1);
    expect(placement?.placed.map((item) => item.matchId)).toEqual([1, 3]);
    expect(placement?.request).toEqual({
      kind: 'singles',
      body: {
        singleBetList: [
          { unitStake: 10_00, oddsChange: 1, betOptionList: [{ matchId: 1, marketId: 10, optionType: 1, odds: 2 }] },
          { unitStake: 5_00, oddsChange: 1, betOptionList: [{ matchId: 3, marketId: 30, optionType: 1, odds: 3 }] },
        ],
      },
    });
  });

  it('nothing to place without a stake', () => {
    expect(slipPlacementOf(slipOf([null, null]), 'singles', undefined, null, 0)).toBeUndefined();
    const double = slipSeriesOf(2).find((series) => series.accumulator);
    expect(slipPlacementOf(slipOf([null, null]), 'multiple', double, null, 0)).toBeUndefined();
  });

  it('a multiple places every leg under its series', () => {
    const treble = slipSeriesOf(3).find((series) => series.accumulator);
    const placement = slipPlacementOf(slipOf([null, null, null]), 'multiple', treble, 4_00, 2);
    expect(placement?.placed).toHaveLength(3);
    expect(placement?.request.kind).toBe('multiple');
    expect(placement?.request.body).toMatchObject({ betMultipleData: [{ seriesValue: 3001, unitStake: 4_00, oddsChange: 2 }] });
  });
});

describe('the receipt', () => {
  it('lists each single with its pick, the odds taken and the potential return the server struck', () => {
    const placement = slipPlacementOf(slipOf([10_00, null, 5_00]), 'singles', undefined, null, 0)!;
    const receipt = slipReceiptOf(placement, [
      { id: '11', st: 4, stake: 10_00, odds: [2.05], payout_max: 20_50 },
      { id: '12', st: 1, stake: 5_00, odds: [3], payout_max: 15_00 },
    ]);
    expect(receipt.bets.map((bet) => [bet.id, bet.picks[0]?.matchId, bet.odds, bet.payoutMinorMax])).toEqual([
      ['11', 1, [2.05], 20_50],
      ['12', 3, [3], 15_00],
    ]);
    expect(receipt.totalStakeMinor).toBe(15_00);
    expect(receipt.totalPayoutMinorMax).toBe(35_50);
    expect(receipt.picks.map((pick) => pick.matchId)).toEqual([1, 3]);
  });

  it('a multiple is one bet of all its picks; without the server’s return the total says nothing', () => {
    const double = slipSeriesOf(2).find((series) => series.accumulator);
    const placement = slipPlacementOf(slipOf([null, null]), 'multiple', double, 10_00, 0)!;
    const receipt = slipReceiptOf(placement, [{ id: '13', st: 4, stake: 10_00, odds: [2, 2.5] }]);
    expect(receipt.bets[0]).toMatchObject({ picks: placement.placed, seriesCode: 2001, payoutMinorMax: undefined });
    expect(receipt.totalPayoutMinorMax).toBeUndefined();
  });
});

describe('combined odds', () => {
  it('multiplies the legs and rounds to the thousandth', () => {
    expect(combinedOdds([2000, 2500])).toBe(5);
    expect(combinedOdds([1910, 1870, 2050])).toBe(7.322);
  });
});

describe('a free bet', () => {
  it('places the one staked single through the free-bet request', () => {
    const placement = slipPlacementOf(slipOf([500]), 'singles', undefined, null, 1, true);
    expect(placement?.request).toEqual({
      kind: 'free',
      body: { unitStake: 500, oddsChange: 1, betOptionList: [{ matchId: 1, marketId: 10, optionType: 1, odds: 2 }] },
    });
    const receipt = slipReceiptOf(placement!, [{ id: 'f1', st: 4, odds: [2000], stake: 500, payout_max: 500 } as never]);
    expect(receipt.bets.map((bet) => [bet.id, bet.stakeMinor, bet.picks.length])).toEqual([['f1', 500, 1]]);
  });
  it('places nothing when two singles have a stake, and never a multiple', () => {
    expect(slipPlacementOf(slipOf([500, 700]), 'singles', undefined, null, 1, true)).toBeUndefined();
    expect(slipPlacementOf(slipOf([500, null]), 'singles', undefined, null, 1, true)?.request.kind).toBe('free');
    expect(slipPlacementOf(slipOf([500]), 'singles', undefined, null, 1, false)?.request.kind).toBe('singles');
  });
});
