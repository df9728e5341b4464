import { Hourglass } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { leagueHref, paths } from '../app/routes.ts';
import { BannerCarousel } from '../features/promo/banner-carousel.tsx';
import { SportsHome } from '../features/sports/ui/sports-home.tsx';
import { firstScreenDataDone } from '../features/system/first-screen.ts';
import { EmptyState } from '../shared/ui/empty-state.tsx';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import styles from './pages.module.css';

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
        <SportsHome searchHref={paths.azFilter} resultsHref={paths.results} leagueHref={leagueHref} />
      )}
    </div>
  );
}
