import { useTranslation } from '../shared/i18n/translate.ts';
import { useSearchParams } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { betSlipSelect } from './bet-slip-select.ts';
import { BetSlipDock } from '../features/betting/ui/bet-slip-dock.tsx';
import { matchFilterParse } from '../shared/paths/match-filter.ts';
import { MatchFilterView } from '../features/sports/ui/match-filter-view.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';

/**
 * /az-filter-match?teamId= | leagueId= | sportId=: the live and upcoming matches of what was chosen in the A–Z
 * filter, odds into the bet slip; the bet slip entry shows here (spec §2).
 */
export default function AzFilterMatchPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const filter = matchFilterParse(search);
  return (
    <>
      <PageTitle title={t('sports.filter.title')} backTo={paths.azFilter} />
      <MatchFilterView key={search.toString()} filter={filter} onSelect={betSlipSelect} filterHref={paths.azFilter} />
      <BetSlipDock loginHref={paths.loginb} recordsHref={paths.betRecord} />
    </>
  );
}
