import {
  accountElementsGet,
  accountElementsSet,
  accountGet,
  bankCodeGet,
  payoutOrderCreate,
  payoutOrderStatus,
  payoutSocial,
  payoutSocialClick,
  type SOCIAL_CHANNELS,
} from '@piranha/contract';
import { TIMERS } from '@piranha/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { payStatusKind } from '../pay-status.ts';
import { paymentsKeys } from './keys.ts';

/** Balance, withdrawable money and the payout methods of the player's currency. */
export function usePayoutAccountQuery(uid: number) {
  return useQuery({ queryKey: paymentsKeys.account(uid), queryFn: () => api.call(accountGet, { query: {} }), enabled: uid > 0, staleTime: 0 });
}

export function useAccountElementsQuery(uid: number, channel: string) {
  return useQuery({
    queryKey: paymentsKeys.elements(uid, channel),
    queryFn: () => api.call(accountElementsGet, { query: { channel } }),
    enabled: uid > 0 && channel !== '',
  });
}

export function useBankCodesQuery(channel: string, enabled: boolean) {
  return useQuery({ queryKey: paymentsKeys.banks(channel), queryFn: () => api.call(bankCodeGet, { query: { channel } }), enabled, staleTime: 600_000 });
}

export function useAccountElementsSetMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { channel: string; elements: Record<string, string>; idempotencyKey: string }) =>
      api.call(accountElementsSet, { body: { channel: input.channel, elements: input.elements }, idempotencyKey: input.idempotencyKey }),
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentsKeys.elements(uid, saved.channel), saved);
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.account(uid) });
    },
  });
}

export function usePayoutOrderCreateMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { channel: string; amount: number; currency: string; idempotencyKey: string }) =>
      api.call(payoutOrderCreate, { body: { channel: input.channel, amount: input.amount, currency: input.currency }, idempotencyKey: input.idempotencyKey }),
    onSuccess: (order) => {
      queryClient.setQueryData(paymentsKeys.payoutStatus(order.order_id), order);
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.account(uid) });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

/** A withdrawal's progress, asked again every 10 s until the provider has paid or refused it. */
export function usePayoutStatusQuery(orderId: string) {
  return useQuery({
    queryKey: paymentsKeys.payoutStatus(orderId),
    queryFn: () => api.call(payoutOrderStatus, { query: { order_id: orderId } }),
    enabled: orderId !== '',
    staleTime: 0,
    refetchInterval: (query) => {
      const kind = query.state.data ? payStatusKind(query.state.data.pay_status) : 'pending';
      return kind === 'pending' || kind === 'unprocessed' ? TIMERS.paymentPollMs : false;
    },
  });
}

/** After a paid withdrawal the page invites the player to share it (payout/social), once per order. */
export function usePayoutSocialQuery(uid: number, enabled: boolean) {
  return useQuery({ queryKey: ['payments', 'payout-social', uid], queryFn: () => api.call(payoutSocial), enabled: enabled && uid > 0, staleTime: 0 });
}

export function usePayoutSocialClickMutation() {
  return useMutation({
    mutationFn: (input: { orderId: string; channel: (typeof SOCIAL_CHANNELS)[number] }) =>
      api.call(payoutSocialClick, { body: { order_id: input.orderId, channel: input.channel } }),
  });
}
