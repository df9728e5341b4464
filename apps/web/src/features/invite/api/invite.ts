import { inviteBind, inviteDetail, inviteInfo } from '@piranha/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { invitePendingClear } from '../../../shared/invite/invite-pending.ts';

export const inviteKeys = {
  all: (uid: number) => ['invite', uid] as const,
  info: (uid: number) => ['invite', uid, 'info'] as const,
  detail: (uid: number, page: number) => ['invite', uid, 'detail', page] as const,
};

/** A friend's deposit moves the counts and the reward: read fresh and refreshed while open. */
export function useInviteInfoQuery(uid: number) {
  return useQuery({ queryKey: inviteKeys.info(uid), queryFn: () => api.call(inviteInfo, {}), enabled: uid > 0, staleTime: 0, refetchInterval: 15_000 });
}

export function useInviteDetailQuery(uid: number, page: number) {
  return useQuery({
    queryKey: inviteKeys.detail(uid, page),
    queryFn: () => api.call(inviteDetail, { query: { page: String(page) } }),
    enabled: uid > 0,
    staleTime: 0,
    refetchInterval: 15_000,
  });
}

/** A code the player typed (or the one their link carried): binds this new account to its inviter. */
export function useInviteBindMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call(inviteBind, { body: { code } }),
    onSuccess: () => invitePendingClear(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all(uid) }),
  });
}
