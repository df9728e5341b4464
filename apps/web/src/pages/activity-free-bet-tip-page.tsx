import { Ticket } from 'lucide-react';
import { Link } from '../shared/router/router.tsx';
import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import styles from '../features/activity/activity.module.css';

const STEPS = ['step1', 'step2', 'step3', 'step4'] as const;

/** /activity/free-bet-tip: how a free bet won from an activity is staked (decision 061); no sign-in needed to read it. */
export default function ActivityFreeBetTipPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('activity.tip.title')} backTo={paths.activityFreeBet} />
      <div className={styles.stack}>
        <section className={styles.hero} aria-labelledby="free-bet-tip-intro">
          <span className={styles.icon} aria-hidden="true">
            <Ticket size={18} />
          </span>
          <p id="free-bet-tip-intro" className={styles.progressText}>
            {t('activity.tip.intro')}
          </p>
        </section>
        <ol className={styles.steps}>
          {STEPS.map((step) => (
            <li key={step}>{t(`activity.tip.${step}`)}</li>
          ))}
        </ol>
        <p className={styles.muted}>{t('activity.tip.expiry')}</p>
        <div className={styles.actions}>
          <Link to={paths.activityFreeBet} className={styles.tipLink}>
            {t('activity.tip.toActivity')}
          </Link>
          <Link to={paths.sport} className={styles.tipLink}>
            {t('activity.tip.toSports')}
          </Link>
        </div>
      </div>
    </>
  );
}
