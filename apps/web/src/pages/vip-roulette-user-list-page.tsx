import { useTranslation } from '../shared/i18n/translate.ts';
import { WheelUserList } from '../features/loyalty/wheel-draws.tsx';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

/** /vip-roulette/user-list (spec §2): the player's VIP wheel spins. */
export default function VipRouletteUserListPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('loyalty.wheel.userListTitle')} backTo={paths.vipRoulette} />
      <WheelUserList />
    </RequireLogin>
  );
}
