import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '../../shared/storage.ts';

/** A starred league, with what the Favourites tab shows without asking the server. */
export interface FavouriteLeague {
  id: number;
  na: string;
  sid: number;
}

interface FavouritesState {
  matchIds: number[];
  leagues: FavouriteLeague[];
  matchToggle: (matchId: number) => void;
  leagueToggle: (league: FavouriteLeague) => void;
}

/** At most this many of each kind: a by-ids call takes 50 ids. */
export const FAVOURITES_MAX = 50;

/** Pure toggle used by the store: removes when present, otherwise adds at the front and keeps the newest `max`. */
export function favouriteToggle<T>(list: readonly T[], item: T, same: (a: T, b: T) => boolean, max: number = FAVOURITES_MAX): T[] {
  return list.some((entry) => same(entry, item)) ? list.filter((entry) => !same(entry, item)) : [item, ...list].slice(0, max);
}

/** Favourite matches and leagues: on the device only (no account needed), like the odds format. */
export const useFavouritesStore = create<FavouritesState>()(
  persist(
    (set) => ({
      matchIds: [],
      leagues: [],
      matchToggle: (matchId) => set((state) => ({ matchIds: favouriteToggle(state.matchIds, matchId, (a, b) => a === b) })),
      leagueToggle: (league) => set((state) => ({ leagues: favouriteToggle(state.leagues, league, (a, b) => a.id === b.id) })),
    }),
    { name: STORAGE_KEYS.sportsFavourites, storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);
