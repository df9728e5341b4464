import {
  cashbackHistory,
  raffleEntries,
  raffleInfo,
  rankList,
  taskCenterInfo,
  taskHint,
  taskReceive,
  vipInfo,
  vipReceive,
  vipSpin,
  vipSpinBalance,
  vipSpinDrawList,
  vipSpinMarqueeList,
  vipSpinSeedRotate,
} from '@piranha/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { telegramHaptic } from '../../../shared/telegram/telegram-webapp.ts';

export const loyaltyKeys = {
  all: (uid: number) => ['loyalty', uid] as const,
  vip: (uid: number) => ['loyalty', uid, 'vip'] as const,
  tasks: (uid: number) => ['loyalty', uid, 'tasks'] as const,
  hint: (uid: number) => ['loyalty', uid, 'hint'] as const,
  rank: (uid: number, period: 'daily' | 'weekly', kind: 'turnover' | 'win' = 'turnover') => ['loyalty', uid, 'rank', period, kind] as const,
  raffle: (uid: number) => ['loyalty', uid, 'raffle'] as const,
  cashback: (uid: number) => ['loyalty', uid, 'cashback'] as const,
  wheel: (uid: number) => ['loyalty', uid, 'wheel'] as const,
  wheelDraws: (uid: number) => ['loyalty', uid, 'wheel', 'draws'] as const,
  wheelUserList: (uid: number) => ['loyalty', uid, 'wheel', 'user-list'] as const,
  wheelMarquee: (uid: number) => ['loyalty', uid, 'wheel', 'marquee'] as const,
};

/** Points and progress move with every settled bet (the loyalty pass runs every 5 s), so these are read fresh. */
export function useVipInfoQuery(uid: number) {
  return useQuery({ queryKey: loyaltyKeys.vip(uid), queryFn: () => api.call(vipInfo, {}), enabled: uid > 0, staleTime: 0 });
}

export function useTaskCenterQuery(uid: number) {
  return useQuery({ queryKey: loyaltyKeys.tasks(uid), queryFn: () => api.call(taskCenterInfo, {}), enabled: uid > 0, staleTime: 0, refetchInterval: 15_000 });
}

export function useTaskHintQuery(uid: number) {
  return useQuery({ queryKey: loyaltyKeys.hint(uid), queryFn: () => api.call(taskHint, {}), enabled: uid > 0, staleTime: 15_000 });
}

/**
 * After a reward is received or a task claimed: loyalty's own queries, and the money the header shows — the cash
 * balance (features/wallet keys it ['wallet', 'balance', uid]; a cash reward or a bonus with nothing to wager lands
 * there) and the bonus balances and lists (features/bonus keys them under ['bonus']). Refetched at once, not at the
 * header's next 10-second poll. The mutations return this promise from `onSettled`, which TanStack Query awaits
 * before the caller's `onSuccess` (the toast): when the toast names the amount, the header already shows it.
 */
export function loyaltyRewardRefresh(queryClient: QueryClient, uid: number): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: loyaltyKeys.all(uid) }),
    queryClient.invalidateQueries({ queryKey: ['wallet', 'balance', uid] }),
    queryClient.invalidateQueries({ queryKey: ['bonus'] }),
  ]).then(() => undefined);
}

export function useVipReceiveMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reward: { kind: 'vip_bonus'; level: number } | { kind: 'week_free' | 'month_free' }) => api.call(vipReceive, { body: reward }),
    onSuccess: () => telegramHaptic('success'),
    onSettled: () => loyaltyRewardRefresh(queryClient, uid),
  });
}

export function useTaskReceiveMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => api.call(taskReceive, { body: { task_id: taskId } }),
    onSuccess: () => telegramHaptic('success'),
    onSettled: () => loyaltyRewardRefresh(queryClient, uid),
  });
}

export function useRankListQuery(uid: number, period: 'daily' | 'weekly', kind: 'turnover' | 'win' = 'turnover') {
  return useQuery({
    queryKey: loyaltyKeys.rank(uid, period, kind),
    queryFn: () => api.call(rankList, { query: { period, kind } }),
    enabled: uid > 0,
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

const CASHBACK_PAGE = 20;

/** The player's cash-backs, newest period first, a page at a time. */
export function useCashbackHistoryQuery(uid: number) {
  return useInfiniteQuery({
    queryKey: loyaltyKeys.cashback(uid),
    queryFn: ({ pageParam }) => api.call(cashbackHistory, { query: { page: String(pageParam), page_size: String(CASHBACK_PAGE) } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.has_more === 1 ? pages.length + 1 : undefined),
    enabled: uid > 0,
    staleTime: 30_000,
  });
}

/** VIP wheel (vip-roulette): tickets left, the wheel and the committed seed. */
export function useWheelBalanceQuery(uid: number) {
  return useQuery({ queryKey: loyaltyKeys.wheel(uid), queryFn: () => api.call(vipSpinBalance, {}), enabled: uid > 0, staleTime: 0 });
}

/** The wheel page's latest spins (the full list is /vip-roulette/user-list). */
export function useWheelDrawListQuery(uid: number) {
  return useQuery({
    queryKey: loyaltyKeys.wheelDraws(uid),
    queryFn: () => api.call(vipSpinDrawList, { query: { page: '1', page_size: '5' } }),
    enabled: uid > 0,
    staleTime: 0,
  });
}

const SPINS_PAGE = 20;

/** Every spin of the player, newest first, a page at a time. */
export function useWheelUserListQuery(uid: number) {
  return useInfiniteQuery({
    queryKey: loyaltyKeys.wheelUserList(uid),
    queryFn: ({ pageParam }) => api.call(vipSpinDrawList, { query: { page: String(pageParam), page_size: String(SPINS_PAGE) } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.has_more === 1 ? pages.length + 1 : undefined),
    enabled: uid > 0,
    staleTime: 0,
  });
}

export function useWheelMarqueeQuery(uid: number) {
  return useQuery({
    queryKey: loyaltyKeys.wheelMarquee(uid),
    queryFn: () => api.call(vipSpinMarqueeList, {}),
    enabled: uid > 0,
    staleTime: 15_000,
    refetchInterval: 30_000,
  });
}

export function useWheelSpinMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string | undefined) => api.call(vipSpin, { body: clientSeed === undefined ? {} : { client_seed: clientSeed } }),
    onSettled: () => loyaltyRewardRefresh(queryClient, uid),
  });
}

export function useWheelRotateMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(vipSpinSeedRotate, { body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: loyaltyKeys.wheel(uid) }),
  });
}

/** `/raffle`: this week's raffle and the latest draws (totals, winners masked; entries come from `raffleEntriesAll`). */
export function useRaffleInfoQuery(uid: number) {
  return useQuery({ queryKey: loyaltyKeys.raffle(uid), queryFn: () => api.call(raffleInfo, {}), enabled: uid > 0, staleTime: 30_000 });
}

/** Every published entry of a drawn week, page by page (5,000 a page), for verifying the draw in the browser. */
export async function raffleEntriesAll(periodKey: string): Promise<number[]> {
  const tickets: number[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.call(raffleEntries, { query: { period_key: periodKey, page: String(page), page_size: '5000' } });
    tickets.push(...answer.tickets);
    if (answer.has_more === 0) return tickets;
  }
}
