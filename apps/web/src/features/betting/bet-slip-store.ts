import {
  BET_SLIP_EMPTY,
  BET_SLIP_MESSAGE_KEYS,
  betSlipClear,
  betSlipOddsAccept,
  betSlipOddsRefresh,
  betSlipRemove,
  betSlipRestore,
  betSlipStakeForAllSet,
  betSlipStakeSet,
  betSlipToggle,
  miniSlipVisibleNext,
  type BetSlip,
  type BetSlipItem,
  type BetSlipQuote,
  type BetSlipResult,
  type BetSlipSelection,
  type MinorUnits,
} from '@piranha/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { slipPickKey, slipPicksSet } from '../../shared/slip/slip-picks.ts';
import { oddsThousandthsOf } from '../../shared/odds/odds.ts';
import { STORAGE_KEYS } from '../../shared/storage.ts';
import type { PlacementAttempt } from './placement-key.ts';

/** What a tap on an odd hands over (the sports card's `onSelect`): decimal odds, names for the slip's rows. */
export interface SlipOffer extends BetSlipSelection {
  odds: number;
  name: string;
  line: string;
  /** False when the market is not open (a tap on a locked price never gets here, but a stale card can). */
  marketOpen?: boolean;
  /** The market's title as the sports page shows it ("Total goals"). */
  market?: string;
}

/** What a row of the slip is called: the option, its line, its match and its market. */
export interface SlipLabel {
  name: string;
  line: string;
  match?: string;
  market?: string;
}

export type SlipMode = 'singles' | 'multiple' | 'system';
/** 0 accept none, 1 accept better, 2 accept any (reference §1). */
export type OddsPreference = 0 | 1 | 2;

/** A selection's key in the slip: the same one the price buttons read their picked state by. */
export const selectionKey = slipPickKey;

interface BetSlipState {
  slip: BetSlip;
  /** Names shown on each row, by selection key (the domain slip keeps only ids, odds and stakes). */
  labels: Record<string, SlipLabel>;
  mode: SlipMode;
  /** Series code of the chosen system (3004 Trixie …); the accumulator uses n×1000+1. */
  systemCode: number | null;
  /** Unit stake of the multiple or system. */
  unitStakeMinor: MinorUnits | null;
  preference: OddsPreference;
  open: boolean;
  /** A message key shown once after a refused change (betMaxLimit, oddsLocked …). */
  notice: string | null;
  /** The placement whose answer never came (placement-key.ts): kept on the device so even a reload retries it. */
  placementAttempt: PlacementAttempt | null;
  placementAttemptSet: (attempt: PlacementAttempt | null) => void;
  toggle: (offer: SlipOffer) => void;
  remove: (selection: BetSlipSelection) => void;
  /** After a placement: the placed items leave, the others stay for the player to place next. */
  placedRemove: (placed: readonly BetSlipSelection[]) => void;
  /** "Reuse picks" on a receipt: the placed items come back (with their stakes), after those still in the slip. */
  picksReuse: (picks: readonly BetSlipItem[]) => void;
  clear: () => void;
  stakeSet: (selection: BetSlipSelection, stakeMinor: MinorUnits | null) => void;
  stakeForAllSet: (stakeMinor: MinorUnits | null) => void;
  unitStakeSet: (stakeMinor: MinorUnits | null) => void;
  modeSet: (mode: SlipMode, systemCode?: number | null) => void;
  preferenceSet: (preference: OddsPreference) => void;
  oddsRefresh: (quotes: readonly BetSlipQuote[], nowMs: number) => void;
  oddsAccept: () => void;
  /** Names from the latest bet info: the option's full name and its match. */
  labelsRefresh: (labels: Record<string, { name: string; match: string }>) => void;
  openSet: (open: boolean) => void;
  noticeClear: () => void;
}

/** A refused change leaves the slip as it was and names why; an accepted one replaces it. */
function applied(state: BetSlipState, result: BetSlipResult): Partial<BetSlipState> {
  if (!result.ok) return { notice: BET_SLIP_MESSAGE_KEYS[result.code] };
  const countBefore = state.slip.items.length;
  const countAfter = result.slip.items.length;
  return {
    slip: { ...result.slip, miniSlipVisible: miniSlipVisibleNext(state.slip.miniSlipVisible, countBefore, countAfter) },
    notice: null,
    ...(countAfter < 2 && state.mode !== 'singles' ? { mode: 'singles' as const, systemCode: null } : {}),
  };
}

/**
 * The slip with `picks` added back, each as it was placed (its price is checked again by the next refresh); picks
 * already in the slip, or beyond what the slip may hold, are left out by the domain's rules.
 */
function slipWithPicks(slip: BetSlip, picks: readonly BetSlipItem[]): BetSlip {
  let next = slip;
  for (const pick of picks) {
    if (next.items.some((item) => selectionKey(item) === selectionKey(pick))) continue;
    const added = betSlipToggle(next, { ...pick, marketOpen: true });
    if (!added.ok) break;
    next = added.slip;
    if (pick.stakeMinor === null) continue;
    const staked = betSlipStakeSet(next, pick, pick.stakeMinor);
    if (staked.ok) next = staked.slip;
  }
  return next;
}

/**
 * The bet slip: ids, odds, stakes and flags, persisted on the device (spec §4). Every change goes through the
 * domain's `bet-slip` functions, which hold the rules (toggle, one per match and market, max 10, locked odds).
 */
export const useBetSlipStore = create<BetSlipState>()(
  persist(
    (set) => ({
      slip: BET_SLIP_EMPTY,
      labels: {},
      mode: 'singles',
      systemCode: null,
      unitStakeMinor: null,
      preference: 0,
      open: false,
      notice: null,
      placementAttempt: null,
      placementAttemptSet: (attempt) => set({ placementAttempt: attempt }),
      toggle: (offer) =>
        set((state) => {
          const result = betSlipToggle(state.slip, {
            matchId: offer.matchId,
            marketId: offer.marketId,
            optionType: offer.optionType,
            oddsThousandths: oddsThousandthsOf(offer.odds),
            marketOpen: offer.marketOpen ?? true,
            line: offer.line === '' ? null : offer.line,
            multipleAllowed: true,
          });
          const label: SlipLabel = { name: offer.name, line: offer.line, ...(offer.market ? { market: offer.market } : {}) };
          return { ...applied(state, result), labels: { ...state.labels, [selectionKey(offer)]: label } };
        }),
      remove: (selection) => set((state) => applied(state, betSlipRemove(state.slip, selection))),
      placedRemove: (placed) =>
        set((state) => {
          let slip = state.slip;
          for (const selection of placed) {
            const removed = betSlipRemove(slip, selection);
            if (removed.ok) slip = removed.slip;
          }
          return applied(state, { ok: true, slip });
        }),
      picksReuse: (picks) => set((state) => applied(state, { ok: true, slip: slipWithPicks(state.slip, picks) })),
      clear: () =>
        set((state) => ({
          slip: { ...betSlipClear(state.slip), miniSlipVisible: false },
          labels: {},
          mode: 'singles',
          systemCode: null,
          open: false,
          placementAttempt: null,
        })),
      stakeSet: (selection, stakeMinor) => set((state) => applied(state, betSlipStakeSet(state.slip, selection, stakeMinor))),
      stakeForAllSet: (stakeMinor) => set((state) => applied(state, betSlipStakeForAllSet(state.slip, stakeMinor))),
      unitStakeSet: (stakeMinor) => set({ unitStakeMinor: stakeMinor }),
      modeSet: (mode, systemCode = null) => set({ mode, systemCode }),
      preferenceSet: (preference) => set({ preference }),
      oddsRefresh: (quotes, nowMs) => set((state) => ({ slip: betSlipOddsRefresh(state.slip, quotes, nowMs) })),
      oddsAccept: () => set((state) => ({ slip: betSlipOddsAccept(state.slip) })),
      labelsRefresh: (labels) =>
        set((state) => {
          const next = { ...state.labels };
          let changed = false;
          for (const [key, label] of Object.entries(labels)) {
            const current = next[key];
            if (current?.name === label.name && current.match === label.match) continue;
            next[key] = { ...current, line: current?.line ?? '', name: label.name, match: label.match };
            changed = true;
          }
          return changed ? { labels: next } : {};
        }),
      openSet: (open) => set((state) => ({ open, slip: open ? { ...state.slip, miniSlipVisible: false } : state.slip })),
      noticeClear: () => set({ notice: null }),
    }),
    {
      name: STORAGE_KEYS.betSlip,
      storage: createJSONStorage(() => localStorage),
      version: 1,
      // Only the player's choices are kept; a restored slip is re-checked item by item (stale or tampered storage).
      partialize: (state) => ({
        slip: state.slip,
        labels: state.labels,
        mode: state.mode,
        systemCode: state.systemCode,
        unitStakeMinor: state.unitStakeMinor,
        preference: state.preference,
        placementAttempt: state.placementAttempt,
      }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<BetSlipState>;
        const items: readonly BetSlipItem[] = Array.isArray(saved.slip?.items) ? saved.slip.items : [];
        return { ...current, ...saved, slip: betSlipRestore(items), open: false, notice: null };
      },
    },
  ),
);

// The price buttons of the sports pages show what the slip holds (shared/slip/slip-picks.ts).
slipPicksSet(useBetSlipStore.getState().slip.items.map(selectionKey));
useBetSlipStore.subscribe((state, previous) => {
  if (state.slip.items !== previous.slip.items) slipPicksSet(state.slip.items.map(selectionKey));
});

/** What the sports pages pass as the odds buttons' `onSelect`: a tap adds the selection, a second tap removes it. */
export function betSlipSelect(offer: SlipOffer): void {
  useBetSlipStore.getState().toggle(offer);
}
