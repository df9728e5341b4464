import { thirdpartyDo, tgMiniAppBind, tgMiniAppLogin, type LoginInfo } from '@piranha/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { randomId } from '../../../shared/random-id.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { track } from '../../../shared/tracking/track.ts';
import { useSignedIn, type AfterSuccess } from './account-api.ts';
import type { Consent } from './terms-api.ts';

/**
 * Google sign-in through thirdparty/do: `login` signs in (registering on first use); `bind` is thirdLoginRegBind,
 * linking the Google identity to the signed-in account (a tourist becomes a registered player, same uid).
 */
export function useGoogleSignInMutation(action: 'login' | 'bind', after: AfterSuccess = {}) {
  const signedIn = useSignedIn(after);
  return useMutation({
    mutationFn: ({ credential, consent }: { credential: string; consent?: Consent | undefined }) => {
      const { login, smid } = useSessionStore.getState();
      return api.call(thirdpartyDo, {
        body: {
          plat: 'google',
          app_type: 'web',
          auth_params: credential,
          action,
          ...(smid ? { dev_acc: smid } : {}),
          ...(action === 'bind' && login ? { extra: { super_uid: login.uid } } : {}),
          ...consent,
        },
        idempotencyKey: randomId(),
      });
    },
    onSuccess: (info: LoginInfo) => {
      signedIn(info);
      socialTracked('google', info);
    },
  });
}

/** A provider's sign-in that created the account (first_regist) is a sign-up; any other is a login (decision 033). */
function socialTracked(method: 'google' | 'telegram', info: LoginInfo): void {
  if (info.first_regist === 1) track('sign_up_completed', { method });
  else track('login', { method });
}

/** The mini app signs in (or, for a signed-in tourist, binds) with the launch's signed initData. */
export function useTelegramSignInMutation(after: AfterSuccess = {}) {
  const signedIn = useSignedIn(after);
  return useMutation({
    mutationFn: ({ initData, bind, consent }: { initData: string; bind: boolean; consent?: Consent | undefined }) =>
      api.call(bind ? tgMiniAppBind : tgMiniAppLogin, { body: { init_data: initData, ...consent }, idempotencyKey: randomId() }),
    onSuccess: (info: LoginInfo) => {
      signedIn(info);
      socialTracked('telegram', info);
    },
  });
}
