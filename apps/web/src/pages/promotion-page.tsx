import { PromotionList } from '../features/bonus/promotion-list.tsx';
import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';

/** /promotion: the brand's running offers (spec §2 bonus and promotion). Open to everyone. */
export default function PromotionPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('promotion.title')} backTo={paths.root} />
      <PromotionList />
    </>
  );
}
