import { useTranslation } from '../shared/i18n/translate.ts';
import { Navigate, useSearchParams } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { AppealForm } from '../features/payments/appeal-form.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { orderPath } from './payments-nav.ts';
import { RequireLogin } from './require-login.tsx';

/** A problem with a deposit: the appeal form, or the appeal's state once sent. */
export default function TransactionQuestionPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const orderId = search.get('order_id') ?? '';
  if (!orderId) return <Navigate to={paths.transaction} replace />;
  return (
    <RequireLogin>
      <PageTitle title={t('payments.appeal.title')} backTo={orderPath(paths.transactionDetail, orderId, undefined, '&type=payin')} />
      <AppealForm orderId={orderId} />
    </RequireLogin>
  );
}
