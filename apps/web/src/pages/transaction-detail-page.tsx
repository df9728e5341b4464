import { useTranslation } from '../shared/i18n/translate.ts';
import { Navigate, useSearchParams } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { PayinDetail } from '../features/payments/payin-detail.tsx';
import { PayoutRecord } from '../features/payments/payout-record.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { orderPath } from './payments-nav.ts';
import { RequireLogin } from './require-login.tsx';

/** One transaction: a deposit with its appeal, or a withdrawal with its progress. */
export default function TransactionDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const orderId = search.get('order_id') ?? '';
  if (!orderId) return <Navigate to={paths.transaction} replace />;
  return (
    <RequireLogin>
      <PageTitle title={t('payments.detail.title')} backTo={paths.transaction} />
      {search.get('type') === 'payout' ? (
        <PayoutRecord orderId={orderId} />
      ) : (
        <PayinDetail orderId={orderId} appealHref={orderPath(paths.transactionQuestion, orderId)} waitHref={orderPath(paths.depositWait, orderId)} />
      )}
    </RequireLogin>
  );
}
