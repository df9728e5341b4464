import { useEffect } from 'react';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { telegramInitData } from '../../shared/telegram-launch.ts';
import { useTelegramSignInMutation } from './api/social-sign-in.ts';

let attempted = false;

/**
 * Inside the messaging-app mini app: a visitor is signed in with the launch's signed initData (registered on first
 * use) and a signed-in tourist gets the Telegram user bound to the account. Spec §8: a failure is only logged.
 */
export function TelegramMiniApp() {
  const signIn = useTelegramSignInMutation();
  const mutate = signIn.mutate;
  useEffect(() => {
    const initData = telegramInitData();
    if (attempted || !initData) return;
    const login = useSessionStore.getState().login;
    if (login && !login.visitor) return;
    attempted = true;
    mutate({ initData, bind: login !== undefined }, { onError: (error) => console.warn('mini-app sign-in failed', error) });
  }, [mutate]);
  return null;
}
