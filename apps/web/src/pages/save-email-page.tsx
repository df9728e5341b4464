import { useState } from 'react';
import { useTranslation } from '../shared/i18n/translate.ts';
import { Navigate, useNavigate } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import styles from '../features/account/account-forms.module.css';
import { SaveEmailForm } from '../features/account/save-email-form.tsx';
import { useSessionStore } from '../shared/session/session-store.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { toastShow } from '../shared/ui/toast-store.ts';

export default function SaveEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Only a signed-in tourist has an account to save; judged on arrival, so saving here (visitor becomes false) goes on to /me.
  const [arrivedAsTourist] = useState(() => useSessionStore.getState().login?.visitor === true);
  if (!arrivedAsTourist) return <Navigate to={paths.me} replace />;
  const done = () => {
    // Spec §4 also clears a stored invite id here; the web app does not keep one yet.
    toastShow({ kind: 'success', text: t('recovery.saved') });
    navigate(paths.me, { replace: true });
  };
  return (
    <div className={styles.form}>
      <PageTitle title={t('recovery.saveTitle')} backTo={paths.me} />
      <SaveEmailForm onSaved={done} />
    </div>
  );
}
