import type { RouletteBet, RouletteOutcome, RouletteParams } from '../types.ts';
import type { FloatSourceLike } from './common.ts';

/**
 * European roulette, single zero: pocket = floor(f × 37) (integrations.md §7.2). Straight pays 35 to 1,
 * dozens and columns 2 to 1, red/black, odd/even, low/high 1 to 1; zero loses every outside bet (no
 * la partage). Each bet returns 36/37 = 97.2973 %.
 */
export const ROULETTE_POCKETS = 37;
export const ROULETTE_RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const ROULETTE_CHIPS_MAX = 50;

export function rouletteBetValid(bet: RouletteBet): boolean {
  if (!Number.isSafeInteger(bet.amount) || bet.amount <= 0) return false;
  switch (bet.kind) {
    case 'straight':
      return Number.isInteger(bet.number) && bet.number! >= 0 && bet.number! <= 36;
    case 'dozen':
    case 'column':
      return Number.isInteger(bet.number) && bet.number! >= 1 && bet.number! <= 3;
    default:
      return bet.number === undefined;
  }
}

export function rouletteParamsValid(params: RouletteParams): boolean {
  return Array.isArray(params.bets) && params.bets.length >= 1 && params.bets.length <= ROULETTE_CHIPS_MAX && params.bets.every(rouletteBetValid);
}

export function rouletteStake(params: RouletteParams): number {
  return params.bets.reduce((sum, bet) => sum + bet.amount, 0);
}

/** What one chip returns (stake included) on `pocket`, as a multiple of the chip. */
export function rouletteReturnX(bet: RouletteBet, pocket: number): number {
  const n = pocket;
  switch (bet.kind) {
    case 'straight':
      return n === bet.number ? 36 : 0;
    case 'dozen':
      return n !== 0 && Math.ceil(n / 12) === bet.number ? 3 : 0;
    case 'column':
      return n !== 0 && ((n - 1) % 3) + 1 === bet.number ? 3 : 0;
    case 'red':
      return ROULETTE_RED.has(n) ? 2 : 0;
    case 'black':
      return n !== 0 && !ROULETTE_RED.has(n) ? 2 : 0;
    case 'odd':
      return n !== 0 && n % 2 === 1 ? 2 : 0;
    case 'even':
      return n !== 0 && n % 2 === 0 ? 2 : 0;
    case 'low':
      return n >= 1 && n <= 18 ? 2 : 0;
    case 'high':
      return n >= 19 ? 2 : 0;
  }
}

export function roulettePlay(params: RouletteParams, next: FloatSourceLike): RouletteOutcome {
  const pocket = Math.floor(next() * ROULETTE_POCKETS);
  return { kind: 'roulette', number: pocket, bets: params.bets.map((bet) => ({ ...bet, win: bet.amount * rouletteReturnX(bet, pocket) })) };
}

/** Exact RTP of one bet by its rules: the average return over the 37 pockets. */
export function rouletteRtpExact(bet: RouletteBet): number {
  let total = 0;
  for (let pocket = 0; pocket < ROULETTE_POCKETS; pocket += 1) total += rouletteReturnX(bet, pocket);
  return total / ROULETTE_POCKETS;
}
