import type { ACTIVITY_KIND_VALUES } from '@piranha/contract';
import { Gift } from 'lucide-react';
import { Navigate, useLocation, useSearchParams } from '../shared/router/router.tsx';
import { ActivityDetail } from '../features/activity/activity-detail.tsx';
import { useActivityListQuery } from '../features/activity/api/activity.ts';
import { activityKindOfPath } from '../features/activity/activity-paths.ts';
import { loyaltyErrorText } from '../features/loyalty/error-text.ts';
import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { useSessionStore } from '../shared/session/session-store.ts';
import { EmptyState } from '../shared/ui/empty-state.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { Skeleton } from '../shared/ui/skeleton.tsx';
import { RequireLogin } from './require-login.tsx';

type Kind = (typeof ACTIVITY_KIND_VALUES)[number];

/**
 * One page per activity kind (/activity/first-charge, daily-deposit, total-deposit, bet-reward, daily-cash, week-cash,
 * free-bet, ui-switch-reward) and the seasonal /activity/christmas: `?id=` names the activity; without it the brand's
 * running activity of that kind (or, on /activity/christmas, with the christmas theme) shows, and /activity/empty when
 * there is none.
 */
export default function ActivityPage() {
  const { t } = useTranslation();
  const path = useLocation().pathname;
  const christmas = path === paths.activityChristmas;
  const kind = activityKindOfPath(path) ?? 'daily_deposit';
  return (
    <RequireLogin>
      <PageTitle title={christmas ? t('activity.christmas.title') : t(`activity.kind.${kind}`)} backTo={paths.me} />
      <ActivityOfKind kind={christmas ? undefined : kind} />
    </RequireLogin>
  );
}

/** `kind` undefined: the christmas page, which shows the running christmas-themed activity of any kind. */
function ActivityOfKind({ kind }: { kind: Kind | undefined }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const list = useActivityListQuery(id === '' ? uid : 0);
  if (/^[1-9]\d{0,14}$/.test(id)) return <ActivityDetail id={id} errorText={loyaltyErrorText} />;
  if (list.isPending) return <Skeleton height={140} />;
  if (list.isError)
    return <EmptyState icon={<Gift size={28} />} title={t('activity.loadFailed')} onRefresh={() => void list.refetch()} refreshing={list.isFetching} />;
  const running = (list.data?.list ?? []).find(
    (activity) => (kind === undefined ? activity.theme === 'christmas' : activity.kind === kind) && activity.status !== 3,
  );
  return running ? <ActivityDetail id={running.id} errorText={loyaltyErrorText} /> : <Navigate to={paths.activityEmpty} replace />;
}
