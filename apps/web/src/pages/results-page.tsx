import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { ResultsView } from '../features/sports/ui/results-view.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';

export default function ResultsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('sports.results.title')} backTo={paths.sport} />
      <ResultsView />
    </>
  );
}
