import { useTranslation } from '../shared/i18n/translate.ts';
import { BonusBalances } from '../features/bonus/bonus-balances.tsx';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

export default function WalletBonusPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('wallet.bonus.title')} backTo={paths.me} />
      <BonusBalances />
    </RequireLogin>
  );
}
