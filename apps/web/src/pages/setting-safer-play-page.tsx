import { useTranslation } from '../shared/i18n/translate.ts';
import { Navigate } from '../shared/router/router.tsx';
import { SaferPlay } from '../features/safer-play/safer-play.tsx';
import { paths } from '../shared/paths/paths.ts';
import { useSessionStore } from '../shared/session/session-store.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';

export default function SettingSaferPlayPage() {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  if (!uid) return <Navigate to={paths.loginb} replace />;
  return (
    <>
      <PageTitle title={t('saferPlay.title')} backTo={paths.setting} />
      <SaferPlay uid={uid} />
    </>
  );
}
