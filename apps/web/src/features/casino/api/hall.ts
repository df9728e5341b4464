import {
  hallBanner,
  hallFavouriteAdd,
  hallFavouriteDel,
  hallGameInfo,
  hallHistory,
  hallLaunch,
  hallList,
  hallRound,
  hallSearch,
  hallTabs,
  type GameCard,
  type GameMainKey,
} from '@piranha/contract';
import { useMemo } from 'react';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { track } from '../../../shared/tracking/track.ts';

/**
 * The lobby's server state. Keys carry the signed-in uid where the answer depends on the player
 * (favourite flags, recents), so a sign-in or sign-out never shows the previous player's lists.
 */
export const casinoKeys = {
  all: ['casino'] as const,
  // The tabs' names are in the player's language (lca_lang): a language switch asks again.
  tabs: (uid: number, mainKey: GameMainKey | 'all', language: string) => ['casino', 'tabs', uid, mainKey, language] as const,
  list: (uid: number, tabKey: string) => ['casino', 'list', uid, tabKey] as const,
  banner: (mainKey: GameMainKey | 'all') => ['casino', 'banner', mainKey] as const,
  search: (uid: number, keyword: string) => ['casino', 'search', uid, keyword] as const,
  info: (uid: number, platform: string, gameId: string) => ['casino', 'info', uid, platform, gameId] as const,
  history: (uid: number, gameId: string) => ['casino', 'history', uid, gameId] as const,
  round: (uid: number, roundId: string) => ['casino', 'round', uid, roundId] as const,
};

function useUid(): number {
  return useSessionStore((state) => state.login?.uid ?? 0);
}

export function useHallTabsQuery(mainKey?: GameMainKey) {
  const uid = useUid();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: casinoKeys.tabs(uid, mainKey ?? 'all', i18n.language),
    queryFn: () => api.call(hallTabs, { query: mainKey ? { main_key: mainKey } : {} }),
    staleTime: 60_000,
  });
}

export const HALL_PAGE_SIZE = 50;

export function hallListQueryOptions(uid: number, tabKey: string) {
  return infiniteQueryOptions({
    queryKey: casinoKeys.list(uid, tabKey),
    queryFn: ({ pageParam }) =>
      api.call(hallList, { query: { tab_key: tabKey, page_size: String(HALL_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.has_more === 1 && page.cursor ? page.cursor : undefined),
    staleTime: 60_000,
  });
}

const NO_GAMES: readonly GameCard[] = [];

/** One tab's games, page after page; `games` is every loaded page flattened. */
export function useHallListQuery(tabKey: string, enabled = true) {
  const uid = useUid();
  const query = useInfiniteQuery({ ...hallListQueryOptions(uid, tabKey), enabled });
  // The same array while the pages are the same (a grid deferring its render compares it).
  const games = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? NO_GAMES, [query.data]);
  return { ...query, games };
}

export function useHallBannerQuery(mainKey?: GameMainKey) {
  return useQuery({
    queryKey: casinoKeys.banner(mainKey ?? 'all'),
    queryFn: () => api.call(hallBanner, { query: mainKey ? { main_key: mainKey } : {} }),
    staleTime: 5 * 60_000,
  });
}

export function useHallSearchQuery(keyword: string) {
  const uid = useUid();
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: casinoKeys.search(uid, trimmed.toLowerCase()),
    queryFn: ({ signal }) => api.call(hallSearch, { query: { keyword: trimmed }, signal }),
    enabled: trimmed.length > 0,
    // Keep the previous matches on screen while the next keystroke's answer is on its way.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useGameInfoQuery(platform: GameCard['game_platform'], gameId: string) {
  const uid = useUid();
  return useQuery({
    queryKey: casinoKeys.info(uid, platform, gameId),
    queryFn: () => api.call(hallGameInfo, { query: { game_platform: platform, game_id: gameId } }),
    enabled: gameId.length > 0,
  });
}

export function useLaunchQuery(platform: GameCard['game_platform'], gameId: string) {
  const uid = useUid();
  return useQuery({
    queryKey: ['casino', 'launch', uid, platform, gameId],
    queryFn: async () => {
      const launched = await api.call(hallLaunch, { query: { game_platform: platform, game_id: gameId } });
      track('game_launched', { game_id: gameId, platform });
      return launched;
    },
    enabled: uid > 0 && gameId.length > 0,
    // A token is for one visit of the room: never reuse a cached one on the next visit.
    gcTime: 0,
    staleTime: Infinity,
  });
}

/** Favourite on or off; every cached list that shows the game learns it at once (and is refetched after). */
export function useFavouriteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ game, favourite }: { game: Pick<GameCard, 'game_platform' | 'game_id'>; favourite: boolean }) =>
      api.call(favourite ? hallFavouriteAdd : hallFavouriteDel, { body: { game_platform: game.game_platform, game_id: game.game_id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: casinoKeys.all }),
  });
}

export function historyQueryOptions(uid: number, gameId: string) {
  return infiniteQueryOptions({
    queryKey: casinoKeys.history(uid, gameId),
    queryFn: ({ pageParam }) =>
      api.call(hallHistory, { query: { page_size: '20', ...(gameId ? { game_id: gameId } : {}), ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.has_more === 1 && page.cursor ? page.cursor : undefined),
    staleTime: 0,
  });
}

export function useHistoryQuery(gameId = '') {
  const uid = useUid();
  const query = useInfiniteQuery({ ...historyQueryOptions(uid, gameId), enabled: uid > 0 });
  return { ...query, rounds: query.data?.pages.flatMap((page) => page.list) ?? [] };
}

export function roundQueryOptions(uid: number, roundId: string) {
  return queryOptions({
    queryKey: casinoKeys.round(uid, roundId),
    queryFn: () => api.call(hallRound, { query: { round_id: roundId } }),
    enabled: uid > 0 && roundId.length > 0,
  });
}

export function useRoundQuery(roundId: string) {
  return useQuery(roundQueryOptions(useUid(), roundId));
}
