import { HOME_TAB_LIVE_MAX, SPORT_KEYS, type HomeTabKey, type SportKeyWire } from '@piranha/contract';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Trophy } from 'lucide-react';
import { useHomeTabsQuery, useMatchListQuery } from '../api/sports-api.ts';
import type { OddsSelect } from '../odds-selection.ts';
import { FavouritesView } from './favourites-view.tsx';
import { MatchListView } from './match-list-view.tsx';
import { SportsSkeleton } from './sports-skeleton.tsx';
import { SportTabs, SubTabs, useTabListExpanded, type SportsTabKey } from './sport-tabs.tsx';
import styles from './sports.module.css';

const FIRST_TABS = 6;

function isSportKey(key: string): key is SportKeyWire {
  return (SPORT_KEYS as readonly string[]).includes(key);
}

/**
 * The home sports page below the banners (spec §2, §4): the category row of sport tabs (first 6, all after 2 s; reset
 * to InPlay once loaded), sub-tabs auto-selecting their first child, and the tab's matches. `fixedTab` pins one tab
 * (the /live page) and hides the row.
 */
export function SportsHome({
  searchHref,
  resultsHref,
  leagueHref,
  onSelect,
  fixedTab,
}: {
  searchHref: string;
  resultsHref: string;
  leagueHref: (leagueId: number) => string;
  onSelect?: OddsSelect;
  fixedTab?: HomeTabKey;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const tabsQuery = useHomeTabsQuery(language);
  // The tabs' answer draws the tab row, the sub-tabs and the list's frame: in a background render React slices into
  // ~5 ms steps, as the list's cards are (decision 081), not in the answer's own task (a uSES update renders at once:
  // 18 ms of one task on /#/sport's load, decision 102). Data and status move together, in that one render.
  const tabsData = useDeferredValue(tabsQuery.data);
  const tabsStatus = useDeferredValue(tabsQuery.status);
  const tabList = tabsData?.list;
  const expanded = useTabListExpanded(tabList !== undefined);
  const [tab, setTab] = useState<SportsTabKey>(fixedTab ?? 'InPlay');
  const [subByTab, setSubByTab] = useState<Partial<Record<string, string>>>({});
  const [loadedTabs, setLoadedTabs] = useState(tabList);
  if (tabList !== loadedTabs) {
    setLoadedTabs(tabList);
    // Spec §4: after the tabs load the current tab resets to InPlay.
    if (loadedTabs === undefined && !fixedTab) setTab('InPlay');
  }

  const current = tab === 'favourites' ? undefined : tabList?.find((entry) => entry.tab_key === tab);
  const sub = current ? (subByTab[current.tab_key] ?? current.children[0]?.key) : undefined;
  const list = useMatchListQuery({ tab: current?.tab_key ?? 'InPlay', sub, subType: current?.type ?? 1 }, language, current !== undefined);

  const shownTabs = tabList ? (expanded ? tabList : tabList.slice(0, FIRST_TABS)) : [];
  const tabs = [
    ...shownTabs.map((entry) => ({ key: entry.tab_key as SportsTabKey, count: entry.count })),
    ...(fixedTab ? [] : [{ key: 'favourites' as const }]),
  ];

  if (tabsStatus === 'pending') {
    return <SportsSkeleton />;
  }
  if (tabsStatus === 'error') {
    return (
      <EmptyState
        icon={<Trophy size={28} />}
        title={t('sports.errorTitle')}
        body={t('sports.errorBody')}
        onRefresh={() => void tabsQuery.refetch()}
        refreshing={tabsQuery.isRefetching}
      />
    );
  }
  return (
    <div className={styles.stack}>
      {fixedTab ? null : <SportTabs tabs={tabs} current={tab} onChoose={setTab} searchHref={searchHref} resultsHref={resultsHref} />}
      {tab === 'favourites' ? (
        <FavouritesView leagueHref={leagueHref} onSelect={onSelect} />
      ) : current ? (
        <>
          <SubTabs
            label={current.type === 1 ? t('sports.sportsLabel') : t('sports.leaguesLabel')}
            current={sub}
            onChoose={(key) => setSubByTab((previous) => ({ ...previous, [current.tab_key]: key }))}
            items={current.children.map((child) => ({
              key: child.key,
              label: current.type === 1 && isSportKey(child.key) ? t(`sports.sportKey.${child.key}`) : child.na,
              count: child.count,
            }))}
          />
          <MatchListView
            key={`${current.tab_key}:${sub ?? ''}`}
            source={list}
            liveMax={current.tab_key === 'InPlay' ? HOME_TAB_LIVE_MAX : undefined}
            liveOnly={current.tab_key === 'Live'}
            onSelect={onSelect}
            empty={current.tab_key === 'Live' ? { title: t('sports.liveEmptyTitle'), body: t('sports.liveEmptyBody') } : undefined}
          />
        </>
      ) : (
        <EmptyState
          icon={<Trophy size={28} />}
          title={t('sport.emptyTitle')}
          body={t('sport.emptyBody')}
          onRefresh={() => void tabsQuery.refetch()}
          refreshing={tabsQuery.isRefetching}
        />
      )}
    </div>
  );
}
