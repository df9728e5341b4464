import {
  raceWinProbability,
  serveStrengthsAssert,
  seriesOutlook,
  sideOther,
  type RaceRules,
  type SegmentOutcome,
  type SeriesOutlook,
  type ServeStrengths,
  type Side,
} from './point-markov.ts';

/**
 * Tennis from each player's chance of winning a point on serve: games, tiebreaks, sets (to 6 games, a tiebreak at
 * 6-6) and best-of-3 or best-of-5 matches, exactly and from any score. Serve alternates by game, the tiebreak
 * counting as a game, so the first server of a set follows from the games of the one before. Game handicap and
 * total games read the `SeriesOutlook` (units are games; a set won in a tiebreak counts 7-6).
 */

/** The format of a match. */
export interface TennisRules {
  readonly setsToWin: 2 | 3;
  /** Points of the tiebreak at 6-6 in the final set: 7 like the others, or 10 (the Grand Slam match tiebreak). */
  readonly finalSetTiebreakPoints?: 7 | 10;
}

/** The score now. Points count points won in the current game or tiebreak (40-30 is 3-2, advantage in is 4-3). */
export interface TennisScore {
  /** Games of each finished set. */
  readonly setsCompleted: readonly { readonly home: number; readonly away: number }[];
  readonly gamesHome: number;
  readonly gamesAway: number;
  readonly pointsHome: number;
  readonly pointsAway: number;
  /** Who serves the next point. */
  readonly server: Side;
}

/** The first point of a match, `server` serving. */
export function tennisScoreStart(server: Side): TennisScore {
  return { setsCompleted: [], gamesHome: 0, gamesAway: 0, pointsHome: 0, pointsAway: 0, server };
}

/** P(the server wins the game) from a point score, with probability `pointOnServe` of winning each point served. */
export function tennisGameHoldProbability(pointOnServe: number, pointsServer = 0, pointsReceiver = 0): number {
  const rules: RaceRules = { pointsTarget: 4, strengths: { home: pointOnServe, away: 1 - pointOnServe }, serverNext: () => 'home' };
  return raceWinProbability(rules, { pointsHome: pointsServer, pointsAway: pointsReceiver, server: 'home' });
}

/** The tiebreak: the first server serves one point, then each player two in turn. */
function tiebreakRules(strengths: ServeStrengths, pointsTarget: number): RaceRules {
  return { pointsTarget, strengths, serverNext: (pointsHome, pointsAway, server) => ((pointsHome + pointsAway) % 2 === 1 ? sideOther(server) : server) };
}

/** Who served the first point of a tiebreak, from the score and who serves the next point. */
function tiebreakFirstServer(pointsHome: number, pointsAway: number, server: Side): Side {
  return Math.floor((pointsHome + pointsAway + 1) / 2) % 2 === 0 ? server : sideOther(server);
}

/** P(home wins the tiebreak) from its score, `server` serving the next point; first to `pointsTarget` by two. */
export function tennisTiebreakWinProbability(
  strengths: ServeStrengths,
  score: { pointsHome: number; pointsAway: number; server: Side },
  pointsTarget = 7,
): number {
  return raceWinProbability(tiebreakRules(strengths, pointsTarget), score);
}

function setWinner(gamesHome: number, gamesAway: number): Side | undefined {
  if ((gamesHome >= 6 && gamesHome - gamesAway >= 2) || gamesHome === 7) return 'home';
  if ((gamesAway >= 6 && gamesAway - gamesHome >= 2) || gamesAway === 7) return 'away';
  return undefined;
}

/** A set in play: games, the points of the game (or tiebreak) in play, and who serves the next point. */
type TennisSetState = Omit<TennisScore, 'setsCompleted'>;

function tennisSetStateAssert(state: TennisSetState): void {
  const { gamesHome, gamesAway, pointsHome, pointsAway } = state;
  for (const count of [gamesHome, gamesAway, pointsHome, pointsAway]) {
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`games and points must be integers ≥ 0, got ${count}`);
  }
  if (gamesHome > 6 || gamesAway > 6 || setWinner(gamesHome, gamesAway)) {
    throw new RangeError(`${gamesHome}-${gamesAway} is not a set in play; move a finished set to setsCompleted`);
  }
}

/**
 * The final games of a set from any state, carried forward game by game, with who serves first in the next set.
 * Finite and exact: a set ends by 7-6 at the latest.
 */
export function tennisSetOutcomes(strengths: ServeStrengths, state: TennisSetState, tiebreakPoints = 7): SegmentOutcome[] {
  serveStrengthsAssert(strengths);
  tennisSetStateAssert(state);
  const gamesPlayed = state.gamesHome + state.gamesAway;
  const inTiebreak = state.gamesHome === 6 && state.gamesAway === 6;
  const gameServer = inTiebreak ? tiebreakFirstServer(state.pointsHome, state.pointsAway, state.server) : state.server;
  const setFirstServer = gamesPlayed % 2 === 0 ? gameServer : sideOther(gameServer);
  const serverOfGame = (index: number) => (index % 2 === 0 ? setFirstServer : sideOther(setFirstServer));
  const holdHome = tennisGameHoldProbability(strengths.home);
  const holdAway = tennisGameHoldProbability(strengths.away);

  const gameWinHome = (gamesHome: number, gamesAway: number): number => {
    const live = gamesHome === state.gamesHome && gamesAway === state.gamesAway;
    if (gamesHome === 6 && gamesAway === 6) {
      const tiebreak = live ? state : { pointsHome: 0, pointsAway: 0, server: serverOfGame(12) };
      return tennisTiebreakWinProbability(strengths, tiebreak, tiebreakPoints);
    }
    const server = serverOfGame(gamesHome + gamesAway);
    if (!live) return server === 'home' ? holdHome : 1 - holdAway;
    return server === 'home'
      ? tennisGameHoldProbability(strengths.home, state.pointsHome, state.pointsAway)
      : 1 - tennisGameHoldProbability(strengths.away, state.pointsAway, state.pointsHome);
  };

  const outcomes: SegmentOutcome[] = [];
  // Probability of reaching each games score, processed in order of games played.
  let layer = new Map<number, number>([[state.gamesHome, 1]]);
  for (let played = gamesPlayed; layer.size > 0; played++) {
    const next = new Map<number, number>();
    for (const [gamesHome, probability] of layer) {
      const gamesAway = played - gamesHome;
      const home = gameWinHome(gamesHome, gamesAway);
      for (const [newHome, newAway, chance] of [
        [gamesHome + 1, gamesAway, home],
        [gamesHome, gamesAway + 1, 1 - home],
      ] as const) {
        if (setWinner(newHome, newAway)) {
          outcomes.push({ unitsHome: newHome, unitsAway: newAway, probability: probability * chance, serverNext: serverOfGame(newHome + newAway) });
        } else {
          next.set(newHome, (next.get(newHome) ?? 0) + probability * chance);
        }
      }
    }
    layer = next;
  }
  return outcomes;
}

/** P(home wins the set in play), exactly. */
export function tennisSetWinProbability(strengths: ServeStrengths, state: TennisSetState, tiebreakPoints = 7): number {
  return tennisSetOutcomes(strengths, state, tiebreakPoints)
    .filter((outcome) => outcome.unitsHome > outcome.unitsAway)
    .reduce((sum, outcome) => sum + outcome.probability, 0);
}

/**
 * The match outlook from any score: winner (5001), final set scores for the set handicap (5004), and games
 * total (5003) and difference (5002, game handicap) with the games of finished sets included.
 */
export function tennisMatchOutlook(strengths: ServeStrengths, score: TennisScore, rules: TennisRules): SeriesOutlook {
  const finalSetIndex = 2 * rules.setsToWin - 2;
  const tiebreakPoints = (index: number) => (index === finalSetIndex ? (rules.finalSetTiebreakPoints ?? 7) : 7);
  const setsWon = (side: Side) => score.setsCompleted.filter((set) => (side === 'home' ? set.home > set.away : set.away > set.home)).length;
  const decided = Math.max(setsWon('home'), setsWon('away')) >= rules.setsToWin;
  const current = decided ? [] : tennisSetOutcomes(strengths, score, tiebreakPoints(score.setsCompleted.length));
  return seriesOutlook(
    {
      segmentsToWin: rules.setsToWin,
      segmentFromStart: (index, server) =>
        tennisSetOutcomes(strengths, { gamesHome: 0, gamesAway: 0, pointsHome: 0, pointsAway: 0, server }, tiebreakPoints(index)),
    },
    score.setsCompleted,
    current,
  );
}

/** P(home wins the match) from any score, exactly. */
export function tennisMatchWinProbability(strengths: ServeStrengths, score: TennisScore, rules: TennisRules): number {
  return tennisMatchOutlook(strengths, score, rules).winHome;
}
