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
 * American odds (spec §9, reference/betting.md §4): below 2 it is −100 / (d − 1), the stake that wins 100; from 2
 * on it is +100 (d − 1), what a stake of 100 wins. Rounded so the printed price is never better for the player
 * than the one struck: a negative price has its magnitude rounded up (a larger stake to win 100), a positive one
 * is rounded down. Spec §9's "rounded up" is read as the magnitude of the negative prices, the ones the formula
 * divides; rounding those towards +∞ instead printed 1.91 as −109, a better price than the −109.89 struck.
 * This is also what published conversion tables print for the usual prices (1.91 → −110, 1.80 → −125).
 * Computed on integers so 1.80 gives exactly −125.
 */
export function oddsToAmerican(odds: OddsThousandths): number {
  if (odds < 2000) return -Math.ceil((100 * 1000) / (odds - 1000));
  return Math.floor((100 * (odds - 1000)) / 1000);
}

/** Hong Kong odds (reference/betting.md §4): the net win per unit staked, d − 1 (1.80 → 0.80). */
export function oddsToHongKong(odds: OddsThousandths): number {
  return (odds - 1000) / 1000;
}

/**
 * Malay odds (reference/betting.md §4): d ≤ 2 → d − 1, a positive net win per unit staked; d > 2 → −1 / (d − 1),
 * a negative stake that wins one unit (2.50 → −0.667).
 */
export function oddsToMalay(odds: OddsThousandths): number {
  return odds <= 2000 ? (odds - 1000) / 1000 : -1000 / (odds - 1000);
}

/**
 * Indonesian odds (reference/betting.md §4): d ≥ 2 → d − 1, the American price over 100 (2.50 → +1.50); d < 2 →
 * −1 / (d − 1), the stake that wins one unit (1.80 → −1.25).
 */
export function oddsToIndonesian(odds: OddsThousandths): number {
  return odds >= 2000 ? (odds - 1000) / 1000 : -1000 / (odds - 1000);
}

export const ODDS_DISPLAY_FORMATS = ['decimal', 'american', 'hongKong', 'malay', 'indonesian'] as const;
export type OddsDisplayFormat = (typeof ODDS_DISPLAY_FORMATS)[number];

/*
 * Display rounding. Prices are stored in thousandths and shown in hundredths, always rounded towards −∞, so the
 * price a player reads is never better than the one the bet is struck at (1.855 shows 1.85; Malay −0.6667 shows
 * −0.67: a stake of 0.67 to win 1 instead of 0.6667). The arithmetic is on integers: no binary rounding noise.
 */

/** d − 1 in hundredths, rounded down: the decimal, Hong Kong and positive Malay / Indonesian prices. */
function netWinHundredths(odds: OddsThousandths): number {
  return Math.floor((odds - 1000) / 10);
}

/** −1 / (d − 1) in hundredths, rounded towards −∞: the negative Malay and Indonesian prices. */
function reciprocalHundredths(odds: OddsThousandths): number {
  return -Math.ceil(100_000 / (odds - 1000));
}

/** Hundredths as text with two decimals: 80 → "0.80", −125 → "-1.25", 150 with a plus → "+1.50". */
function hundredthsText(hundredths: number, plusSign = false): string {
  const size = Math.abs(hundredths);
  const sign = hundredths < 0 ? '-' : plusSign ? '+' : '';
  return `${sign}${Math.floor(size / 100)}.${String(size % 100).padStart(2, '0')}`;
}

/** The text a player reads for a price in the chosen format. Bets always travel in decimal; this is display only. */
export function oddsFormat(odds: OddsThousandths, format: OddsDisplayFormat): string {
  switch (format) {
    case 'decimal':
      return hundredthsText(netWinHundredths(odds) + 100);
    case 'american': {
      const american = oddsToAmerican(odds);
      return american > 0 ? `+${american}` : String(american);
    }
    case 'hongKong':
      return hundredthsText(netWinHundredths(odds));
    case 'malay':
      return hundredthsText(odds <= 2000 ? netWinHundredths(odds) : reciprocalHundredths(odds));
    case 'indonesian':
      return hundredthsText(odds >= 2000 ? netWinHundredths(odds) : reciprocalHundredths(odds), true);
  }
}
