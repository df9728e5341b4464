import { cryptoAllowed } from '@piranha/domain/payments';
import { useTranslation } from '../shared/i18n/translate.ts';
import { useNavigate, useSearchParams } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { DepositForm } from '../features/payments/deposit-form.tsx';
import { depositQueryParse } from '../features/payments/deposit-query.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { currencyCurrent } from '../shared/variant/currency-choice.ts';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import { depositOrderPath } from './payments-nav.ts';
import { RequireLogin } from './require-login.tsx';

/** /deposit and /wallet/deposit (spec §2): noSke=1 and noHeader=1 inside a web view, rechargeChannel=USDT for crypto. */
export default function DepositPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const query = depositQueryParse(search);
  // Brands that hold USDT open the switch on crypto (USDT), unless the player chose a local wallet currency; a
  // rechargeChannel=USDT link opens crypto even then. Brands without crypto ignore the flag.
  const allowsCrypto = cryptoAllowed(variantCurrent().currencies);
  const initialKind = allowsCrypto && (query.channel === 'USDT' || currencyCurrent() === 'USDT') ? 'crypto' : 'fiat';
  return (
    <RequireLogin>
      {query.noHeader ? null : <PageTitle title={t('payments.deposit.title')} backTo={paths.game} />}
      <DepositForm key={initialKind} initialKind={initialKind} noSkeleton={query.noSkeleton} onCreated={(order) => navigate(depositOrderPath(order, search))} />
    </RequireLogin>
  );
}
