import { Star } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { useFavouritesStore, type FavouriteLeague } from '../favourites-store.ts';
import styles from './sports.module.css';

/** The star that keeps a league under Favourites. */
export function LeagueStar({ league }: { league: FavouriteLeague }) {
  const { t } = useTranslation();
  const starred = useFavouritesStore((state) => state.leagues.some((entry) => entry.id === league.id));
  const leagueToggle = useFavouritesStore((state) => state.leagueToggle);
  return (
    <button
      type="button"
      className={`${styles.iconButton} ${starred ? styles.starred : ''}`}
      aria-pressed={starred}
      aria-label={t('sports.favourite.league', { name: league.na })}
      onClick={() => leagueToggle({ id: league.id, na: league.na, sid: league.sid })}
    >
      <Star size={20} aria-hidden="true" fill={starred ? 'currentColor' : 'none'} />
    </button>
  );
}
