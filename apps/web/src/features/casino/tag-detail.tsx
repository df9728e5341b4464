import type { GameTopTab } from '@piranha/contract';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useSearchParams } from '../../shared/router/router.tsx';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { useHallTabsQuery } from './api/hall.ts';
import { paths } from '../../shared/paths/paths.ts';
import { TOP_TAB_LABELS } from './lobby-labels.ts';
import styles from './lobby.module.css';
import { TabGames } from './tab-games.tsx';

/** Every game of one tab or provider (`?tab=`), under its name. */
export function TagDetail() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const tabKey = search.get('tab') ?? 'popular';
  const tabs = useHallTabsQuery();
  const provider = tabKey.startsWith('provider:') ? tabs.data?.providers.find((entry) => `provider:${entry.game_platform}` === tabKey) : undefined;
  const title =
    provider?.name ??
    tabs.data?.sub_tabs.find((tab) => tab.tab_key === tabKey)?.category_name ??
    (tabKey in TOP_TAB_LABELS ? t(TOP_TAB_LABELS[tabKey as GameTopTab]) : t('game.title'));
  return (
    <div className={styles.lobby}>
      <PageTitle title={title} backTo={paths.more} />
      <TabGames key={tabKey} tabKey={tabKey} />
    </div>
  );
}
