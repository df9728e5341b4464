import {
  accountInfoQuery,
  emailCodeLogin,
  emailCodeSend,
  emailLogin,
  emailRegister,
  logout,
  visitorLogin,
  type CodePurpose,
  type LoginInfo,
} from '@piranha/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { randomId } from '../../../shared/random-id.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';

export const accountKeys = { info: (uid: number) => ['account', 'info', uid] as const };

export function accountInfoQueryOptions(uid: number) {
  return queryOptions({ queryKey: accountKeys.info(uid), queryFn: () => api.call(accountInfoQuery) });
}

export function useAccountInfoQuery(uid: number) {
  return useQuery(accountInfoQueryOptions(uid));
}

/** Every sign-in ends the same way: keep the login info and drop whatever the previous identity had cached. */
function useSignedIn() {
  const queryClient = useQueryClient();
  return (info: LoginInfo) => {
    useSessionStore.getState().loginSet({ uid: info.uid, sid: info.sid, visitor: info.visitor === 1 });
    queryClient.removeQueries({ queryKey: ['account'] });
    queryClient.removeQueries({ queryKey: ['wallet'] });
  };
}

export function useVisitorLoginMutation() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: () => api.call(visitorLogin, { body: { smid: useSessionStore.getState().smid }, idempotencyKey: randomId() }),
    onSuccess: signedIn,
  });
}

export function useEmailLoginMutation() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: (body: { email: string; password: string }) => api.call(emailLogin, { body }), onSuccess: signedIn });
}

export function useEmailCodeLoginMutation() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: (body: { email: string; email_code: string }) => api.call(emailCodeLogin, { body }), onSuccess: signedIn });
}

export function useEmailRegisterMutation() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: { email: string; email_code: string; password: string }) => api.call(emailRegister, { body, idempotencyKey: randomId() }),
    onSuccess: signedIn,
  });
}

export function useEmailCodeSendMutation(purpose: CodePurpose) {
  return useMutation({ mutationFn: (email: string) => api.call(emailCodeSend, { body: { email, purpose } }) });
}

export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(logout, { body: {} }),
    // The device forgets the session even if the server could not be told; the session then simply expires.
    onSettled: () => {
      useSessionStore.getState().logout();
      queryClient.clear();
    },
  });
}
