import type { MarketKind } from './market-codes.ts';

/**
 * The margin of each kind of market (fractions of the booksum above 1; reference/betting.md §5: top-league 1X2
 * 3–6 %, over/under 2–7 %, both teams to score 3–12 %, correct score 10–40 %), and what play adds on top.
 */
export interface MarketMargins {
  readonly byKind: Readonly<Record<MarketKind, number>>;
  /** Added to every kind while the match is live: live prices carry more risk. */
  readonly inPlayExtra: number;
  /**
   * The highest decimal price any market may show (101.00 by default). A market where a price would pass it is
   * closed rather than quoted; correct scores, priced one by one, leave such a score out instead.
   */
  readonly oddsMax: number;
  /**
   * A market closes once one of its outcomes is fairly more likely than this (0.99 by default): at the 1.01 floor a
   * selection above 1 / 1.01 ≈ 0.990 pays more than it is worth, and the other side would need an absurd price.
   */
  readonly probabilityMax: number;
}

export const marketMarginsDefault: MarketMargins = {
  byKind: {
    result: 0.05,
    halfTimeResult: 0.07,
    handicap: 0.05,
    total: 0.055,
    bothTeamsToScore: 0.07,
    doubleChance: 0.06,
    drawNoBet: 0.05,
    correctScore: 0.2,
    setHandicap: 0.06,
  },
  inPlayExtra: 0.02,
  oddsMax: 101,
  probabilityMax: 0.99,
};

/** Bounds of the two closing rules: a cap from 2.00 to 1000.00; a probability threshold from 0.9 to 0.99. */
const oddsMaxRange = { min: 2, max: 1000 } as const;
const probabilityMaxRange = { min: 0.9, max: 0.99 } as const;

/** The margin to apply: the kind's, plus the in-play extra when live; always within [0, 0.5]. */
export function marketMargin(margins: MarketMargins, kind: MarketKind, inPlay: boolean): number {
  const margin = margins.byKind[kind] + (inPlay ? margins.inPlayExtra : 0);
  return Math.min(0.5, Math.max(0, margin));
}

/**
 * Margins with some kinds overridden, e.g. from configuration `{ "result": 0.04, "inPlayExtra": 0.03, "oddsMax": 51 }`.
 * Unknown names and values outside their range ([0, 0.5] for margins, [2, 1000] for `oddsMax`, [0.9, 0.99] for
 * `probabilityMax`) throw, so a typo in configuration fails at start rather than mispricing.
 */
export function marketMarginsWith(base: MarketMargins, overrides: Readonly<Record<string, number>>): MarketMargins {
  const byKind: Record<string, number> = { ...base.byKind };
  let { inPlayExtra, oddsMax, probabilityMax } = base;
  for (const [name, value] of Object.entries(overrides)) {
    if (name === 'oddsMax') {
      if (typeof value !== 'number' || !(value >= oddsMaxRange.min && value <= oddsMaxRange.max))
        throw new RangeError(`oddsMax must be a decimal price in [${oddsMaxRange.min}, ${oddsMaxRange.max}], got ${String(value)}`);
      oddsMax = value;
      continue;
    }
    if (name === 'probabilityMax') {
      if (typeof value !== 'number' || !(value >= probabilityMaxRange.min && value <= probabilityMaxRange.max))
        throw new RangeError(`probabilityMax must be in [${probabilityMaxRange.min}, ${probabilityMaxRange.max}], got ${String(value)}`);
      probabilityMax = value;
      continue;
    }
    if (typeof value !== 'number' || !(value >= 0 && value <= 0.5)) throw new RangeError(`margin ${name} must be a fraction in [0, 0.5], got ${String(value)}`);
    if (name === 'inPlayExtra') inPlayExtra = value;
    else if (Object.hasOwn(byKind, name)) byKind[name] = value;
    else throw new RangeError(`unknown market margin ${name}; known: ${Object.keys(byKind).join(', ')}, inPlayExtra, oddsMax, probabilityMax`);
  }
  return { byKind: byKind as Record<MarketKind, number>, inPlayExtra, oddsMax, probabilityMax };
}

/**
 * Whether a market may be offered (the rule of leading books: a decided or near-decided market is pulled, never
 * shown at absurd odds): no outcome fairly above `probabilityMax`, and no price (`oddsThousandths`, as quoted) above
 * `oddsMax`. A selection of probability 0 is priced 1000.00 and so fails the second test.
 */
export function marketOfferable(margins: MarketMargins, probabilities: readonly number[], oddsThousandths: readonly number[]): boolean {
  return probabilities.every((probability) => probability <= margins.probabilityMax) && oddsThousandths.every((odds) => odds <= margins.oddsMax * 1000 + 1e-9);
}

/** True when one selection's proportional price, 1 / (p (1 + margin)), stays at or below `oddsMax` (correct scores). */
export function oddsWithinCap(margins: MarketMargins, margin: number, probability: number): boolean {
  return probability * (1 + margin) * margins.oddsMax >= 1;
}
