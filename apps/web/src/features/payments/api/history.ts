import { payinOrderAppealCreate, payinOrderAppealGet, payOrderHistory, type APPEAL_REASONS } from '@piranha/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { paymentsKeys } from './keys.ts';

export type HistoryType = 'all' | 'payin' | 'payout';

/** `payStatuses` is the history call's comma-separated pay_status ("0,2,20"); undefined lists every status. */
export function useHistoryQuery(uid: number, type: HistoryType, payStatuses: string | undefined) {
  return useInfiniteQuery({
    queryKey: paymentsKeys.history(uid, type, payStatuses),
    queryFn: ({ pageParam }) =>
      api.call(payOrderHistory, {
        query: { type, ...(payStatuses === undefined ? {} : { pay_status: payStatuses }), ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: 0,
    getNextPageParam: (page) => (page.has_more === 1 ? page.cursor : undefined),
    enabled: uid > 0,
    staleTime: 0,
  });
}

export function useAppealQuery(orderId: string) {
  return useQuery({
    queryKey: paymentsKeys.appeal(orderId),
    queryFn: () => api.call(payinOrderAppealGet, { query: { order_id: orderId } }),
    enabled: orderId !== '',
    staleTime: 0,
  });
}

export type AppealReason = (typeof APPEAL_REASONS)[number];

export function useAppealCreateMutation(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { reason: AppealReason; description: string; reference: string; idempotencyKey: string }) =>
      api.call(payinOrderAppealCreate, {
        body: {
          order_id: orderId,
          reason: input.reason,
          ...(input.description ? { description: input.description } : {}),
          ...(input.reference ? { reference: input.reference } : {}),
        },
        idempotencyKey: input.idempotencyKey,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(paymentsKeys.appeal(orderId), { appeal: answer.appeal, can_appeal: 0 as const });
      void queryClient.invalidateQueries({ queryKey: ['payments', 'history'] });
    },
  });
}
