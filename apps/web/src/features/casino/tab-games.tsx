import { Dices, RefreshCw } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { useHallListQuery } from './api/hall.ts';
import { GameGrid, GameGridSkeleton } from './game-grid.tsx';

/** Every game of one tab (sub-tab, favourites, recents, new or provider:<key>) in the virtualised grid. */
export function TabGames({ tabKey, emptyTitle }: { tabKey: string; emptyTitle?: string }) {
  const { t } = useTranslation();
  const { games, isPending, isError, refetch, isRefetching, hasNextPage, fetchNextPage, isFetchingNextPage } = useHallListQuery(tabKey);
  if (isPending) return <GameGridSkeleton />;
  if (isError) return <EmptyState icon={<RefreshCw size={28} />} title={t('casino.loadFailed')} onRefresh={() => void refetch()} refreshing={isRefetching} />;
  if (games.length === 0)
    return <EmptyState icon={<Dices size={28} />} title={emptyTitle ?? t('casino.tabEmpty')} onRefresh={() => void refetch()} refreshing={isRefetching} />;
  return <GameGrid games={games} hasMore={hasNextPage && !isFetchingNextPage} onMore={() => void fetchNextPage()} />;
}
