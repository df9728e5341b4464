import { oddsChangeAccept, oddsChangePreferenceFromCode, type OddsThousandths } from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import { sportsQuoteGet, type MarketQuote } from '../sports/sports.service.ts';
import type { SportsState } from '../sports/sports-state.ts';

/** One leg as the player asked for it: the option and the decimal odds their slip showed. */
export interface LegAsked {
  matchId: number;
  marketId: number;
  optionType: number;
  odds: number;
}

/** A leg re-priced against the live market, at the odds actually accepted. */
export interface LegPriced {
  matchId: number;
  marketId: number;
  optionType: number;
  oddsThousandths: OddsThousandths;
  quote: MarketQuote;
  matchName: string;
}

/** Wire odds are decimals (1.85); we compare and store thousandths. */
export function oddsThousandthsOf(decimal: number): number {
  return Math.round(decimal * 1000);
}

export function lineText(line: number | undefined): string | null {
  if (line === undefined) return null;
  return line > 0 ? `+${line}` : String(line);
}

/**
 * The past-posting guard: a market is never sold on a match whose outcome exists. Whatever status the feed shows, a
 * match with a published result takes no bet, and a pre-match market takes none once its match's start time has
 * passed on the feed's clock (a feed that is late to say "live", or one replaying its past, is caught here). Both
 * answers come from the feed's memory: no statement is added to a placement (decision 010).
 */
export function pastPostingRefusal(state: SportsState, quote: MarketQuote, nowMs: number): 'result_published' | 'match_started' | undefined {
  if (state.feed.result(quote.matchId)) return 'result_published';
  const startsAtMs = state.entry(quote.matchId)?.match.startsAtMs;
  if (!quote.live && startsAtMs !== undefined && startsAtMs <= state.feed.clockMs(nowMs)) return 'match_started';
  return undefined;
}

/**
 * Re-prices one leg against the live quote at wall-clock `nowMs`: an unknown or closed market, or one the
 * past-posting guard refuses, is MARKET_CLOSED, a suspended one MARKET_SUSPENDED, odds that moved are ODDS_CHANGED
 * unless the player's preference takes them. `field` names the leg in the request so the player sees which one
 * failed.
 */
export function legPrice(state: SportsState, leg: LegAsked, oddsChange: number, field: string, nowMs: number): LegPriced {
  const preference = oddsChangePreferenceFromCode(oddsChange);
  if (!preference) throw new AppError('VALIDATION_FAILED', { field: 'oddsChange', issue: 'invalid_value' });
  const quote = sportsQuoteGet(state, leg);
  if (!quote || quote.status === 'closed' || quote.odds === undefined) throw new AppError('MARKET_CLOSED', { field });
  const refusal = pastPostingRefusal(state, quote, nowMs);
  if (refusal) throw new AppError('MARKET_CLOSED', { field, issue: refusal });
  if (quote.status === 'suspended') throw new AppError('MARKET_SUSPENDED', { field });
  const accepted = oddsChangeAccept(preference, oddsThousandthsOf(leg.odds) as OddsThousandths, quote.odds as OddsThousandths);
  if (!accepted.ok) throw new AppError('ODDS_CHANGED', { field });
  const match = state.entry(leg.matchId)?.match;
  return {
    matchId: leg.matchId,
    marketId: leg.marketId,
    optionType: leg.optionType,
    oddsThousandths: accepted.oddsThousandths,
    quote,
    matchName: match ? `${match.home.name} v ${match.away.name}` : String(leg.matchId),
  };
}
