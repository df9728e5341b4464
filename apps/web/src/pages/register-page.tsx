import { useTranslation } from '../shared/i18n/translate.ts';
import { Link, useNavigate } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import styles from '../features/account/account-forms.module.css';
import { RegisterForm } from '../features/account/register-form.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.form}>
      <PageTitle title={t('account.registerTitle')} />
      <RegisterForm onRegistered={() => navigate(paths.game, { replace: true })} />
      <div className={styles.links}>
        <Link to={paths.loginb}>{t('account.haveAccount')}</Link>
      </div>
    </div>
  );
}
