import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { accountKeys } from '../../features/account/api/account-api.ts';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Navigate, Outlet, useLocation } from '../../shared/router/router.tsx';
import { useBonusPopups } from '../../features/bonus/bonus-popup-entries.tsx';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { SessionUpkeep } from '../../features/account/session-upkeep.tsx';
import { TermsRecheck } from '../../features/account/terms-recheck.tsx';
import { TouristSaveModal } from '../../features/account/tourist-save-modal.tsx';
import { useMessagePopupClosed } from '../../features/messages/popup-closed.ts';
import { AreaCheck } from '../../features/system/area-check.tsx';
import { DynconfigLoader } from '../../features/system/dynconfig-loader.tsx';
import { useFirstScreenSettled } from '../../features/system/first-screen.ts';
import { GlobalStatusPoll } from '../../features/system/global-status-poll.tsx';
import { PopupStack } from '../../features/system/popup-stack.tsx';
import { useInstallPopups } from '../../features/pwa/install-popup-entry.tsx';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.tsx';
import { Toaster } from '../../shared/ui/toaster.tsx';
import { pageComponent } from '../router.tsx';
import { HOME_PATHS, ROUTES, routeFind } from '../routes.ts';
import { paths } from '../../shared/paths/paths.ts';
import { shellKind } from '../../shared/shell.ts';
import { shellPageView } from '../../shared/shell-page-view.ts';
import styles from './app-layout.module.css';
import { FooterTabs } from './footer-tabs.tsx';
import { Header } from './header.tsx';
import { SiteFooter } from './site-footer.tsx';
import { useRoutePreload } from './use-route-preload.ts';

/** The bonus watch (new_bonus poll, unlocked detection) loads for a signed-in player only, after the first screen. */
const BonusWatch = lazy(() => import('../../features/bonus/bonus-watch.tsx').then((module) => ({ default: module.BonusWatch })));
/** The top bar fills itself from its own poll, and the reality check runs for a signed-in player only: neither is on
 * the first screen's critical path, so both load after it (docs/decisions/029: first-route bytes). */
const TopBar = lazy(() => import('../../features/messages/top-bar.tsx').then((module) => ({ default: module.TopBar })));
/** Spec §2 notification bar (web push, decision 035): for a signed-in player, after the first screen. */
const NotificationBar = lazy(() => import('../../features/push/notification-bar.tsx').then((module) => ({ default: module.NotificationBar })));
/** The installable web app (decision 053): the install bar and the service worker's "new version" prompt, after the first screen. */
const InstallBar = lazy(() => import('../../features/pwa/pwa-bar.tsx').then((module) => ({ default: module.InstallBar })));
const UpdatePrompt = lazy(() => import('../../features/pwa/pwa-bar.tsx').then((module) => ({ default: module.UpdatePrompt })));
/** The socket (decision 036) loads for a signed-in player only, after the first screen. */
const RealtimeLink = lazy(() => import('../realtime-link.tsx').then((module) => ({ default: module.RealtimeLink })));
/** The native shell's bridge or the mini app's WebApp surface (decision 062): loaded inside those shells only. */
const ShellLink = lazy(() => import('../shell/shell-link.tsx').then((module) => ({ default: module.ShellLink })));
const RealityCheck = lazy(() => import('../../features/safer-play/reality-check.tsx').then((module) => ({ default: module.RealityCheck })));

const KEEP_ALIVE = ROUTES.filter((route) => route.keepAlive).map((route) => route.path);

/**
 * The frame of every page: header, the page, footer tabs on first-level pages, and the app-wide
 * behaviours (global status poll, area check, dynamic config, session upkeep, pop-ups, toasts).
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const route = routeFind(pathname);
  const [visited, setVisited] = useState<string[]>([]);
  if (KEEP_ALIVE.includes(pathname) && !visited.includes(pathname)) setVisited([...visited, pathname]);
  useRoutePreload();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const messagePopupClosed = useMessagePopupClosed(uid);
  const bonusPopups = useBonusPopups();
  const installPopups = useInstallPopups();
  const signedIn = useSessionStore((state) => Boolean(state.login));
  // The bars and prompts the first screen does not need load once it is drawn (decision 077).
  const settled = useFirstScreenSettled();
  const queryClient = useQueryClient();
  const shell = shellKind();
  const view = shellPageView(shell, pathname, search);
  const shellLink =
    shell === 'native' || shell === 'telegram' ? (
      <Suspense fallback={null}>
        <ShellLink shell={shell} />
      </Suspense>
    ) : null;

  if (view.redirect) return <Navigate to={view.redirect} replace />;
  if (route?.frame)
    return (
      <main id="main" className={styles.frame}>
        <Suspense fallback={<LoadingOverlay />}>
          <Outlet />
        </Suspense>
        {shellLink}
        <Toaster />
      </main>
    );

  const chrome = route?.chrome ?? true;
  // Spec §2: a native shell opening a money page in its web view draws its own header (noHeader=1; shell-page-view.ts).
  const header = chrome && view.header;
  const footer = route?.firstLevel ?? false;
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main" onClick={(event) => (event.preventDefault(), document.getElementById('main')?.focus())}>
        {t('app.skipToContent')}
      </a>
      {header ? <Header /> : null}
      {header && settled ? (
        <Suspense fallback={null}>
          <TopBar />
        </Suspense>
      ) : null}
      {header && signedIn ? (
        <Suspense fallback={null}>
          <NotificationBar onEnabled={() => void queryClient.invalidateQueries({ queryKey: accountKeys.info(uid) })} />
        </Suspense>
      ) : null}
      {header && view.installBar && settled ? (
        // A slot of no height under the message and notification bars: the install bar hangs from it over the page (no layout shift when
        // it arrives late) and never over either bar.
        <div className={styles.installSlot}>
          <Suspense fallback={null}>
            <InstallBar />
          </Suspense>
        </div>
      ) : null}
      <main id="main" tabIndex={-1} className={`${styles.main} ${footer ? styles.withFooter : ''}`}>
        <Suspense fallback={<LoadingOverlay />}>
          {visited.map((path) => {
            const Page = pageComponent(path)!;
            return (
              <div key={path} hidden={path !== pathname}>
                <Page />
              </div>
            );
          })}
          <Outlet />
          {/* Inside the page's boundary: drawn under the header while the page's code loaded, it jumped down when the
              page came (layout shift 0.24 on /#/game, 0.27 on /#/sport, 2026-11-29). */}
          {HOME_PATHS.includes(pathname) ? <SiteFooter /> : null}
        </Suspense>
      </main>
      {footer ? <FooterTabs /> : null}
      <GlobalStatusPoll />
      <AreaCheck />
      <DynconfigLoader />
      <SessionUpkeep />
      <TermsRecheck />
      {signedIn ? (
        <Suspense fallback={null}>
          <BonusWatch />
          <RealtimeLink />
        </Suspense>
      ) : null}
      {shellLink}
      {settled ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
      <TouristSaveModal saveEmailTo={paths.saveEmail} />
      {chrome ? <PopupStack extra={[...bonusPopups, ...installPopups]} onClose={messagePopupClosed} /> : null}
      {chrome && signedIn ? (
        <Suspense fallback={null}>
          <RealityCheck saferPlayPath={paths.saferPlay} />
        </Suspense>
      ) : null}
      <Toaster />
    </div>
  );
}
