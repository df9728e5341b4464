/** Where the web app is running: a native app's web view, a messaging-app mini app, an installed web app, or a browser. */
export type ShellKind = 'native' | 'telegram' | 'pwa' | 'browser';

export function shellKind(): ShellKind {
  const scope = globalThis as unknown as { ReactNativeWebView?: unknown; Telegram?: { WebApp?: { initData?: string } } };
  if (scope.ReactNativeWebView || /PiranhaNative\//.test(navigator.userAgent)) return 'native';
  if (scope.Telegram?.WebApp?.initData) return 'telegram';
  if (globalThis.matchMedia?.('(display-mode: standalone)').matches) return 'pwa';
  return 'browser';
}
