import { useTranslation } from '../shared/i18n/translate.ts';
import { Link } from '../shared/router/router.tsx';
import { BonusList } from '../features/bonus/bonus-list.tsx';
import { paths } from '../shared/paths/paths.ts';
import { buttonClassName } from '../shared/ui/button.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';
import styles from './pages.module.css';

export default function BonusPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('bonus.title')} backTo={paths.walletBonus} />
      <div className={styles.stack}>
        <BonusList />
        <Link to={paths.bonusHistory} className={buttonClassName({ variant: 'ghost', block: true })}>
          {t('bonus.history.title')}
        </Link>
      </div>
    </RequireLogin>
  );
}
