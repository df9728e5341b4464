import { useState } from 'react';
import { useTranslation } from '../shared/i18n/translate.ts';
import { Navigate, useNavigate } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { AccountCancellation } from '../features/account/account-cancellation.tsx';
import { useSessionStore } from '../shared/session/session-store.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';

export default function SettingAccountCancellationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Judged on arrival: closing the account here goes on to the game instead of bouncing to the login page.
  const [arrivedSignedOut] = useState(() => !useSessionStore.getState().login);
  if (arrivedSignedOut) return <Navigate to={paths.loginb} replace />;
  return (
    <>
      <PageTitle title={t('profile.closeTitle')} backTo={paths.accountInfo} />
      <AccountCancellation onClosed={() => navigate(paths.game, { replace: true })} onKept={() => navigate(paths.accountInfo)} />
    </>
  );
}
