import { useTranslation } from '../shared/i18n/translate.ts';
import { VipClub } from '../features/loyalty/vip-club.tsx';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

export default function VipClubPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('loyalty.vip.title')} backTo={paths.me} />
      <VipClub />
    </RequireLogin>
  );
}
