import { useTranslation } from '../shared/i18n/translate.ts';
import { Link, Navigate, useSearchParams } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { PayoutRecord } from '../features/payments/payout-record.tsx';
import { buttonClassName } from '../shared/ui/button.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import styles from './pages.module.css';
import { RequireLogin } from './require-login.tsx';

/** A withdrawal record, followed until the provider pays or refuses it. */
export default function RecordDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const orderId = search.get('order_id') ?? '';
  if (!orderId) return <Navigate to={paths.transaction} replace />;
  return (
    <RequireLogin>
      <PageTitle title={t('payments.payout.title')} backTo={paths.transaction} />
      <div className={styles.stack}>
        <PayoutRecord orderId={orderId} />
        <Link to={paths.transaction} className={buttonClassName({ variant: 'ghost', block: true })}>
          {t('payments.history.title')}
        </Link>
      </div>
    </RequireLogin>
  );
}
