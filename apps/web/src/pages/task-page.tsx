import { useTranslation } from '../shared/i18n/translate.ts';
import { TaskCentre } from '../features/loyalty/task-centre.tsx';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

export default function TaskPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('loyalty.tasks.title')} backTo={paths.me} />
      <TaskCentre />
    </RequireLogin>
  );
}
