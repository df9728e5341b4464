import { CURRENCIES, isCurrencyCode, minorUnits, type MinorUnits } from '@piranha/domain';

/** Decimals a player may type in a currency: none for VND and COP (CLDR), 2 elsewhere and for unknown codes. */
export function amountFractionDigitsOf(currency: string): number {
  return isCurrencyCode(currency) ? CURRENCIES[currency].fractionDigits : 2;
}

/**
 * What the player typed in the amount box, as minor units (`scale` stored digits). Both "10.50" and "10,50" are
 * read (half the markets write a decimal comma); thousands separators are refused rather than guessed, so
 * "1.000" never becomes 1. More than `fractionDigits` decimals is refused: the amount must be exactly what is
 * charged. In a currency without decimals (VND, COP) a separator cannot be a decimal one, so "30.000" and
 * "1,250,000" are read as grouped thousands — the way Vietnamese and Colombian players write them.
 */
export function amountMinorParse(text: string, scale = 2, fractionDigits = scale): MinorUnits | undefined {
  const trimmed = text.trim().replace(/\s/g, '');
  if (fractionDigits === 0 && /^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*$/.test(trimmed)) return amountMinorParse(trimmed.replace(/[.,]/g, ''), scale, 0);
  const match = /^(\d{1,12})(?:[.,](\d*))?$/.exec(trimmed);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > fractionDigits) return undefined;
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
