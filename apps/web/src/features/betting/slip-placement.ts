import type { PlacedBet } from '@piranha/contract';
import type { BetSlip, BetSlipItem } from '@piranha/domain';
import { oddsDecimalOf, oddsThousandthsOf } from '../../shared/odds/odds.ts';
import type { PlaceRequest } from './placement-key.ts';
import type { OddsPreference, SlipMode } from './bet-slip-store.ts';
import type { SlipSeries } from './slip-quote.ts';

/** What one tap on "Place bet" sends, and which of the slip's items it places. */
export interface SlipPlacement {
  request: PlaceRequest;
  /** The items the request places, in its order: singles with a stake and an open price, or every leg of a multiple. */
  placed: readonly BetSlipItem[];
}

const optionOf = (item: BetSlipItem) => ({
  matchId: item.matchId,
  marketId: item.marketId,
  optionType: item.optionType,
  odds: oddsDecimalOf(item.oddsThousandths),
});

/**
 * The request of the slip in its mode. Singles place only the items with a stake and an open price (the others stay
 * in the slip); a multiple or system places all its legs under the chosen series. `freeBet` places the slip's one
 * staked single as a free bet (paid from the free-bet balance; nothing when more than one single has a stake).
 */
export function slipPlacementOf(
  slip: BetSlip,
  mode: SlipMode,
  series: SlipSeries | undefined,
  unitStakeMinor: number | null,
  preference: OddsPreference,
  freeBet = false,
): SlipPlacement | undefined {
  if (mode === 'singles') {
    const placed = slip.items.filter((item) => item.stakeMinor !== null && !item.locked);
    if (placed.length === 0) return undefined;
    if (freeBet) {
      const [item] = placed;
      if (placed.length !== 1 || !item) return undefined;
      return { request: { kind: 'free', body: { unitStake: item.stakeMinor!, oddsChange: preference, betOptionList: [optionOf(item)] } }, placed };
    }
    const singleBetList = placed.map((item) => ({ unitStake: item.stakeMinor!, oddsChange: preference, betOptionList: [optionOf(item)] }));
    return { request: { kind: 'singles', body: { singleBetList } }, placed };
  }
  if (!series || unitStakeMinor === null || slip.items.length < 2) return undefined;
  return {
    request: {
      kind: 'multiple',
      body: { betMultipleData: [{ seriesValue: series.code, unitStake: unitStakeMinor, oddsChange: preference }], betOptionList: slip.items.map(optionOf) },
    },
    placed: slip.items,
  };
}

/** One bet of the receipt: the picks it holds, the odds each was accepted at, its stake and potential return. */
export interface ReceiptBet {
  id: string;
  /** Order status: 1 confirming (in-play delay), 4 accepted. */
  st: number;
  picks: readonly BetSlipItem[];
  /** Accepted odds per pick, in the picks' order. */
  odds: readonly number[];
  stakeMinor: number;
  /** The server's potential return; undefined from a server that does not say it. */
  payoutMinorMax: number | undefined;
  /** The series of a multiple or system (3001 treble …); undefined for a single. */
  seriesCode: number | undefined;
}

export interface SlipReceipt {
  bets: readonly ReceiptBet[];
  totalStakeMinor: number;
  /** The sum of the bets' potential returns, once every bet says it. */
  totalPayoutMinorMax: number | undefined;
  /** The picks placed, to put back in the slip with "Reuse picks". */
  picks: readonly BetSlipItem[];
}

/** The receipt of an accepted placement: singles answer one bet per placed item, in order; a multiple one bet. */
export function slipReceiptOf(placement: SlipPlacement, answered: readonly PlacedBet[]): SlipReceipt {
  const bets: ReceiptBet[] =
    placement.request.kind !== 'multiple'
      ? answered.map((bet, index) => ({
          id: bet.id,
          st: bet.st,
          picks: placement.placed[index] ? [placement.placed[index]] : [],
          odds: bet.odds,
          stakeMinor: bet.stake,
          payoutMinorMax: bet.payout_max,
          seriesCode: undefined,
        }))
      : answered.map((bet) => ({
          id: bet.id,
          st: bet.st,
          picks: placement.placed,
          odds: bet.odds,
          stakeMinor: bet.stake,
          payoutMinorMax: bet.payout_max,
          seriesCode: placement.request.kind === 'multiple' ? placement.request.body.betMultipleData[0]?.seriesValue : undefined,
        }));
  const payouts = bets.map((bet) => bet.payoutMinorMax);
  return {
    bets,
    totalStakeMinor: bets.reduce((sum, bet) => sum + bet.stakeMinor, 0),
    totalPayoutMinorMax: payouts.every((payout) => payout !== undefined) ? payouts.reduce<number>((sum, payout) => sum + payout, 0) : undefined,
    picks: placement.placed,
  };
}

/** The combined decimal odds of a multiple's legs (the product), rounded to the thousandth the slip shows. */
export function combinedOdds(oddsThousandths: readonly number[]): number {
  return oddsDecimalOf(oddsThousandthsOf(oddsThousandths.reduce((product, odds) => product * oddsDecimalOf(odds), 1)));
}
