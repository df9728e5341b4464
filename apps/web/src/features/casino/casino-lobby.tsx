import { ChevronRight, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useHallTabsQuery } from './api/hall.ts';
import { paths } from '../../shared/paths/paths.ts';
import { CategoryChips, type Chip } from './category-chips.tsx';
import { GameGridSkeletonStatic } from './game-grid-skeleton.tsx';
import { GameBanners } from './game-banners.tsx';
import { TOP_TAB_LABELS } from './lobby-labels.ts';
import styles from './lobby.module.css';
import { TabGames } from './tab-games.tsx';

export function SearchEntry() {
  const { t } = useTranslation();
  return (
    <Link to={paths.gameSearch} className={styles.searchEntry}>
      <Search size={18} aria-hidden="true" />
      {t('casino.searchPlaceholder')}
    </Link>
  );
}

/**
 * The classic lobby (/game, the default landing page): game banners, search, a row of categories and the
 * chosen category's games. Favourites and recents appear for a signed-in player.
 */
export function CasinoLobby({ onFirstScreen, banners = true }: { onFirstScreen?: () => void; banners?: boolean }) {
  const { t } = useTranslation();
  const signedIn = useSessionStore((state) => state.login !== undefined);
  const tabs = useHallTabsQuery();
  const [selected, setSelected] = useState<string | undefined>();
  useEffect(() => {
    if (tabs.isFetched) onFirstScreen?.();
  }, [tabs.isFetched, onFirstScreen]);

  const chips: Chip[] = (tabs.data?.sub_tabs ?? []).map((tab) => ({ key: tab.tab_key, label: tab.category_name }));
  if (signedIn && tabs.data) {
    chips.push({ key: 'favorites', label: t(TOP_TAB_LABELS.favorites) }, { key: 'recents', label: t(TOP_TAB_LABELS.recents) });
  }
  const current = selected && chips.some((chip) => chip.key === selected) ? selected : chips[0]?.key;
  const title = chips.find((chip) => chip.key === current)?.label;

  return (
    <div className={styles.lobby}>
      {banners ? <GameBanners /> : null}
      <SearchEntry />
      {tabs.isPending ? (
        <Skeleton height={40} radius={999} />
      ) : (
        <CategoryChips chips={chips} selected={current ?? ''} onSelect={setSelected} label={t('casino.categoriesLabel')} />
      )}
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{title ?? t('game.title')}</h2>
        <Link to={paths.more} className={styles.moreLink}>
          {t('casino.more')}
          <ChevronRight size={18} aria-hidden="true" />
        </Link>
      </div>
      {current ? (
        <TabGames key={current} tabKey={current} emptyTitle={current === 'favorites' ? t('casino.favoritesEmpty') : undefined} />
      ) : tabs.isPending ? (
        // The cards' room is kept while the tabs load: the grid arriving under an empty heading pushed the footer down
        // (layout shift 0.48 on /#/game, Lighthouse, 2026-11-29).
        <GameGridSkeletonStatic />
      ) : (
        <TabGames tabKey="lobby" />
      )}
    </div>
  );
}
