import { useTranslation } from '../shared/i18n/translate.ts';
import { RankingBoard } from '../features/loyalty/ranking-board.tsx';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

export default function RankingListPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('loyalty.rank.title')} backTo={paths.me} />
      <RankingBoard />
    </RequireLogin>
  );
}
