import type { MarketKind } from './market-codes.ts';

/**
 * The margin of each kind of market (fractions of the booksum above 1; reference/betting.md §5: top-league 1X2
 * 3–6 %, over/under 2–7 %, both teams to score 3–12 %, correct score 10–40 %), and what play adds on top.
 */
export interface MarketMargins {
  readonly byKind: Readonly<Record<MarketKind, number>>;
  /** Added to every kind while the match is live: live prices carry more risk. */
  readonly inPlayExtra: number;
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
};

/** The margin to apply: the kind's, plus the in-play extra when live; always within [0, 0.5]. */
export function marketMargin(margins: MarketMargins, kind: MarketKind, inPlay: boolean): number {
  const margin = margins.byKind[kind] + (inPlay ? margins.inPlayExtra : 0);
  return Math.min(0.5, Math.max(0, margin));
}

/**
 * Margins with some kinds overridden, e.g. from configuration `{ "result": 0.04, "inPlayExtra": 0.03 }`. Unknown
 * names and values outside [0, 0.5] throw, so a typo in configuration fails at start rather than mispricing.
 */
export function marketMarginsWith(base: MarketMargins, overrides: Readonly<Record<string, number>>): MarketMargins {
  const byKind: Record<string, number> = { ...base.byKind };
  let inPlayExtra = base.inPlayExtra;
  for (const [name, value] of Object.entries(overrides)) {
    if (typeof value !== 'number' || !(value >= 0 && value <= 0.5)) throw new RangeError(`margin ${name} must be a fraction in [0, 0.5], got ${String(value)}`);
    if (name === 'inPlayExtra') inPlayExtra = value;
    else if (Object.hasOwn(byKind, name)) byKind[name] = value;
    else throw new RangeError(`unknown market margin ${name}; known: ${Object.keys(byKind).join(', ')}, inPlayExtra`);
  }
  return { byKind: byKind as Record<MarketKind, number>, inPlayExtra };
}
