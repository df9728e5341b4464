import { ChevronRight, Gift, UserPlus } from 'lucide-react';
import { Link } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { paths } from '../../shared/paths/paths.ts';
import { activityHref } from './activity-paths.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { useActivityListQuery } from './api/activity.ts';
import listCard from '../../shared/ui/list-card.module.css';
import styles from './activity.module.css';

/** The player's way to the brand's activities (from /me): one row each, with the rewards ready to claim; none → /activity/empty; then Invite friends. */
export function ActivityLinks() {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const list = useActivityListQuery(uid);
  const open = (list.data?.list ?? []).filter((activity) => activity.status !== 3 || activity.claimable > 0);
  return (
    <nav aria-label={t('activity.links')}>
      <ul className={`${listCard.listCard} ${listCard.dividedRows}`}>
        {open.length === 0 ? (
          <li className={listCard.row}>
            <Link to={paths.activityEmpty} className={styles.link}>
              <span className={styles.icon} aria-hidden="true">
                <Gift size={18} />
              </span>
              <span className={listCard.rowTitle}>{t('activity.title')}</span>
              <span />
              <ChevronRight size={18} aria-hidden="true" />
            </Link>
          </li>
        ) : (
          open.map((activity) => (
            <li key={activity.id}>
              <Link to={activityHref(activity.kind, activity.id, activity.theme)} className={styles.link}>
                <span className={styles.icon} aria-hidden="true">
                  <Gift size={18} />
                </span>
                <span className={listCard.rowMain}>
                  <span className={listCard.rowTitle}>{activity.name}</span>
                  <span className={styles.muted}>{t(`activity.kind.${activity.kind}`)}</span>
                </span>
                {activity.claimable > 0 ? <span className={styles.count}>{t('activity.ready', { n: activity.claimable })}</span> : <span />}
                <ChevronRight size={18} aria-hidden="true" />
              </Link>
            </li>
          ))
        )}
        <li>
          <Link to={paths.activityInvite} className={styles.link}>
            <span className={styles.icon} aria-hidden="true">
              <UserPlus size={18} />
            </span>
            <span className={listCard.rowTitle}>{t('invite.links')}</span>
            <span />
            <ChevronRight size={18} aria-hidden="true" />
          </Link>
        </li>
      </ul>
    </nav>
  );
}
