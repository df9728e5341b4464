import type { GameTopTab } from '@piranha/contract';

/** Catalogue keys of the top tabs (the server names sub-tabs itself, in the request language). */
export const TOP_TAB_LABELS: Record<GameTopTab, `casino.top.${GameTopTab}`> = {
  lobby: 'casino.top.lobby',
  favorites: 'casino.top.favorites',
  recents: 'casino.top.recents',
  new: 'casino.top.new',
  providers: 'casino.top.providers',
};
