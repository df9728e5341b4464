import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../app/routes.ts';
import { WithdrawForm } from '../features/payments/withdraw-form.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { orderPath } from './payments-nav.ts';
import { RequireLogin } from './require-login.tsx';

/** /withdraw and /wallet/withdraw. */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <RequireLogin>
      <PageTitle title={t('payments.withdraw.title')} backTo={paths.game} />
      <WithdrawForm onCreated={(order) => navigate(orderPath(paths.recordDetail, order.order_id))} />
    </RequireLogin>
  );
}
