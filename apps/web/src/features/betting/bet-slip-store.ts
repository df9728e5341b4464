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
import { STORAGE_KEYS } from '../../shared/storage.ts';
import { oddsThousandthsOf } from '../../shared/odds/odds.ts';

/** What a tap on an odd hands over (the sports card's `onSelect`): decimal odds, names for the slip's rows. */
export interface SlipOffer extends BetSlipSelection {
  odds: number;
  name: string;
  line: string;
  /** False when the market is not open (a tap on a locked price never gets here, but a stale card can). */
  marketOpen?: boolean;
}

export type SlipMode = 'singles' | 'multiple' | 'system';
/** 0 accept none, 1 accept better, 2 accept any (reference §1). */
export type OddsPreference = 0 | 1 | 2;

export const selectionKey = (selection: BetSlipSelection) => `${selection.matchId}:${selection.marketId}:${selection.optionType}`;

interface BetSlipState {
  slip: BetSlip;
  /** Names shown on each row, by selection key (the domain slip keeps only ids, odds and stakes). */
  labels: Record<string, { name: string; line: string; match?: string }>;
  mode: SlipMode;
  /** Series code of the chosen system (3004 Trixie …); the accumulator uses n×1000+1. */
  systemCode: number | null;
  /** Unit stake of the multiple or system. */
  unitStakeMinor: MinorUnits | null;
  preference: OddsPreference;
  open: boolean;
  /** A message key shown once after a refused change (betMaxLimit, oddsLocked …). */
  notice: string | null;
  toggle: (offer: SlipOffer) => void;
  remove: (selection: BetSlipSelection) => void;
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
          return { ...applied(state, result), labels: { ...state.labels, [selectionKey(offer)]: { name: offer.name, line: offer.line } } };
        }),
      remove: (selection) => set((state) => applied(state, betSlipRemove(state.slip, selection))),
      clear: () =>
        set((state) => ({ slip: { ...betSlipClear(state.slip), miniSlipVisible: false }, labels: {}, mode: 'singles', systemCode: null, open: false })),
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
            next[key] = { line: current?.line ?? '', name: label.name, match: label.match };
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
      }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<BetSlipState>;
        const items: readonly BetSlipItem[] = Array.isArray(saved.slip?.items) ? saved.slip.items : [];
        return { ...current, ...saved, slip: betSlipRestore(items), open: false, notice: null };
      },
    },
  ),
);

/** What the sports pages pass as the odds buttons' `onSelect`: a tap adds the selection, a second tap removes it. */
export function betSlipSelect(offer: SlipOffer): void {
  useBetSlipStore.getState().toggle(offer);
}
