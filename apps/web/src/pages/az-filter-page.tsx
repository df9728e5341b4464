import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { SearchView } from '../features/sports/ui/search-view.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { AZ_FILTER_LINKS } from './az-filter-links.ts';

/**
 * /az-filter: the search entry of the sport tabs (spec §2): sports and leagues A–Z, teams and leagues found as you
 * type, and the full results (/az-filter-search); each leads to its matches on /az-filter-match.
 */
export default function AzFilterPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('sports.search.title')} backTo={paths.sport} />
      <SearchView links={AZ_FILTER_LINKS} />
    </>
  );
}
