import { useTranslation } from '../shared/i18n/translate.ts';
import { useSearchParams } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { SearchResultsView } from '../features/sports/ui/search-results-view.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { AZ_FILTER_LINKS } from './az-filter-links.ts';

/** /az-filter-search?keyword=: every team and league found for a keyword (spec §2), kept in the address. */
export default function AzFilterSearchPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const keyword = (search.get('keyword') ?? '').slice(0, 50);
  return (
    <>
      <PageTitle title={t('sports.search.resultsTitle')} backTo={paths.azFilter} />
      <SearchResultsView
        keyword={keyword}
        onKeyword={(typed) => setSearch(typed === '' ? {} : { keyword: typed }, { replace: true })}
        links={AZ_FILTER_LINKS}
      />
    </>
  );
}
