import type { MarketMargins, PricedMarket } from '@piranha/domain';
import type { FeedMatch, FeedSnapshot, SportsFeed } from '../../providers/feed/sports-feed.ts';
import { matchBookPrice, priceKeyOf } from './sports-book.ts';
import { matchOddsWire, matchWire } from './sports-wire.ts';

/**
 * The sports API's in-memory view of the feed: one entry per match with its priced book and its wire JSON,
 * updated when the feed publishes a snapshot. Polls never query anything: they read entries and cached strings.
 *
 * - Live matches are re-priced when what their prices depend on changes (`priceKeyOf`), never while suspended
 *   (the odds stay locked at the last price and reopen re-priced). Upcoming matches are priced once, on first use.
 * - `incrCursor` is the feed version of a match's last change that matters to a list (status, score, period,
 *   suspension, prices); the running clock alone does not count, clients tick it themselves.
 * - Each entry's wire JSON is built at most once per change of the match, on first use.
 */

export interface MatchEntry {
  match: FeedMatch;
  book: PricedMarket[] | undefined;
  priceKey: string | undefined;
  changeKey: string;
  incrCursor: number;
  json: { card?: string; detail?: string; odds?: string; oddsDetail?: string };
}

export interface SportsState {
  readonly feed: SportsFeed;
  version(): number;
  /** Matches in feed order: start time, then id. */
  entries(): readonly MatchEntry[];
  entry(matchId: number): MatchEntry | undefined;
  /** The priced markets of a match (locked while suspended). */
  bookOf(entry: MatchEntry): readonly PricedMarket[];
  cardJson(entry: MatchEntry): string;
  detailJson(entry: MatchEntry): string;
  oddsJson(entry: MatchEntry, detail: boolean): string;
  /** Matches that left the feed after `cursor`, or undefined when the cursor is older than what is remembered. */
  removedSince(cursor: number): number[] | undefined;
  /** Unsubscribes from the feed. */
  stop(): void;
}

const removedKeptMax = 20_000;

function changeKeyOf(match: FeedMatch): string {
  const periods = match.periodScores.map((period) => `${period.periodCode}:${period.home}-${period.away}`).join(',');
  return `${match.status}|${match.score.home}-${match.score.away}|${periods}|${match.marketsSuspended}|${match.clock.periodCode}|${match.clock.running}`;
}

/**
 * `onPriceError` hears of a match whose pricing threw (a model bug, a provider's impossible score): that match keeps
 * its last prices (or shows none) and every other match goes on.
 */
export function sportsStateCreate(feed: SportsFeed, margins: MarketMargins, onPriceError: (error: unknown, matchId: number) => void = () => {}): SportsState {
  const byId = new Map<number, MatchEntry>();
  let ordered: MatchEntry[] = [];
  let version = 0;
  /** Versions at which matches left the feed, oldest first. */
  const removed: { matchId: number; version: number }[] = [];
  let rememberedFrom = 0;

  const price = (entry: MatchEntry) => {
    entry.priceKey = priceKeyOf(entry.match);
    try {
      entry.book = matchBookPrice(entry.match, margins);
    } catch (error) {
      entry.book ??= [];
      onPriceError(error, entry.match.id);
    }
  };

  const repriceIfDue = (entry: MatchEntry) => {
    const { match } = entry;
    if (match.status !== 'live') return;
    // Suspended: the odds stay locked at the last price; the first snapshot after the suspension re-prices.
    if (match.marketsSuspended && entry.book) return;
    if (priceKeyOf(match) === entry.priceKey) return;
    price(entry);
    entry.incrCursor = version;
  };

  const apply = (snapshot: FeedSnapshot, initial = false) => {
    version = snapshot.version;
    const present = new Set<number>();
    const next: MatchEntry[] = [];
    for (const match of snapshot.matches) {
      present.add(match.id);
      let entry = byId.get(match.id);
      if (!entry) {
        entry = { match, book: undefined, priceKey: undefined, changeKey: changeKeyOf(match), incrCursor: version, json: {} };
        byId.set(match.id, entry);
      } else if (entry.match !== match) {
        entry.match = match;
        entry.json = {};
        const changeKey = changeKeyOf(match);
        if (changeKey !== entry.changeKey) {
          entry.changeKey = changeKey;
          entry.incrCursor = version;
        }
      }
      // The state built at start prices nothing (a few hundred ms of a cold start, before the first page): a match
      // is priced on first use, or by the first snapshot after it (the feed's first tick).
      if (!initial) repriceIfDue(entry);
      next.push(entry);
    }
    for (const matchId of byId.keys()) {
      if (present.has(matchId)) continue;
      byId.delete(matchId);
      removed.push({ matchId, version });
    }
    if (removed.length > removedKeptMax) {
      const dropped = removed.splice(0, removed.length - removedKeptMax);
      rememberedFrom = dropped.at(-1)?.version ?? rememberedFrom;
    }
    ordered = next;
  };

  apply(feed.snapshot(), true);
  rememberedFrom = version;
  const unsubscribe = feed.subscribe(apply);

  const bookOf = (entry: MatchEntry): readonly PricedMarket[] => {
    if (!entry.book) price(entry);
    return entry.book ?? [];
  };

  return {
    feed,
    version: () => version,
    entries: () => ordered,
    entry: (matchId) => byId.get(matchId),
    bookOf,
    cardJson: (entry) => (entry.json.card ??= JSON.stringify(matchWire(entry.match, bookOf(entry), false, entry.incrCursor))),
    detailJson: (entry) => (entry.json.detail ??= JSON.stringify(matchWire(entry.match, bookOf(entry), true, entry.incrCursor))),
    oddsJson: (entry, detail) =>
      detail
        ? (entry.json.oddsDetail ??= JSON.stringify(matchOddsWire(entry.match, bookOf(entry), true, entry.incrCursor)))
        : (entry.json.odds ??= JSON.stringify(matchOddsWire(entry.match, bookOf(entry), false, entry.incrCursor))),
    removedSince(cursor) {
      if (cursor < rememberedFrom) return undefined;
      return removed.filter((removal) => removal.version > cursor).map((removal) => removal.matchId);
    },
    stop: unsubscribe,
  };
}
