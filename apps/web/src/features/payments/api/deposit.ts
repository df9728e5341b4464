import { depositInfoGet, payinCodeCheck, payinOrderCreate, payinOrderStatus, payinUserRecommend, type PayinOrder } from '@piranha/contract';
import { TIMERS } from '@piranha/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { bonusPollStart } from '../../../shared/bonus/bonus-popup-store.ts';
import { depositPollStep } from '../pay-status.ts';
import { paymentsKeys } from './keys.ts';

export type CurrencyKind = 'fiat' | 'crypto';

/** `fiatCurrency` picks among a multi-currency brand's local currencies; crypto is always USDT. */
export function depositInfoQueryOptions(uid: number, kind: CurrencyKind, fiatCurrency: string | undefined) {
  const currencyCode = kind === 'fiat' ? fiatCurrency : undefined;
  return queryOptions({
    queryKey: paymentsKeys.depositInfo(uid, kind, currencyCode),
    queryFn: () =>
      api.call(depositInfoGet, {
        query: { pay_type: 'payin', currency_type: kind === 'crypto' ? '2' : '1', ...(currencyCode ? { currency_code: currencyCode } : {}) },
      }),
    enabled: uid > 0,
  });
}

export function useDepositInfoQuery(uid: number, kind: CurrencyKind, fiatCurrency: string | undefined) {
  return useQuery(depositInfoQueryOptions(uid, kind, fiatCurrency));
}

export function usePayinRecommendQuery(uid: number) {
  return useQuery({ queryKey: paymentsKeys.recommend(uid), queryFn: () => api.call(payinUserRecommend), enabled: uid > 0, staleTime: 0 });
}

export interface PayinOrderInput {
  channel: string;
  amount: number;
  currency: string;
  network?: string;
  phone?: string;
  payin_code?: string;
  /** One key per deposit the player asks for: a double tap or a retry never opens a second order. */
  idempotencyKey: string;
}

/**
 * Opens a deposit order. The answer (with the method's payment instruction) primes the waiting page so it shows the
 * code at once; after a reload, in another tab or on another device the code comes back with the order's status.
 */
export function usePayinOrderCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: PayinOrderInput) => api.call(payinOrderCreate, { body, idempotencyKey }),
    onSuccess: (order: PayinOrder) => {
      queryClient.setQueryData(paymentsKeys.payinOrder(order.order_id), order);
      // Spec §4: a bonus may follow the deposit; the new_bonus poll looks for it every 10 s, up to 10 times.
      bonusPollStart();
      // Today's deposited total and the recommendation change with every order.
      void queryClient.invalidateQueries({ queryKey: ['payments', 'deposit-info'] });
    },
  });
}

/** The order as this tab created it, while the first status answer is on its way; undefined elsewhere. */
export function usePayinOrderCreated(orderId: string): PayinOrder | undefined {
  const queryClient = useQueryClient();
  return queryClient.getQueryData<PayinOrder>(paymentsKeys.payinOrder(orderId));
}

/**
 * Spec §4 deposit polling: every 10 s while the pay status is 0 or 2; 1 (paid) or anything else stops it.
 * `poll: false` asks once (the result page).
 */
export function usePayinStatusQuery(orderId: string, { poll }: { poll: boolean }) {
  return useQuery({
    queryKey: paymentsKeys.payinStatus(orderId),
    queryFn: () => api.call(payinOrderStatus, { query: { order_id: orderId } }),
    enabled: orderId !== '',
    staleTime: 0,
    refetchInterval: (query) => {
      if (!poll) return false;
      const data = query.state.data;
      if (!data) return query.state.error ? false : TIMERS.paymentPollMs;
      return depositPollStep(data.pay_status) === 'pending' ? TIMERS.paymentPollMs : false;
    },
    // The player switching to their bank app and back should not wait up to 10 s for the answer.
    refetchOnWindowFocus: poll,
  });
}

/** A deposit code the player typed: whether it applies, and the extra it adds. */
export function usePayinCodeCheckMutation() {
  return useMutation({ mutationFn: (code: string) => api.call(payinCodeCheck, { body: { code } }) });
}
