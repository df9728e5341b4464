import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { TransactionList } from '../features/payments/transaction-list.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { orderPath } from './payments-nav.ts';
import { RequireLogin } from './require-login.tsx';

export default function TransactionPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('payments.history.title')} backTo={paths.me} />
      <TransactionList detailHref={(orderId, type) => orderPath(paths.transactionDetail, orderId, undefined, `&type=${type}`)} />
    </RequireLogin>
  );
}
