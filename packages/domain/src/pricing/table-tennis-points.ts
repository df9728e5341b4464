import {
  raceOutcomes,
  raceWinProbability,
  seriesOutlook,
  sideOther,
  type RaceRules,
  type SegmentOutcome,
  type SeriesOutlook,
  type ServeStrengths,
  type Side,
} from './point-markov.ts';

/**
 * Table tennis from each player's chance of winning a point on serve. Games to 11 won by two; serve changes every
 * two points, and every point from 10-10; the player who served first in a game receives first in the next.
 * Best of 5 or 7 games. Game handicap (15002) reads the outlook's games difference, point handicap and total points
 * its units (points).
 */

/** Points that win a game, with a lead of two. */
export const tableTennisGamePoints = 11;

/** The score now. */
export interface TableTennisScore {
  /** Points of each finished game. */
  readonly gamesCompleted: readonly { readonly home: number; readonly away: number }[];
  readonly pointsHome: number;
  readonly pointsAway: number;
  /** Who serves the next point; `undefined` before the match's first serve, when the toss is still to come. */
  readonly server: Side | undefined;
}

/** Before the toss: no games, 0-0, server unknown. */
export const tableTennisScoreStart: TableTennisScore = { gamesCompleted: [], pointsHome: 0, pointsAway: 0, server: undefined };

/** Points played before serve changes every point: 10-10. */
const deucePointsPlayed = 2 * (tableTennisGamePoints - 1);

function gameRules(strengths: ServeStrengths): RaceRules {
  return {
    pointsTarget: tableTennisGamePoints,
    strengths,
    serverNext: (pointsHome, pointsAway, server) => {
      const played = pointsHome + pointsAway;
      return played >= deucePointsPlayed || played % 2 === 0 ? sideOther(server) : server;
    },
  };
}

/** Who served the first point of the game, from its score and who serves the next point. */
function gameFirstServer(pointsHome: number, pointsAway: number, server: Side): Side {
  const played = pointsHome + pointsAway;
  const servesOfFirst = played >= deucePointsPlayed ? played % 2 === 0 : Math.floor(played / 2) % 2 === 0;
  return servesOfFirst ? server : sideOther(server);
}

/** P(home wins the game) from its score, `server` serving the next point. */
export function tableTennisGameWinProbability(strengths: ServeStrengths, score: { pointsHome: number; pointsAway: number; server: Side }): number {
  return raceWinProbability(gameRules(strengths), score);
}

function gameOutcomes(strengths: ServeStrengths, score: { pointsHome: number; pointsAway: number; server: Side }): SegmentOutcome[] {
  const opener = gameFirstServer(score.pointsHome, score.pointsAway, score.server);
  return raceOutcomes(gameRules(strengths), score).map((outcome) => ({
    unitsHome: outcome.pointsHome,
    unitsAway: outcome.pointsAway,
    probability: outcome.probability,
    serverNext: sideOther(opener),
  }));
}

/**
 * The match outlook from any score, best of `2 × gamesToWin − 1`: winner (15001), final game scores and games
 * difference (game handicap), and total points and point difference with finished games included.
 */
export function tableTennisMatchOutlook(strengths: ServeStrengths, score: TableTennisScore, gamesToWin: 3 | 4): SeriesOutlook {
  const current = (): SegmentOutcome[] => {
    const { pointsHome, pointsAway, server } = score;
    if (server !== undefined) return gameOutcomes(strengths, { pointsHome, pointsAway, server });
    return (['home', 'away'] as const).flatMap((tossed) =>
      gameOutcomes(strengths, { pointsHome, pointsAway, server: tossed }).map((outcome) => ({ ...outcome, probability: outcome.probability / 2 })),
    );
  };
  const gamesWon = score.gamesCompleted.filter((game) => game.home > game.away).length;
  const decided = Math.max(gamesWon, score.gamesCompleted.length - gamesWon) >= gamesToWin;
  // Every game from 0-0 plays alike, so each opener's outcomes are worked out once.
  const fromStart = new Map<Side, SegmentOutcome[]>();
  const segmentFromStart = (_index: number, server: Side) => {
    let outcomes = fromStart.get(server);
    if (!outcomes) {
      outcomes = gameOutcomes(strengths, { pointsHome: 0, pointsAway: 0, server });
      fromStart.set(server, outcomes);
    }
    return outcomes;
  };
  return seriesOutlook({ segmentsToWin: gamesToWin, segmentFromStart }, score.gamesCompleted, decided ? [] : current());
}
