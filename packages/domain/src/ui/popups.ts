import { DURATIONS } from '../timers.ts';

/** A pop-up waiting to show (spec §3 "Popup stack entry"). Higher level shows first. */
export interface PopupStackEntry {
  key: string;
  status: boolean;
  level: number;
}

/** Remembers that a pop-up was shown or closed (spec §3 "Popup cache entry"). */
export interface PopupCacheEntry {
  status: boolean;
  time: number;
}

/** Spec §4: priorities range from −2 to 10. */
// boosterCard (decision 044): above the register-bonus reward, below the download guide and first charge.
export const POPUP_LEVELS = { registerBonus: 0, bonusUnlocked: 0, boosterCard: 1, firstCharge: 2, moneyRain: 2.1, downloadGuide: 1.5 } as const;

/** Drops entries whose status is false and sorts the rest by level, highest first; ties keep their order. */
export function popupStackSort<T extends PopupStackEntry>(entries: readonly T[]): T[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entry.status && entry.level >= -2 && entry.level <= 10)
    .sort((a, b) => b.entry.level - a.entry.level || a.index - b.index)
    .map(({ entry }) => entry);
}

/** A cache entry counts for 24 h (spec §4), then it is as if the pop-up had never shown. */
export function popupCacheIsFresh(entry: PopupCacheEntry | undefined, nowMs: number): boolean {
  return entry !== undefined && nowMs - entry.time < DURATIONS.popupCacheMs && nowMs >= entry.time;
}
