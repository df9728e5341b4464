import { ChevronRight, Crown, ListChecks, Trophy } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { useDynconfig } from '../../shared/dynconfig.ts';
import { useTaskHintQuery } from './api/loyalty.ts';
import styles from './loyalty.module.css';
import listCard from '../../shared/ui/list-card.module.css';

/** The way to the VIP club, the task centre and the rankings from the player's page, with the task hint (tasks ready to claim). */
export function LoyaltyLinks({ vipTo, tasksTo, rankingTo }: { vipTo: string; tasksTo: string; rankingTo: string }) {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const hint = useTaskHintQuery(uid);
  const claimable = hint.data?.claimable ?? 0;
  // Dynconfig (decision 033): vip_club off hides the VIP club's way in; task_ab arm B puts the task centre first.
  const vipClub = useDynconfig('vip_club');
  const taskFirst = useDynconfig('task_ab')?.switch === 1;
  const vip =
    vipClub?.switch === 0 ? null : (
      <li className={styles.item} key="vip">
        <Link to={vipTo} className={styles.itemLink}>
          <span className={listCard.itemIcon} aria-hidden="true">
            <Crown size={18} />
          </span>
          <span className={listCard.itemTitle}>{t('loyalty.vip.title')}</span>
          <ChevronRight size={18} aria-hidden="true" />
        </Link>
      </li>
    );
  const tasks = (
    <li className={styles.item} key="tasks">
      <Link to={tasksTo} className={styles.itemLink}>
        <span className={listCard.itemIcon} aria-hidden="true">
          <ListChecks size={18} />
        </span>
        <span className={listCard.itemTitle}>{t('loyalty.tasks.title')}</span>
        {claimable > 0 ? <span className={styles.count}>{t('loyalty.tasks.ready', { n: claimable })}</span> : null}
        <ChevronRight size={18} aria-hidden="true" />
      </Link>
    </li>
  );
  return (
    <nav aria-label={t('loyalty.links')}>
      <ul className={styles.list}>
        {taskFirst ? [tasks, vip] : [vip, tasks]}
        <li className={styles.item}>
          <Link to={rankingTo} className={styles.itemLink}>
            <span className={listCard.itemIcon} aria-hidden="true">
              <Trophy size={18} />
            </span>
            <span className={listCard.itemTitle}>{t('loyalty.rank.title')}</span>
            <ChevronRight size={18} aria-hidden="true" />
          </Link>
        </li>
      </ul>
    </nav>
  );
}
