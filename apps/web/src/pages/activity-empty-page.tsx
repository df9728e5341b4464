import { Gift } from 'lucide-react';
import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { EmptyState } from '../shared/ui/empty-state.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';

/** /activity/empty: no activity is running for this brand right now. */
export default function ActivityEmptyPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('activity.title')} backTo={paths.me} />
      <EmptyState icon={<Gift size={28} />} title={t('activity.emptyTitle')} body={t('activity.emptyBody')} />
    </>
  );
}
