import { ChevronRight } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { Link } from '../../../shared/router/router.tsx';
import { sportKeyOfId } from '../labels.ts';
import { TeamLogo } from './team-logo.tsx';
import styles from './sports.module.css';

export interface TeamRow {
  id: number;
  na: string;
  lurl: string;
  sid: number;
  /** The league the team was found in, when known by name. */
  leagueName?: string;
  /** Its live or next match, as a line of text. */
  next?: string;
  /** True while that match is live: the line is marked live. */
  live?: boolean;
}

/** Teams (or players) as rows: logo, name, sport and league, and a link to their matches. */
export function TeamRows({ teams, teamHref }: { teams: readonly TeamRow[]; teamHref: (team: TeamRow) => string }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.rows}>
      {teams.map((team) => {
        const sportKey = sportKeyOfId(team.sid);
        const sub = [sportKey ? t(`sports.sportId.${sportKey}`) : undefined, team.leagueName].filter(Boolean).join(' · ');
        return (
          <li key={`${team.sid}:${team.id}`}>
            <Link to={teamHref(team)} className={styles.row}>
              <TeamLogo name={team.na} url={team.lurl} size={28} />
              <span className={styles.rowMain}>
                <span className={styles.rowTitle}>{team.na}</span>
                {sub ? <span className={styles.rowSub}>{sub}</span> : null}
                {team.next ? <span className={`${styles.rowSub} ${team.live ? styles.rowLive : ''}`}>{team.next}</span> : null}
              </span>
              <ChevronRight size={18} aria-hidden="true" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
