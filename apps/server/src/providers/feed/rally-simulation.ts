import { pointWinHomeProbability, sideOther, type ServeStrengths, type Side } from '@piranha/domain';
import type { SeededRandom } from './seeded-random.ts';

/**
 * Point-by-point play of tennis, volleyball and table tennis from each side's strength on serve, the same
 * strengths the Markov pricing reads. One call plays one point; the caller decides when points happen.
 */

export type RallySport = 'tennis' | 'volleyball' | 'tableTennis';

export interface RallyState {
  readonly sport: RallySport;
  readonly strengths: ServeStrengths;
  readonly setsToWin: number;
  /** Per finished set: games (tennis) or points (volleyball, table tennis). */
  setsCompleted: { home: number; away: number }[];
  /** Tennis only: games of the set in play. */
  games: { home: number; away: number };
  points: { home: number; away: number };
  server: Side;
  /** Who served first in the set (volleyball, table tennis) or the game (tennis), for the next alternation. */
  segmentFirstServer: Side;
  winner: Side | undefined;
}

export type RallyEvent = 'point' | 'game' | 'set' | 'match';

export function rallyStateStart(sport: RallySport, strengths: ServeStrengths, setsToWin: number, server: Side): RallyState {
  return {
    sport,
    strengths,
    setsToWin,
    setsCompleted: [],
    games: { home: 0, away: 0 },
    points: { home: 0, away: 0 },
    server,
    segmentFirstServer: server,
    winner: undefined,
  };
}

export function rallySetsWon(state: RallyState): { home: number; away: number } {
  const won = { home: 0, away: 0 };
  for (const set of state.setsCompleted) won[set.home > set.away ? 'home' : 'away'] += 1;
  return won;
}

/** Plays one point and returns the biggest thing it decided. */
export function rallyPointPlay(state: RallyState, random: SeededRandom): RallyEvent {
  if (state.winner) throw new Error('the match is already over');
  const winner: Side = random.next() < pointWinHomeProbability(state.strengths, state.server) ? 'home' : 'away';
  state.points[winner] += 1;
  switch (state.sport) {
    case 'tennis':
      return tennisPointAfter(state);
    case 'volleyball':
      return racePointAfter(state, winner, volleyballSetPoints(state));
    case 'tableTennis':
      return racePointAfter(state, winner, 11);
  }
}

function volleyballSetPoints(state: RallyState): number {
  return state.setsCompleted.length === 2 * state.setsToWin - 2 ? 15 : 25;
}

function raceWon(points: { home: number; away: number }, target: number): Side | undefined {
  if (points.home >= target && points.home - points.away >= 2) return 'home';
  if (points.away >= target && points.away - points.home >= 2) return 'away';
  return undefined;
}

/** Volleyball and table tennis: a set (game) is a race to `target` won by two. */
function racePointAfter(state: RallyState, pointWinner: Side, target: number): RallyEvent {
  const setWinner = raceWon(state.points, target);
  if (!setWinner) {
    state.server = state.sport === 'volleyball' ? pointWinner : tableTennisServer(state);
    return 'point';
  }
  state.setsCompleted.push({ ...state.points });
  state.points = { home: 0, away: 0 };
  state.segmentFirstServer = sideOther(state.segmentFirstServer);
  state.server = state.segmentFirstServer;
  return setEnd(state, setWinner);
}

/** Serve changes every two points, and every point from 10-10. */
function tableTennisServer(state: RallyState): Side {
  const played = state.points.home + state.points.away;
  const turns = played >= 20 ? 10 + (played - 20) : Math.floor(played / 2);
  return turns % 2 === 0 ? state.segmentFirstServer : sideOther(state.segmentFirstServer);
}

function tennisPointAfter(state: RallyState): RallyEvent {
  const inTiebreak = state.games.home === 6 && state.games.away === 6;
  const gameWinner = raceWon(state.points, inTiebreak ? 7 : 4);
  if (!gameWinner) {
    if (inTiebreak) {
      // In a tiebreak serve changes after the first point, then every two points.
      const played = state.points.home + state.points.away;
      state.server = Math.floor((played + 1) / 2) % 2 === 0 ? state.segmentFirstServer : sideOther(state.segmentFirstServer);
    }
    return 'point';
  }
  state.points = { home: 0, away: 0 };
  state.games[gameWinner] += 1;
  // The next game is served by whoever received the first point of this one.
  state.segmentFirstServer = sideOther(state.segmentFirstServer);
  state.server = state.segmentFirstServer;
  const { home, away } = state.games;
  const setWon = inTiebreak || (Math.max(home, away) >= 6 && Math.abs(home - away) >= 2);
  if (!setWon) return 'game';
  state.setsCompleted.push({ home, away });
  state.games = { home: 0, away: 0 };
  return setEnd(state, gameWinner);
}

function setEnd(state: RallyState, setWinner: Side): RallyEvent {
  if (rallySetsWon(state)[setWinner] >= state.setsToWin) {
    state.winner = setWinner;
    return 'match';
  }
  return 'set';
}
