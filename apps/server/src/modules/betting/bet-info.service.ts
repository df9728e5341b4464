import { type BetMarketInfo, type BetSeriesInfo, type EndpointBody, type betLatestInfo } from '@piranha/contract';
import {
  DEFAULT_VARIANT,
  legTeamSharedIndex,
  marketIdOf,
  systemBetCode,
  systemBetKindsAvailable,
  systemBetLines,
  systemBetName,
  type SystemBetKind,
} from '@piranha/domain';
import type { SessionUser } from '../../plugins/request-context.ts';
import { sportsQuoteGet, type MarketQuote } from '../sports/sports.service.ts';
import type { SportsState } from '../sports/sports-state.ts';
import { betCurrencyOf } from './bet-place.service.ts';
import { lineText, pastPostingRefusal } from './bet-price.ts';
import type { BettingDeps } from './betting-deps.ts';
import { betLimitsOf, LEGS_PER_MULTIPLE_MAX, SINGLES_PER_PLACEMENT_MAX } from './betting-limits.ts';

type Selection = { type: number; matchId: number; marketId: number };

/**
 * A market whose line moved is closed under its old id; the slip follows the move to the main line of the same
 * market type and period (the upstream `omid` → `mid`), so the player re-confirms instead of losing the selection.
 */
function quoteFollowingLine(state: SportsState, selection: Selection): { quote: MarketQuote | undefined; movedFrom?: number } {
  const quote = sportsQuoteGet(state, { matchId: selection.matchId, marketId: selection.marketId, optionType: selection.type });
  if (!quote || quote.status !== 'closed' || quote.line === undefined) return { quote };
  const entry = state.entry(selection.matchId);
  if (!entry || entry.match.status === 'ended') return { quote };
  const moved = state.bookOf(entry).find((market) => market.type === quote.type && market.period === quote.period && market.main && market.line !== quote.line);
  if (!moved) return { quote };
  const marketId = marketIdOf({ matchId: selection.matchId, type: moved.type, period: moved.period, line: moved.line });
  const next = sportsQuoteGet(state, { matchId: selection.matchId, marketId, optionType: selection.type });
  return next ? { quote: next, movedFrom: selection.marketId } : { quote };
}

function matchNameOf(state: SportsState, matchId: number): string {
  const match = state.entry(matchId)?.match;
  return match ? `${match.home.name} v ${match.away.name}` : '';
}

function teamIdsOf(state: SportsState, matchId: number): number[] | undefined {
  const match = state.entry(matchId)?.match;
  return match ? [match.home.id, match.away.id] : undefined;
}

/** A short option name for the slip: the team for a side, the usual symbols otherwise. */
function optionNameOf(state: SportsState, matchId: number, type: number): string {
  const match = state.entry(matchId)?.match;
  if (type === 1 && match) return match.home.name;
  if (type === 2 && match) return match.away.name;
  const names: Record<number, string> = { 3: 'X', 4: 'Over', 5: 'Under', 6: 'Even', 7: 'Odd', 8: 'Yes', 9: 'No', 10: '1X', 11: '12', 12: 'X2', 249: 'Other' };
  if (names[type]) return names[type];
  if (type >= 100 && type < 150) return `${Math.floor((type - 100) / 10)}-${(type - 100) % 10}`;
  return String(type);
}

/** What placement would say of the market now: a market the past-posting guard refuses shows closed. */
function saleStatusOf(state: SportsState, quote: MarketQuote | undefined, nowMs: number): 1 | 0 | -1 {
  if (!quote || quote.status === 'closed' || quote.odds === undefined || pastPostingRefusal(state, quote, nowMs)) return -1;
  return quote.status === 'open' ? 1 : 0;
}

function seriesName(kind: SystemBetKind, legCount: number): string {
  const named = systemBetName(kind);
  if (named) return named;
  if (kind.type === 'fold' && kind.foldSize === legCount) return legCount === 2 ? 'double' : legCount === 3 ? 'treble' : `fold${legCount}`;
  return kind.type === 'fold' ? `fold${kind.foldSize}_of_${legCount}` : `cover${legCount}`;
}

/**
 * `batchBetMatchMarketOfJumpLine`: the slip's selections as the market stands now (odds, status, limits, a moved
 * line) and, when asked, every multiple and system the open selections allow, with lines and combined odds.
 */
export async function betLatestInfoOf(deps: BettingDeps, user: SessionUser | undefined, body: EndpointBody<typeof betLatestInfo>) {
  const currency = user ? await betCurrencyOf(deps, user, body.currencyId) : DEFAULT_VARIANT.currency;
  const limits = betLimitsOf(currency);
  const nowMs = deps.now().getTime();
  // Read with the quotes (no await between): two nodes' views may be a tick apart, so the slip keeps the newest.
  const ver = deps.sports.version();
  const bms: BetMarketInfo[] = body.betMatchMarketList.map((selection) => {
    const { quote, movedFrom } = quoteFollowingLine(deps.sports, selection);
    const ss = saleStatusOf(deps.sports, quote, nowMs);
    const odds = quote?.odds === undefined || ss === -1 ? 0 : ss === 0 ? -quote.odds / 1000 : quote.odds / 1000;
    const line = lineText(quote?.optionLine);
    const tids = teamIdsOf(deps.sports, selection.matchId);
    return {
      mid: quote?.marketId ?? selection.marketId,
      ...(movedFrom === undefined ? {} : { omid: movedFrom }),
      matchId: selection.matchId,
      mn: matchNameOf(deps.sports, selection.matchId),
      ...(tids ? { tids } : {}),
      ss,
      op: { ty: selection.type, od: odds, nm: optionNameOf(deps.sports, selection.matchId, selection.type), ...(line === null ? {} : { li: line }) },
      smin: limits.stakeMinMinor,
      smax: limits.stakeMaxMinor,
      au: 1,
      ip: quote?.live ? 1 : 0,
      ...(quote?.live ? { re: `${quote.score.home}-${quote.score.away}` } : {}),
    };
  });
  const sos: BetSeriesInfo[] = [];
  const open = bms.filter((entry) => entry.ss === 1);
  const distinctMatches = new Set(open.map((entry) => entry.matchId)).size === open.length;
  // Placement refuses a multiple of two matches of one team (BET_SAME_TEAM): none is offered.
  const distinctTeams = legTeamSharedIndex(open.map((entry) => ({ matchId: entry.matchId, ...(entry.tids ? { teamIds: entry.tids } : {}) }))) === undefined;
  if (body.isSelectSeries && open.length >= 2 && open.length === bms.length && distinctMatches && distinctTeams && open.length <= LEGS_PER_MULTIPLE_MAX) {
    for (const kind of systemBetKindsAvailable(open.length)) {
      const lines = systemBetLines(kind, open.length);
      const sodd = lines.reduce((sum, line) => sum + line.reduce((product, index) => product * open[index]!.op.od, 1), 0);
      sos.push({
        sn: systemBetCode(kind, open.length),
        nm: seriesName(kind, open.length),
        in: lines.length,
        sodd: Math.round(sodd * 1000) / 1000,
        mi: limits.stakeMinMinor,
        mx: limits.stakeMaxMinor,
      });
    }
  }
  return { bms, sos, mon: SINGLES_PER_PLACEMENT_MAX, msl: LEGS_PER_MULTIPLE_MAX, payout_max: limits.payoutMaxMinor, currency, ver };
}
