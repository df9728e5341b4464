import { telegramInitData } from './telegram-launch.ts';

/** Where the web app is running: a native app's web view, a messaging-app mini app, an installed web app, or a browser. */
export type ShellKind = 'native' | 'telegram' | 'pwa' | 'browser';

export function shellKind(): ShellKind {
  const scope = globalThis as unknown as { ReactNativeWebView?: unknown; Telegram?: { WebApp?: { initData?: string } } };
  if (scope.ReactNativeWebView || /PiranhaNative\//.test(navigator.userAgent)) return 'native';
  // Telegram opens the app with the launch data in the hash (kept by launch-capture.ts) or with its script's initData.
  if (scope.Telegram?.WebApp?.initData || telegramInitData() !== undefined) return 'telegram';
  if (globalThis.matchMedia?.('(display-mode: standalone)').matches) return 'pwa';
  return 'browser';
}
