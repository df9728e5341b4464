import { paths } from './paths/paths.ts';
import type { ShellKind } from './shell.ts';

/** How a page shows in the context the app runs in (spec §2 "Messaging-app and native shells have their own page mapping"). */
export interface ShellPageView {
  /** Where this context sends the path instead; undefined shows it. */
  redirect: string | undefined;
  /** Our header (noHeader=1: the native shell draws its own). */
  header: boolean;
  /** Our loading skeletons (noSke=1: the native shell shows its own loader). */
  skeleton: boolean;
  /** The install-the-web-app bar (decision 053). */
  installBar: boolean;
}

/** Pages that install the web app or a web clip: nothing to install inside a shell's web view. */
const WEB_INSTALL_PAGES: readonly string[] = [paths.downloadIos, paths.downloadLand, paths.downloadLandDetail];

/**
 * The page mapping of each context (decision 062):
 * - native shell: every download page goes home (the player is in the store app already); `noHeader=1` and
 *   `noSke=1` (spec §2, the shell opening a money page in its web view) hide our header and skeletons.
 * - messaging mini app: the web-app and web-clip install pages go to /download (Telegram's web view cannot add to the
 *   home screen; the store links still work). `noSke=1` is honoured; `noHeader=1` is not — Telegram draws no header
 *   of ours, so hiding it would leave the player no way to the wallet or the menu.
 * - browser and installed web app: the flags are ignored for the same reason (a shared link must not strand anyone).
 * The install bar shows in a browser only.
 */
export function shellPageView(shell: ShellKind, pathname: string, search: string): ShellPageView {
  const params = new URLSearchParams(search);
  const noHeader = params.get('noHeader') === '1';
  const noSkeleton = params.get('noSke') === '1';
  switch (shell) {
    case 'native':
      return {
        redirect: pathname === paths.download || pathname === paths.brgDownload || WEB_INSTALL_PAGES.includes(pathname) ? paths.root : undefined,
        header: !noHeader,
        skeleton: !noSkeleton,
        installBar: false,
      };
    case 'telegram':
      return { redirect: WEB_INSTALL_PAGES.includes(pathname) ? paths.download : undefined, header: true, skeleton: !noSkeleton, installBar: false };
    case 'pwa':
      return { redirect: undefined, header: true, skeleton: true, installBar: false };
    case 'browser':
      return { redirect: undefined, header: true, skeleton: true, installBar: true };
  }
}
