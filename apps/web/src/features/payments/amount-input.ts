import { minorUnits, type MinorUnits } from '@piranha/domain';

/**
 * What the player typed in the amount box, as minor units. Both "10.50" and "10,50" are read (half the markets
 * write a decimal comma); thousands separators are refused rather than guessed, so "1.000" never becomes 1.
 * More than `scale` decimals is refused: the amount must be exactly what is charged.
 */
export function amountMinorParse(text: string, scale = 2): MinorUnits | undefined {
  const trimmed = text.trim().replace(/\s/g, '');
  const match = /^(\d{1,12})(?:[.,](\d*))?$/.exec(trimmed);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > scale) return undefined;
  return minorUnits(Number(match[1]) * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0'));
}

/** The major-unit text an amount is typed as (no grouping, dot decimals, trailing zero decimals dropped). */
export function amountMinorText(amountMinor: MinorUnits, scale = 2): string {
  const major = Math.trunc(amountMinor / 10 ** scale);
  const fraction = String(amountMinor % 10 ** scale)
    .padStart(scale, '0')
    .replace(/0+$/, '');
  return fraction ? `${major}.${fraction}` : String(major);
}

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
