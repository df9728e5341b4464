/**
 * The messaging-app mini app's launch data. Telegram opens the app with `#tgWebAppData=<initData>&tgWebAppVersion=…`
 * (and, when its script is on the page, `Telegram.WebApp.initData`). The hash router would read that hash as a
 * path, so boot keeps the data here and puts the root route back before the router starts.
 */

let launchInitData: string | undefined;

/** Reads the launch data out of the hash (once, at boot) and clears the hash for the router. */
export function telegramLaunchCapture(location: Pick<Location, 'hash' | 'pathname' | 'search'>): void {
  const hash = location.hash.replace(/^#\/?/, '');
  if (!hash.startsWith('tgWebApp')) return;
  const params = new URLSearchParams(hash);
  const initData = params.get('tgWebAppData');
  if (initData) launchInitData = initData;
  // Telegram's own script (loaded later, decision 062) reads its launch parameters from the hash, or else from what
  // an earlier load of it kept in sessionStorage under this key: keeping them there lets it see the version, platform
  // and theme although the hash is gone by the time it runs.
  try {
    globalThis.sessionStorage?.setItem('__telegram__initParams', JSON.stringify(Object.fromEntries(params)));
  } catch {
    // Storage refused (private mode): the script falls back to its defaults.
  }
  globalThis.history?.replaceState(null, '', `${location.pathname}${location.search}#/`);
}

/** The raw initData to send to tg_mini_app/login or /bind; undefined outside the mini app. */
export function telegramInitData(): string | undefined {
  const fromScript = (globalThis as unknown as { Telegram?: { WebApp?: { initData?: string } } }).Telegram?.WebApp?.initData;
  return fromScript || launchInitData;
}
