import { oddsThousandths } from '../odds/odds-format.ts';
import { TIMERS } from '../timers.ts';
import { betSlipSelectionSame, type BetSlip, type BetSlipItem, type BetSlipOddsChange, type BetSlipSelection } from './bet-slip.ts';

/** One selection as the latest bet info (`bms[]`) reports it, polled every 2 s while the slip is open. */
export interface BetSlipQuote extends BetSlipSelection {
  /** `omid`: the market id the selection had before a line move, or null when the line did not move. */
  previousMarketId: number | null;
  /** The current `od` in thousandths with its sign: negative means locked. */
  oddsThousandths: number;
  marketOpen: boolean;
  line: string | null;
  multipleAllowed: boolean;
}

/**
 * Applies fresh server prices. Odds (or a moved line) that differ from an open item are written onto it,
 * recorded for the 2 s highlight, and set `needAcceptLatestOdds` (spec §4); a suspended or locked market
 * only marks the item locked and keeps its last odds, since there is no new price to accept. Highlights
 * older than the window are dropped. Items the refresh does not mention are left alone. After a line move
 * onto a market the slip already holds for that match, the item already there wins and the moved one goes,
 * so one selection per match and market still holds. Returns the same slip when nothing changed.
 */
export function betSlipOddsRefresh(slip: BetSlip, quotes: readonly BetSlipQuote[], nowMs: number): BetSlip {
  let priceChanged = false;
  const newChanges: BetSlipOddsChange[] = [];
  const refreshed = slip.items.map((item) => {
    const quote = quotes.find(
      (candidate) =>
        candidate.matchId === item.matchId &&
        candidate.optionType === item.optionType &&
        (candidate.marketId === item.marketId || candidate.previousMarketId === item.marketId),
    );
    if (!quote) return { item, moved: false };
    if (!quote.marketOpen || !Number.isFinite(quote.oddsThousandths) || quote.oddsThousandths <= 1000) {
      return { item: item.locked ? item : { ...item, locked: true }, moved: false };
    }
    const odds = oddsThousandths(quote.oddsThousandths);
    const moved = quote.marketId !== item.marketId;
    const priceMoved = odds !== item.oddsThousandths || moved || quote.line !== item.line;
    if (!priceMoved && !item.locked && quote.multipleAllowed === item.multipleAllowed) return { item, moved: false };
    const next: BetSlipItem = {
      ...item,
      marketId: quote.marketId,
      oddsThousandths: odds,
      line: quote.line,
      multipleAllowed: quote.multipleAllowed,
      locked: false,
    };
    if (priceMoved) {
      priceChanged = true;
      if (odds !== item.oddsThousandths) {
        newChanges.push({ ...selectionOf(next), previousOddsThousandths: item.oddsThousandths, currentOddsThousandths: odds, changedAtMs: nowMs });
      }
    }
    return { item: next, moved };
  });
  const items = withoutMovedDuplicates(refreshed);
  const itemsChanged = items.length !== slip.items.length || items.some((item, index) => item !== slip.items[index]);
  const oddsChanges = [
    ...slip.oddsChanges.filter(
      (change) =>
        nowMs - change.changedAtMs < TIMERS.oddsChangeHighlightMs &&
        !newChanges.some((fresh) => betSlipSelectionSame(fresh, change)) &&
        items.some((item) => betSlipSelectionSame(item, change)),
    ),
    ...newChanges,
  ];
  if (!itemsChanged && oddsChanges.length === slip.oddsChanges.length) return slip;
  return { ...slip, items, oddsChanges, needAcceptLatestOdds: slip.needAcceptLatestOdds || priceChanged };
}

/** The price move to highlight on this selection now, or null once the 2 s window has passed. */
export function betSlipOddsChangeFind(slip: BetSlip, selection: BetSlipSelection, nowMs: number): (BetSlipOddsChange & { direction: 'up' | 'down' }) | null {
  const change = slip.oddsChanges.find((candidate) => betSlipSelectionSame(candidate, selection));
  if (!change || nowMs - change.changedAtMs >= TIMERS.oddsChangeHighlightMs || nowMs < change.changedAtMs) return null;
  return { ...change, direction: change.currentOddsThousandths > change.previousOddsThousandths ? 'up' : 'down' };
}

function selectionOf(item: BetSlipSelection): BetSlipSelection {
  return { matchId: item.matchId, marketId: item.marketId, optionType: item.optionType };
}

function withoutMovedDuplicates(refreshed: readonly { item: BetSlipItem; moved: boolean }[]): BetSlipItem[] {
  const marketKey = (item: BetSlipItem): string => `${item.matchId}:${item.marketId}`;
  const stayed = new Set(refreshed.filter((entry) => !entry.moved).map((entry) => marketKey(entry.item)));
  const taken = new Set<string>();
  const items: BetSlipItem[] = [];
  for (const { item, moved } of refreshed) {
    const key = marketKey(item);
    if (moved && (stayed.has(key) || taken.has(key))) continue;
    taken.add(key);
    items.push(item);
  }
  return items;
}
