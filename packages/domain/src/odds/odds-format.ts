/** Decimal odds as integer thousandths (1.850 → 1850), the way the server stores them. */
export type OddsThousandths = number & { readonly __brand: 'OddsThousandths' };

export function oddsThousandths(value: number): OddsThousandths {
  if (!Number.isInteger(value) || value <= 1000) throw new RangeError(`odds must be an integer above 1000 thousandths, got ${value}`);
  return value as OddsThousandths;
}

export function oddsFromDecimal(decimal: number): OddsThousandths {
  return oddsThousandths(Math.round(decimal * 1000));
}

export function oddsToDecimal(odds: OddsThousandths): number {
  return odds / 1000;
}

/**
 * American odds (spec §9, reference/betting.md §4): below 2 it is 100 / (1 − d), otherwise 100 (d − 1), rounded up.
 * Computed on integers so 1.80 gives exactly −125.
 */
export function oddsToAmerican(odds: OddsThousandths): number {
  if (odds < 2000) return Math.ceil((100 * 1000) / (1000 - odds));
  return Math.ceil((100 * (odds - 1000)) / 1000);
}

export type OddsDisplayFormat = 'decimal' | 'american';

export function oddsFormat(odds: OddsThousandths, format: OddsDisplayFormat): string {
  switch (format) {
    case 'decimal':
      return oddsToDecimal(odds).toFixed(2);
    case 'american': {
      const american = oddsToAmerican(odds);
      return american > 0 ? `+${american}` : String(american);
    }
  }
}
