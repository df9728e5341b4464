import { marketBookPrice, type MarketBookInput, type MarketMargins, type PricedMarket } from '@piranha/domain';
import type { FeedMatch } from '../../providers/feed/sports-feed.ts';

/**
 * From a feed match to the pricing input of `@piranha/domain` (`marketBookPrice`): the model, and while live the
 * state of play read from the clock, the score and the per-period scores.
 */

const soccerHalfMinutes = 45;

/** Soccer minutes played for pricing: stoppage time counts as the last minute of its half. */
export function soccerMinutesPlayed(match: FeedMatch): number {
  const minutes = match.clock.seconds / 60;
  switch (match.clock.periodCode) {
    case 1002:
      return Math.min(minutes, soccerHalfMinutes);
    case 1003:
      return soccerHalfMinutes;
    case 1004:
      return Math.min(Math.max(minutes, soccerHalfMinutes), 2 * soccerHalfMinutes);
    default:
      return match.status === 'ended' ? 2 * soccerHalfMinutes : 0;
  }
}

/**
 * Basketball minutes played, overtime included; the clock counts down within each period. The breaks 3006, 3008
 * and 3010 come after quarters 1, 2 and 3 (the break before an overtime shows 3012 at its full length).
 */
export function basketballMinutesPlayed(match: FeedMatch, regulationMinutes: number, overtimeMinutes: number): number {
  const quarterMinutes = regulationMinutes / 4;
  const code = match.clock.periodCode;
  const left = match.clock.seconds / 60;
  if (code === 3006 || code === 3008 || code === 3010) return ((code - 3004) / 2) * quarterMinutes;
  if (code >= 3005 && code <= 3011) {
    const quarter = (code - 3003) / 2;
    return (quarter - 1) * quarterMinutes + Math.max(0, quarterMinutes - left);
  }
  // Overtimes share one code; the pricing reads overtime time modulo its length, so one is enough.
  if (code === 3012) return regulationMinutes + Math.max(0, overtimeMinutes - left);
  return 0;
}

/** Sets (or games) of a rally sport: the finished ones and the one in play (the last entry while live). */
function rallySegments(match: FeedMatch): { completed: { home: number; away: number }[]; current: { home: number; away: number } } {
  const base = match.sportId * 1000;
  const segments = match.periodScores
    .filter((period) => period.periodCode > base + 1 && period.periodCode < base + 11)
    .sort((left, right) => left.periodCode - right.periodCode)
    .map((period) => ({ home: period.home, away: period.away }));
  const current = segments.pop() ?? { home: 0, away: 0 };
  return { completed: segments, current };
}

/** The pricing input of a match; `live` only while it is live. */
export function marketBookInputOf(match: FeedMatch): MarketBookInput {
  const live = match.status === 'live';
  const model = match.model;
  switch (model.sport) {
    case 'soccer':
      return {
        sport: 'soccer',
        model: { goalsExpectedHome: model.goalsExpectedHome, goalsExpectedAway: model.goalsExpectedAway, rho: model.rho },
        ...(live ? { live: { score: match.score, minutesPlayed: soccerMinutesPlayed(match) } } : {}),
      };
    case 'basketball':
      return {
        sport: 'basketball',
        league: model.league,
        home: model.home,
        away: model.away,
        ...(live
          ? { live: { score: match.score, minutesPlayed: basketballMinutesPlayed(match, model.league.regulationMinutes, model.league.overtimeMinutes) } }
          : {}),
      };
    case 'tennis': {
      if (!live) return { sport: 'tennis', strengths: model.strengths, rules: model.rules };
      const { completed, current } = rallySegments(match);
      return {
        sport: 'tennis',
        strengths: model.strengths,
        rules: model.rules,
        live: {
          setsCompleted: completed,
          gamesHome: current.home,
          gamesAway: current.away,
          pointsHome: match.rally?.pointsHome ?? 0,
          pointsAway: match.rally?.pointsAway ?? 0,
          server: match.rally?.server ?? 'home',
        },
      };
    }
    case 'volleyball': {
      if (!live) return { sport: 'volleyball', strengths: model.strengths };
      const { completed, current } = rallySegments(match);
      return {
        sport: 'volleyball',
        strengths: model.strengths,
        live: { setsCompleted: completed, pointsHome: current.home, pointsAway: current.away, server: match.rally?.server },
      };
    }
    case 'tableTennis': {
      if (!live) return { sport: 'tableTennis', strengths: model.strengths, gamesToWin: model.gamesToWin };
      const { completed, current } = rallySegments(match);
      return {
        sport: 'tableTennis',
        strengths: model.strengths,
        gamesToWin: model.gamesToWin,
        live: { gamesCompleted: completed, pointsHome: current.home, pointsAway: current.away, server: match.rally?.server },
      };
    }
  }
}

/**
 * What the prices of a match depend on: when it changes the match is re-priced. Soccer moves with the minute,
 * basketball every 30 seconds of play; rally sports only with points, which the scores carry.
 */
export function priceKeyOf(match: FeedMatch): string {
  if (match.status !== 'live') return match.status;
  const scores = match.periodScores.map((period) => `${period.home}-${period.away}`).join(',');
  const rally = match.rally ? `${match.rally.pointsHome}-${match.rally.pointsAway}-${match.rally.server}` : '';
  let clock = '';
  if (match.model.sport === 'soccer') clock = String(Math.floor(soccerMinutesPlayed(match)));
  else if (match.model.sport === 'basketball') {
    const { regulationMinutes, overtimeMinutes } = match.model.league;
    clock = `${match.clock.periodCode}:${Math.floor(basketballMinutesPlayed(match, regulationMinutes, overtimeMinutes) * 2)}`;
  }
  return `live|${match.score.home}-${match.score.away}|${scores}|${rally}|${clock}`;
}

export function matchBookPrice(match: FeedMatch, margins: MarketMargins): PricedMarket[] {
  return marketBookPrice(marketBookInputOf(match), margins);
}
