import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { BannerCarousel } from '../features/promo/banner-carousel.tsx';
import { firstScreenDataDone } from '../features/system/first-screen.ts';
import { EmptyState } from '../shared/ui/empty-state.tsx';
import styles from './pages.module.css';

/**
 * The frame both home tabs share until their catalogues arrive: the operator's banners and the real
 * empty-data view, whose refresh fetches everything on the page again.
 */
export function HomeTabPage({ source, icon, title, body }: { source: 'sport' | 'game'; icon: ReactNode; title: string; body: string }) {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  useEffect(() => firstScreenDataDone(), []);
  const refresh = async () => {
    setRefreshing(true);
    await queryClient.invalidateQueries({ queryKey: ['promo'] });
    setRefreshing(false);
  };
  return (
    <div className={styles.stack}>
      <BannerCarousel source={source} />
      <EmptyState icon={icon} title={title} body={body} onRefresh={refresh} refreshing={refreshing} />
    </div>
  );
}
