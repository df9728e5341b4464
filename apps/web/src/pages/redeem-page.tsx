import { useTranslation } from '../shared/i18n/translate.ts';
import { RedeemForm } from '../features/bonus/redeem-form.tsx';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

export default function RedeemPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('redeem.title')} backTo={paths.bonus} />
      <RedeemForm />
    </RequireLogin>
  );
}
