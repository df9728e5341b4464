import { CashbackHistory } from '../features/loyalty/cashback-history.tsx';
import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

export default function CashbackPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('loyalty.cashback.title')} backTo={paths.vipClub} />
      <CashbackHistory />
    </RequireLogin>
  );
}
