import { useTranslation } from '../shared/i18n/translate.ts';
import { Link } from '../shared/router/router.tsx';
import { BonusList } from '../features/bonus/bonus-list.tsx';
import { useRealTimeBonusOn } from '../features/bonus/real-time-bonus.tsx';
import { paths } from '../shared/paths/paths.ts';
import { buttonClassName } from '../shared/ui/button.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';
import styles from './pages.module.css';

export default function BonusPage() {
  const { t } = useTranslation();
  const realTimeOn = useRealTimeBonusOn();
  return (
    <RequireLogin>
      <PageTitle title={t('bonus.title')} backTo={paths.walletBonus} />
      <div className={styles.stack}>
        <BonusList />
        <Link to={paths.bonusHistory} className={buttonClassName({ variant: 'ghost', block: true })}>
          {t('bonus.history.title')}
        </Link>
        {/* decision 044: booster cards, and real-time bonuses while the operator runs them */}
        <Link to={paths.useBonus} className={buttonClassName({ variant: 'ghost', block: true })}>
          {t('booster.title')}
        </Link>
        {realTimeOn ? (
          <Link to={paths.realTimeBonus} className={buttonClassName({ variant: 'ghost', block: true })}>
            {t('realTime.title')}
          </Link>
        ) : null}
      </div>
    </RequireLogin>
  );
}
