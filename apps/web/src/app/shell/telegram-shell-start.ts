import { scriptLoad } from '../../shared/script-load.ts';
import { telegramLaunchParams } from '../../shared/telegram-launch.ts';
import { telegramWebApp, type TelegramWebApp } from '../../shared/telegram/telegram-webapp.ts';

/** Telegram's client script (integrations.md §3.3); the server's CSP lists it. */
export const TELEGRAM_SCRIPT = 'https://telegram.org/js/telegram-web-app.js';

/** Telegram's theme as `--tg-theme-<name>` (bg_color → --tg-theme-bg-color), the names its own script uses. */
export function telegramThemeApply(style: Pick<CSSStyleDeclaration, 'setProperty'>, theme: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(theme)) {
    if (/^[a-z_]{1,40}$/.test(name) && typeof value === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(value))
      style.setProperty(`--tg-theme-${name.replaceAll('_', '-')}`, value);
  }
}

function themeFollow(webApp: TelegramWebApp): void {
  const root = document.documentElement;
  const apply = () => {
    telegramThemeApply(root.style, webApp.themeParams);
    root.dataset.tgScheme = webApp.colorScheme;
    // Telegram's own header and the area around the app take the brand's background, so the two meet without a seam.
    const background = getComputedStyle(root).getPropertyValue('--bg').trim();
    if (/^#[0-9a-fA-F]{6}$/.test(background)) {
      webApp.setHeaderColor?.(background);
      webApp.setBackgroundColor?.(background);
    }
  };
  apply();
  webApp.onEvent('themeChanged', apply);
}

/**
 * Telegram's script reads its launch parameters from the hash, or else from what an earlier load of it kept in
 * sessionStorage under this key. The hash is gone by the time it loads (launch-capture.ts), so they are put there
 * first: the script then sees the version, platform and theme.
 */
export function telegramScriptParamsKeep(storage: Pick<Storage, 'setItem'>, params: URLSearchParams | undefined): void {
  if (!params) return;
  try {
    storage.setItem('__telegram__initParams', JSON.stringify(Object.fromEntries(params)));
  } catch {
    // Storage refused (private mode): the script falls back to its defaults.
  }
}

/**
 * The mini app's client surface (decision 062): Telegram's script (when the launch came without it), the theme,
 * full height (`expand`), and `ready` so Telegram drops its placeholder.
 */
export async function telegramShellStart(): Promise<void> {
  if (!telegramWebApp()) {
    telegramScriptParamsKeep(sessionStorage, telegramLaunchParams());
    if (!(await scriptLoad(TELEGRAM_SCRIPT, 10_000))) return;
  }
  const webApp = telegramWebApp();
  if (!webApp) return;
  themeFollow(webApp);
  webApp.expand();
  webApp.ready();
  backButtonWired = webApp;
  backButtonApply();
}

let backButtonWired: TelegramWebApp | undefined;
let backWanted: { visible: boolean; go: () => void } = { visible: false, go: () => undefined };
const backClick = () => backWanted.go();

function backButtonApply(): void {
  const button = backButtonWired?.BackButton;
  if (!button) return;
  button.offClick(backClick);
  if (backWanted.visible) {
    button.onClick(backClick);
    button.show();
  } else button.hide();
}

/** Telegram's BackButton follows the router: shown where the app has a page to go back to, and going back there. */
export function telegramBackButtonSync(visible: boolean, go: () => void): () => void {
  backWanted = { visible, go };
  backButtonApply();
  return () => {
    backWanted = { visible: false, go: () => undefined };
    backButtonApply();
  };
}
