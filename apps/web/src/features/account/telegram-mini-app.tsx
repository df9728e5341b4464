import { useEffect, useRef } from 'react';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { telegramInitData } from '../../shared/telegram-launch.ts';
import { useTelegramSignInMutation } from './api/social-sign-in.ts';
import { isConsentRefusal } from './api/terms-api.ts';
import { useConsentRetry } from './consent-sheet.tsx';

let attempted = false;

/**
 * Inside the messaging-app mini app: a visitor is signed in with the launch's signed initData (registered on first
 * use) and a signed-in tourist gets the Telegram user bound to the account. A first use creates (or registers) an
 * account, so the consent sheet asks for the age and the terms before it is sent again (decision 040). Spec §8: any
 * other failure is only logged.
 */
export function TelegramMiniApp() {
  const signIn = useTelegramSignInMutation();
  const consent = useConsentRetry<{ initData: string; bind: boolean }>({
    attempt: (variables, given, handlers) =>
      signIn.mutate(
        { ...variables, consent: given },
        {
          onSuccess: handlers.onSuccess,
          onError: (error) => {
            if (!isConsentRefusal(error)) console.warn('mini-app sign-in failed', error);
            handlers.onError(error);
          },
        },
      ),
    pending: signIn.isPending,
  });
  const startRef = useRef(consent.start);
  useEffect(() => {
    startRef.current = consent.start;
  });
  useEffect(() => {
    const initData = telegramInitData();
    if (attempted || !initData) return;
    const login = useSessionStore.getState().login;
    if (login && !login.visitor) return;
    attempted = true;
    startRef.current({ initData, bind: login !== undefined });
  }, []);
  return consent.sheet;
}
