import { Hourglass } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '../shared/i18n/translate.ts';
import { leagueHref, paths } from '../shared/paths/paths.ts';
import { betSlipSelect } from './bet-slip-select.ts';
import { bannersPrefetch } from '../features/promo/api/banners.ts';
import { BannerCarousel } from '../features/promo/banner-carousel.tsx';
import { SportsSkeleton } from '../features/sports/ui/sports-skeleton.tsx';
import { firstScreenDataDone } from '../features/system/first-screen.ts';
import { EmptyState } from '../shared/ui/empty-state.tsx';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import styles from './pages.module.css';

// The match lists (sports contract schemas, infinite queries, cards) come in their own chunk, asked for as soon as
// this page's module runs: the banners and the skeleton paint first and the 120 KB initial-JS budget holds.
bannersPrefetch('sport');
const sportsHomeLoad = import('../features/sports/ui/sports-home.tsx');
const SportsHome = lazy(() => sportsHomeLoad.then((module) => ({ default: module.SportsHome })));
// The slip's sheet loads on its own too, and its store on the first tap or with the sheet (bet-slip-select.ts).
const BetSlipDock = lazy(() => import('../features/betting/ui/bet-slip-dock.tsx').then((module) => ({ default: module.BetSlipDock })));

/** Spec §2 home sports page: banners, sport tabs, matches. The PHP build shows the coming-soon placeholder instead. */
export default function SportPage() {
  const { t } = useTranslation();
  useEffect(() => firstScreenDataDone(), []);
  const comingSoon = variantCurrent().currency === 'PHP';
  return (
    <div className={styles.stack}>
      <BannerCarousel source="sport" />
      {comingSoon ? (
        <EmptyState icon={<Hourglass size={28} />} title={t('sports.comingSoonTitle')} body={t('sports.comingSoonBody')} />
      ) : (
        <Suspense fallback={<SportsSkeleton />}>
          <SportsHome searchHref={paths.azFilter} resultsHref={paths.results} leagueHref={leagueHref} onSelect={betSlipSelect} />
          <BetSlipDock loginHref={paths.loginb} recordsHref={paths.betRecord} />
        </Suspense>
      )}
    </div>
  );
}
