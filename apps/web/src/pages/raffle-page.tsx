import { useTranslation } from '../shared/i18n/translate.ts';
import { Raffle } from '../features/loyalty/raffle.tsx';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

/** /raffle (spec §2): the weekly raffle, its tickets and its verifiable draws. */
export default function RafflePage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('loyalty.raffle.title')} backTo={paths.vipClub} />
      <Raffle />
    </RequireLogin>
  );
}
