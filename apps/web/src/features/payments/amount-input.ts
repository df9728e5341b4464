import type { MinorUnits } from '@piranha/domain';

export type AmountProblem = 'invalid' | 'belowMin' | 'aboveMax';

export interface AmountLimits {
  minMinor: number;
  /** What may still be deposited today, or withdrawn now; undefined when there is no cap. */
  maxMinor?: number;
}

/** The first problem with an amount against its limits, or undefined when it may be sent. */
export function amountProblem(amountMinor: MinorUnits | undefined, limits: AmountLimits): AmountProblem | undefined {
  if (amountMinor === undefined || amountMinor <= 0) return 'invalid';
  if (amountMinor < limits.minMinor) return 'belowMin';
  if (limits.maxMinor !== undefined && amountMinor > limits.maxMinor) return 'aboveMax';
  return undefined;
}
