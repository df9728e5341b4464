import { useTranslation } from 'react-i18next';
import { leagueHref, paths } from '../app/routes.ts';
import { SearchView } from '../features/sports/ui/search-view.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';

/** /az-filter: the search entry of the sport tabs (spec §2): leagues A–Z, teams and leagues found as you type. */
export default function AzFilterPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('sports.search.title')} backTo={paths.sport} />
      <SearchView leagueHref={leagueHref} />
    </>
  );
}
