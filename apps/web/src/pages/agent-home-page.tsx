import { AgentHome } from '../features/agent/agent-home.tsx';
import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

export default function AgentHomePage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('agent.title')} backTo={paths.me} />
      <AgentHome />
    </RequireLogin>
  );
}
