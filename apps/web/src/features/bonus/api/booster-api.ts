import { bonusBoosterList, bonusBoosterUse, bonusRealTimeInfo } from '@piranha/contract';
import { TIMERS } from '@piranha/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { bonusRefresh } from './bonus-api.ts';

/** Booster cards and real-time bonuses (decision 044); keys under ['bonus'] so every bonus refresh covers them. */
export const boosterKeys = {
  list: (uid: number) => ['bonus', 'boosters', uid] as const,
  realTime: (uid: number) => ['bonus', 'real-time', uid] as const,
};

/** The player's cards. While one is active or on a bet the list follows the bonus poll, so "paid" shows by itself. */
export function useBoosterListQuery(uid: number, enabled = true) {
  return useQuery({
    queryKey: boosterKeys.list(uid),
    queryFn: () => api.call(bonusBoosterList),
    enabled: uid > 0 && enabled,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.list.some((card) => card.status === 1 || card.status === 2) ? TIMERS.bonusPollMs : false),
  });
}

/**
 * Activates a card. The toasts are the hook's own callbacks, not `mutate`'s: the refresh that follows removes the
 * modal that called it, and a caller unmounted by then would never hear back.
 */
export function useBoosterUseMutation(uid: number, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(bonusBoosterUse, { body: { id } }),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: () => bonusRefresh(queryClient, uid),
  });
}

export function useRealTimeInfoQuery(uid: number, enabled: boolean) {
  return useQuery({
    queryKey: boosterKeys.realTime(uid),
    queryFn: () => api.call(bonusRealTimeInfo),
    enabled: uid > 0 && enabled,
    staleTime: 0,
    refetchInterval: TIMERS.bonusPollMs,
  });
}
