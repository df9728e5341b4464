import { useTranslation } from '../shared/i18n/translate.ts';
import { useSearchParams } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { betSlipSelect } from './bet-slip-select.ts';
import { BetSlipDock } from '../features/betting/ui/bet-slip-dock.tsx';
import { LeagueView } from '../features/sports/ui/league-view.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';

export default function LeaguePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const leagueId = Number(search.get('leagueId') ?? 0);
  return (
    <>
      <PageTitle title={t('sports.league.title')} backTo={paths.sport} />
      <LeagueView key={leagueId} leagueId={Number.isSafeInteger(leagueId) ? leagueId : 0} onSelect={betSlipSelect} />
      <BetSlipDock loginHref={paths.loginb} recordsHref={paths.betRecord} />
    </>
  );
}
