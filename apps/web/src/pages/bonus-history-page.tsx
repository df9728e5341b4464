import { useTranslation } from '../shared/i18n/translate.ts';
import { BonusHistoryList } from '../features/bonus/bonus-history-list.tsx';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

export default function BonusHistoryPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('bonus.history.title')} backTo={paths.bonus} />
      <BonusHistoryList />
    </RequireLogin>
  );
}
