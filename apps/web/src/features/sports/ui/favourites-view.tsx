import { Star } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { useMatchesByIdsQuery } from '../api/sports-api.ts';
import { useFavouritesStore } from '../favourites-store.ts';
import type { OddsSelect } from '../odds-selection.ts';
import { LeagueRows } from './league-rows.tsx';
import { MatchListView } from './match-list-view.tsx';
import styles from './sports.module.css';

/** The Favourites tab: starred leagues, then starred matches still live or to come. Kept on this device. */
export function FavouritesView({ leagueHref, onSelect }: { leagueHref: (leagueId: number) => string; onSelect?: OddsSelect }) {
  const { t } = useTranslation();
  const leagues = useFavouritesStore((state) => state.leagues);
  const matchIds = useFavouritesStore((state) => state.matchIds);
  const matches = useMatchesByIdsQuery(matchIds);
  if (leagues.length === 0 && matchIds.length === 0) {
    return <EmptyState icon={<Star size={28} />} title={t('sports.favourite.emptyTitle')} body={t('sports.favourite.emptyBody')} />;
  }
  return (
    <div className={styles.stack}>
      {leagues.length > 0 ? (
        <section aria-label={t('sports.favourite.leagues')} className={styles.stack}>
          <h2 className={styles.heading}>{t('sports.favourite.leagues')}</h2>
          <LeagueRows leagues={leagues} leagueHref={leagueHref} />
        </section>
      ) : null}
      {matchIds.length > 0 ? (
        <section aria-label={t('sports.favourite.matches')} className={styles.stack}>
          <h2 className={styles.heading}>{t('sports.favourite.matches')}</h2>
          <MatchListView
            source={{
              records: matches.data?.records ?? [],
              status: matches.status,
              dataUpdatedAt: matches.dataUpdatedAt,
              hasNextPage: false,
              isFetchingNextPage: false,
              isRefetching: matches.isRefetching,
              fetchNextPage: () => undefined,
              refetch: () => matches.refetch(),
            }}
            onSelect={onSelect}
            empty={{ title: t('sports.favourite.matchesGoneTitle'), body: t('sports.favourite.matchesGoneBody') }}
          />
        </section>
      ) : null}
    </div>
  );
}
