import { lazy, Suspense } from 'react';
import { useTranslation } from '../shared/i18n/translate.ts';
import { LobbySkeleton } from '../features/casino/lobby-skeleton.tsx';
import { bannersPrefetch, useBannersQuery } from '../features/promo/api/banners.ts';
import { BannerCarousel } from '../features/promo/banner-carousel.tsx';
import { firstScreenDataDone } from '../features/system/first-screen.ts';
import styles from './pages.module.css';

/**
 * The lobby's code (and the casino contract it validates answers with) is its own chunk: the first route
 * stays within the JavaScript budget, and the skeleton holds the layout until it runs. Its download starts when
 * this module runs, not when the page first renders, so it overlaps the first render instead of following it.
 */
bannersPrefetch('game');
const casinoLobbyLoad = import('../features/casino/casino-lobby.tsx');
const CasinoLobby = lazy(() => casinoLobbyLoad.then((module) => ({ default: module.CasinoLobby })));
/** History link and UI switch: not needed for the first paint, so kept out of the first route's JavaScript. */
const LobbyToolbar = lazy(() => import('../features/casino/lobby-toolbar.tsx').then((module) => ({ default: module.LobbyToolbar })));

/** /game, the default landing page: the operator's banners (or, without any, the featured games) and the lobby. */
export default function GamePage() {
  const { i18n } = useTranslation();
  const promo = useBannersQuery('game', i18n.language);
  const promoShown = promo.isPending || (promo.data?.list.length ?? 0) > 0;
  return (
    <div className={styles.stack}>
      <Suspense fallback={<div className={styles.toolbarSlot} />}>
        <LobbyToolbar uiV3={false} />
      </Suspense>
      {promoShown ? <BannerCarousel source="game" /> : null}
      <Suspense fallback={<LobbySkeleton />}>
        <CasinoLobby banners={!promoShown} onFirstScreen={firstScreenDataDone} />
      </Suspense>
    </div>
  );
}
