import { lazy, Suspense } from 'react';
import { useTranslation } from '../shared/i18n/translate.ts';
import { useLocation, useSearchParams } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { Skeleton } from '../shared/ui/skeleton.tsx';
import { betSlipSelect } from './bet-slip-select.ts';

// The detail view (every market group, the sports contract it validates answers with) comes in its own chunk, asked
// for as soon as this page's module runs; the slip's sheet loads on its own. The title and a skeleton of the view's own
// loading shape paint first, and the page's first JavaScript stays within the 120 KB budget like /sport's.
const matchDetailViewLoad = import('../features/sports/ui/match-detail-view.tsx');
const MatchDetailView = lazy(() => matchDetailViewLoad.then((module) => ({ default: module.MatchDetailView })));
const BetSlipDock = lazy(() => import('../features/betting/ui/bet-slip-dock.tsx').then((module) => ({ default: module.BetSlipDock })));

/** The view's own pending state (match-detail-view.tsx), held while its code loads so nothing jumps. */
function MatchDetailSkeleton() {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-3)' }} aria-busy="true">
      <Skeleton height={132} radius={12} />
      <Skeleton height={96} radius={12} />
      <Skeleton height={96} radius={12} />
    </div>
  );
}

/** /match-detail (spec §2 state: matchId, isComing, matchType), read from the query so a reload keeps the match. */
export default function MatchDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const state = useLocation().state as { matchId?: number } | null;
  const matchId = Number(search.get('matchId') ?? state?.matchId ?? 0);
  return (
    <>
      <PageTitle title={t('sports.detail.title')} backTo={paths.sport} />
      <Suspense fallback={<MatchDetailSkeleton />}>
        <MatchDetailView key={matchId} matchId={Number.isSafeInteger(matchId) ? matchId : 0} onSelect={betSlipSelect} />
      </Suspense>
      <Suspense fallback={null}>
        <BetSlipDock loginHref={paths.loginb} recordsHref={paths.betRecord} />
      </Suspense>
    </>
  );
}
