import {
  MATCH_STATUS,
  PINNED_MARKET_TYPES,
  SALE_STATUS,
  type League,
  type Market,
  type MarketGroup,
  type Match,
  type MatchOdds,
  type MatchResultWire,
  type OddsOption,
  type ScoreGroup,
  type Team,
} from '@piranha/contract';
import { correctScoreOfType, marketIdOf, marketTypeInfo, selectionTypes, type PricedMarket, type PricedOption } from '@piranha/domain';
import type { FeedLeague, FeedMatch, FeedTeam, MatchResult, PeriodScore } from '../../providers/feed/sports-feed.ts';

/**
 * Feed types to the FB wire (reference/betting.md §1): readable names in, `ms`, `mc`, `nsg`, `mg` out. Market and
 * option names are English; the web app labels markets by `mty` and options by `ty` in the player's language.
 */

export function leagueWire(league: FeedLeague): League {
  return { id: league.id, na: league.name, or: league.rank, lurl: league.logoPath, sid: league.sportId, rid: league.regionId, rnm: league.regionName };
}

export function teamWire(team: FeedTeam): Team {
  return { id: team.id, na: team.name, lurl: team.logoPath };
}

const statusWire = { notStarted: MATCH_STATUS.notStarted, live: MATCH_STATUS.live, ended: MATCH_STATUS.ended } as const;

export function scoreGroupsWire(sportId: number, score: { home: number; away: number }, periodScores: readonly PeriodScore[]): ScoreGroup[] {
  return [
    { pe: sportId * 1000 + 1, tyg: 5, sc: [score.home, score.away] },
    ...periodScores.map((period): ScoreGroup => ({ pe: period.periodCode, tyg: 5, sc: [period.home, period.away] })),
  ];
}

/** "+0.5", "-0.25", "0" for handicaps; "2.5" for totals. */
export function lineText(line: number | undefined, signed: boolean): string {
  if (line === undefined) return '';
  if (!signed || line === 0) return String(line);
  return line > 0 ? `+${line}` : String(line);
}

function optionNames(option: PricedOption, match: FeedMatch, signed: boolean): { nm: string; na: string } {
  const line = lineText(option.line, signed);
  const withLine = (name: string) => (line ? `${name} ${line}` : name);
  switch (option.type) {
    case selectionTypes.home:
      return { nm: '1', na: withLine(match.home.name) };
    case selectionTypes.away:
      return { nm: '2', na: withLine(match.away.name) };
    case selectionTypes.draw:
      return { nm: 'X', na: 'Draw' };
    case selectionTypes.over:
      return { nm: 'Over', na: withLine('Over') };
    case selectionTypes.under:
      return { nm: 'Under', na: withLine('Under') };
    case selectionTypes.yes:
      return { nm: 'Yes', na: 'Yes' };
    case selectionTypes.no:
      return { nm: 'No', na: 'No' };
    case selectionTypes.homeOrDraw:
      return { nm: '1X', na: `${match.home.name} or Draw` };
    case selectionTypes.homeOrAway:
      return { nm: '12', na: `${match.home.name} or ${match.away.name}` };
    case selectionTypes.drawOrAway:
      return { nm: 'X2', na: `Draw or ${match.away.name}` };
    case selectionTypes.correctScoreOther:
      return { nm: 'Other', na: 'Any other score' };
    default: {
      const score = correctScoreOfType(option.type);
      const name = score ? `${score.home}-${score.away}` : String(option.type);
      return { nm: name, na: name };
    }
  }
}

function groupName(market: PricedMarket): string {
  return market.type === 1005 && market.period === 1002 ? '1st Half 1X2' : marketTypeInfo[market.type].name;
}

/**
 * One market on the wire: open with its odds, suspended with the same odds negated (locked), or closed with only
 * id and ss once the match has ended or the market is pulled (an outcome all but decided, a price above the cap).
 */
export function marketWire(matchId: number, market: PricedMarket, match: FeedMatch): Market {
  const id = marketIdOf({ matchId, type: market.type, period: market.period, line: market.line });
  if (match.status === 'ended' || !market.open) return { id, ss: SALE_STATUS.closed };
  const suspended = match.marketsSuspended;
  const signed = marketTypeInfo[market.type].kind === 'handicap' || marketTypeInfo[market.type].kind === 'setHandicap';
  return {
    id,
    ss: suspended ? SALE_STATUS.suspended : SALE_STATUS.open,
    au: 1,
    li: lineText(market.line, signed),
    op: market.options.map((option): OddsOption => {
      const odds = option.odds / 1000;
      return { ty: option.type, od: suspended ? -odds : odds, ...optionNames(option, match, signed), li: lineText(option.line, signed) };
    }),
  };
}

/** Groups by (type, period) in book order; the detail puts the pinned types first. */
export function marketGroupsWire(match: FeedMatch, book: readonly PricedMarket[], detail: boolean): MarketGroup[] {
  const groups = new Map<string, MarketGroup>();
  for (const market of book) {
    // Lists carry the main markets only: the result, and the main handicap and total lines.
    if (!detail && (!market.main || market.period !== match.sportId * 1000 + 1)) continue;
    if (!detail && !['result', 'handicap', 'total'].includes(marketTypeInfo[market.type].kind)) continue;
    const key = `${market.type}|${market.period}`;
    let group = groups.get(key);
    if (!group) {
      group = { mty: market.type, pe: market.period, nm: groupName(market), mks: [] };
      groups.set(key, group);
    }
    group.mks.push(marketWire(match.id, market, match));
  }
  const list = [...groups.values()];
  if (!detail) return list;
  const pinned = new Set<number>(PINNED_MARKET_TYPES);
  return [
    ...list.filter((group) => pinned.has(group.mty) && group.pe === match.sportId * 1000 + 1),
    ...list.filter((group) => !(pinned.has(group.mty) && group.pe === match.sportId * 1000 + 1)),
  ];
}

function clockWire(match: FeedMatch): Match['mc'] {
  return {
    s: match.clock.seconds,
    r: match.clock.running,
    tp: match.clock.direction === 'up' ? 1 : 2,
    pe: match.clock.periodCode,
    itd: match.clock.injuryMinutes,
  };
}

/** Open or suspended markets (pulled ones not counted); none once the match has ended. */
function marketCount(book: readonly PricedMarket[], match: FeedMatch): number {
  if (match.status === 'ended') return 0;
  let count = 0;
  for (const market of book) if (market.open) count += 1;
  return count;
}

export function matchWire(match: FeedMatch, book: readonly PricedMarket[], detail: boolean, incrCursor: number): Match {
  const mg = marketGroupsWire(match, book, detail);
  return {
    id: match.id,
    sid: match.sportId,
    ty: 2,
    lg: leagueWire(match.league),
    nm: `${match.home.name} vs ${match.away.name}`,
    ts: [teamWire(match.home), teamWire(match.away)],
    bt: match.startsAtMs,
    ms: statusWire[match.status],
    nsg: match.status === 'notStarted' ? [] : scoreGroupsWire(match.sportId, match.score, match.periodScores),
    mc: clockWire(match),
    is_hot: match.featured ? 1 : 0,
    tms: marketCount(book, match),
    mg,
    incr_cursor: incrCursor,
  };
}

export function matchOddsWire(match: FeedMatch, book: readonly PricedMarket[], detail: boolean, incrCursor: number): MatchOdds {
  const mg = marketGroupsWire(match, book, detail);
  return {
    id: match.id,
    ms: statusWire[match.status],
    mc: clockWire(match),
    nsg: match.status === 'notStarted' ? [] : scoreGroupsWire(match.sportId, match.score, match.periodScores),
    tms: marketCount(book, match),
    mg,
    incr_cursor: incrCursor,
  };
}

export function matchResultWire(result: MatchResult): MatchResultWire {
  return {
    id: result.matchId,
    sid: result.sportId,
    lg: leagueWire(result.league),
    nm: `${result.home.name} vs ${result.away.name}`,
    ts: [teamWire(result.home), teamWire(result.away)],
    bt: result.startsAtMs,
    et: result.endedAtMs,
    nsg: scoreGroupsWire(result.sportId, result.score, result.periodScores),
  };
}
