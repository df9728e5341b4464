import { BP, TOWER_DIFFICULTIES, type TowerDifficulty, type TowerOutcome, type TowerParams } from '../types.ts';
import type { FloatSourceLike } from './common.ts';

/**
 * Tower: 8 floors; on each floor the player opens one of `doors` doors, `traps` of which end the round. The traps
 * of every floor are drawn before play by Fisher–Yates over that floor's doors (one float per trap, floor by floor,
 * as Mines draws its mines). After k safe floors the pay is stake × 0.99 / P(survive k) = stake × 0.99 × (doors /
 * safe doors)^k, floored only to the minor unit: whatever floor the player cashes out at, the round returns exactly
 * 99 % (the multiplier shown, `multiplierBp`, is that fraction floored to 4 decimals).
 */
export const TOWER_FLOORS = 8;

export const TOWER_SETUPS: Readonly<Record<TowerDifficulty, { doors: number; traps: number }>> = {
  easy: { doors: 4, traps: 1 },
  medium: { doors: 3, traps: 1 },
  hard: { doors: 2, traps: 1 },
  expert: { doors: 3, traps: 2 },
};

export function towerParamsValid(params: TowerParams): boolean {
  return (TOWER_DIFFICULTIES as readonly string[]).includes(params.difficulty);
}

/** The trap doors of every floor (bottom floor first), drawn from the bet's float stream. */
export function towerTraps(difficulty: TowerDifficulty, next: FloatSourceLike): number[][] {
  const { doors, traps } = TOWER_SETUPS[difficulty];
  return Array.from({ length: TOWER_FLOORS }, () => {
    const remaining = Array.from({ length: doors }, (_, door) => door);
    const floor: number[] = [];
    for (let i = 0; i < traps; i += 1) floor.push(remaining.splice(Math.floor(next() * remaining.length), 1)[0]!);
    return floor.sort((a, b) => a - b);
  });
}

/** The exact pay after `floors` safe floors as a fraction numerator / denominator of the stake (0 / 1 before the first). */
export function towerPayFraction(difficulty: TowerDifficulty, floors: number): { numerator: number; denominator: number } {
  if (floors === 0) return { numerator: 0, denominator: 1 };
  const { doors, traps } = TOWER_SETUPS[difficulty];
  return { numerator: 99 * doors ** floors, denominator: 100 * (doors - traps) ** floors };
}

/** The cash-out multiplier after `floors` safe floors, floored to basis points (for display). */
export function towerMultiplierBp(difficulty: TowerDifficulty, floors: number): number {
  const { numerator, denominator } = towerPayFraction(difficulty, floors);
  return Math.floor((numerator * BP) / denominator);
}

/** What a cashed-out tower pays for `stakeMinor`, floored to a minor unit. */
export function towerWinMinor(difficulty: TowerDifficulty, floors: number, stakeMinor: number): number {
  const { numerator, denominator } = towerPayFraction(difficulty, floors);
  return Math.floor((stakeMinor * numerator) / denominator);
}

/** The state of a round after the player's picks (one door per floor, bottom up) and cash-out, when `cashedOut`. */
export function towerState(difficulty: TowerDifficulty, traps: readonly (readonly number[])[], picks: readonly number[], cashedOut: boolean): TowerOutcome {
  const busted = picks.some((door, floor) => traps[floor]!.includes(door));
  const cleared = !busted && picks.length === TOWER_FLOORS;
  const status = busted ? 'busted' : cashedOut || cleared ? 'cashed' : 'open';
  return {
    kind: 'tower',
    difficulty,
    picks: [...picks],
    status,
    multiplierBp: busted ? 0 : towerMultiplierBp(difficulty, picks.length),
    traps: status === 'open' ? [] : traps.map((floor) => [...floor]),
  };
}

/** Chance of climbing `floors` floors safely. */
export function towerSurvival(difficulty: TowerDifficulty, floors: number): number {
  const { doors, traps } = TOWER_SETUPS[difficulty];
  return ((doors - traps) / doors) ** floors;
}

/** Exact RTP of "cash out after `floors` floors": P(survive) × the exact pay = 0.99 for every floor count. */
export function towerRtpExact(difficulty: TowerDifficulty, floors: number): number {
  const { numerator, denominator } = towerPayFraction(difficulty, floors);
  return (towerSurvival(difficulty, floors) * numerator) / denominator;
}
