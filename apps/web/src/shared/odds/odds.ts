import { oddsFormat, oddsFromDecimal, type OddsDisplayFormat } from '@piranha/domain';

/*
 * The web app's one odds codec. The feed and the wire write decimal odds (1.85); the slip keeps integer
 * thousandths (1850) as the server stores them; the player reads them in the format they chose. Nothing else
 * multiplies or divides odds by 1000.
 */

/** Decimal odds as thousandths (1.85 → 1850), rounded to the nearest; a locked 0 stays 0 for the slip to refuse. */
export function oddsThousandthsOf(decimal: number): number {
  return Math.round(decimal * 1000);
}

/** Thousandths back to the decimal odds the wire carries (1850 → 1.85). */
export function oddsDecimalOf(thousandths: number): number {
  return thousandths / 1000;
}

/** Decimal odds from the feed as the player reads them; undefined when they are not a price (locked, negative). */
export function oddsText(decimal: number, format: OddsDisplayFormat): string | undefined {
  if (!Number.isFinite(decimal) || decimal <= 1.0005) return undefined;
  return oddsFormat(oddsFromDecimal(decimal), format);
}

/** Odds the slip keeps (thousandths) as the player reads them. */
export function oddsThousandthsText(thousandths: number, format: OddsDisplayFormat): string | undefined {
  return oddsText(oddsDecimalOf(thousandths), format);
}
