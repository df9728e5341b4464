import { sportIds, type MatchResult, type PeriodScore, type ResultCorrection, type ResultCorrectionOutcome } from './sports-feed.ts';

/**
 * The one rule every feed applies to a corrected result (the simulator and the tests' hand-written feed alike): it
 * needs a published result, the next revision (or the current one repeated with the same scores, which changes
 * nothing), and scores that agree with each other, so markets of the whole match and of its periods settle alike.
 */
export function resultCorrected(current: MatchResult | undefined, correction: ResultCorrection): ResultCorrectionOutcome {
  if (!current) return { ok: false, code: 'RESULT_NOT_FOUND' };
  const periodScores = correction.periodScores ?? current.periodScores;
  if (correction.revision === current.revision) {
    const same = scoresEqual(current.score, correction.score) && periodsEqual(current.periodScores, periodScores);
    return same ? { ok: true, result: current, changed: false } : { ok: false, code: 'RESULT_REVISION_INVALID' };
  }
  if (correction.revision !== current.revision + 1) return { ok: false, code: 'RESULT_REVISION_INVALID' };
  if (!scoresAgree(current.sportId, correction.score, periodScores)) return { ok: false, code: 'RESULT_SCORES_INCONSISTENT' };
  return {
    ok: true,
    result: { ...current, revision: correction.revision, score: { ...correction.score }, periodScores: periodScores.map((period) => ({ ...period })) },
    changed: true,
  };
}

function scoresEqual(left: { home: number; away: number }, right: { home: number; away: number }): boolean {
  return left.home === right.home && left.away === right.away;
}

function periodsEqual(left: readonly PeriodScore[], right: readonly PeriodScore[]): boolean {
  return left.length === right.length && left.every((period, index) => period.periodCode === right[index]!.periodCode && scoresEqual(period, right[index]!));
}

/**
 * Goals and points are the sum of the periods' (soccer halves, basketball quarters and overtime); in tennis,
 * volleyball and table tennis the score counts the sets (games) each side won. Period codes belong to the sport
 * (sport·1000 + 2 …) and appear once.
 */
function scoresAgree(sportId: number, score: { home: number; away: number }, periods: readonly PeriodScore[]): boolean {
  const codes = new Set(periods.map((period) => period.periodCode));
  if (codes.size !== periods.length) return false;
  if (periods.some((period) => period.periodCode <= sportId * 1000 + 1 || period.periodCode > sportId * 1000 + 12)) return false;
  if (sportId === sportIds.soccer || sportId === sportIds.basketball) {
    const home = periods.reduce((sum, period) => sum + period.home, 0);
    const away = periods.reduce((sum, period) => sum + period.away, 0);
    return home === score.home && away === score.away;
  }
  const setsHome = periods.filter((period) => period.home > period.away).length;
  const setsAway = periods.filter((period) => period.away > period.home).length;
  return setsHome === score.home && setsAway === score.away;
}
