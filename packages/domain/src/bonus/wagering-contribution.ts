import type { CasinoGameKind } from '../casino/types.ts';
import type { OddsThousandths } from '../odds/odds-format.ts';

/**
 * How much of a bet or a casino round counts towards a bonus's wagering requirement. Weights are basis points of the
 * stake (10,000 bp = 100 %) and every share rounds down, so a contribution never counts a fraction of a cent the
 * player did not stake.
 */
export const CONTRIBUTION_FULL_BP = 10_000;

/** The products a campaign weighs separately (issue 17: sports by minimum odds, slots in full, the rest by weight). */
export type WageringProduct = 'sports' | 'slot' | 'table' | 'crash' | 'dice';

/** What a campaign says about contributions; slots always count in full. */
export interface WageringWeights {
  /** A settled sports bet counts only when its odds are at least this (e.g. 1.500 = 1500). */
  sportsOddsMinThousandths: number;
  tableBp: number;
  crashBp: number;
  diceBp: number;
}

/**
 * The house games by product. Plinko has no player decision beyond the stake, like a slot. Mines, Tower and Hilo join crash: the
 * player picks the moment to stop, so a low-risk strategy could clear wagering cheaply at full weight.
 */
export function wageringProductOfGame(kind: CasinoGameKind): Exclude<WageringProduct, 'sports'> {
  switch (kind) {
    case 'slot':
    case 'plinko':
    case 'keno':
    case 'wheel':
    case 'bingo':
    case 'fishing':
      return 'slot';
    case 'roulette':
    case 'baccarat':
    case 'video-poker':
    case 'blackjack':
      return 'table';
    case 'crash':
    case 'mines':
    case 'tower':
    case 'hilo':
      return 'crash';
    case 'dice':
    case 'limbo':
      return 'dice';
  }
}

export function wageringWeightBp(product: WageringProduct, weights: WageringWeights): number {
  switch (product) {
    case 'sports':
    case 'slot':
      return CONTRIBUTION_FULL_BP;
    case 'table':
      return weights.tableBp;
    case 'crash':
      return weights.crashBp;
    case 'dice':
      return weights.diceBp;
  }
}

/** How a sports bet ended; only a bet that stood (won or lost, in whole or half) puts its stake at risk. */
export type SportsBetResult = 'won' | 'lost' | 'half_won' | 'half_lost' | 'void' | 'cashed_out';

export type WageringEvent =
  | { product: 'sports'; stakeMinor: number; oddsThousandths: OddsThousandths | number; result: SportsBetResult }
  | { product: Exclude<WageringProduct, 'sports'>; stakeMinor: number };

/** Whether a settled sports bet's stake stood: a void returned it, a cash-out ended the risk before the result. */
function sportsResultCounts(result: SportsBetResult): boolean {
  switch (result) {
    case 'won':
    case 'lost':
    case 'half_won':
    case 'half_lost':
      return true;
    case 'void':
    case 'cashed_out':
      return false;
  }
}

/** The contribution of one settled bet or round, in the stake's minor units (rounded down). */
export function wageringContributionMinor(event: WageringEvent, weights: WageringWeights): number {
  if (!Number.isSafeInteger(event.stakeMinor) || event.stakeMinor < 0) throw new RangeError(`stake must be a non-negative integer, got ${event.stakeMinor}`);
  if (event.product === 'sports') {
    if (!sportsResultCounts(event.result)) return 0;
    if (event.oddsThousandths < weights.sportsOddsMinThousandths) return 0;
  }
  const weightBp = wageringWeightBp(event.product, weights);
  return Math.floor((event.stakeMinor * weightBp) / CONTRIBUTION_FULL_BP);
}
