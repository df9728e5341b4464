import { activityDetail, activityList, activityReceive, hallUiSwitch } from '@piranha/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { uiV3ChoiceSet } from '../../../shared/ui-version.ts';

export const activityKeys = {
  all: (uid: number) => ['activity', uid] as const,
  list: (uid: number) => ['activity', uid, 'list'] as const,
  detail: (uid: number, id: string) => ['activity', uid, 'detail', id] as const,
};

/** Progress moves with every paid deposit, so activities are read fresh and refreshed while open. */
export function useActivityListQuery(uid: number) {
  return useQuery({ queryKey: activityKeys.list(uid), queryFn: () => api.call(activityList, {}), enabled: uid > 0, staleTime: 0 });
}

export function useActivityDetailQuery(uid: number, id: string) {
  return useQuery({
    queryKey: activityKeys.detail(uid, id),
    queryFn: () => api.call(activityDetail, { query: { activity_id: id } }),
    enabled: uid > 0 && id !== '',
    staleTime: 0,
    refetchInterval: 15_000,
  });
}

export function useActivityReceiveMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; tier: number }) => api.call(activityReceive, { body: { activity_id: input.id, tier: input.tier } }),
    // A reward moves money: the header's balance is read again now (with the socket open its poll is slow).
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: activityKeys.all(uid) }), queryClient.invalidateQueries({ queryKey: ['wallet', 'balance'] })]),
  });
}

/**
 * ui-switch-reward's "Turn on the new look": the same switch as the lobby's (spec §4 New-UI switch, saved on the
 * server as 1), which is what the server reads to reach the reward; this device remembers the choice too.
 */
export function useUiSwitchOnMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(hallUiSwitch, { query: { switch: '1' } }),
    onSuccess: () => uiV3ChoiceSet(true),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: activityKeys.all(uid) }), queryClient.invalidateQueries({ queryKey: ['casino', 'ui-switch'] })]),
  });
}
