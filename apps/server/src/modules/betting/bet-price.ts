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
 * Re-prices one leg against the live quote: an unknown or closed market is MARKET_CLOSED, a suspended one
 * MARKET_SUSPENDED, odds that moved are ODDS_CHANGED unless the player's preference takes them. `field` names the
 * leg in the request so the player sees which one failed.
 */
export function legPrice(state: SportsState, leg: LegAsked, oddsChange: number, field: string): LegPriced {
  const preference = oddsChangePreferenceFromCode(oddsChange);
  if (!preference) throw new AppError('VALIDATION_FAILED', { field: 'oddsChange', issue: 'invalid_value' });
  const quote = sportsQuoteGet(state, leg);
  if (!quote || quote.status === 'closed' || quote.odds === undefined) throw new AppError('MARKET_CLOSED', { field });
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
