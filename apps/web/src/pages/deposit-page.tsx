import { cryptoAllowed } from '@piranha/domain/payments';
import { useTranslation } from '../shared/i18n/translate.ts';
import { useLocation, useNavigate, useSearchParams } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { DepositForm } from '../features/payments/deposit-form.tsx';
import { depositQueryParse } from '../features/payments/deposit-query.ts';
import { shellKind } from '../shared/shell.ts';
import { shellPageView } from '../shared/shell-page-view.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { currencyCurrent } from '../shared/variant/currency-choice.ts';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import { depositOrderPath } from './payments-nav.ts';
import { RequireLogin } from './require-login.tsx';

/** /deposit and /wallet/deposit (spec §2): noSke=1 and noHeader=1 inside the native shell, rechargeChannel=USDT for crypto. */
export default function DepositPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const query = depositQueryParse(search);
  // noHeader=1 and noSke=1 count inside the shells only, never in a browser (shell-page-view.ts).
  const view = shellPageView(shellKind(), useLocation().pathname, search.toString());
  // Brands that hold USDT open the switch on crypto (USDT), unless the player chose a local wallet currency; a
  // rechargeChannel=USDT link opens crypto even then. Brands without crypto ignore the flag.
  const allowsCrypto = cryptoAllowed(variantCurrent().currencies);
  const initialKind = allowsCrypto && (query.channel === 'USDT' || currencyCurrent() === 'USDT') ? 'crypto' : 'fiat';
  return (
    <RequireLogin>
      {view.header ? <PageTitle title={t('payments.deposit.title')} backTo={paths.game} /> : null}
      <DepositForm key={initialKind} initialKind={initialKind} noSkeleton={!view.skeleton} onCreated={(order) => navigate(depositOrderPath(order, search))} />
    </RequireLogin>
  );
}
