import { oddsThousandths, type OddsThousandths } from '../odds/odds-format.ts';

/**
 * A bookmaker's margin and its removal (reference/betting.md §5). Probabilities are plain numbers in [0, 1];
 * margins are fractions of the booksum above 1 (0.05 is a 5 % margin); decimal odds are plain numbers above 1
 * on the way in and integer thousandths on the way out, like every price the server stores.
 */

/** The lowest price we quote, 1.01: below it a selection is not worth offering but we still want a price on it. */
export const oddsThousandthsMin = oddsThousandths(1010);

/** The highest price we quote, 1000.00: a near-impossible outcome would otherwise get an unbounded price. */
export const oddsThousandthsMax = oddsThousandths(1_000_000);

function decimalOddsAssert(oddsDecimal: readonly number[]): void {
  if (oddsDecimal.length < 2) throw new RangeError('a market needs at least two selections');
  for (const odds of oddsDecimal) {
    if (!Number.isFinite(odds) || odds <= 1) throw new RangeError(`decimal odds must be finite and above 1, got ${odds}`);
  }
}

/** Booksum S = Σ 1/d over every selection of one market: 1 for a fair book, above 1 by the margin. Unitless. */
export function booksumOfOdds(oddsDecimal: readonly number[]): number {
  decimalOddsAssert(oddsDecimal);
  return oddsDecimal.reduce((sum, odds) => sum + 1 / odds, 0);
}

/** Margin = S − 1, as a fraction (2.6 / 2.4 / 4.3 → 0.0338, a 3.38 % margin). */
export function marginOfOdds(oddsDecimal: readonly number[]): number {
  return booksumOfOdds(oddsDecimal) - 1;
}

/** Fair probabilities by proportional removal: p_i = (1/d_i) / S. They sum to 1. */
export function probabilitiesFairProportional(oddsDecimal: readonly number[]): number[] {
  const booksum = booksumOfOdds(oddsDecimal);
  return oddsDecimal.map((odds) => 1 / odds / booksum);
}

function shinProbabilities(impliedProbabilities: readonly number[], booksum: number, insiderShare: number): number[] {
  return impliedProbabilities.map(
    (implied) => (Math.sqrt(insiderShare ** 2 + (4 * (1 - insiderShare) * implied ** 2) / booksum) - insiderShare) / (2 * (1 - insiderShare)),
  );
}

/**
 * Fair probabilities by Shin's method: the margin is read as protection against a share z of insiders, so it
 * weighs more on long shots than proportional removal does. z is the root of Σ p_i(z) = 1, found by bisection
 * (the sum falls as z grows, from √S at z = 0). A book with no margin (S ≤ 1) is returned proportionally.
 */
export function probabilitiesFairShin(oddsDecimal: readonly number[]): number[] {
  const booksum = booksumOfOdds(oddsDecimal);
  const implied = oddsDecimal.map((odds) => 1 / odds);
  if (booksum <= 1) return implied.map((probability) => probability / booksum);
  let low = 0;
  let high = 1;
  // Sixty halvings leave z within 1e-18 of the root, well below double precision of the answer.
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2;
    const sum = shinProbabilities(implied, booksum, middle).reduce((total, probability) => total + probability, 0);
    if (sum > 1) low = middle;
    else high = middle;
  }
  const probabilities = shinProbabilities(implied, booksum, (low + high) / 2);
  const sum = probabilities.reduce((total, probability) => total + probability, 0);
  return probabilities.map((probability) => probability / sum);
}

/**
 * Decimal odds to thousandths, rounded down (towards the house): a price is never above the exact one.
 * A tolerance of 1e-7 thousandths absorbs binary noise such as 1.85 × 1000 = 1849.9999999999998.
 */
export function oddsThousandthsRoundedDown(oddsDecimal: number): number {
  return Math.floor(oddsDecimal * 1000 + 1e-7);
}

/**
 * A probability in [0, 1]. Models that get one as 1 − (a sum) can land a hair outside, so up to 1e-12 outside is
 * taken as rounding and clamped; anything further is a programmer error.
 */
function probabilityChecked(probability: number): number {
  if (!(probability >= -1e-12 && probability <= 1 + 1e-12)) throw new RangeError(`probability must be in [0, 1], got ${probability}`);
  return Math.min(1, Math.max(0, probability));
}

/**
 * Prices a market from its fair probabilities with a target margin, proportionally: d_i = 1 / (p_i (1 + margin)),
 * so the booksum becomes 1 + margin. Each price is rounded down to thousandths (never above the fair-plus-margin
 * price, so the rounded book keeps at least the target margin) and then kept within [1.01, 1000]: a selection
 * priced below 1.01 is raised to it, the only case where a price exceeds the fair-plus-margin one.
 * `probabilitiesFair` must sum to 1 (within 1e-6); a probability of 0 gets the maximum price.
 */
export function oddsWithMargin(probabilitiesFair: readonly number[], margin: number): OddsThousandths[] {
  if (!Number.isFinite(margin) || margin < 0 || margin >= 1) throw new RangeError(`margin must be a fraction in [0, 1), got ${margin}`);
  if (probabilitiesFair.length < 2) throw new RangeError('a market needs at least two selections');
  let sum = 0;
  for (const probability of probabilitiesFair) sum += probabilityChecked(probability);
  if (Math.abs(sum - 1) > 1e-6) throw new RangeError(`fair probabilities must sum to 1, got ${sum}`);
  return probabilitiesFair.map((probability) => oddsWithMarginOfSelection(probability, margin));
}

/**
 * One selection's price from its fair probability and the market's margin, 1 / (p (1 + margin)) rounded down and
 * kept within [1.01, 1000], exactly as `oddsWithMargin` prices it. For selections that do not partition a market
 * with their siblings, such as the three double-chance pairs.
 */
export function oddsWithMarginOfSelection(probabilityFair: number, margin: number): OddsThousandths {
  const probability = probabilityChecked(probabilityFair);
  if (!Number.isFinite(margin) || margin < 0 || margin >= 1) throw new RangeError(`margin must be a fraction in [0, 1), got ${margin}`);
  if (probability === 0) return oddsThousandthsMax;
  const thousandths = oddsThousandthsRoundedDown(1 / (probability * (1 + margin)));
  return oddsThousandths(Math.min(oddsThousandthsMax, Math.max(oddsThousandthsMin, thousandths)));
}

/** The fair decimal price of a probability (1/p), unrounded; for tests and for comparing with the reference. */
export function oddsDecimalFair(probability: number): number {
  if (!(probability > 0 && probability <= 1)) throw new RangeError(`probability must be in (0, 1], got ${probability}`);
  return 1 / probability;
}
