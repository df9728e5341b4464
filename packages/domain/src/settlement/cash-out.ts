import { minorUnits, type MinorUnits } from '../money/minor-units.ts';
import { type OddsThousandths } from '../odds/odds-format.ts';
import { payoutFloorMinor } from '../bet-slip/payout-floor.ts';
import { LEG_FACTOR_DENOMINATOR, legFactorPer2000 } from './leg-factor.ts';
import { type LegState } from './leg-outcome.ts';

/** A leg of an open single or multiple, with the market as it stands now. */
export interface CashOutLeg {
  /** The odds the leg was accepted at. */
  oddsThousandths: OddsThousandths;
  state: LegState;
  /** The selection's market now (for an unsettled leg); null when the feed has no price for it. */
  market: { oddsThousandths: number; open: boolean } | null;
}

export type CashOutErrorCode =
  | 'LEG_LOST'
  | 'MARKET_SUSPENDED'
  | 'BET_SETTLED'
  | 'CASH_OUT_VALUE_ZERO'
  | 'PARTIAL_STAKE_INVALID'
  | 'PARTIAL_STAKE_BELOW_MINIMUM'
  | 'REMAINING_STAKE_BELOW_MINIMUM'
  | 'CASH_OUT_VALUE_CHANGED';

/**
 * The book's cash-out margin in basis points of the fair value (500 = 5 %). The server's configuration owns the
 * number; this default only names a typical one, since the reference gives none.
 */
export const CASH_OUT_MARGIN_BASIS_POINTS_DEFAULT = 500;

const BASIS_POINTS = 10_000;

/**
 * What the bet can be cashed out for now (betting.md §6): its potential return divided by the current odds of its
 * open legs, i.e. stake × Π factors of settled legs × Π (accepted ÷ current odds) of open legs, less the margin,
 * rounded down to the minor unit once. No offer while a leg has lost, while any open leg's market is suspended,
 * closed or locked, once every leg has settled (the bet is settled instead), or when the value rounds to nothing.
 */
export function cashOutValue(
  stakeMinor: MinorUnits,
  legs: readonly CashOutLeg[],
  marginBasisPoints: number,
): { ok: true; valueMinor: MinorUnits } | { ok: false; code: CashOutErrorCode } {
  if (!Number.isInteger(marginBasisPoints) || marginBasisPoints < 0 || marginBasisPoints >= BASIS_POINTS) {
    throw new RangeError(`a cash-out margin is 0 to 9999 basis points, got ${marginBasisPoints}`);
  }
  if (legs.length === 0) throw new RangeError('a bet has at least one leg');
  if (legs.some((leg) => leg.state === 'lost')) return { ok: false, code: 'LEG_LOST' };
  const open = legs.filter((leg) => leg.state === 'unsettled');
  if (open.length === 0) return { ok: false, code: 'BET_SETTLED' };
  const numerators: number[] = [BASIS_POINTS - marginBasisPoints];
  const denominators: number[] = [BASIS_POINTS];
  for (const leg of legs) {
    if (leg.state === 'unsettled') {
      const market = leg.market;
      if (!market || !market.open || !Number.isInteger(market.oddsThousandths) || market.oddsThousandths <= 1000) {
        return { ok: false, code: 'MARKET_SUSPENDED' };
      }
      numerators.push(leg.oddsThousandths);
      denominators.push(market.oddsThousandths);
    } else {
      numerators.push(legFactorPer2000(leg.state, leg.oddsThousandths));
      denominators.push(LEG_FACTOR_DENOMINATOR);
    }
  }
  const valueMinor = payoutFloorMinor(stakeMinor, numerators, denominators);
  if (valueMinor === 0) return { ok: false, code: 'CASH_OUT_VALUE_ZERO' };
  return { ok: true, valueMinor };
}

/**
 * Cashes out part of the stake: `partialStakeMinor` of it is paid at its value now and the rest rides on the same
 * legs at the same odds. Both parts must reach the minimum stake (the upstream `smis`/`pmis`), so a partial cash-out
 * never leaves a bet too small to have been placed; cashing out the whole stake is allowed and leaves nothing.
 * The part is valued on its own stake and rounded down once, so splitting never pays more than a full cash-out.
 */
export function cashOutPartial(
  stakeMinor: MinorUnits,
  legs: readonly CashOutLeg[],
  marginBasisPoints: number,
  partialStakeMinor: MinorUnits,
  minimumStakeMinor: MinorUnits,
): { ok: true; valueMinor: MinorUnits; remainingStakeMinor: MinorUnits } | { ok: false; code: CashOutErrorCode } {
  if (partialStakeMinor <= 0 || partialStakeMinor > stakeMinor) return { ok: false, code: 'PARTIAL_STAKE_INVALID' };
  if (partialStakeMinor < minimumStakeMinor) return { ok: false, code: 'PARTIAL_STAKE_BELOW_MINIMUM' };
  const remainingStakeMinor = minorUnits(stakeMinor - partialStakeMinor);
  if (remainingStakeMinor > 0 && remainingStakeMinor < minimumStakeMinor) return { ok: false, code: 'REMAINING_STAKE_BELOW_MINIMUM' };
  const value = cashOutValue(partialStakeMinor, legs, marginBasisPoints);
  if (!value.ok) return value;
  return { ok: true, valueMinor: value.valueMinor, remainingStakeMinor };
}

/**
 * At execution the value is priced again. The player's accepted value is paid when it still stands; a different
 * value — up or down — is paid only if the player agreed to accept changes (the upstream `acceptOddsChange`),
 * mirroring the odds-change preference at placement.
 */
export function cashOutAcceptCheck(
  currentValueMinor: MinorUnits,
  acceptedValueMinor: MinorUnits,
  acceptValueChange: boolean,
): { ok: true; valueMinor: MinorUnits } | { ok: false; code: 'CASH_OUT_VALUE_CHANGED' } {
  if (currentValueMinor === acceptedValueMinor || acceptValueChange) return { ok: true, valueMinor: currentValueMinor };
  return { ok: false, code: 'CASH_OUT_VALUE_CHANGED' };
}

/** Auto cash-out executes at the first value at or above the player's target (betting.md §6). */
export function cashOutAutoTriggered(valueMinor: MinorUnits, targetMinor: MinorUnits): boolean {
  return valueMinor >= targetMinor;
}
