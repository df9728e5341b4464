import { pddInfo, pddOpen, pddWithdraw } from '@piranha/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { randomId } from '../../../shared/random-id.ts';

export const pddKeys = {
  info: (uid: number) => ['pdd', uid, 'info'] as const,
};

/** Friends' visits and sign-ups move the envelope while the page is open: read fresh and refreshed. */
export function usePddInfoQuery(uid: number) {
  return useQuery({ queryKey: pddKeys.info(uid), queryFn: () => api.call(pddInfo, {}), enabled: uid > 0, staleTime: 0, refetchInterval: 10_000 });
}

export function usePddOpenMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(pddOpen, { body: {} }),
    onSuccess: (data) => queryClient.setQueryData(pddKeys.info(uid), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pddKeys.info(uid) }),
  });
}

/** The reached envelope's reward into the wallet (finance pdd/withdraw): once, whatever the taps. */
export function usePddWithdrawMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pddUid: string) => api.call(pddWithdraw, { body: { pdd_uid: pddUid }, idempotencyKey: randomId() }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: pddKeys.info(uid) }), queryClient.invalidateQueries({ queryKey: ['wallet', 'balance'] })]),
  });
}
