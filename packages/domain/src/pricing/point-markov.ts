import { integerDistributionMixture, type IntegerDistribution } from './integer-distribution.ts';

/**
 * Point-by-point Markov chains for the racket and net sports. Two levels, shared by tennis, volleyball and table
 * tennis:
 * - a race: points until one side reaches a target with a lead of two (a tennis game or tiebreak, a volleyball
 *   set, a table-tennis game), where the chance of winning a point depends only on who serves it;
 * - a series: races or sets until one side has won enough of them (best of 3, 5 or 7).
 * Win probabilities are exact: a memoised recursion over scores, and at deuce a small linear system, because
 * play at deuce can last for ever. Distributions of final scores drop the deuce tail once its chance falls below
 * 1e-13 (then renormalise), which is far below a thousandth of a price.
 */

/** The two sides of a match, in the feed's order (selection types 1 home, 2 away). */
export type Side = 'home' | 'away';

/** The opponent of `side`. */
export function sideOther(side: Side): Side {
  return side === 'home' ? 'away' : 'home';
}

/** Each side's probability of winning a point (or rally) it serves; both strictly between 0 and 1. */
export interface ServeStrengths {
  readonly home: number;
  readonly away: number;
}

/** Strengths of 0 or 1 can make deuce endless, so they are programmer errors. */
export function serveStrengthsAssert(strengths: ServeStrengths): void {
  for (const strength of [strengths.home, strengths.away]) {
    if (!(strength > 0 && strength < 1)) throw new RangeError(`a serve strength must be strictly between 0 and 1, got ${strength}`);
  }
}

/** P(home wins the next point) when `server` serves it. */
export function pointWinHomeProbability(strengths: ServeStrengths, server: Side): number {
  return server === 'home' ? strengths.home : 1 - strengths.away;
}

/** The rules of one race: first to `pointsTarget` with a lead of two, and who serves each point. */
export interface RaceRules {
  readonly pointsTarget: number;
  readonly strengths: ServeStrengths;
  /**
   * Who serves the next point, from the score after a point, that point's server and its winner. At deuce it must
   * depend on the score only through its parity, so that every tie from target − 1 all on plays alike.
   */
  serverNext(pointsHome: number, pointsAway: number, server: Side, winner: Side): Side;
}

/** A score within a race and who serves the next point. */
export interface RaceState {
  readonly pointsHome: number;
  readonly pointsAway: number;
  readonly server: Side;
}

/** The final score of a race and its probability. */
export interface RaceOutcome {
  readonly pointsHome: number;
  readonly pointsAway: number;
  readonly probability: number;
}

function raceWinner(rules: RaceRules, pointsHome: number, pointsAway: number): Side | undefined {
  if (pointsHome >= rules.pointsTarget && pointsHome - pointsAway >= 2) return 'home';
  if (pointsAway >= rules.pointsTarget && pointsAway - pointsHome >= 2) return 'away';
  return undefined;
}

/**
 * P(home wins the race) from a tie at deuce, by server: from a tie, two points end the race or bring back a tie
 * (with a server that may differ), so x_s = W_s + Σ R_ss' x_s', two equations solved directly.
 */
function raceDeuceWinProbabilities(rules: RaceRules, tiePoints: number): Record<Side, number> {
  const sides: Side[] = ['home', 'away'];
  const win = { home: 0, away: 0 };
  const back = { home: { home: 0, away: 0 }, away: { home: 0, away: 0 } };
  for (const server of sides) {
    for (const first of sides) {
      const firstProbability = first === 'home' ? pointWinHomeProbability(rules.strengths, server) : 1 - pointWinHomeProbability(rules.strengths, server);
      const afterHome = tiePoints + (first === 'home' ? 1 : 0);
      const afterAway = tiePoints + (first === 'away' ? 1 : 0);
      const secondServer = rules.serverNext(afterHome, afterAway, server, first);
      const firstWinnerAgain =
        first === 'home' ? pointWinHomeProbability(rules.strengths, secondServer) : 1 - pointWinHomeProbability(rules.strengths, secondServer);
      if (first === 'home') win[server] += firstProbability * firstWinnerAgain;
      const tieServer = rules.serverNext(tiePoints + 1, tiePoints + 1, secondServer, sideOther(first));
      back[server][tieServer] += firstProbability * (1 - firstWinnerAgain);
    }
  }
  // (1 − R_hh) x_h − R_ha x_a = W_h and −R_ah x_h + (1 − R_aa) x_a = W_a, by Cramer's rule.
  const a = 1 - back.home.home;
  const b = -back.home.away;
  const c = -back.away.home;
  const d = 1 - back.away.away;
  const determinant = a * d - b * c;
  return { home: (win.home * d - b * win.away) / determinant, away: (a * win.away - c * win.home) / determinant };
}

function raceStateAssert(rules: RaceRules, state: RaceState): void {
  serveStrengthsAssert(rules.strengths);
  for (const points of [state.pointsHome, state.pointsAway]) {
    if (!Number.isInteger(points) || points < 0) throw new RangeError(`points must be integers ≥ 0, got ${points}`);
  }
}

/** P(home wins the race) from any score, exactly; 1 or 0 from a score the race is already won at. */
export function raceWinProbability(rules: RaceRules, state: RaceState): number {
  raceStateAssert(rules, state);
  const memo = new Map<string, number>();
  let deuce: Record<Side, number> | undefined;
  const fromScore = (pointsHome: number, pointsAway: number, server: Side): number => {
    const winner = raceWinner(rules, pointsHome, pointsAway);
    if (winner) return winner === 'home' ? 1 : 0;
    if (pointsHome === pointsAway && pointsHome >= rules.pointsTarget - 1) {
      deuce ??= raceDeuceWinProbabilities(rules, rules.pointsTarget - 1);
      return deuce[server];
    }
    const key = `${pointsHome},${pointsAway},${server}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const home = pointWinHomeProbability(rules.strengths, server);
    const probability =
      home * fromScore(pointsHome + 1, pointsAway, rules.serverNext(pointsHome + 1, pointsAway, server, 'home')) +
      (1 - home) * fromScore(pointsHome, pointsAway + 1, rules.serverNext(pointsHome, pointsAway + 1, server, 'away'));
    memo.set(key, probability);
    return probability;
  };
  return fromScore(state.pointsHome, state.pointsAway, state.server);
}

/**
 * The final scores of a race from any score, by carrying probability forward point by point. The deuce tail is
 * endless, so play stops once the chance still in play is below 1e-13 and the outcomes are renormalised.
 */
export function raceOutcomes(rules: RaceRules, state: RaceState): RaceOutcome[] {
  raceStateAssert(rules, state);
  if (raceWinner(rules, state.pointsHome, state.pointsAway)) return [{ pointsHome: state.pointsHome, pointsAway: state.pointsAway, probability: 1 }];
  const outcomes: RaceOutcome[] = [];
  const sides = ['home', 'away'] as const;
  const pointWinHome = { home: pointWinHomeProbability(rules.strengths, 'home'), away: pointWinHomeProbability(rules.strengths, 'away') };
  // One layer per number of points played: the probability of each score, by server and home's points. Home's
  // points lie in [low, high]; plain arrays over that window because the feed re-prices live matches often.
  let low = state.pointsHome;
  let high = state.pointsHome;
  let layer: Record<Side, number[]> = { home: [0], away: [0] };
  layer[state.server][0] = 1;
  // The layer cap only matters for strengths near 0 or 1, where deuce can last thousands of points.
  const pointsPlayedMax = state.pointsHome + state.pointsAway + 10_000;
  for (let pointsPlayed = state.pointsHome + state.pointsAway, inPlay = 1; inPlay >= 1e-13 && pointsPlayed < pointsPlayedMax; pointsPlayed++) {
    const next: Record<Side, number[]> = { home: new Array<number>(high - low + 2).fill(0), away: new Array<number>(high - low + 2).fill(0) };
    const finished = new Map<number, number>();
    inPlay = 0;
    for (const server of sides) {
      for (let offset = 0; offset <= high - low; offset++) {
        const probability = layer[server][offset]!;
        if (probability === 0) continue;
        const pointsHome = low + offset;
        const pointsAway = pointsPlayed - pointsHome;
        const home = pointWinHome[server];
        for (const [winner, mass, newHome, newAway] of [
          ['home', probability * home, pointsHome + 1, pointsAway],
          ['away', probability * (1 - home), pointsHome, pointsAway + 1],
        ] as const) {
          if (raceWinner(rules, newHome, newAway)) {
            finished.set(newHome, (finished.get(newHome) ?? 0) + mass);
          } else {
            next[rules.serverNext(newHome, newAway, server, winner)][newHome - low]! += mass;
            inPlay += mass;
          }
        }
      }
    }
    for (const [pointsHome, probability] of finished) outcomes.push({ pointsHome, pointsAway: pointsPlayed + 1 - pointsHome, probability });
    // Trim the window to the scores still in play, so deuce layers stay two wide.
    const inPlayAt = (offset: number) => next.home[offset]! > 0 || next.away[offset]! > 0;
    let first = 0;
    while (first <= high - low + 1 && !inPlayAt(first)) first++;
    let last = high - low + 1;
    while (last >= first && !inPlayAt(last)) last--;
    layer = { home: next.home.slice(first, last + 1), away: next.away.slice(first, last + 1) };
    high = low + last;
    low += first;
  }
  const total = outcomes.reduce((sum, outcome) => sum + outcome.probability, 0);
  return outcomes.map((outcome) => ({ ...outcome, probability: outcome.probability / total }));
}

/**
 * One way a segment of a series (a set, or a table-tennis game) can end: its final score in units (games or
 * points), the probability, and who serves first in the next segment, `undefined` when a toss decides it.
 */
export interface SegmentOutcome {
  readonly unitsHome: number;
  readonly unitsAway: number;
  readonly probability: number;
  readonly serverNext: Side | undefined;
}

/** How a series is played: segments needed to win, and the outcomes of a fresh segment by index and first server. */
export interface SeriesRules {
  readonly segmentsToWin: number;
  /** Outcomes of segment `index` (0-based) from its start, `server` serving first. Called once per pair. */
  segmentFromStart(index: number, server: Side): readonly SegmentOutcome[];
}

/** Everything the markets of a series read, from the current score on. */
export interface SeriesOutlook {
  /** P(home wins the match). */
  readonly winHome: number;
  /** Final scores in segments (sets or games), e.g. 3-1, likeliest first; they sum to 1. */
  readonly segmentScores: readonly { readonly home: number; readonly away: number; readonly probability: number }[];
  /** Final home − away in segments: set or game handicap. */
  readonly segmentsDifference: IntegerDistribution;
  /** Final total of units (games in tennis, points in volleyball and table tennis), completed segments included. */
  readonly unitsTotal: IntegerDistribution;
  /** Final home − away in units, completed segments included: game or point handicap. */
  readonly unitsDifference: IntegerDistribution;
}

interface SeriesNode {
  readonly winHome: number;
  readonly scores: ReadonlyMap<string, number>;
  readonly total: IntegerDistribution;
  readonly difference: IntegerDistribution;
}

const certainZero: IntegerDistribution = { valueMin: 0, probabilities: [1] };

function shifted(distribution: IntegerDistribution, by: number): IntegerDistribution {
  return { valueMin: distribution.valueMin + by, probabilities: distribution.probabilities };
}

/** The two first servers of a toss, each with half the chance. */
function segmentFromToss(rules: SeriesRules, index: number): SegmentOutcome[] {
  return (['home', 'away'] as const).flatMap((server) =>
    rules.segmentFromStart(index, server).map((outcome) => ({ ...outcome, probability: outcome.probability / 2 })),
  );
}

/**
 * The outlook of a series from its completed segments (their final units) and the outcomes of the segment in
 * play (or of the next one, from its start, between segments). A memoised recursion over segments won.
 */
export function seriesOutlook(
  rules: SeriesRules,
  completed: readonly { readonly home: number; readonly away: number }[],
  current: readonly SegmentOutcome[],
): SeriesOutlook {
  const memoFresh = new Map<string, readonly SegmentOutcome[]>();
  const segmentFromStart = (index: number, server: Side | undefined) => {
    const key = `${index}|${server ?? 'toss'}`;
    let outcomes = memoFresh.get(key);
    if (!outcomes) {
      outcomes = server === undefined ? segmentFromToss(rules, index) : rules.segmentFromStart(index, server);
      memoFresh.set(key, outcomes);
    }
    return outcomes;
  };
  const memo = new Map<string, SeriesNode>();

  const fromOutcomes = (wonHome: number, wonAway: number, outcomes: readonly SegmentOutcome[]): SeriesNode => {
    let winHome = 0;
    const scores = new Map<string, number>();
    const totals: { distribution: IntegerDistribution; weight: number }[] = [];
    const differences: { distribution: IntegerDistribution; weight: number }[] = [];
    for (const outcome of outcomes) {
      const homeTook = outcome.unitsHome > outcome.unitsAway ? 1 : 0;
      const child = fromWon(wonHome + homeTook, wonAway + 1 - homeTook, outcome.serverNext);
      winHome += outcome.probability * child.winHome;
      for (const [score, probability] of child.scores) scores.set(score, (scores.get(score) ?? 0) + outcome.probability * probability);
      totals.push({ distribution: shifted(child.total, outcome.unitsHome + outcome.unitsAway), weight: outcome.probability });
      differences.push({ distribution: shifted(child.difference, outcome.unitsHome - outcome.unitsAway), weight: outcome.probability });
    }
    return { winHome, scores, total: integerDistributionMixture(totals), difference: integerDistributionMixture(differences) };
  };

  const fromWon = (wonHome: number, wonAway: number, server: Side | undefined): SeriesNode => {
    if (wonHome === rules.segmentsToWin || wonAway === rules.segmentsToWin) {
      return { winHome: wonHome > wonAway ? 1 : 0, scores: new Map([[`${wonHome}-${wonAway}`, 1]]), total: certainZero, difference: certainZero };
    }
    const key = `${wonHome}-${wonAway}|${server ?? 'toss'}`;
    let node = memo.get(key);
    if (!node) {
      node = fromOutcomes(wonHome, wonAway, segmentFromStart(wonHome + wonAway, server));
      memo.set(key, node);
    }
    return node;
  };

  const wonHome = completed.filter((segment) => segment.home > segment.away).length;
  const wonAway = completed.length - wonHome;
  const unitsHome = completed.reduce((sum, segment) => sum + segment.home, 0);
  const unitsAway = completed.reduce((sum, segment) => sum + segment.away, 0);
  if (wonHome > rules.segmentsToWin || wonAway > rules.segmentsToWin) throw new RangeError('more segments completed than the series allows');
  const decided = wonHome === rules.segmentsToWin || wonAway === rules.segmentsToWin;
  const node = decided ? fromWon(wonHome, wonAway, undefined) : fromOutcomes(wonHome, wonAway, current);
  const segmentScores = [...node.scores]
    .map(([score, probability]) => {
      const [home, away] = score.split('-').map(Number) as [number, number];
      return { home, away, probability };
    })
    .sort((left, right) => right.probability - left.probability || right.home - left.home);
  const segmentsDifference = integerDistributionMixture(
    segmentScores.map(({ home, away, probability }) => ({ distribution: shifted(certainZero, home - away), weight: probability })),
  );
  return {
    winHome: node.winHome,
    segmentScores,
    segmentsDifference,
    unitsTotal: shifted(node.total, unitsHome + unitsAway),
    unitsDifference: shifted(node.difference, unitsHome - unitsAway),
  };
}

/** Winner (5001, 13001, 15001) of a series outlook. Sums to 1. */
export function seriesWinnerProbabilities(outlook: SeriesOutlook): { home: number; away: number } {
  return { home: outlook.winHome, away: 1 - outlook.winHome };
}
