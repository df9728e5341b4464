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
 * A relative tolerance of 1e-13 absorbs binary noise such as 1.85 × 1000 = 1849.9999999999998 (a few units in the
 * last place) without rounding up a price that is genuinely a hair below a thousandth, as 2 / (1 + 1e-12) is: a fixed
 * 1e-7 did, and lost a tiny margin.
 */
export function oddsThousandthsRoundedDown(oddsDecimal: number): number {
  const thousandths = oddsDecimal * 1000;
  return Math.floor(thousandths + thousandths * 1e-13);
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
 * The implied probabilities of a market priced by the power method at booksum S = 1 + margin: π_i = p_i^k with the
 * exponent k ≤ 1 that makes Σ π_i = S, found by bisection (the sum falls as k grows, to 1 at k = 1). Since
 * π_i / p_i = p_i^(k − 1) falls as p_i grows, the less likely a selection the larger its share of the margin.
 * A book that cannot reach S (one selection certain, the others impossible) is scaled up to S instead.
 */
function impliedPower(probabilities: readonly number[], margin: number): number[] {
  const booksum = 1 + margin;
  const sumAt = (exponent: number) => probabilities.reduce((total, probability) => total + probability ** exponent, 0);
  if (margin === 0) return [...probabilities];
  // The exponent where the sum reaches S lies in (0, 1]: at k → 0 the sum is the number of possible selections.
  if (sumAt(Number.EPSILON) < booksum) return probabilities.map((probability) => (probability * booksum) / sumAt(1));
  let low = 0;
  let high = 1;
  // Sixty halvings leave k within 1e-18 of the root, well below double precision of the answer.
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2;
    if (sumAt(middle) > booksum) low = middle;
    else high = middle;
  }
  const exponent = (low + high) / 2;
  return probabilities.map((probability) => probability ** exponent);
}

/**
 * Prices a market from its fair probabilities with a target margin by the power method (Clarke, Kovalchik and
 * Ingram 2017), so the booksum becomes 1 + margin and the margin weighs most on the outsiders, as in real books
 * (the favourite–longshot bias): a 0.914 favourite at a 7 % margin is priced 1.078 where a proportional margin
 * gives 1 / (0.914 × 1.07) = 1.022, while a 50/50 pair is priced exactly as proportionally (1.904 each at 5 %).
 * Every price stays at or below the fair one, 1 / p.
 *
 * Each price is rounded down to thousandths (so the rounded book keeps at least the target margin) and then kept
 * within [1.01, 1000]: a selection priced below 1.01 is raised to it, the only case where a price exceeds the
 * model's. `probabilitiesFair` must sum to 1 (within 1e-6); a probability of 0 gets the maximum price.
 */
export function oddsWithMargin(probabilitiesFair: readonly number[], margin: number): OddsThousandths[] {
  if (!Number.isFinite(margin) || margin < 0 || margin >= 1) throw new RangeError(`margin must be a fraction in [0, 1), got ${margin}`);
  if (probabilitiesFair.length < 2) throw new RangeError('a market needs at least two selections');
  let sum = 0;
  const probabilities = probabilitiesFair.map((probability) => {
    const checked = probabilityChecked(probability);
    sum += checked;
    return checked;
  });
  if (Math.abs(sum - 1) > 1e-6) throw new RangeError(`fair probabilities must sum to 1, got ${sum}`);
  return impliedPower(probabilities, margin).map(oddsOfImplied);
}

/** The price of an implied probability, 1 / π rounded down and kept within [1.01, 1000]. */
function oddsOfImplied(implied: number): OddsThousandths {
  if (implied === 0) return oddsThousandthsMax;
  const thousandths = oddsThousandthsRoundedDown(1 / implied);
  return oddsThousandths(Math.min(oddsThousandthsMax, Math.max(oddsThousandthsMin, thousandths)));
}

/**
 * One selection's price from its fair probability and a margin, proportionally: 1 / (p (1 + margin)) rounded down
 * and kept within [1.01, 1000]. For selections priced one by one because they do not form a book with their
 * siblings (the three double-chance pairs, correct scores of which some are left out): the power method's exponent
 * needs a whole book.
 */
export function oddsWithMarginOfSelection(probabilityFair: number, margin: number): OddsThousandths {
  const probability = probabilityChecked(probabilityFair);
  if (!Number.isFinite(margin) || margin < 0 || margin >= 1) throw new RangeError(`margin must be a fraction in [0, 1), got ${margin}`);
  return oddsOfImplied(probability * (1 + margin));
}

/** The fair decimal price of a probability (1/p), unrounded; for tests and for comparing with the reference. */
export function oddsDecimalFair(probability: number): number {
  if (!(probability > 0 && probability <= 1)) throw new RangeError(`probability must be in (0, 1], got ${probability}`);
  return 1 / probability;
}
