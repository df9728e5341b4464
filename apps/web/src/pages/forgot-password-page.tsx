import { useTranslation } from '../shared/i18n/translate.ts';
import { Link, useNavigate } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import styles from '../features/account/account-forms.module.css';
import { ForgotPasswordForm } from '../features/account/forgot-password-form.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { toastShow } from '../shared/ui/toast-store.ts';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const done = () => {
    toastShow({ kind: 'success', text: t('recovery.passwordChanged') });
    navigate(paths.game, { replace: true });
  };
  return (
    <div className={styles.form}>
      <PageTitle title={t('recovery.forgotTitle')} backTo={paths.loginb} />
      <ForgotPasswordForm onPasswordSet={done} />
      <div className={styles.links}>
        <Link to={paths.loginb}>{t('recovery.backToLogin')}</Link>
      </div>
    </div>
  );
}
