import { balanceGet } from '@piranha/contract';
import { TIMERS } from '@piranha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { pollEveryUnlessLive } from '../../../shared/realtime/realtime-store.ts';

export const walletKeys = { balance: (uid: number) => ['wallet', 'balance', uid] as const };

export function balanceQueryOptions(uid: number) {
  return queryOptions({
    queryKey: walletKeys.balance(uid),
    queryFn: () => api.call(balanceGet),
    refetchInterval: pollEveryUnlessLive(TIMERS.balanceRefreshMs),
    staleTime: 0,
  });
}

export function useBalanceQuery(uid: number) {
  return useQuery(balanceQueryOptions(uid));
}
