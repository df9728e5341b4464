import { shellKind } from './shell.ts';
import { telegramWebApp } from './telegram/telegram-webapp.ts';

/**
 * What the page asks of the shell it runs in (decision 062): opening a page outside the web view and sharing. Each
 * answers false when there is no shell to take it (a browser), so the caller does what a browser does.
 */

/** A URL the web view must not swallow: a provider's hosted payment page, a help or support link on another site. */
export function externalUrl(href: string, base: string): URL | undefined {
  try {
    const url = new URL(href, base);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin !== new URL(base).origin ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Opens `url` in the device's browser through the shell; false outside a shell or when the shell refuses. */
export async function shellOpenExternal(url: string): Promise<boolean> {
  const shell = shellKind();
  if (shell === 'telegram') {
    const webApp = telegramWebApp();
    if (!webApp) return false;
    webApp.openLink(url);
    return true;
  }
  if (shell !== 'native') return false;
  const { nativeBridge } = await import('./native-shell/native-bridge.ts');
  return nativeBridge()
    .request('open_external', { url })
    .then((reply) => reply.opened)
    .catch(() => false);
}

/** Shares through the shell's own sheet (native) or Telegram's chat picker; false when there is no shell to do it. */
export async function shellShare(share: { title: string; text: string; url: string }): Promise<boolean> {
  const shell = shellKind();
  if (shell === 'telegram') {
    const webApp = telegramWebApp();
    if (!webApp) return false;
    webApp.openTelegramLink(`https://t.me/share/url?${new URLSearchParams({ url: share.url, text: share.text }).toString()}`);
    return true;
  }
  if (shell !== 'native') return false;
  const { nativeBridge } = await import('./native-shell/native-bridge.ts');
  return (
    nativeBridge()
      // The reply comes when the player closes the share sheet, which can take a while.
      .request('share', share, 60_000)
      .then(() => true)
      .catch(() => false)
  );
}
