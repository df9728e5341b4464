import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { paths } from '../app/routes.ts';
import { betSlipSelect } from './bet-slip-select.ts';
import { BetSlipDock } from '../features/betting/ui/bet-slip-dock.tsx';
import { MatchDetailView } from '../features/sports/ui/match-detail-view.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';

/** /match-detail (spec §2 state: matchId, isComing, matchType), read from the query so a reload keeps the match. */
export default function MatchDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const state = useLocation().state as { matchId?: number } | null;
  const matchId = Number(search.get('matchId') ?? state?.matchId ?? 0);
  return (
    <>
      <PageTitle title={t('sports.detail.title')} backTo={paths.sport} />
      <MatchDetailView key={matchId} matchId={Number.isSafeInteger(matchId) ? matchId : 0} onSelect={betSlipSelect} />
      <BetSlipDock loginHref={paths.loginb} recordsHref={paths.betRecord} />
    </>
  );
}
