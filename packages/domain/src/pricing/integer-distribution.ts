/**
 * A probability distribution over consecutive integers (goals, points, games, sets, or a difference of them):
 * `probabilities[i]` is P(X = valueMin + i). The models build these; line markets and line choice read them.
 */
export interface IntegerDistribution {
  readonly valueMin: number;
  readonly probabilities: readonly number[];
}

/** Builds a distribution from value → probability pairs (values need not be sorted; repeats add up). */
export function integerDistributionFromEntries(entries: Iterable<readonly [value: number, probability: number]>): IntegerDistribution {
  const byValue = new Map<number, number>();
  for (const [value, probability] of entries) {
    if (!Number.isInteger(value)) throw new RangeError(`an integer distribution takes integer values, got ${value}`);
    byValue.set(value, (byValue.get(value) ?? 0) + probability);
  }
  if (byValue.size === 0) throw new RangeError('a distribution needs at least one value');
  const valueMin = Math.min(...byValue.keys());
  const valueMax = Math.max(...byValue.keys());
  const probabilities = new Array<number>(valueMax - valueMin + 1).fill(0);
  for (const [value, probability] of byValue) probabilities[value - valueMin] = probability;
  return { valueMin, probabilities };
}

/** P(X = value). */
export function integerDistributionProbabilityAt(distribution: IntegerDistribution, value: number): number {
  return distribution.probabilities[value - distribution.valueMin] ?? 0;
}

/** P(X > threshold) for any real threshold. */
export function integerDistributionProbabilityAbove(distribution: IntegerDistribution, threshold: number): number {
  let sum = 0;
  distribution.probabilities.forEach((probability, index) => {
    if (distribution.valueMin + index > threshold) sum += probability;
  });
  return sum;
}

/** E[X], in the unit of the values. */
export function integerDistributionMean(distribution: IntegerDistribution): number {
  return distribution.probabilities.reduce((sum, probability, index) => sum + probability * (distribution.valueMin + index), 0);
}

/** Total probability mass; 1 for a complete distribution. */
export function integerDistributionMass(distribution: IntegerDistribution): number {
  return distribution.probabilities.reduce((sum, probability) => sum + probability, 0);
}

/**
 * The weighted sum of distributions, Σ weight_i · distribution_i, laid over the union of their values: a mixture
 * when the weights sum to 1. Built on arrays because the models call it every feed tick.
 */
export function integerDistributionMixture(parts: readonly { readonly distribution: IntegerDistribution; readonly weight: number }[]): IntegerDistribution {
  if (parts.length === 0) throw new RangeError('a mixture needs at least one part');
  let valueMin = Number.POSITIVE_INFINITY;
  let valueMax = Number.NEGATIVE_INFINITY;
  for (const { distribution } of parts) {
    valueMin = Math.min(valueMin, distribution.valueMin);
    valueMax = Math.max(valueMax, distribution.valueMin + distribution.probabilities.length - 1);
  }
  const probabilities = new Array<number>(valueMax - valueMin + 1).fill(0);
  for (const { distribution, weight } of parts) {
    const offset = distribution.valueMin - valueMin;
    const source = distribution.probabilities;
    for (let index = 0; index < source.length; index++) probabilities[offset + index]! += weight * source[index]!;
  }
  return { valueMin, probabilities };
}
