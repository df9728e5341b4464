import type { DiceOutcome, DiceParams, FloatSourceLike } from './common.ts';
import { BP } from '../types.ts';

/**
 * Dice (integrations.md §7.2): roll = floor(f × 10001) hundredths, 0.00–100.00. "Under t" wins on rolls
 * below t, "over t" on rolls above t. The multiplier is 0.99 × 10001 / (winning rolls), floored to 4
 * decimals, so every target returns at most 99 %.
 */
export const DICE_OUTCOMES = 10_001;
/** Winning rolls allowed: 1 % to 98 % chance. */
export const DICE_WINNING_MIN = 100;
export const DICE_WINNING_MAX = 9_800;

export function diceWinningRolls(params: DiceParams): number {
  return params.direction === 'under' ? params.target : DICE_OUTCOMES - 1 - params.target;
}

export function diceParamsValid(params: DiceParams): boolean {
  if (params.direction !== 'under' && params.direction !== 'over') return false;
  if (!Number.isInteger(params.target) || params.target < 0 || params.target > 10_000) return false;
  const winning = diceWinningRolls(params);
  return winning >= DICE_WINNING_MIN && winning <= DICE_WINNING_MAX;
}

export function diceMultiplierBp(params: DiceParams): number {
  return Math.floor((99 * DICE_OUTCOMES * BP) / 100 / diceWinningRolls(params));
}

export function diceRoll(f: number): number {
  return Math.floor(f * DICE_OUTCOMES);
}

export function dicePlay(params: DiceParams, next: FloatSourceLike): DiceOutcome {
  const roll = diceRoll(next());
  const won = params.direction === 'under' ? roll < params.target : roll > params.target;
  return { kind: 'dice', roll, target: params.target, direction: params.direction, multiplierBp: diceMultiplierBp(params), won };
}

/**
 * Exact RTP of a dice bet over the 2³² floats the HMAC bytes can make: roll r comes from the k with
 * floor(k·10001 / 2³²) = r, so "roll < t" has ceil(t·2³² / 10001) of them.
 */
export function diceRtpExact(params: DiceParams): number {
  const lattice = 2 ** 32;
  const below = (t: number) => Math.ceil((t * lattice) / DICE_OUTCOMES);
  const winningFloats = params.direction === 'under' ? below(params.target) : lattice - below(params.target + 1);
  return (winningFloats / lattice) * (diceMultiplierBp(params) / BP);
}
