import { useTranslation } from 'react-i18next';
import { CasinoLobby } from '../features/casino/casino-lobby.tsx';
import { LobbyToolbar } from '../features/casino/lobby-toolbar.tsx';
import { useBannersQuery } from '../features/promo/api/banners.ts';
import { BannerCarousel } from '../features/promo/banner-carousel.tsx';
import { firstScreenDataDone } from '../features/system/first-screen.ts';
import styles from './pages.module.css';

/** /game, the default landing page: the operator's banners (or, without any, the featured games) and the lobby. */
export default function GamePage() {
  const { i18n } = useTranslation();
  const promo = useBannersQuery('game', i18n.language);
  const promoShown = promo.isPending || (promo.data?.list.length ?? 0) > 0;
  return (
    <div className={styles.stack}>
      <LobbyToolbar uiV3={false} />
      {promoShown ? <BannerCarousel source="game" /> : null}
      <CasinoLobby banners={!promoShown} onFirstScreen={firstScreenDataDone} />
    </div>
  );
}
