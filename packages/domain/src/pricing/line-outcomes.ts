import type { IntegerDistribution } from './integer-distribution.ts';

/**
 * Settlement odds of line bets (reference/betting.md §3) on an integer quantity X: a total (over X > line, under
 * X < line) or, for handicaps, the difference home − away. A whole line pushes when X equals it, a half line never
 * pushes, a quarter line (x.25, x.75) is half the stake on line − 0.25 and half on line + 0.25.
 */

/** Over wins when X is above the line, under when below. */
export type LineSide = 'over' | 'under';

/** Probabilities of the five settlements of one line bet; they sum to the distribution's mass (1). */
export interface LineOutcomeProbabilities {
  readonly won: number;
  readonly halfWon: number;
  readonly push: number;
  readonly halfLost: number;
  readonly lost: number;
}

/** Lines are quoted in quarters; anything else is a programmer error. */
export function lineAssert(line: number): void {
  if (!Number.isFinite(line) || !Number.isInteger(line * 4)) throw new RangeError(`a line must be a multiple of 0.25, got ${line}`);
}

/** +1 won, 0 push, −1 lost for one stake on one whole or half line. */
function lineSettlementSign(value: number, line: number, side: LineSide): number {
  const sign = Math.sign(value - line);
  return side === 'over' ? sign : -sign;
}

/** How a bet on `side` of `line` settles, summed over the distribution of X. */
export function lineOutcomeProbabilities(distribution: IntegerDistribution, line: number, side: LineSide): LineOutcomeProbabilities {
  lineAssert(line);
  const isQuarter = !Number.isInteger(line * 2);
  const lineLow = isQuarter ? line - 0.25 : line;
  const lineHigh = isQuarter ? line + 0.25 : line;
  const totals = [0, 0, 0, 0, 0];
  distribution.probabilities.forEach((probability, index) => {
    const value = distribution.valueMin + index;
    // Two half stakes: their signs sum to 2 (won), 1 (half won), 0 (push), −1 (half lost) or −2 (lost).
    const score = lineSettlementSign(value, lineLow, side) + lineSettlementSign(value, lineHigh, side);
    totals[2 - score]! += probability;
  });
  const [won, halfWon, push, halfLost, lost] = totals as [number, number, number, number, number];
  return { won, halfWon, push, halfLost, lost };
}

/**
 * The price-equivalent probability of a line bet: the p whose fair price 1/p returns the stake on average once
 * pushes refund and half results pay half, p = (won + halfWon/2) / (1 − push − halfWon/2 − halfLost/2).
 * The two sides of one line sum to 1, so they can be priced with `oddsWithMargin` like any two-way market.
 * A line that can only push has no price of its own; it answers 0.5, which returns the stake either way.
 */
export function lineProbability(outcomes: LineOutcomeProbabilities): number {
  const winning = outcomes.won + outcomes.halfWon / 2;
  const settling = winning + outcomes.lost + outcomes.halfLost / 2;
  return settling > 0 ? winning / settling : 0.5;
}

/** Over and under of a total line on X, price-equivalent probabilities summing to 1. */
export function lineTotalProbabilities(distribution: IntegerDistribution, line: number): { over: number; under: number } {
  const over = lineProbability(lineOutcomeProbabilities(distribution, line, 'over'));
  return { over, under: 1 - over };
}

/**
 * Home and away of a handicap on the difference X = home − away, with `lineHome` the handicap given to home
 * (−0.25 means home gives a quarter goal): home wins when X + lineHome > 0, i.e. "over −lineHome" on X.
 */
export function lineHandicapProbabilities(difference: IntegerDistribution, lineHome: number): { home: number; away: number } {
  const home = lineProbability(lineOutcomeProbabilities(difference, -lineHome, 'over'));
  return { home, away: 1 - home };
}
