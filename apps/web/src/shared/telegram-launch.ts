/**
 * The messaging-app mini app's launch data. Telegram opens the app with `#tgWebAppData=<initData>&tgWebAppVersion=…`
 * (and, when its script is on the page, `Telegram.WebApp.initData`). The hash router would read that hash as a
 * path, so boot keeps the data here and puts the root route back before the router starts.
 */

let launchInitData: string | undefined;
let launchParams: URLSearchParams | undefined;

/** Every launch parameter of the hash (version, platform, theme …), for Telegram's script (decision 062). */
export function telegramLaunchParams(): URLSearchParams | undefined {
  return launchParams;
}

/** Reads the launch data out of the hash (once, at boot) and clears the hash for the router. */
export function telegramLaunchCapture(location: Pick<Location, 'hash' | 'pathname' | 'search'>): void {
  const hash = location.hash.replace(/^#\/?/, '');
  if (!hash.startsWith('tgWebApp')) return;
  launchParams = new URLSearchParams(hash);
  const initData = launchParams.get('tgWebAppData');
  if (initData) launchInitData = initData;
  globalThis.history?.replaceState(null, '', `${location.pathname}${location.search}#/`);
}

/** The raw initData to send to tg_mini_app/login or /bind; undefined outside the mini app. */
export function telegramInitData(): string | undefined {
  const fromScript = (globalThis as unknown as { Telegram?: { WebApp?: { initData?: string } } }).Telegram?.WebApp?.initData;
  return fromScript || launchInitData;
}
