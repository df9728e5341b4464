import { Trophy } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { useLeagueMatchesQuery } from '../api/sports-api.ts';
import { useFavouritesStore } from '../favourites-store.ts';
import type { OddsSelect } from '../odds-selection.ts';
import { LeagueStar } from './league-star.tsx';
import { MatchListView } from './match-list-view.tsx';
import styles from './sports.module.css';

/** One league's live and upcoming matches (/league), with its star. */
export function LeagueView({ leagueId, onSelect }: { leagueId: number; onSelect?: OddsSelect }) {
  const { t, i18n } = useTranslation();
  const list = useLeagueMatchesQuery(leagueId, i18n.language);
  const remembered = useFavouritesStore((state) => state.leagues.find((league) => league.id === leagueId));
  const league = list.records[0]?.lg ?? remembered;
  if (!(leagueId > 0)) return <EmptyState icon={<Trophy size={28} />} title={t('sports.detail.notFoundTitle')} body={t('sports.detail.notFoundBody')} />;
  return (
    <div className={styles.stack}>
      {league ? (
        <div className={styles.row}>
          <LeagueStar league={{ id: league.id, na: league.na, sid: league.sid }} />
          <h2 className={`${styles.heading} ${styles.rowMain}`}>{league.na}</h2>
        </div>
      ) : null}
      <MatchListView source={list} onSelect={onSelect} empty={{ title: t('sports.league.emptyTitle'), body: t('sports.league.emptyBody') }} />
    </div>
  );
}
