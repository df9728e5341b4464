import { integerDistributionFromEntries, type IntegerDistribution } from './integer-distribution.ts';
import { lineHandicapProbabilities, lineTotalProbabilities } from './line-outcomes.ts';

/**
 * Soccer prices from expected goals (reference/betting.md §5): independent Poisson goals for each team, with the
 * Dixon–Coles correction of the four low scores, laid out as a matrix of final scores that every market reads.
 * All outputs are fair probabilities (no margin); pass them to `oddsWithMargin`.
 */

/** A team's expected goals over 90 minutes and the low-score dependence between the two teams. */
export interface SoccerGoalsModel {
  /** λ: expected goals of the home team in a whole match. */
  readonly goalsExpectedHome: number;
  /** μ: expected goals of the away team in a whole match. */
  readonly goalsExpectedAway: number;
  /** Dixon–Coles ρ, usually between −0.15 and 0; 0 (the default) is independent Poisson. */
  readonly rho?: number;
}

/** Goals of each team, e.g. the score now or a final score. */
export interface SoccerScore {
  readonly home: number;
  readonly away: number;
}

/**
 * Probabilities of final scores. `cells[h][a]` is the chance that, from the base score, home scores h more goals
 * and away a more, so the final score is (base.home + h, base.away + a). Cells sum to 1.
 */
export interface SoccerScoreMatrix {
  readonly base: SoccerScore;
  readonly cells: readonly (readonly number[])[];
}

/**
 * Largest share of a team's goal distribution the matrix may leave out. The grid used to stop at 10 goals per side
 * (the reference's worked example, where the tail is 1e-7 at λ 1.5); at the strongest pairings the fixture
 * generator makes (λ near 3) and at λ 3.5 the cut-off tail moved fair probabilities by up to 2 %, most on the high
 * totals and the outsider. The grid is now sized to each match's rates so the tail left out stays below this.
 */
export const soccerGoalsTailMassMax = 1e-12;

/**
 * The smallest goal count n whose Poisson tail P(X > n) is at most `tailMassMax`. Past the mean, each probability
 * is at most mean / (n + 2) times the one before, so the tail is bounded by P(n + 1) / (1 − mean / (n + 2)), a
 * geometric sum; the loop stops at the first n whose bound is small enough. At least 1 (a one-goal grid).
 */
export function soccerGoalsCountMax(mean: number, tailMassMax = soccerGoalsTailMassMax): number {
  if (!(mean >= 0 && Number.isFinite(mean))) throw new RangeError(`expected goals must be finite and not negative, got ${mean}`);
  if (!(tailMassMax > 0 && tailMassMax < 1)) throw new RangeError(`tail mass must be between 0 and 1, got ${tailMassMax}`);
  let probabilityNext = mean * Math.exp(-mean); // P(X = n + 1) for n = 0
  for (let count = 0; ; count++) {
    const ratio = mean / (count + 2);
    if (ratio < 1 && probabilityNext / (1 - ratio) <= tailMassMax) return Math.max(count, 1);
    probabilityNext *= ratio;
  }
}

/** Share of a match's expected goals scored in the first half; the second half has the rest. */
export const soccerFirstHalfGoalsShare = 0.45;

const scoreStart: SoccerScore = { home: 0, away: 0 };

function poissonProbabilities(mean: number, countMax: number): number[] {
  const probabilities = [Math.exp(-mean)];
  for (let count = 1; count <= countMax; count++) probabilities.push((probabilities[count - 1]! * mean) / count);
  return probabilities;
}

/** Dixon–Coles τ: the weights of 0-0, 0-1, 1-0, 1-1; every other score keeps weight 1. */
function dixonColesWeight(home: number, away: number, goalsHome: number, goalsAway: number, rho: number): number {
  if (home === 0 && away === 0) return 1 - goalsHome * goalsAway * rho;
  if (home === 0 && away === 1) return 1 + goalsHome * rho;
  if (home === 1 && away === 0) return 1 + goalsAway * rho;
  if (home === 1 && away === 1) return 1 - rho;
  return 1;
}

/**
 * The score matrix for goals still to come, with means `goalsHome` and `goalsAway`, added to `base`.
 * τ moves mass between the four low cells without changing their total, so ρ leaves over/under 2.5 unchanged.
 * By default the grid goes up to the goal count whose tail is below `soccerGoalsTailMassMax` for the higher rate
 * (16 goals at λ 1.5, 23 at λ 3.5); the matrix is renormalised so that tail is spread rather than lost.
 */
export function soccerScoreMatrixFromGoals(
  goalsHome: number,
  goalsAway: number,
  options: { rho?: number; base?: SoccerScore; goalsMax?: number } = {},
): SoccerScoreMatrix {
  const { rho = 0, base = scoreStart } = options;
  if (!(goalsHome >= 0 && goalsAway >= 0 && Number.isFinite(goalsHome + goalsAway))) {
    throw new RangeError(`expected goals must be finite and not negative, got ${goalsHome} and ${goalsAway}`);
  }
  const goalsMax = options.goalsMax ?? soccerGoalsCountMax(Math.max(goalsHome, goalsAway));
  if (!Number.isInteger(goalsMax) || goalsMax < 1) throw new RangeError(`goalsMax must be a positive integer, got ${goalsMax}`);
  const weights = [0, 1].flatMap((home) => [0, 1].map((away) => dixonColesWeight(home, away, goalsHome, goalsAway, rho)));
  if (!Number.isFinite(rho) || weights.some((weight) => weight < 0)) throw new RangeError(`rho ${rho} makes a low-score weight negative`);
  const homeGoals = poissonProbabilities(goalsHome, goalsMax);
  const awayGoals = poissonProbabilities(goalsAway, goalsMax);
  let total = 0;
  const cells = homeGoals.map((homeProbability, home) =>
    awayGoals.map((awayProbability, away) => {
      const cell = homeProbability * awayProbability * dixonColesWeight(home, away, goalsHome, goalsAway, rho);
      total += cell;
      return cell;
    }),
  );
  return { base, cells: cells.map((row) => row.map((cell) => cell / total)) };
}

/** The pre-match score matrix of a whole match. */
export function soccerScoreMatrix(model: SoccerGoalsModel, goalsMax?: number): SoccerScoreMatrix {
  return soccerScoreMatrixFromGoals(model.goalsExpectedHome, model.goalsExpectedAway, { rho: model.rho ?? 0, goalsMax });
}

/**
 * Share of a match's expected goals already behind us at `minutesPlayed` on the match clock (0..90; stoppage time
 * counts as the last minute of its half): 45 % spread evenly over the first half, 55 % over the second.
 */
export function soccerGoalsShareElapsed(minutesPlayed: number): number {
  if (!(minutesPlayed >= 0)) throw new RangeError(`minutes played must not be negative, got ${minutesPlayed}`);
  const firstHalfMinutes = Math.min(minutesPlayed, 45);
  const secondHalfMinutes = Math.min(Math.max(minutesPlayed - 45, 0), 45);
  return (soccerFirstHalfGoalsShare * firstHalfMinutes + (1 - soccerFirstHalfGoalsShare) * secondHalfMinutes) / 45;
}

/**
 * In play: the expected goals still to come are the pre-match ones times the share of the match left, and the
 * current score is the base of the matrix. Dixon–Coles ρ applies to the remaining goals, as a small-number
 * correction on what is left to play (a common choice; the original paper fits only full matches).
 */
export function soccerScoreMatrixInPlay(model: SoccerGoalsModel, score: SoccerScore, minutesPlayed: number, goalsMax?: number): SoccerScoreMatrix {
  const shareLeft = 1 - soccerGoalsShareElapsed(minutesPlayed);
  return soccerScoreMatrixFromGoals(model.goalsExpectedHome * shareLeft, model.goalsExpectedAway * shareLeft, {
    rho: model.rho ?? 0,
    base: score,
    goalsMax,
  });
}

/**
 * The score matrix at half time: 45 % of the expected goals, or in play what is left of them before the break
 * with the current score as base. From minute 45 on the half-time score is known and the matrix is certain.
 */
export function soccerScoreMatrixHalfTime(
  model: SoccerGoalsModel,
  inPlay: { score: SoccerScore; minutesPlayed: number } = { score: scoreStart, minutesPlayed: 0 },
  goalsMax?: number,
): SoccerScoreMatrix {
  const shareLeft = Math.max(soccerFirstHalfGoalsShare - soccerGoalsShareElapsed(inPlay.minutesPlayed), 0);
  return soccerScoreMatrixFromGoals(model.goalsExpectedHome * shareLeft, model.goalsExpectedAway * shareLeft, {
    rho: model.rho ?? 0,
    base: inPlay.score,
    goalsMax,
  });
}

function matrixSum(matrix: SoccerScoreMatrix, include: (home: number, away: number) => boolean): number {
  let sum = 0;
  matrix.cells.forEach((row, home) =>
    row.forEach((cell, away) => {
      if (include(matrix.base.home + home, matrix.base.away + away)) sum += cell;
    }),
  );
  return sum;
}

/** 1X2 (market 1005, or half-time 1X2 on the half-time matrix): the final result. Sums to 1. */
export function soccerResultProbabilities(matrix: SoccerScoreMatrix): { home: number; draw: number; away: number } {
  const home = matrixSum(matrix, (goalsHome, goalsAway) => goalsHome > goalsAway);
  const draw = matrixSum(matrix, (goalsHome, goalsAway) => goalsHome === goalsAway);
  const away = matrixSum(matrix, (goalsHome, goalsAway) => goalsHome < goalsAway);
  return { home, draw, away };
}

/** Distribution of the final total of goals (the base score included, as live totals settle on the full score). */
export function soccerGoalsTotal(matrix: SoccerScoreMatrix): IntegerDistribution {
  return integerDistributionFromEntries(
    matrix.cells.flatMap((row, home) => row.map((cell, away) => [matrix.base.home + matrix.base.away + home + away, cell] as const)),
  );
}

/**
 * Distribution of home − away in goals still to come (the base score excluded): a live Asian handicap counts
 * only goals scored after the bet (reference/betting.md §3), and before kick-off the two are the same.
 */
export function soccerGoalsDifferenceToCome(matrix: SoccerScoreMatrix): IntegerDistribution {
  return integerDistributionFromEntries(matrix.cells.flatMap((row, home) => row.map((cell, away) => [home - away, cell] as const)));
}

/** Over/under (1007) at any quarter line, as price-equivalent probabilities summing to 1. */
export function soccerTotalProbabilities(matrix: SoccerScoreMatrix, line: number): { over: number; under: number } {
  return lineTotalProbabilities(soccerGoalsTotal(matrix), line);
}

/** Asian handicap (1000) with `lineHome` given to home (−0.25: home gives a quarter goal); sums to 1. */
export function soccerAsianHandicapProbabilities(matrix: SoccerScoreMatrix, lineHome: number): { home: number; away: number } {
  return lineHandicapProbabilities(soccerGoalsDifferenceToCome(matrix), lineHome);
}

/** Draw no bet (1006): the stake is refunded on a draw, so home = H / (H + A). Sums to 1. */
export function soccerDrawNoBetProbabilities(matrix: SoccerScoreMatrix): { home: number; away: number } {
  const { home, away } = soccerResultProbabilities(matrix);
  return { home: home / (home + away), away: away / (home + away) };
}

/** Both teams to score (1027), on the final score. Sums to 1. */
export function soccerBothTeamsToScoreProbabilities(matrix: SoccerScoreMatrix): { yes: number; no: number } {
  const scoring = (goalsHome: number, goalsAway: number) => goalsHome > 0 && goalsAway > 0;
  return { yes: matrixSum(matrix, scoring), no: matrixSum(matrix, (goalsHome, goalsAway) => !scoring(goalsHome, goalsAway)) };
}

/**
 * Double chance (1012): each selection covers two results, so the three sum to 2, not 1; price each selection on
 * its own with `oddsWithMarginOfSelection`.
 */
export function soccerDoubleChanceProbabilities(matrix: SoccerScoreMatrix): { homeOrDraw: number; homeOrAway: number; drawOrAway: number } {
  const { home, draw, away } = soccerResultProbabilities(matrix);
  return { homeOrDraw: home + draw, homeOrAway: home + away, drawOrAway: draw + away };
}

/**
 * Correct score (1099): the `count` likeliest final scores, likeliest first (ties in score order), and "other" for
 * the rest, so scores and other sum to 1.
 */
export function soccerCorrectScoreProbabilities(
  matrix: SoccerScoreMatrix,
  count: number,
): { scores: { home: number; away: number; probability: number }[]; other: number } {
  const all = matrix.cells.flatMap((row, home) =>
    row.map((probability, away) => ({ home: matrix.base.home + home, away: matrix.base.away + away, probability })),
  );
  all.sort((left, right) => right.probability - left.probability || left.home - right.home || left.away - right.away);
  const scores = all.slice(0, count);
  return { scores, other: Math.max(0, 1 - scores.reduce((sum, score) => sum + score.probability, 0)) };
}
