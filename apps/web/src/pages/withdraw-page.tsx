import { useTranslation } from '../shared/i18n/translate.ts';
import { useNavigate } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { TouristWithdrawNotice } from '../features/payments/tourist-withdraw-notice.tsx';
import { WithdrawForm } from '../features/payments/withdraw-form.tsx';
import { useSessionStore } from '../shared/session/session-store.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { orderPath } from './payments-nav.ts';
import { RequireLogin } from './require-login.tsx';

/** /withdraw and /wallet/withdraw. */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tourist = useSessionStore((state) => state.login?.visitor === true);
  return (
    <RequireLogin>
      <PageTitle title={t('payments.withdraw.title')} backTo={paths.game} />
      {/* A guest cannot withdraw (the server refuses it): the page says why and leads to saving the account. */}
      {tourist ? (
        <TouristWithdrawNotice saveEmailTo={paths.saveEmail} />
      ) : (
        <WithdrawForm onCreated={(order) => navigate(orderPath(paths.recordDetail, order.order_id))} saveEmailTo={paths.saveEmail} />
      )}
    </RequireLogin>
  );
}
