import { useTranslation } from '../shared/i18n/translate.ts';
import { Link, Navigate, useSearchParams } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
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
      <DepositResult
        orderId={orderId}
        actions={(step) => {
          const details = orderPath(paths.transactionDetail, orderId, undefined, '&type=payin');
          // Paid: go and play. Declined: the way forward is another try; a pending one may need a word with us.
          const links =
            step === 'paid'
              ? [
                  { to: paths.game, label: t('payments.result.play') },
                  { to: details, label: t('payments.result.details') },
                ]
              : step === 'ended'
                ? [
                    { to: paths.deposit, label: t('payments.result.again') },
                    { to: details, label: t('payments.result.details') },
                  ]
                : [
                    { to: details, label: t('payments.result.details') },
                    { to: orderPath(paths.transactionQuestion, orderId), label: t('payments.appeal.title') },
                  ];
          return (
            <div className={styles.stack}>
              {links.map((link, index) => (
                <Link key={link.to} to={link.to} className={buttonClassName({ variant: index === 0 ? 'primary' : 'ghost', block: true })}>
                  {link.label}
                </Link>
              ))}
            </div>
          );
        }}
      />
    </RequireLogin>
  );
}
