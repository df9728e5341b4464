import { bonusBalance, bonusHistory, bonusList, bonusNew, bonusUnlock, promoCodeCheck, promoCodeUse } from '@piranha/contract';
import { TIMERS } from '@piranha/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';

export type BonusTab = 'available' | 'unavailable';

export const bonusKeys = {
  all: ['bonus'] as const,
  list: (uid: number, tab: BonusTab) => ['bonus', 'list', uid, tab] as const,
  balance: (uid: number) => ['bonus', 'balance', uid] as const,
  history: (uid: number) => ['bonus', 'history', uid] as const,
  newBonus: (uid: number) => ['bonus', 'new', uid] as const,
};

/** After any bonus movement: its lists, balances and the cash balance (a conversion pays cash). */
export function bonusRefresh(queryClient: QueryClient, uid: number): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bonusKeys.all }),
    // The cash balance (features/wallet keys it ['wallet', 'balance', uid]).
    queryClient.invalidateQueries({ queryKey: ['wallet', 'balance', uid] }),
  ]).then(() => undefined);
}

/**
 * One tab of the player's bonuses by cursor. While one is unlocking the available tab refreshes at the bonus poll
 * interval, so the bar moves as settled bets count.
 */
export function useBonusListQuery(uid: number, tab: BonusTab) {
  return useInfiniteQuery({
    queryKey: bonusKeys.list(uid, tab),
    queryFn: ({ pageParam }) => api.call(bonusList, { query: { status: tab, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.has_more === 1 && page.cursor ? page.cursor : undefined),
    enabled: uid > 0,
    staleTime: 0,
    refetchInterval: (query) =>
      tab === 'available' && query.state.data?.pages.some((page) => page.list.some((bonus) => bonus.status === 1)) ? TIMERS.bonusPollMs : false,
  });
}

/** Bonus money per currency; refreshed with the cash balance (every 10 s). */
export function useBonusBalanceQuery(uid: number) {
  return useQuery({
    queryKey: bonusKeys.balance(uid),
    queryFn: () => api.call(bonusBalance),
    enabled: uid > 0,
    staleTime: 0,
    refetchInterval: TIMERS.balanceRefreshMs,
  });
}

export function useBonusHistoryQuery(uid: number) {
  return useInfiniteQuery({
    queryKey: bonusKeys.history(uid),
    queryFn: ({ pageParam }) => api.call(bonusHistory, { query: pageParam ? { cursor: pageParam } : {} }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.has_more === 1 && page.cursor ? page.cursor : undefined),
    enabled: uid > 0,
    staleTime: 0,
  });
}

export function useBonusUnlockMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bonusId: string) => api.call(bonusUnlock, { body: { bonus_id: bonusId } }),
    onSettled: () => bonusRefresh(queryClient, uid),
  });
}

export function promoCodeCheckCall(code: string) {
  return api.call(promoCodeCheck, { query: { code } });
}

export function usePromoCodeUseMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call(promoCodeUse, { body: { code } }),
    onSuccess: () => bonusRefresh(queryClient, uid),
  });
}

export function bonusNewCall() {
  return api.call(bonusNew);
}
