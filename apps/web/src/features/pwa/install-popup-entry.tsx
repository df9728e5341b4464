import { POPUP_LEVELS } from '@piranha/domain';
import { lazy, Suspense } from 'react';
import { paths } from '../../shared/paths/paths.ts';
import type { PopupEntry } from '../../shared/popup-entry.ts';
import { useInstallOfferStore } from '../../shared/pwa/install-offer.ts';
import { useLocation } from '../../shared/router/router.tsx';
import { useSessionStore } from '../../shared/session/session-store.ts';

const InstallPopup = lazy(() => import('./pwa-bar.tsx').then((module) => ({ default: module.InstallPopup })));

/** The lobbies: the pop-up waits for a player who is browsing, never over sign-in, a form or a game. */
const LOBBY_PATHS: readonly string[] = [paths.game, paths.sport, paths.homeGame, paths.homeSlots, paths.homeCasino, paths.homeSport];

/**
 * The install pop-up in the app's pop-up stack (spec §4, level "download guide"): offered while the install bar is, to a
 * signed-in player (guest included: the reward is theirs) on a lobby, once a day on this device (the stack's 24 h
 * cache). The modal loads when it is due.
 */
export function useInstallPopups(): PopupEntry[] {
  const offer = useInstallOfferStore((state) => state.offer);
  const signedIn = useSessionStore((state) => Boolean(state.login?.uid));
  const { pathname } = useLocation();
  if (!offer || !signedIn || !LOBBY_PATHS.includes(pathname)) return [];
  return [
    {
      key: 'download_guide',
      level: POPUP_LEVELS.downloadGuide,
      show: true,
      cached: true,
      render: (close) => (
        <Suspense fallback={null}>
          <InstallPopup amountText={offer.amountText} onClose={close} />
        </Suspense>
      ),
    },
  ];
}
