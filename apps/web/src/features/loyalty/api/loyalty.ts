import { rankList, taskCenterInfo, taskHint, taskReceive, vipInfo, vipReceive } from '@piranha/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';

export const loyaltyKeys = {
  all: (uid: number) => ['loyalty', uid] as const,
  vip: (uid: number) => ['loyalty', uid, 'vip'] as const,
  tasks: (uid: number) => ['loyalty', uid, 'tasks'] as const,
  hint: (uid: number) => ['loyalty', uid, 'hint'] as const,
  rank: (uid: number, period: 'daily' | 'weekly') => ['loyalty', uid, 'rank', period] as const,
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

export function useVipReceiveMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (level: number) => api.call(vipReceive, { body: { kind: 'vip_bonus', level } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: loyaltyKeys.all(uid) }),
  });
}

export function useTaskReceiveMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => api.call(taskReceive, { body: { task_id: taskId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: loyaltyKeys.all(uid) }),
  });
}

export function useRankListQuery(uid: number, period: 'daily' | 'weekly') {
  return useQuery({
    queryKey: loyaltyKeys.rank(uid, period),
    queryFn: () => api.call(rankList, { query: { period } }),
    enabled: uid > 0,
    staleTime: 0,
    refetchInterval: 30_000,
  });
}
