import { Gift } from 'lucide-react';
import { Navigate, useLocation, useSearchParams } from '../shared/router/router.tsx';
import { ActivityDetail } from '../features/activity/activity-detail.tsx';
import { useActivityListQuery } from '../features/activity/api/activity.ts';
import { loyaltyErrorText } from '../features/loyalty/error-text.ts';
import { useTranslation } from '../shared/i18n/translate.ts';
import { activityKindOfPath, paths } from '../shared/paths/paths.ts';
import { useSessionStore } from '../shared/session/session-store.ts';
import { EmptyState } from '../shared/ui/empty-state.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { Skeleton } from '../shared/ui/skeleton.tsx';
import { RequireLogin } from './require-login.tsx';

/**
 * /activity/first-charge, /activity/daily-deposit, /activity/total-deposit and /activity/bet-reward: `?id=` names the activity; without it
 * the brand's running activity of that kind shows, and /activity/empty when there is none.
 */
export default function ActivityPage() {
  const { t } = useTranslation();
  const kind = activityKindOfPath(useLocation().pathname) ?? 'daily_deposit';
  return (
    <RequireLogin>
      <PageTitle title={t(`activity.kind.${kind}`)} backTo={paths.me} />
      <ActivityOfKind kind={kind} />
    </RequireLogin>
  );
}

function ActivityOfKind({ kind }: { kind: 'first_charge' | 'daily_deposit' | 'total_deposit' | 'bet_reward' }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const list = useActivityListQuery(id === '' ? uid : 0);
  if (/^[1-9]\d{0,14}$/.test(id)) return <ActivityDetail id={id} errorText={loyaltyErrorText} />;
  if (list.isPending) return <Skeleton height={140} />;
  if (list.isError)
    return <EmptyState icon={<Gift size={28} />} title={t('activity.loadFailed')} onRefresh={() => void list.refetch()} refreshing={list.isFetching} />;
  const running = (list.data?.list ?? []).find((activity) => activity.kind === kind && activity.status !== 3);
  return running ? <ActivityDetail id={running.id} errorText={loyaltyErrorText} /> : <Navigate to={paths.activityEmpty} replace />;
}
