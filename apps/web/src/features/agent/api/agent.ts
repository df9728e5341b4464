import {
  agentApply,
  agentBind,
  agentDaily,
  agentInfo,
  agentTeam,
  agentTransfer,
  agentTransferHistory,
  moneyRainCurrent,
  moneyRainGrab,
} from '@piranha/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';

export const agentKeys = {
  all: (uid: number) => ['agent', uid] as const,
  info: (uid: number) => ['agent', uid, 'info'] as const,
  team: (uid: number) => ['agent', uid, 'team'] as const,
  daily: (uid: number) => ['agent', uid, 'daily'] as const,
  history: (uid: number) => ['agent', uid, 'history'] as const,
  rain: (uid: number) => ['agent', uid, 'rain'] as const,
};

/** Today's figure moves with every settled round of the team, so it is read fresh on each visit. */
export function useAgentInfoQuery(uid: number) {
  return useQuery({ queryKey: agentKeys.info(uid), queryFn: () => api.call(agentInfo, { query: {} }), enabled: uid > 0, staleTime: 0 });
}

export function useAgentTeamQuery(uid: number, enabled: boolean) {
  return useQuery({ queryKey: agentKeys.team(uid), queryFn: () => api.call(agentTeam, { query: {} }), enabled: uid > 0 && enabled, staleTime: 0 });
}

export function useAgentDailyQuery(uid: number) {
  return useQuery({ queryKey: agentKeys.daily(uid), queryFn: () => api.call(agentDaily, { query: {} }), enabled: uid > 0, staleTime: 0 });
}

export function useAgentHistoryQuery(uid: number) {
  return useQuery({ queryKey: agentKeys.history(uid), queryFn: () => api.call(agentTransferHistory, { query: {} }), enabled: uid > 0, staleTime: 0 });
}

export function useAgentApplyMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(agentApply, { body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.all(uid) }),
  });
}

export function useAgentBindMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call(agentBind, { body: { code } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.all(uid) }),
  });
}

export function useAgentTransferMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(agentTransfer, { body: {} }),
    // Money moved into the wallet: the header's balance is read again now.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: agentKeys.all(uid) }), queryClient.invalidateQueries({ queryKey: ['wallet', 'balance'] })]),
  });
}

/** The rain page asks every few seconds: drops open and close on the clock, and the budget runs down. */
export function useMoneyRainQuery(uid: number) {
  return useQuery({
    queryKey: agentKeys.rain(uid),
    queryFn: () => api.call(moneyRainCurrent, { query: {} }),
    enabled: uid > 0,
    staleTime: 0,
    refetchInterval: 5_000,
  });
}

export function useMoneyRainGrabMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rainId: string) => api.call(moneyRainGrab, { body: { rain_id: rainId } }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: agentKeys.rain(uid) }), queryClient.invalidateQueries({ queryKey: ['wallet', 'balance'] })]),
  });
}
