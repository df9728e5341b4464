import type { IntegerDistribution } from './integer-distribution.ts';
import { lineHandicapProbabilities, lineTotalProbabilities } from './line-outcomes.ts';

/**
 * Choosing the main line of a handicap or total market: the quoted line whose two sides are nearest 50/50, so the
 * market is balanced and the margin shows as a price near 1.90 on each side.
 */

/** Which fractions of a unit a market quotes: the line's part after the whole number. */
export type LineGrid = readonly (0 | 0.25 | 0.5 | 0.75)[];

/** Half lines only (x.5): no pushes. Basketball, tennis games, volleyball and table-tennis points. */
export const lineGridHalf: LineGrid = [0.5];
/** Half and quarter lines (x.25, x.5, x.75): soccer without whole lines, so every line settles. */
export const lineGridQuarter: LineGrid = [0.25, 0.5, 0.75];
/** The full Asian ladder, whole lines (with their pushes) included: 0, 0.25, 0.5, 0.75, 1, … */
export const lineGridAsian: LineGrid = [0, 0.25, 0.5, 0.75];

/** A total reads X itself; a handicap reads X = home − away and quotes the line given to home. */
export type LineMarket = 'total' | 'handicap';

/**
 * The price-equivalent probability of the first side: over for a total on X, home for a handicap on X = home − away
 * with `line` given to home.
 */
function lineFirstSideProbability(distribution: IntegerDistribution, market: LineMarket, line: number): number {
  return market === 'total' ? lineTotalProbabilities(distribution, line).over : lineHandicapProbabilities(distribution, line).home;
}

/** The smallest value with at least half the mass at or below it. */
function distributionMedian(distribution: IntegerDistribution): number {
  let cumulative = 0;
  for (let index = 0; index < distribution.probabilities.length; index++) {
    cumulative += distribution.probabilities[index]!;
    if (cumulative >= 0.5) return distribution.valueMin + index;
  }
  return distribution.valueMin + distribution.probabilities.length - 1;
}

/**
 * The main line: among lines on `grid`, the one whose first side is nearest 50/50 (for a handicap, the line given
 * to home). Prices move monotonically with the line, so only lines within three units of the median are tried.
 * Ties go to a half line (no push), then to the smaller line in absolute value, then to the lower one.
 */
export function lineMainChoose(distribution: IntegerDistribution, market: LineMarket, grid: LineGrid = lineGridQuarter): number {
  if (grid.length === 0) throw new RangeError('a line grid needs at least one fraction');
  const centre = market === 'total' ? distributionMedian(distribution) : -distributionMedian(distribution);
  const candidates: number[] = [];
  for (let whole = Math.floor(centre) - 3; whole <= Math.ceil(centre) + 3; whole++) {
    for (const fraction of grid) {
      const line = whole + fraction;
      if (market === 'handicap' || line > 0) candidates.push(line);
    }
  }
  // Distances are compared to 1e-12 so that lines equally far from 50/50 tie despite rounding.
  const distance = (line: number) => Math.round(Math.abs(lineFirstSideProbability(distribution, market, line) - 0.5) * 1e12);
  const rank = (line: number) => [distance(line), Math.abs(line % 1) === 0.5 ? 0 : 1, Math.abs(line), line];
  let best = candidates[0]!;
  let bestRank = rank(best);
  for (const line of candidates.slice(1)) {
    const lineRank = rank(line);
    const better = lineRank.findIndex((value, index) => value !== bestRank[index]!);
    if (better >= 0 && lineRank[better]! < bestRank[better]!) {
      best = line;
      bestRank = lineRank;
    }
  }
  return best;
}

/**
 * Alternative lines around the main one, for markets quoted on several lines: `count` steps of `step` on each
 * side, lowest first, the main line included. Totals keep only lines above 0.
 */
export function lineLadder(lineMain: number, market: LineMarket, count: number, step = 1): number[] {
  const lines: number[] = [];
  for (let offset = -count; offset <= count; offset++) {
    const line = lineMain + offset * step;
    if (market === 'handicap' || line > 0) lines.push(line);
  }
  return lines;
}
