import type { GameCard as GameCardData } from '@piranha/contract';
import { Dices, RefreshCw } from 'lucide-react';
import { memo, useDeferredValue, useMemo } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { useHallListQuery } from './api/hall.ts';
import { GameGrid, GameGridSkeleton } from './game-grid.tsx';

interface TabSnapshot {
  status: 'pending' | 'error' | 'ready';
  games: readonly GameCardData[];
}

/**
 * Every game of one tab (sub-tab, favourites, recents, new or provider:<key>) in the virtualised grid. The grid draws
 * a step behind the query (decision 093): an answer renders this component at once, and the cards in React's
 * background render, which yields every few milliseconds — a query's answer is rendered synchronously, so drawing a
 * screenful of cards in it made one long task on a phone. A mount with the tab cached draws the cards at once.
 */
export function TabGames({ tabKey, emptyTitle }: { tabKey: string; emptyTitle?: string }) {
  const { games, isPending, isError, refetch, isRefetching, hasNextPage, fetchNextPage, isFetchingNextPage } = useHallListQuery(tabKey);
  const status = isPending ? 'pending' : isError ? 'error' : 'ready';
  const shown = useDeferredValue(useMemo<TabSnapshot>(() => ({ status, games }), [status, games]));
  return (
    <TabBody
      shown={shown}
      emptyTitle={emptyTitle}
      onRefresh={refetch}
      refreshing={isRefetching}
      hasMore={hasNextPage && !isFetchingNextPage}
      onMore={fetchNextPage}
    />
  );
}

/** What the tab shows for one snapshot of its query; memoised, so the render that defers it skips it. */
const TabBody = memo(function TabBody({
  shown,
  emptyTitle,
  onRefresh,
  refreshing,
  hasMore,
  onMore,
}: {
  shown: TabSnapshot;
  emptyTitle?: string;
  onRefresh: () => unknown;
  refreshing: boolean;
  hasMore: boolean;
  onMore: () => unknown;
}) {
  const { t } = useTranslation();
  if (shown.status === 'pending') return <GameGridSkeleton />;
  if (shown.status === 'error')
    return <EmptyState icon={<RefreshCw size={28} />} title={t('casino.loadFailed')} onRefresh={() => void onRefresh()} refreshing={refreshing} />;
  if (shown.games.length === 0)
    return <EmptyState icon={<Dices size={28} />} title={emptyTitle ?? t('casino.tabEmpty')} onRefresh={() => void onRefresh()} refreshing={refreshing} />;
  return <GameGrid games={shown.games} hasMore={hasMore} onMore={() => void onMore()} />;
});
