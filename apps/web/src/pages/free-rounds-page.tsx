import { FreeRoundsList } from '../features/bonus/free-rounds-list.tsx';
import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

/** /promotion/free-rounds: the player's free rounds (spec §3 Free rounds). */
export default function FreeRoundsPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('freeRounds.title')} backTo={paths.promotion} />
      <FreeRoundsList />
    </RequireLogin>
  );
}
