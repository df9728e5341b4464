import { integerDistributionMixture, integerDistributionProbabilityAbove, type IntegerDistribution } from './integer-distribution.ts';
import { lineHandicapProbabilities, lineTotalProbabilities } from './line-outcomes.ts';
import { integerDistributionFromNormal } from './normal-distribution.ts';

/**
 * Basketball prices from a normal model of points: the home − away margin and the total of a game are normal,
 * with means from the teams' ratings and spreads typical of the league, and both grow linearly with time played
 * (a Brownian score), which is what lets in-play prices follow the clock. Overtime periods are played at the same
 * rate until one ends with a lead. Outputs are fair probabilities; price them with `oddsWithMargin`.
 */

/** A team's strength in points per game relative to the league average (0 is an average team). */
export interface BasketballTeamRating {
  /** Points scored per game above the league average. */
  readonly offencePoints: number;
  /** Points conceded per game above the league average (negative is a better defence). */
  readonly defencePoints: number;
}

/** What a league looks like: scoring level, home edge, and the spread of results around the expectation. */
export interface BasketballLeague {
  /** Points one team scores in an average regulation game. */
  readonly pointsAverage: number;
  /** How many points playing at home is worth to the margin. */
  readonly homeAdvantagePoints: number;
  /** Standard deviation of the regulation margin around its mean, in points. */
  readonly marginSdPoints: number;
  /** Standard deviation of the regulation total around its mean, in points. */
  readonly totalSdPoints: number;
  readonly regulationMinutes: number;
  readonly overtimeMinutes: number;
}

/** NBA-like: about 114 points a team, a 12.5-point spread of margins around the closing line. */
export const basketballLeagueNba: BasketballLeague = {
  pointsAverage: 114,
  homeAdvantagePoints: 2.5,
  marginSdPoints: 12.5,
  totalSdPoints: 19,
  regulationMinutes: 48,
  overtimeMinutes: 5,
};

/** FIBA rules (40 minutes), European club level scoring. */
export const basketballLeagueFiba: BasketballLeague = {
  pointsAverage: 82,
  homeAdvantagePoints: 3,
  marginSdPoints: 11,
  totalSdPoints: 15,
  regulationMinutes: 40,
  overtimeMinutes: 5,
};

/** The model of one game: per minute of play, the mean and variance of the margin (home − away) and the total. */
export interface BasketballPointsModel {
  readonly marginMeanPerMinute: number;
  readonly marginVariancePerMinute: number;
  readonly totalMeanPerMinute: number;
  readonly totalVariancePerMinute: number;
  readonly regulationMinutes: number;
  readonly overtimeMinutes: number;
}

/** The score and the game clock: minutes played since tip-off, overtime included (48 + 2 is two minutes into OT). */
export interface BasketballGameState {
  readonly score: { readonly home: number; readonly away: number };
  readonly minutesPlayed: number;
}

/** Tip-off: 0-0 with no time played. */
export const basketballGameStart: BasketballGameState = { score: { home: 0, away: 0 }, minutesPlayed: 0 };

/**
 * The model of a game between two rated teams: home scores average + its offence + the away defence + half the
 * home edge, away likewise less half the edge; the spreads come from the league.
 */
export function basketballPointsModel(home: BasketballTeamRating, away: BasketballTeamRating, league: BasketballLeague): BasketballPointsModel {
  const pointsHome = league.pointsAverage + home.offencePoints + away.defencePoints + league.homeAdvantagePoints / 2;
  const pointsAway = league.pointsAverage + away.offencePoints + home.defencePoints - league.homeAdvantagePoints / 2;
  if (!(pointsHome > 0 && pointsAway > 0)) throw new RangeError(`expected points must be positive, got ${pointsHome} and ${pointsAway}`);
  const minutes = league.regulationMinutes;
  return {
    marginMeanPerMinute: (pointsHome - pointsAway) / minutes,
    marginVariancePerMinute: league.marginSdPoints ** 2 / minutes,
    totalMeanPerMinute: (pointsHome + pointsAway) / minutes,
    totalVariancePerMinute: league.totalSdPoints ** 2 / minutes,
    regulationMinutes: minutes,
    overtimeMinutes: league.overtimeMinutes,
  };
}

/** Minutes left in the period being played: regulation, or the current overtime; 0 once the game is decided. */
function periodMinutesLeft(model: BasketballPointsModel, state: BasketballGameState): number {
  if (!(state.minutesPlayed >= 0)) throw new RangeError(`minutes played must not be negative, got ${state.minutesPlayed}`);
  if (state.minutesPlayed < model.regulationMinutes) return model.regulationMinutes - state.minutesPlayed;
  const overtimePlayed = (state.minutesPlayed - model.regulationMinutes) % model.overtimeMinutes;
  if (overtimePlayed > 0) return model.overtimeMinutes - overtimePlayed;
  // At the end of a period: a tie sends the game to a new overtime, a lead ends it.
  return state.score.home === state.score.away ? model.overtimeMinutes : 0;
}

/** Margin at the end of the current period and of one whole overtime, as integer distributions. */
function marginDistributions(model: BasketballPointsModel, state: BasketballGameState) {
  const minutesLeft = periodMinutesLeft(model, state);
  const periodEnd = integerDistributionFromNormal(
    state.score.home - state.score.away + model.marginMeanPerMinute * minutesLeft,
    Math.sqrt(model.marginVariancePerMinute * minutesLeft),
  );
  const overtime = integerDistributionFromNormal(
    model.marginMeanPerMinute * model.overtimeMinutes,
    Math.sqrt(model.marginVariancePerMinute * model.overtimeMinutes),
  );
  return { periodEnd, overtime };
}

function probabilityAtZero(distribution: IntegerDistribution): number {
  return distribution.probabilities[-distribution.valueMin] ?? 0;
}

/** The distribution with its mass at 0 removed (not renormalised). */
function withoutZero(distribution: IntegerDistribution): IntegerDistribution {
  return { ...distribution, probabilities: distribution.probabilities.map((probability, index) => (distribution.valueMin + index === 0 ? 0 : probability)) };
}

/** The final margin and total of a game, overtime included, from which every market is read. */
export interface BasketballPointsFinal {
  /** Home − away at the end; never 0. */
  readonly margin: IntegerDistribution;
  /** Both teams' points at the end, the points already scored included. */
  readonly total: IntegerDistribution;
}

/**
 * The final margin and total from the model and the game state. A tie at the end of the period goes to overtime,
 * and overtimes repeat until one ends with a lead, so a tie's mass is spread as the margin of one overtime given
 * that it is not level. For the total, a tie adds k ≥ 1 overtimes of points, each further one as likely as an
 * overtime ending level. That treats the total as independent of whether the game is tied: exact when both
 * teams' scores vary alike (margin and total of a normal pair are then uncorrelated), close otherwise; overtimes
 * whose chance falls below 1e-9 are left out and the rest renormalised.
 */
export function basketballPointsFinal(model: BasketballPointsModel, state: BasketballGameState = basketballGameStart): BasketballPointsFinal {
  const { periodEnd, overtime } = marginDistributions(model, state);
  const tie = probabilityAtZero(periodEnd);
  const overtimeLevel = probabilityAtZero(overtime);
  const margin = integerDistributionMixture([
    { distribution: withoutZero(periodEnd), weight: 1 },
    { distribution: withoutZero(overtime), weight: tie / (1 - overtimeLevel) },
  ]);

  const minutesLeft = periodMinutesLeft(model, state);
  const totalNow = state.score.home + state.score.away;
  const totalAfter = (overtimes: number) => {
    const minutes = minutesLeft + overtimes * model.overtimeMinutes;
    return integerDistributionFromNormal(totalNow + model.totalMeanPerMinute * minutes, Math.sqrt(model.totalVariancePerMinute * minutes));
  };
  const parts = [{ distribution: totalAfter(0), weight: 1 - tie }];
  let weight = tie * (1 - overtimeLevel);
  for (let overtimes = 1; weight > 1e-9 && overtimes <= 50; overtimes++) {
    parts.push({ distribution: totalAfter(overtimes), weight });
    weight *= overtimeLevel;
  }
  const mass = parts.reduce((sum, part) => sum + part.weight, 0);
  const total = integerDistributionMixture(parts.map((part) => ({ ...part, weight: part.weight / mass })));
  return { margin, total };
}

/** Winner incl. overtime (3004): no draw, the tie mass is split by the overtime model. Sums to 1. */
export function basketballWinnerProbabilities(final: BasketballPointsFinal): { home: number; away: number } {
  const home = integerDistributionProbabilityAbove(final.margin, 0);
  return { home, away: 1 - home };
}

/**
 * Handicap (3002) incl. overtime with `lineHome` given to home (−5.5: home gives five and a half points), as
 * price-equivalent probabilities summing to 1. Half-point lines never push; whole lines are priced too.
 */
export function basketballHandicapProbabilities(final: BasketballPointsFinal, lineHome: number): { home: number; away: number } {
  return lineHandicapProbabilities(final.margin, lineHome);
}

/** Total points (3003) incl. overtime at `line`, on the full score. Sums to 1. */
export function basketballTotalProbabilities(final: BasketballPointsFinal, line: number): { over: number; under: number } {
  return lineTotalProbabilities(final.total, line);
}
