import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths } from '../app/routes.ts';
import { DepositResult } from '../features/payments/deposit-result.tsx';
import { buttonClassName } from '../shared/ui/button.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import styles from './pages.module.css';
import { orderPath } from './payments-nav.ts';
import { RequireLogin } from './require-login.tsx';

export default function DepositResultPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const orderId = search.get('order_id') ?? '';
  if (!orderId) return <Navigate to={paths.deposit} replace />;
  return (
    <RequireLogin>
      {search.get('noHeader') === '1' ? null : <PageTitle title={t('payments.result.title')} backTo={paths.game} />}
      <div className={styles.stack}>
        <DepositResult orderId={orderId} />
        <Link to={paths.game} className={buttonClassName({ variant: 'primary', block: true })}>
          {t('payments.result.play')}
        </Link>
        <Link to={paths.deposit} className={buttonClassName({ variant: 'ghost', block: true })}>
          {t('payments.result.again')}
        </Link>
        <Link to={orderPath(paths.transactionDetail, orderId, undefined, '&type=payin')} className={buttonClassName({ variant: 'ghost', block: true })}>
          {t('payments.result.details')}
        </Link>
      </div>
    </RequireLogin>
  );
}
