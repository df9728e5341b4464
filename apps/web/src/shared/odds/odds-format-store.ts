import { ODDS_DISPLAY_FORMATS, type OddsDisplayFormat } from '@piranha/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '../storage.ts';
import { variantCurrent } from '../variant/variant-detect.ts';

/** Every format a player may choose: decimal, American, Hong Kong, Malay, Indonesian (reference/betting.md §4). */
export const ODDS_FORMATS: readonly OddsDisplayFormat[] = ODDS_DISPLAY_FORMATS;

interface OddsFormatState {
  /** The player's choice; undefined follows the brand (American in Mexico builds, decimal elsewhere). */
  chosen: OddsDisplayFormat | undefined;
  choose: (format: OddsDisplayFormat) => void;
}

/** How odds are shown. Display only: odds always travel in decimal. Kept on the device. */
export const useOddsFormatStore = create<OddsFormatState>()(
  persist((set) => ({ chosen: undefined, choose: (format) => set({ chosen: format }) }), {
    name: STORAGE_KEYS.oddsFormat,
    storage: createJSONStorage(() => localStorage),
  }),
);

export function useOddsFormat(): OddsDisplayFormat {
  const chosen = useOddsFormatStore((state) => state.chosen);
  // A value saved by another build of the app may name a format this one does not know: follow the brand then.
  return chosen !== undefined && ODDS_FORMATS.includes(chosen) ? chosen : variantCurrent().oddsFormat;
}
