import { invitePendingBind } from '../../../shared/invite/invite-pending.ts';
import {
  accountDeleteApply,
  accountInfoQuery,
  accountInfoUpdate,
  bindCheck,
  bindEmail,
  emailCodeLogin,
  emailCodeSend,
  emailLogin,
  emailRegister,
  logout,
  passwordSendCode,
  passwordSet,
  sessionEnd,
  sessionList,
  visitorLogin,
  type CodePurpose,
  type EndpointBody,
  type LoginInfo,
} from '@piranha/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isLocale } from '@piranha/domain';
import { api } from '../../../shared/api/api.ts';
import { fbUserEnsure } from './fb-user.ts';
import { languageChange, languageChosen } from '../../../shared/i18n/i18n.ts';
import { randomId } from '../../../shared/random-id.ts';
import { deviceSecretKeep, deviceSecretOf } from '../../../shared/session/device-secret.ts';
import { smidEnsure, useSessionStore } from '../../../shared/session/session-store.ts';
import { variantCurrent } from '../../../shared/variant/variant-detect.ts';
import { touristSaveInvite } from '../../../shared/session/tourist-save-prompt.ts';
import { track } from '../../../shared/tracking/track.ts';
import type { Consent } from './terms-api.ts';

export const accountKeys = {
  info: (uid: number) => ['account', 'info', uid] as const,
  sessions: (uid: number) => ['account', 'sessions', uid] as const,
};

export function accountInfoQueryOptions(uid: number) {
  // uid 0 means nobody is signed in (e.g. the moment after logging out): there is nothing to ask for.
  return queryOptions({ queryKey: accountKeys.info(uid), queryFn: () => api.call(accountInfoQuery), enabled: uid > 0 });
}

export function useAccountInfoQuery(uid: number) {
  return useQuery(accountInfoQueryOptions(uid));
}

/** What a screen does once its call succeeded; runs even when the screen itself has gone. */
export interface AfterSuccess {
  onDone?: () => void;
}

/**
 * Every sign-in ends the same way: keep the login info and drop whatever the previous identity had cached.
 * It runs in the mutation itself (not per call), because storing the login re-renders and may unmount the form.
 */
export function useSignedIn({ onDone }: AfterSuccess) {
  const queryClient = useQueryClient();
  return (info: LoginInfo) => {
    useSessionStore.getState().loginSet({ uid: info.uid, sid: info.sid, visitor: info.visitor === 1 });
    // Spec §4: a tourist who holds money (visitor_deposit) is invited to save the account by e-mail.
    if (info.visitor === 1 && info.visitor_deposit === 1) touristSaveInvite();
    // The account's language follows the player to a new device, unless they already chose one on this device.
    if (!languageChosen() && isLocale(info.lang)) void languageChange(info.lang);
    // Reset rather than remove: a screen still open (the account page after linking Google) refetches at once.
    void queryClient.resetQueries({ queryKey: ['account'] });
    queryClient.removeQueries({ queryKey: ['wallet'] });
    void queryClient.resetQueries({ queryKey: ['tab-prompt'] });
    // Spec §4: the player's sports-book record is made on first need; a failure here is retried at the next sign-in.
    void fbUserEnsure().catch(() => undefined);
    // An invite this device arrived with is bound to the account now (decision 051); nothing loads without one.
    invitePendingBind();
    onDone?.();
  };
}

export function useVisitorLoginMutation(after: AfterSuccess = {}) {
  const signedIn = useSignedIn(after);
  return useMutation({
    mutationFn: async (consent: Consent | undefined) => {
      // The device id may still be settling (a native shell has up to 7 s to give its own).
      const smid = await smidEnsure();
      // The smid only names the device: the secret kept from the first guest login brings the same tourist back.
      const appKey = variantCurrent().appKey;
      const secret = deviceSecretOf(appKey);
      // A new tourist is a new account: it carries the consent (decision 040); a returning one is not asked.
      const body = { smid, ...(secret ? { device_secret: secret } : {}), ...consent };
      const info = await api.call(visitorLogin, { body, idempotencyKey: randomId() });
      if (info.device_secret) deviceSecretKeep(appKey, info.device_secret);
      return info;
    },
    onSuccess: signedIn,
  });
}

export function useEmailLoginMutation(after: AfterSuccess = {}) {
  const signedIn = useSignedIn(after);
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => api.call(emailLogin, { body }),
    onSuccess: (info: LoginInfo) => {
      signedIn(info);
      track('login', { method: 'password' });
    },
  });
}

export function useEmailCodeLoginMutation(after: AfterSuccess = {}) {
  const signedIn = useSignedIn(after);
  return useMutation({
    mutationFn: (body: { email: string; email_code: string }) => api.call(emailCodeLogin, { body }),
    onSuccess: (info: LoginInfo) => {
      signedIn(info);
      track('login', { method: 'email_code' });
    },
  });
}

export function useEmailRegisterMutation(after: AfterSuccess = {}) {
  const signedIn = useSignedIn(after);
  return useMutation({
    mutationFn: (body: EndpointBody<typeof emailRegister>) => api.call(emailRegister, { body, idempotencyKey: randomId() }),
    onSuccess: (info: LoginInfo) => {
      signedIn(info);
      track('sign_up_completed', { method: 'email' });
    },
  });
}

export function useEmailCodeSendMutation(purpose: CodePurpose) {
  return useMutation({ mutationFn: (email: string) => api.call(emailCodeSend, { body: { email, purpose } }) });
}

/** Forgot password, first step: the reset code goes to the address (the answer never says whether it has an account). */
export function usePasswordSendCodeMutation() {
  return useMutation({ mutationFn: (email: string) => api.call(passwordSendCode, { body: { email }, idempotencyKey: randomId() }) });
}

/** Forgot password, last step: the server ends every other session and answers a fresh login, which signs the player in. */
export function usePasswordSetMutation(after: AfterSuccess = {}) {
  const signedIn = useSignedIn(after);
  return useMutation({
    mutationFn: (body: { email: string; email_code: string; password: string }) => api.call(passwordSet, { body, idempotencyKey: randomId() }),
    onSuccess: signedIn,
  });
}

/** bind/check answered can_bind 0: this account may not take an e-mail (it already has one, or it is closed). */
export class BindRefusedError extends Error {
  constructor() {
    super('bind refused');
    this.name = 'BindRefusedError';
  }
}

/**
 * Spec §4 e-mail bind, up to the mailed code: bind/check first (its request_id ties the bind to this address), then
 * the code with purpose 'bind'. Both answers go back to the form: the request_id for bind/email, resend_s for the button.
 */
export function useBindCodeSendMutation() {
  return useMutation({
    mutationFn: async (email: string) => {
      const check = await api.call(bindCheck, { body: { email } });
      if (check.can_bind !== 1 || !check.request_id) throw new BindRefusedError();
      const sent = await api.call(emailCodeSend, { body: { email, purpose: 'bind' }, idempotencyKey: randomId() });
      return { ...sent, request_id: check.request_id, email };
    },
  });
}

/** The tourist becomes a registered player with the same uid; the new login info (visitor 0) replaces the tourist's. */
export function useBindEmailMutation(after: AfterSuccess = {}) {
  const signedIn = useSignedIn(after);
  return useMutation({
    mutationFn: ({ consent, ...body }: { email: string; email_code: string; request_id: string; password: string; consent?: Consent | undefined }) =>
      api.call(bindEmail, { body: { ...body, ...consent }, idempotencyKey: randomId() }),
    onSuccess: signedIn,
  });
}

export function useLogoutMutation({ onDone }: AfterSuccess = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(logout, { body: {} }),
    // The device forgets the session even if the server could not be told; the session then simply expires.
    onSettled: () => {
      useSessionStore.getState().logout();
      queryClient.clear();
      onDone?.();
    },
  });
}

/** Renames the player; the answer is the updated User info, so the cache takes it as is. */
export function useNickUpdateMutation(uid: number, { onDone }: AfterSuccess = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nick: string) => api.call(accountInfoUpdate, { body: { nick } }),
    onSuccess: (info) => {
      queryClient.setQueryData(accountKeys.info(uid), info);
      onDone?.();
    },
  });
}

export function useSessionListQuery(uid: number) {
  return useQuery({ queryKey: accountKeys.sessions(uid), queryFn: () => api.call(sessionList), enabled: uid > 0 });
}

export function useSessionEndMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => api.call(sessionEnd, { body: { session_id: sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions(uid) }),
  });
}

/** Closes the account for good; the device then forgets the session and everything cached for it. */
export function useAccountCloseMutation({ onDone }: AfterSuccess = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(accountDeleteApply, { body: { confirm: 1 }, idempotencyKey: randomId() }),
    onSuccess: () => {
      useSessionStore.getState().logout();
      queryClient.clear();
      onDone?.();
    },
  });
}
