import {
  raceOutcomes,
  raceWinProbability,
  seriesOutlook,
  sideOther,
  type RaceOutcome,
  type RaceRules,
  type SegmentOutcome,
  type SeriesOutlook,
  type ServeStrengths,
  type Side,
} from './point-markov.ts';

/**
 * Volleyball from each team's chance of winning a rally it serves (rally scoring: the rally winner serves next).
 * Best of 5 sets: sets 1–4 to 25 and the fifth to 15, all won by two. Sets 2–4 are opened by the team that did not
 * open the one before; the first and fifth sets by a toss. Point handicap (13002) and total points read the
 * `SeriesOutlook` (units are points).
 */

/** Sets that win a match: best of 5. */
export const volleyballSetsToWin = 3;
/** Points that win sets 1–4, with a lead of two. */
export const volleyballSetPoints = 25;
/** Points that win the fifth set, with a lead of two. */
export const volleyballDecidingSetPoints = 15;

/** The score now. */
export interface VolleyballScore {
  /** Points of each finished set. */
  readonly setsCompleted: readonly { readonly home: number; readonly away: number }[];
  readonly pointsHome: number;
  readonly pointsAway: number;
  /** Who serves the next rally; `undefined` before the first serve of the set, when the toss is still to come. */
  readonly server: Side | undefined;
  /**
   * Who served first in the set in play, when known: later sets alternate from it. Unknown, each later set's
   * opener is taken as a toss, which moves a match price by well under 1 % (tests measure it).
   */
  readonly setFirstServer?: Side;
}

/** Before the first toss: no sets, 0-0, server unknown. */
export const volleyballScoreStart: VolleyballScore = { setsCompleted: [], pointsHome: 0, pointsAway: 0, server: undefined };

function setPointsTarget(index: number): number {
  return index === 2 * volleyballSetsToWin - 2 ? volleyballDecidingSetPoints : volleyballSetPoints;
}

function rallyRules(strengths: ServeStrengths, pointsTarget: number): RaceRules {
  return { pointsTarget, strengths, serverNext: (_home, _away, _server, winner) => winner };
}

/** Who opens the set after set `index` if set `index` was opened by `opener` (undefined: unknown or a toss). */
function nextSetOpener(index: number, opener: Side | undefined): Side | undefined {
  return opener !== undefined && index + 1 < 2 * volleyballSetsToWin - 2 ? sideOther(opener) : undefined;
}

/** P(home wins the set) from its score, `server` serving the next rally; first to `pointsTarget` by two. */
export function volleyballSetWinProbability(
  strengths: ServeStrengths,
  score: { pointsHome: number; pointsAway: number; server: Side },
  pointsTarget = volleyballSetPoints,
): number {
  return raceWinProbability(rallyRules(strengths, pointsTarget), score);
}

function setOutcomes(
  strengths: ServeStrengths,
  index: number,
  score: { pointsHome: number; pointsAway: number; server: Side },
  opener: Side | undefined,
  races: RaceOutcome[] = raceOutcomes(rallyRules(strengths, setPointsTarget(index)), score),
) {
  return races.map((outcome): SegmentOutcome => ({
    unitsHome: outcome.pointsHome,
    unitsAway: outcome.pointsAway,
    probability: outcome.probability,
    serverNext: nextSetOpener(index, opener),
  }));
}

/**
 * The match outlook from any score: winner (13001), final set scores (set handicap), and total points and point
 * difference (13002) with the points of finished sets included.
 */
export function volleyballMatchOutlook(strengths: ServeStrengths, score: VolleyballScore): SeriesOutlook {
  const index = score.setsCompleted.length;
  const current = (): SegmentOutcome[] => {
    if (score.server !== undefined) {
      return setOutcomes(strengths, index, { pointsHome: score.pointsHome, pointsAway: score.pointsAway, server: score.server }, score.setFirstServer);
    }
    // Before the first serve the toss decides who serves, and so who opens the set.
    return (['home', 'away'] as const).flatMap((server) =>
      setOutcomes(strengths, index, { pointsHome: score.pointsHome, pointsAway: score.pointsAway, server }, server).map((outcome) => ({
        ...outcome,
        probability: outcome.probability / 2,
      })),
    );
  };
  const setsWon = score.setsCompleted.filter((set) => set.home > set.away).length;
  const decided = Math.max(setsWon, index - setsWon) >= volleyballSetsToWin;
  // Sets from 0-0 with the same target and opener play alike; only who opens the next one differs.
  const racesFromStart = new Map<string, RaceOutcome[]>();
  const segmentFromStart = (setIndex: number, server: Side) => {
    const start = { pointsHome: 0, pointsAway: 0, server };
    const key = `${setPointsTarget(setIndex)}|${server}`;
    let races = racesFromStart.get(key);
    if (!races) {
      races = raceOutcomes(rallyRules(strengths, setPointsTarget(setIndex)), start);
      racesFromStart.set(key, races);
    }
    return setOutcomes(strengths, setIndex, start, server, races);
  };
  return seriesOutlook({ segmentsToWin: volleyballSetsToWin, segmentFromStart }, score.setsCompleted, decided ? [] : current());
}
