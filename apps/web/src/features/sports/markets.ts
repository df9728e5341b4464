import { PINNED_MARKET_TYPES } from '@piranha/contract';

/** Spec §4: market groups of these types are moved to the top of match detail (the main result market of each sport). */
const PINNED: readonly number[] = PINNED_MARKET_TYPES;

/** A market line as a number ("-0.25" → −0.25, "+1.5" → 1.5); undefined without one or when it is not a number. */
function lineValue(line: string | undefined): number | undefined {
  if (line === undefined || line.trim() === '') return undefined;
  const value = Number(line.trim());
  return Number.isFinite(value) ? value : undefined;
}

/**
 * A group's markets by line, lowest first (handicaps −1.5, −1, −0.5 … and totals 1.5, 2.5, 3.5, as books list them);
 * markets without a line keep their place after those with one, in the feed's order.
 */
export function marketLinesOrder<M extends { li?: string }>(markets: readonly M[]): M[] {
  const lined = markets.filter((market) => lineValue(market.li) !== undefined);
  const unlined = markets.filter((market) => lineValue(market.li) === undefined);
  return [...lined.sort((a, b) => lineValue(a.li)! - lineValue(b.li)!), ...unlined];
}

/** Pinned groups first, in the order the feed gave them; the rest keep their order too. Each group's lines are sorted. */
export function marketGroupsOrder<T extends { mty: number; mks: readonly { li?: string }[] }>(groups: readonly T[]): T[] {
  const pinned = groups.filter((group) => PINNED.includes(group.mty));
  return [...pinned, ...groups.filter((group) => !PINNED.includes(group.mty))].map((group) => ({ ...group, mks: marketLinesOrder(group.mks) }));
}

/** Totals (over/under) that the card shows beside the main market for sports scored in points. */
const CARD_TOTAL_TYPES: Readonly<Record<number, number>> = { 3: 3003 };

/** Selection types `ty` (reference/betting.md §1). */
export const SELECTION = { home: 1, away: 2, draw: 3, over: 4, under: 5 } as const;

export type CardColumns = 'oneXTwo' | 'winner' | 'overUnder';

export interface CardMarkets<G> {
  main: G | undefined;
  total: G | undefined;
  /** The market column labels of the group header (spec §2): 1-x-2 where a draw exists, otherwise winner. */
  columns: CardColumns;
}

/**
 * The markets a match card shows: its sport's main result market (the pinned one) at full time, and for points sports
 * the total as well.
 */
export function cardMarkets<G extends { mty: number; pe?: number; mks: readonly { op?: readonly { ty: number }[] }[] }>(
  sportId: number,
  groups: readonly G[],
): CardMarkets<G> {
  const fullTime = groups.filter((group) => group.pe === undefined || group.pe === sportId * 1000 + 1);
  const main = fullTime.find((group) => PINNED.includes(group.mty)) ?? groups.find((group) => PINNED.includes(group.mty));
  const totalType = CARD_TOTAL_TYPES[sportId];
  const total = totalType === undefined ? undefined : fullTime.find((group) => group.mty === totalType);
  const hasDraw = main?.mks.some((market) => market.op?.some((option) => option.ty === SELECTION.draw)) ?? false;
  return { main, total, columns: hasDraw ? 'oneXTwo' : 'winner' };
}

/** Spec §4 and reference §1: an option is locked when its odds are negative (or missing) or its market is not open (ss ≠ 1). */
export function optionLocked(marketStatus: number, odds: number | undefined): boolean {
  return marketStatus !== 1 || odds === undefined || !(odds > 1);
}

/**
 * Why a card has no odds to show: 'closed' when the book pulled its main market (ss −1: an outcome all but decided, or a
 * price past the cap, or the match over), 'none' when no market came at all (no odds yet).
 */
export function marketEmptyReason(market: { ss: number } | undefined): 'closed' | 'none' {
  return market?.ss === -1 ? 'closed' : 'none';
}

/** How the price moved between two polls; nothing when either side is locked or the price is the same. */
export function oddsDirection(previous: number | undefined, next: number | undefined): 'up' | 'down' | undefined {
  if (previous === undefined || next === undefined || !(previous > 1) || !(next > 1) || previous === next) return undefined;
  return next > previous ? 'up' : 'down';
}

export type MarketPeriod = { key: 'full' } | { key: 'firstHalf' | 'secondHalf' } | { key: 'quarter' | 'set' | 'game'; n: number };

/**
 * The period a market is for (`mg.pe`, reference/betting.md §1): the whole match at sport·1000 + 1; soccer halves
 * 1002/1003; basketball quarters 3005–3008; sets (tennis, volleyball) or games (table tennis) from sport·1000 + 2.
 */
export function marketPeriod(sportId: number, periodCode: number): MarketPeriod {
  const base = sportId * 1000;
  if (periodCode === base + 1) return { key: 'full' };
  if (sportId === 1) return periodCode === 1002 ? { key: 'firstHalf' } : periodCode === 1003 ? { key: 'secondHalf' } : { key: 'full' };
  if (sportId === 3) return periodCode >= 3005 && periodCode <= 3008 ? { key: 'quarter', n: periodCode - 3004 } : { key: 'full' };
  if (periodCode >= base + 2 && periodCode <= base + 10) return { key: sportId === 15 ? 'game' : 'set', n: periodCode - base - 1 };
  return { key: 'full' };
}
