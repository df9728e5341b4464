import { Link } from '../shared/router/router.tsx';
import { BoosterList } from '../features/bonus/booster-list.tsx';
import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { buttonClassName } from '../shared/ui/button.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';
import styles from './pages.module.css';

/** /use-bonus (spec §2): the player's booster cards and how to use them (decision 044). */
export default function UseBonusPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('booster.title')} backTo={paths.bonus} />
      <div className={styles.stack}>
        <BoosterList />
        <Link to={paths.bonus} className={buttonClassName({ variant: 'ghost', block: true })}>
          {t('realTime.myBonuses')}
        </Link>
      </div>
    </RequireLogin>
  );
}
