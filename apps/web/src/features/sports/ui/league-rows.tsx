import { ChevronRight } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { Link } from '../../../shared/router/router.tsx';
import { sportKeyOfId } from '../labels.ts';
import { LeagueStar } from './league-star.tsx';
import styles from './sports.module.css';

export interface LeagueRow {
  id: number;
  na: string;
  sid: number;
  rnm?: string;
  live_count?: number;
  upcoming_count?: number;
}

/** Leagues as rows: name, sport and region, counts, a star, and a link to the league's matches. */
export function LeagueRows({ leagues, leagueHref }: { leagues: readonly LeagueRow[]; leagueHref: (leagueId: number, name: string) => string }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.rows}>
      {leagues.map((league) => {
        const sportKey = sportKeyOfId(league.sid);
        const parts = [sportKey ? t(`sports.sportId.${sportKey}`) : undefined, league.rnm].filter(Boolean);
        const counts =
          league.live_count !== undefined && league.upcoming_count !== undefined
            ? t('sports.leagueCounts', { live: league.live_count, upcoming: league.upcoming_count })
            : undefined;
        return (
          <li key={league.id} className={styles.row}>
            <LeagueStar league={league} />
            <Link to={leagueHref(league.id, league.na)} className={styles.rowMain}>
              <span className={styles.rowTitle}>{league.na}</span>
              <span className={styles.rowSub}>{[parts.join(' · '), counts].filter(Boolean).join(' — ')}</span>
            </Link>
            <ChevronRight size={18} aria-hidden="true" />
          </li>
        );
      })}
    </ul>
  );
}
