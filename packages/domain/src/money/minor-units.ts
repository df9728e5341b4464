/** An amount in a currency's smallest unit (cents, centavos, paise). Always an integer. */
export type MinorUnits = number & { readonly __brand: 'MinorUnits' };

export function minorUnits(value: number): MinorUnits {
  if (!Number.isSafeInteger(value)) throw new RangeError(`minor units must be a safe integer, got ${value}`);
  return value as MinorUnits;
}

/** Sums amounts of one currency; the caller guarantees they share it. */
export function minorUnitsSum(values: readonly MinorUnits[]): MinorUnits {
  return minorUnits(values.reduce((total, value) => total + value, 0));
}
