import { cryptoAllowed } from '@piranha/domain/payments';
import { useCallback } from 'react';
import { useTranslation } from '../shared/i18n/translate.ts';
import { Navigate, useNavigate, useSearchParams } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { DepositForm } from '../features/payments/deposit-form.tsx';
import { DepositWait } from '../features/payments/deposit-wait.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import { depositOrderPath, orderPath } from './payments-nav.ts';
import { RequireLogin } from './require-login.tsx';

type WaitTitle = 'payments.wait.pageTitle' | 'payments.spei.title' | 'payments.thaiQr.title' | 'payments.thaiBank.title' | 'payments.usdt.title';

/**
 * An open deposit's instruction and status: /deposit-wait for most methods, /spei-announce, /thaiqr-pay,
 * /th-bank-page and /usdt for theirs. Without an order id the USDT page is the crypto deposit form itself.
 */
function WaitPage({ title, cryptoForm = false }: { title: WaitTitle; cryptoForm?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const orderId = search.get('order_id') ?? '';
  const noHeader = search.get('noHeader') === '1';
  const finished = useCallback(() => navigate(orderPath(paths.depositResult, orderId, search), { replace: true }), [navigate, orderId, search]);
  // The USDT page without an order is the crypto form, which only brands holding USDT have.
  if (!orderId && (!cryptoForm || !cryptoAllowed(variantCurrent().currencies))) return <Navigate to={paths.deposit} replace />;
  return (
    <RequireLogin>
      {noHeader ? null : <PageTitle title={t(title)} backTo={paths.deposit} />}
      {orderId ? (
        <DepositWait key={orderId} orderId={orderId} onFinished={finished} />
      ) : (
        <DepositForm
          initialKind="crypto"
          kindLocked
          noSkeleton={search.get('noSke') === '1'}
          onCreated={(order) => navigate(depositOrderPath(order, search))}
        />
      )}
    </RequireLogin>
  );
}

export default function DepositWaitPage() {
  return <WaitPage title="payments.wait.pageTitle" />;
}
export function SpeiAnnouncePage() {
  return <WaitPage title="payments.spei.title" />;
}
export function ThaiQrPayPage() {
  return <WaitPage title="payments.thaiQr.title" />;
}
export function ThBankPage() {
  return <WaitPage title="payments.thaiBank.title" />;
}
export function UsdtPage() {
  return <WaitPage title="payments.usdt.title" cryptoForm />;
}
