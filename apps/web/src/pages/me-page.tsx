import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../app/routes.ts';
import { ProfileCard } from '../features/account/profile-card.tsx';
import { useSessionStore } from '../shared/session/session-store.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';

export default function MePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useSessionStore((state) => state.login);
  if (!login) return <Navigate to={paths.loginb} replace />;
  return (
    <>
      <PageTitle title={t('account.meTitle')} />
      <ProfileCard onLoggedOut={() => navigate(paths.game, { replace: true })} />
    </>
  );
}
