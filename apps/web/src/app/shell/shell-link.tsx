import { useEffect } from 'react';
import { TelegramMiniApp } from '../../features/account/telegram-mini-app.tsx';
import type { ShellKind } from '../../shared/shell.ts';
import { historyIndexCurrent, navigateTo, useLocation } from '../../shared/router/router.tsx';
import { paths } from '../../shared/paths/paths.ts';
import { routeFind } from '../routes.ts';
import { externalLinksThroughShell } from './external-links.ts';
import { nativeBackSet, nativeShellStart } from './native-shell-start.ts';
import { telegramShellStart, telegramBackButtonSync } from './telegram-shell-start.ts';

/** Whether there is somewhere to go back to inside the app: a page of ours behind this one, or a page below the tabs. */
export function backAvailable(pathname: string, historyIndex: number): boolean {
  return historyIndex > 0 || !(routeFind(pathname)?.firstLevel ?? false);
}

/** Goes back one page inside the app; from a deep page opened directly (nothing of ours behind it) to the home. */
export function backGo(historyIndex: number): void {
  if (historyIndex > 0) navigateTo(-1);
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
  // Read on every location change: the entry's index lives in history.state beside the location.
  const historyIndex = historyIndexCurrent();
  const canGoBack = backAvailable(location.pathname, historyIndex);
  useEffect(() => {
    if (shell === 'telegram') return telegramBackButtonSync(canGoBack, () => backGo(historyIndex));
    if (shell === 'native') return nativeBackSet(() => (canGoBack ? (backGo(historyIndex), true) : false));
  }, [shell, canGoBack, historyIndex]);
  // The mini app signs its visitor in with the launch's initData (loaded with the rest of the shell's code).
  return shell === 'telegram' ? <TelegramMiniApp /> : null;
}
