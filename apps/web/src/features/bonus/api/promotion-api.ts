import {
  bonusAwardDraw,
  bonusAwardList,
  bonusFreeRoundsAvailable,
  bonusFreeRoundsTotal,
  bonusFreeRoundsUnavailable,
  bonusPromotionList,
} from '@piranha/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { bonusRefresh } from './bonus-api.ts';

export type FreeRoundsTab = 'available' | 'unavailable';
export type AwardTab = 'pending' | 'drawn';

/** Under the bonus keys, so every bonus movement refreshes these too. */
export const promotionKeys = {
  list: (appKey: string, uid: number) => ['bonus', 'promotion', appKey, uid] as const,
  freeRoundsTotal: (uid: number) => ['bonus', 'free-rounds', uid, 'total'] as const,
  freeRounds: (uid: number, tab: FreeRoundsTab) => ['bonus', 'free-rounds', uid, tab] as const,
  awards: (uid: number, tab: AwardTab) => ['bonus', 'award', uid, tab] as const,
};

/** The brand's running offers (no sign-in needed). */
export function usePromotionListQuery(appKey: string, uid: number) {
  return useQuery({ queryKey: promotionKeys.list(appKey, uid), queryFn: () => api.call(bonusPromotionList), staleTime: 60_000 });
}

export function useFreeRoundsTotalQuery(uid: number) {
  return useQuery({ queryKey: promotionKeys.freeRoundsTotal(uid), queryFn: () => api.call(bonusFreeRoundsTotal), enabled: uid > 0, staleTime: 0 });
}

export function useFreeRoundsQuery(uid: number, tab: FreeRoundsTab) {
  return useInfiniteQuery({
    queryKey: promotionKeys.freeRounds(uid, tab),
    queryFn: ({ pageParam }) =>
      api.call(tab === 'available' ? bonusFreeRoundsAvailable : bonusFreeRoundsUnavailable, { query: pageParam > 0 ? { offset: String(pageParam) } : {} }),
    initialPageParam: 0,
    getNextPageParam: (page) => (page.has_more === 1 ? page.offset : undefined),
    enabled: uid > 0,
    staleTime: 0,
  });
}

export function useAwardsQuery(uid: number, tab: AwardTab) {
  return useInfiniteQuery({
    queryKey: promotionKeys.awards(uid, tab),
    queryFn: ({ pageParam }) => api.call(bonusAwardList, { query: { status: tab, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.has_more === 1 && page.cursor ? page.cursor : undefined),
    enabled: uid > 0,
    staleTime: 0,
  });
}

export function useAwardDrawMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (awardId: string) => api.call(bonusAwardDraw, { body: { award_id: awardId } }),
    onSettled: () => bonusRefresh(queryClient, uid),
  });
}
