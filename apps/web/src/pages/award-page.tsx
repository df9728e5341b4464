import { AwardList } from '../features/bonus/award-list.tsx';
import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

/** /award: prizes won elsewhere land here to be drawn (spec §2, §7 award lists and draw). */
export default function AwardPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('award.title')} backTo={paths.promotion} />
      <AwardList />
    </RequireLogin>
  );
}
