import type { GameMainKey, GameTopTab } from '@piranha/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useHallTabsQuery } from './api/hall.ts';
import { SearchEntry } from './casino-lobby.tsx';
import { CategoryChips } from './category-chips.tsx';
import { GameBanners } from './game-banners.tsx';
import { TOP_TAB_LABELS } from './lobby-labels.ts';
import styles from './lobby.module.css';
import { TabGames } from './tab-games.tsx';

/** Favourites and recents belong to a player: a guest is not shown them. */
const PLAYER_TABS: readonly GameTopTab[] = ['favorites', 'recents'];

/**
 * The newer lobby (UI v3, spec §2): top tabs Lobby, Favorites, Recents, New and Game Providers; the lobby
 * shows the sub-tabs, the providers tab one chip per provider. Tabs and providers without games are not
 * returned by the server, so they are not shown.
 */
export function CasinoHomeV3({ mainKey, onFirstScreen }: { mainKey?: GameMainKey; onFirstScreen?: () => void }) {
  const { t } = useTranslation();
  const signedIn = useSessionStore((state) => state.login !== undefined);
  const tabs = useHallTabsQuery(mainKey);
  const [top, setTop] = useState<GameTopTab>('lobby');
  const [sub, setSub] = useState<string | undefined>();
  const [provider, setProvider] = useState<string | undefined>();
  useEffect(() => {
    if (tabs.isFetched) onFirstScreen?.();
  }, [tabs.isFetched, onFirstScreen]);

  const topTabs = (tabs.data?.top_tabs ?? []).filter((tab) => signedIn || !PLAYER_TABS.includes(tab.tab_key)).map((tab) => tab.tab_key);
  const currentTop = topTabs.includes(top) ? top : (topTabs[0] ?? 'lobby');
  const subTabs = tabs.data?.sub_tabs ?? [];
  const currentSub = sub && subTabs.some((tab) => tab.tab_key === sub) ? sub : subTabs[0]?.tab_key;
  const providers = tabs.data?.providers ?? [];
  const currentProvider = provider && providers.some((entry) => entry.game_platform === provider) ? provider : providers[0]?.game_platform;

  let tabKey: string | undefined;
  if (currentTop === 'lobby') tabKey = currentSub;
  else if (currentTop === 'providers') tabKey = currentProvider ? `provider:${currentProvider}` : undefined;
  else tabKey = currentTop;

  return (
    <div className={styles.lobby}>
      <GameBanners mainKey={mainKey} />
      <SearchEntry />
      {tabs.isPending ? (
        <Skeleton height={44} />
      ) : (
        <div className={styles.topTabs} role="tablist" aria-label={t('casino.topTabsLabel')}>
          {topTabs.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={key === currentTop}
              className={`${styles.topTab} ${key === currentTop ? styles.topTabOn : ''}`}
              onClick={() => setTop(key)}
            >
              {t(TOP_TAB_LABELS[key])}
            </button>
          ))}
        </div>
      )}
      {currentTop === 'lobby' && subTabs.length > 0 ? (
        <CategoryChips
          size="small"
          chips={subTabs.map((tab) => ({ key: tab.tab_key, label: tab.category_name }))}
          selected={currentSub ?? ''}
          onSelect={setSub}
          label={t('casino.categoriesLabel')}
        />
      ) : null}
      {currentTop === 'providers' && providers.length > 0 ? (
        <CategoryChips
          size="small"
          chips={providers.map((entry) => ({ key: entry.game_platform, label: entry.name, count: entry.game_count }))}
          selected={currentProvider ?? ''}
          onSelect={setProvider}
          label={t('casino.providersLabel')}
        />
      ) : null}
      {tabKey ? <TabGames key={tabKey} tabKey={tabKey} emptyTitle={currentTop === 'favorites' ? t('casino.favoritesEmpty') : undefined} /> : null}
    </div>
  );
}
