import { useTranslation } from '../shared/i18n/translate.ts';
import { Navigate } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { AccountInfo } from '../features/account/account-info.tsx';
import { useSessionStore } from '../shared/session/session-store.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';

export default function SettingAccountInfoPage() {
  const { t } = useTranslation();
  const signedIn = useSessionStore((state) => state.login !== undefined);
  if (!signedIn) return <Navigate to={paths.loginb} replace />;
  return (
    <>
      <PageTitle title={t('profile.title')} backTo={paths.setting} />
      <AccountInfo cancellationPath={paths.accountCancellation} />
    </>
  );
}
