import { AgentBindForm } from '../features/agent/agent-pages.tsx';
import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

export default function AgentBindPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('agent.bindTitle')} backTo={paths.thinAgent} />
      <AgentBindForm />
    </RequireLogin>
  );
}
