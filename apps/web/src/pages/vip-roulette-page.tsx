import { useTranslation } from '../shared/i18n/translate.ts';
import { VipWheel } from '../features/loyalty/vip-wheel.tsx';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

export default function VipRoulettePage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('loyalty.wheel.title')} backTo={paths.vipClub} />
      <VipWheel />
    </RequireLogin>
  );
}
