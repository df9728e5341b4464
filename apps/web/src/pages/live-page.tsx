import { useTranslation } from '../shared/i18n/translate.ts';
import { betSlipSelect } from './bet-slip-select.ts';
import { BetSlipDock } from '../features/betting/ui/bet-slip-dock.tsx';
import { SportsHome } from '../features/sports/ui/sports-home.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { leagueHref, paths } from '../shared/paths/paths.ts';

/** /live: only matches in play, by sport. */
export default function LivePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('sports.tabs.Live')} backTo={paths.sport} />
      <SportsHome fixedTab="Live" searchHref={paths.azFilter} resultsHref={paths.results} leagueHref={leagueHref} onSelect={betSlipSelect} />
      <BetSlipDock loginHref={paths.loginb} recordsHref={paths.betRecord} />
    </>
  );
}
