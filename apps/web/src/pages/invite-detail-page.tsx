import type { EndpointData, inviteDetail } from '@piranha/contract';
import { intlLocaleOf } from '@piranha/domain';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { useInviteDetailQuery } from '../features/invite/api/invite.ts';
import { useTranslation } from '../shared/i18n/translate.ts';
import { moneyText } from '../shared/money/money.ts';
import { paths } from '../shared/paths/paths.ts';
import { useSessionStore } from '../shared/session/session-store.ts';
import { Button } from '../shared/ui/button.tsx';
import { EmptyState } from '../shared/ui/empty-state.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { Skeleton } from '../shared/ui/skeleton.tsx';
import listCard from '../shared/ui/list-card.module.css';
import styles from '../features/invite/invite.module.css';
import { RequireLogin } from './require-login.tsx';

type Friend = EndpointData<typeof inviteDetail>['list'][number];

/** /activity/invite-detail (spec §2; decision 051): the invited friends, what each has done and what each paid the player. */
export default function InviteDetailPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('invite.friendsTitle')} backTo={paths.activityInvite} />
      <Friends />
    </RequireLogin>
  );
}

function Friends() {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const [page, setPage] = useState(1);
  const detail = useInviteDetailQuery(uid, page);
  if (detail.isPending) return <Skeleton height={160} />;
  if (detail.isError)
    return <EmptyState icon={<Users size={28} />} title={t('invite.loadFailed')} onRefresh={() => void detail.refetch()} refreshing={detail.isFetching} />;
  const data = detail.data;
  if (data.list.length === 0 && page === 1) return <EmptyState icon={<Users size={28} />} title={t('invite.noFriends')} body={t('invite.noFriendsBody')} />;
  const date = (seconds: number) => new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium' }).format(new Date(seconds * 1000));
  const rewardText = (friend: Friend) =>
    friend.reward_status === 1
      ? moneyText(friend.reward, data.currency, i18n.language)
      : friend.reward_status === 2
        ? t('invite.rewardNone')
        : t('invite.rewardWaiting');
  return (
    <div className={styles.stack}>
      <ul className={`${listCard.listCard} ${listCard.dividedRows}`} aria-label={t('invite.friendsTitle')}>
        {data.list.map((friend, index) => (
          <li key={`${friend.join_time}-${index}`} className={listCard.row}>
            <span className={listCard.rowMain}>
              <span className={listCard.rowTitle}>{friend.nick}</span>
              <span className={styles.muted}>{t('invite.joined', { date: date(friend.join_time), source: t(`invite.source.${friend.source}`) })}</span>
              <span className={styles.muted}>
                {friend.qualify_time > 0 ? t('invite.depositedOn', { date: date(friend.qualify_time) }) : t('invite.notDeposited')}
              </span>
            </span>
            <span className={styles.reward}>{rewardText(friend)}</span>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        {page > 1 ? (
          <Button variant="ghost" block onClick={() => setPage(page - 1)}>
            {t('invite.newer')}
          </Button>
        ) : null}
        {data.has_more === 1 ? (
          <Button variant="ghost" block onClick={() => setPage(page + 1)}>
            {t('invite.older')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
