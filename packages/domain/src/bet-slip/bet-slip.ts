import { type MinorUnits } from '../money/minor-units.ts';
import { oddsThousandths, type OddsThousandths } from '../odds/odds-format.ts';
import { LIMITS } from '../timers.ts';

/** What names a selection: one option (`ty`: 1 home, 2 away, 3 draw, 4 over…) of one market of one match. */
export interface BetSlipSelection {
  matchId: number;
  marketId: number;
  optionType: number;
}

/** A selection as the feed offers it when the player taps it. */
export interface BetSlipOffer extends BetSlipSelection {
  /** The feed's `od` in thousandths with its sign: negative means the option is locked. */
  oddsThousandths: number;
  /** The market's sale status `ss` is 1 (open); suspended and closed markets cannot be added. */
  marketOpen: boolean;
  /** The line text `li` (handicap or total), null for markets without one. */
  line: string | null;
  /** The market's `au` flag: whether it may be part of a multiple. */
  multipleAllowed: boolean;
}

export interface BetSlipItem extends BetSlipSelection {
  oddsThousandths: OddsThousandths;
  line: string | null;
  multipleAllowed: boolean;
  /** The item's own stake as a single; null until the player enters one. */
  stakeMinor: MinorUnits | null;
  /** A refresh found the market suspended or closed, or the odds locked: the item stays but cannot be placed. */
  locked: boolean;
}

/** A price move the slip highlights for `TIMERS.oddsChangeHighlightMs` (spec §9: 2 s). */
export interface BetSlipOddsChange extends BetSlipSelection {
  previousOddsThousandths: OddsThousandths;
  currentOddsThousandths: OddsThousandths;
  changedAtMs: number;
}

export interface BetSlip {
  /** In the order they were added; a replacement keeps its predecessor's place. */
  items: readonly BetSlipItem[];
  /** "One stake for all": when set, every item carries it and new items inherit it. */
  stakeForAllMinor: MinorUnits | null;
  /** Fresh odds differ from what the player last saw; placing waits for an accept (spec §4). */
  needAcceptLatestOdds: boolean;
  oddsChanges: readonly BetSlipOddsChange[];
  /** Shown when the first item arrives, hidden at two or more (spec §4); see `miniSlipVisibleNext`. */
  miniSlipVisible: boolean;
}

export type BetSlipErrorCode = 'BET_SLIP_FULL' | 'MARKET_LOCKED' | 'ODDS_LOCKED' | 'SELECTION_NOT_IN_SLIP' | 'STAKE_INVALID';

export type BetSlipResult = { ok: true; slip: BetSlip } | { ok: false; code: BetSlipErrorCode };

/**
 * The message key each code is shown with. Only betMaxLimit is named by the spec (§8); marketSuspended is
 * the contract's existing key; the other keys are new and belong in the web catalogues.
 */
export const BET_SLIP_MESSAGE_KEYS: Readonly<Record<BetSlipErrorCode, string>> = {
  BET_SLIP_FULL: 'betMaxLimit',
  MARKET_LOCKED: 'marketSuspended',
  ODDS_LOCKED: 'oddsLocked',
  SELECTION_NOT_IN_SLIP: 'selectionNotInSlip',
  STAKE_INVALID: 'stakeInvalid',
};

export const BET_SLIP_EMPTY: BetSlip = { items: [], stakeForAllMinor: null, needAcceptLatestOdds: false, oddsChanges: [], miniSlipVisible: false };

export function betSlipSelectionSame(a: BetSlipSelection, b: BetSlipSelection): boolean {
  return a.matchId === b.matchId && a.marketId === b.marketId && a.optionType === b.optionType;
}

export function betSlipFind(slip: BetSlip, selection: BetSlipSelection): BetSlipItem | undefined {
  return slip.items.find((item) => betSlipSelectionSame(item, selection));
}

/**
 * The mini slip appears when the first item is added (0 → 1) and hides once there are two or more. Going back
 * from two items to one does not bring it back: the player is already using the full slip by then.
 */
export function miniSlipVisibleNext(visible: boolean, countBefore: number, countAfter: number): boolean {
  if (countAfter === 0 || countAfter >= 2) return false;
  if (countBefore === 0) return true;
  return visible;
}

/**
 * Adds the selection, or removes it when it is already in the slip. Removing always works, even for a locked
 * market. Adding refuses a suspended or closed market, locked odds (negative, or not above 1.000), and an
 * eleventh item. A second option of the same match and market replaces the first in its place, keeping its
 * stake: one selection per match and market is the rule (spec §4, §5), and the player who taps "Away" after
 * "Home" means to change their pick, not to be told off. A replacement never makes the slip fuller.
 */
export function betSlipToggle(slip: BetSlip, offer: BetSlipOffer): BetSlipResult {
  if (betSlipFind(slip, offer))
    return {
      ok: true,
      slip: betSlipChanged(
        slip,
        slip.items.filter((item) => !betSlipSelectionSame(item, offer)),
      ),
    };
  if (!offer.marketOpen) return { ok: false, code: 'MARKET_LOCKED' };
  if (!Number.isFinite(offer.oddsThousandths) || offer.oddsThousandths <= 1000) return { ok: false, code: 'ODDS_LOCKED' };
  const added: BetSlipItem = {
    matchId: offer.matchId,
    marketId: offer.marketId,
    optionType: offer.optionType,
    oddsThousandths: oddsThousandths(offer.oddsThousandths),
    line: offer.line,
    multipleAllowed: offer.multipleAllowed,
    stakeMinor: slip.stakeForAllMinor,
    locked: false,
  };
  const sameMarketAt = slip.items.findIndex((item) => item.matchId === offer.matchId && item.marketId === offer.marketId);
  if (sameMarketAt >= 0) {
    const items = slip.items.map((item, index) => (index === sameMarketAt ? { ...added, stakeMinor: item.stakeMinor } : item));
    return { ok: true, slip: betSlipChanged(slip, items) };
  }
  if (slip.items.length >= LIMITS.betSlipMax) return { ok: false, code: 'BET_SLIP_FULL' };
  return { ok: true, slip: betSlipChanged(slip, [...slip.items, added]) };
}

export function betSlipRemove(slip: BetSlip, selection: BetSlipSelection): BetSlipResult {
  if (!betSlipFind(slip, selection)) return { ok: false, code: 'SELECTION_NOT_IN_SLIP' };
  return {
    ok: true,
    slip: betSlipChanged(
      slip,
      slip.items.filter((item) => !betSlipSelectionSame(item, selection)),
    ),
  };
}

export function betSlipClear(slip: BetSlip): BetSlip {
  return betSlipChanged({ ...slip, stakeForAllMinor: null }, []);
}

/** Sets one item's stake (null clears it). The items' stakes may now differ, so "one stake for all" ends. */
export function betSlipStakeSet(slip: BetSlip, selection: BetSlipSelection, stakeMinor: MinorUnits | null): BetSlipResult {
  if (!betSlipFind(slip, selection)) return { ok: false, code: 'SELECTION_NOT_IN_SLIP' };
  if (stakeMinor !== null && stakeMinor <= 0) return { ok: false, code: 'STAKE_INVALID' };
  const items = slip.items.map((item) => (betSlipSelectionSame(item, selection) ? { ...item, stakeMinor } : item));
  return { ok: true, slip: betSlipChanged({ ...slip, stakeForAllMinor: null }, items) };
}

/** One stake for every item, and for items added later (spec §5: "per item or for all items"); null clears them all. */
export function betSlipStakeForAllSet(slip: BetSlip, stakeMinor: MinorUnits | null): BetSlipResult {
  if (stakeMinor !== null && stakeMinor <= 0) return { ok: false, code: 'STAKE_INVALID' };
  const items = slip.items.map((item) => ({ ...item, stakeMinor }));
  return { ok: true, slip: betSlipChanged({ ...slip, stakeForAllMinor: stakeMinor }, items) };
}

/** The player accepts the latest odds, which are already on the items. */
export function betSlipOddsAccept(slip: BetSlip): BetSlip {
  return { ...slip, needAcceptLatestOdds: false };
}

/**
 * Rebuilds a slip from items read back from local storage, which may be stale or tampered with: items with
 * impossible odds are dropped, the first item of each match and market wins, and at most ten are kept.
 */
export function betSlipRestore(items: readonly BetSlipItem[]): BetSlip {
  const kept: BetSlipItem[] = [];
  for (const item of items) {
    if (kept.length >= LIMITS.betSlipMax) break;
    if (!Number.isInteger(item.oddsThousandths) || item.oddsThousandths <= 1000) continue;
    if (item.stakeMinor !== null && (!Number.isSafeInteger(item.stakeMinor) || item.stakeMinor <= 0)) continue;
    if (kept.some((other) => other.matchId === item.matchId && other.marketId === item.marketId)) continue;
    kept.push(item);
  }
  return { ...BET_SLIP_EMPTY, items: kept };
}

/** Any change made by the player: clears the need to accept odds (spec §4) and drops highlights of items gone. */
function betSlipChanged(slip: BetSlip, items: readonly BetSlipItem[]): BetSlip {
  return {
    ...slip,
    items,
    needAcceptLatestOdds: false,
    oddsChanges: slip.oddsChanges.filter((change) => items.some((item) => betSlipSelectionSame(item, change))),
    miniSlipVisible: miniSlipVisibleNext(slip.miniSlipVisible, slip.items.length, items.length),
  };
}
