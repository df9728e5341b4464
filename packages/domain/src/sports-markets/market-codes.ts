/**
 * The FB codes of the markets the feed quotes (reference/betting.md §1): market types `mty`, market periods `pe`,
 * selection types `ty`. The contract re-exports them under its wire names.
 */

export const marketTypes = {
  soccerAsianHandicap: 1000,
  soccer1x2: 1005,
  soccerDrawNoBet: 1006,
  soccerOverUnder: 1007,
  soccerDoubleChance: 1012,
  soccerBothTeamsToScore: 1027,
  soccerCorrectScore: 1099,
  basketballHandicap: 3002,
  basketballTotal: 3003,
  basketballWinner: 3004,
  tennisWinner: 5001,
  tennisGameHandicap: 5002,
  tennisTotalGames: 5003,
  tennisSetHandicap: 5004,
  volleyballWinner: 13001,
  volleyballPointHandicap: 13002,
  volleyballTotalPoints: 13003,
  volleyballSetHandicap: 13004,
  tableTennisWinner: 15001,
  tableTennisPointHandicap: 15002,
  tableTennisTotalPoints: 15003,
  tableTennisGameHandicap: 15004,
} as const;
export type MarketType = (typeof marketTypes)[keyof typeof marketTypes];

/** Market periods: the whole match (sport id × 1000 + 1) and the soccer first half. */
export const marketPeriods = {
  soccerMatch: 1001,
  soccerFirstHalf: 1002,
  basketballMatch: 3001,
  tennisMatch: 5001,
  volleyballMatch: 13001,
  tableTennisMatch: 15001,
} as const;

export const selectionTypes = {
  home: 1,
  away: 2,
  draw: 3,
  over: 4,
  under: 5,
  yes: 8,
  no: 9,
  homeOrDraw: 10,
  homeOrAway: 11,
  drawOrAway: 12,
  correctScoreOther: 249,
} as const;

/** Correct scores up to 4-4 have their own selection, 100 + 10 h + a; a team above 4 goals is "other" (249). */
export const correctScoreGoalsMax = 4;

export function correctScoreType(home: number, away: number): number {
  return 100 + 10 * home + away;
}

/** The score a correct-score selection type names, or undefined for "other" and non-score types. */
export function correctScoreOfType(type: number): { home: number; away: number } | undefined {
  if (type < 100 || type > 199) return undefined;
  const score = { home: Math.floor((type - 100) / 10), away: (type - 100) % 10 };
  return score.home <= correctScoreGoalsMax && score.away <= correctScoreGoalsMax ? score : undefined;
}

/** How a market type reads the result: its kind decides the margin and the settlement. */
export type MarketKind =
  'result' | 'halfTimeResult' | 'handicap' | 'total' | 'bothTeamsToScore' | 'doubleChance' | 'drawNoBet' | 'correctScore' | 'setHandicap';

/**
 * What each quoted type is: its kind, and for handicaps and totals what they count — `units` (goals, points,
 * games) or `segments` (sets, table-tennis games).
 */
export const marketTypeInfo: Readonly<
  Record<MarketType, { readonly kind: MarketKind; readonly counts: 'score' | 'units' | 'segments'; readonly name: string }>
> = {
  1000: { kind: 'handicap', counts: 'score', name: 'Asian Handicap' },
  1005: { kind: 'result', counts: 'score', name: '1X2' },
  1006: { kind: 'drawNoBet', counts: 'score', name: 'Draw No Bet' },
  1007: { kind: 'total', counts: 'score', name: 'Over/Under' },
  1012: { kind: 'doubleChance', counts: 'score', name: 'Double Chance' },
  1027: { kind: 'bothTeamsToScore', counts: 'score', name: 'Both Teams To Score' },
  1099: { kind: 'correctScore', counts: 'score', name: 'Correct Score' },
  3002: { kind: 'handicap', counts: 'score', name: 'Handicap (incl. OT)' },
  3003: { kind: 'total', counts: 'score', name: 'Total Points (incl. OT)' },
  3004: { kind: 'result', counts: 'score', name: 'Winner (incl. OT)' },
  5001: { kind: 'result', counts: 'segments', name: 'Winner' },
  5002: { kind: 'handicap', counts: 'units', name: 'Game Handicap' },
  5003: { kind: 'total', counts: 'units', name: 'Total Games' },
  5004: { kind: 'setHandicap', counts: 'segments', name: 'Set Handicap' },
  13001: { kind: 'result', counts: 'segments', name: 'Winner' },
  13002: { kind: 'handicap', counts: 'units', name: 'Point Handicap' },
  13003: { kind: 'total', counts: 'units', name: 'Total Points' },
  13004: { kind: 'setHandicap', counts: 'segments', name: 'Set Handicap' },
  15001: { kind: 'result', counts: 'segments', name: 'Winner' },
  15002: { kind: 'handicap', counts: 'units', name: 'Point Handicap' },
  15003: { kind: 'total', counts: 'units', name: 'Total Points' },
  15004: { kind: 'setHandicap', counts: 'segments', name: 'Game Handicap' },
};

export function marketTypeIs(value: number): value is MarketType {
  return Object.hasOwn(marketTypeInfo, value);
}
