import { useEffect } from 'react';
import type { ShellKind } from '../../shared/shell.ts';
import { navigateTo, useLocation, type Location } from '../../shared/router/router.tsx';
import { paths } from '../../shared/paths/paths.ts';
import { routeFind } from '../routes.ts';
import { externalLinksThroughShell } from './external-links.ts';
import { nativeBackSet, nativeShellStart } from './native-shell-start.ts';
import { telegramShellStart, telegramBackButtonSync } from './telegram-shell-start.ts';

/** Whether the page has somewhere to go back to inside the app: a page below the tabs, or an entry the app pushed. */
export function backAvailable(location: Pick<Location, 'pathname' | 'key'>): boolean {
  return location.key !== 'default' || !(routeFind(location.pathname)?.firstLevel ?? false);
}

/** Goes back one page inside the app; from a deep page opened directly (nothing of ours behind it) to the home. */
export function backGo(location: Pick<Location, 'key'>): void {
  if (location.key !== 'default') navigateTo(-1);
  else navigateTo(paths.root, { replace: true });
}

let started = false;

/**
 * The app's side of the shell it runs in (decision 062), loaded only inside the native shell or the mini app: the
 * bridge or Telegram's WebApp surface, hardware back and BackButton following the router, links to other sites opened
 * outside the web view.
 */
export function ShellLink({ shell }: { shell: Extract<ShellKind, 'native' | 'telegram'> }) {
  const location = useLocation();
  useEffect(() => {
    if (started) return;
    started = true;
    externalLinksThroughShell(document);
    if (shell === 'native') nativeShellStart();
    else void telegramShellStart();
  }, [shell]);
  const canGoBack = backAvailable(location);
  useEffect(() => {
    if (shell === 'telegram') return telegramBackButtonSync(canGoBack, () => backGo(location));
    if (shell === 'native') return nativeBackSet(() => (canGoBack ? (backGo(location), true) : false));
  }, [shell, canGoBack, location]);
  return null;
}
