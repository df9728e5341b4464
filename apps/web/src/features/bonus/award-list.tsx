import { intlLocaleOf } from '@piranha/domain';
import { Trophy } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../shared/router/router.tsx';
import { bonusUnlockedSet } from '../../shared/bonus/bonus-popup-store.ts';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { paths } from '../../shared/paths/paths.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button, buttonClassName } from '../../shared/ui/button.tsx';
import { PagedTabs } from './paged-tabs.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { toastShow } from '../../shared/ui/toast-store.ts';
import { bonusErrorText } from './bonus-error.ts';
import type { Bonus } from './bonus-model.ts';
import { useAwardDrawMutation, useAwardsQuery, type AwardTab } from './api/promotion-api.ts';
import { awardKindKey } from './promotion-model.ts';
import styles from './bonus.module.css';

const TABS: readonly AwardTab[] = ['pending', 'drawn'];
const STATUS_KEYS = ['pending', 'unlocking', 'unlocked', 'expired'] as const;

function AwardCard({ award, onDraw, drawing }: { award: Bonus; onDraw: (id: string) => void; drawing: boolean }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium' });
  const titleId = `award-${award.id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.cardHead}>
        <span className={styles.cardIcon} aria-hidden="true">
          <Trophy size={20} />
        </span>
        <span className={styles.cardTitleBox}>
          <h2 id={titleId} className={styles.cardTitle}>
            {t(`award.kind.${awardKindKey(award.kind)}`)}
          </h2>
          <span className={styles.cardSub}>{t('bonus.granted', { date: date.format(new Date(award.create_time * 1000)) })}</span>
        </span>
        <span className={styles.cardAmount}>{moneyText(award.amount, award.currency, i18n.language)}</span>
      </header>
      <p className={styles.cardSub}>
        {award.requirement > 0 ? t('bonus.terms.wager', { amount: moneyText(award.requirement, award.currency, i18n.language) }) : t('bonus.terms.noWagering')}
      </p>
      {award.status === 0 ? (
        <Button block onClick={() => onDraw(award.id)} disabled={drawing} aria-busy={drawing}>
          {t('award.draw')}
        </Button>
      ) : (
        <span className={`${styles.badge} ${styles[award.status === 3 ? 'badge_expired' : award.status === 2 ? 'badge_unlocked' : 'badge_unlocking']}`}>
          {t(`award.status.${STATUS_KEYS[award.status]}`)}
        </span>
      )}
    </article>
  );
}

/** /award: prizes won elsewhere (rankings, raffles, activities, VIP, tasks) waiting to be drawn, and those drawn. */
export function AwardList() {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const [tab, setTab] = useState<AwardTab>('pending');
  const list = useAwardsQuery(uid, tab);
  const draw = useAwardDrawMutation(uid);
  const awards = list.data?.pages.flatMap((page) => page.list) ?? [];
  const onDraw = (id: string) =>
    draw.mutate(id, {
      onSuccess: (award) => (award.status === 2 ? bonusUnlockedSet(award) : toastShow({ kind: 'success', text: t('award.drawn') })),
      onError: (error) => toastShow({ kind: 'error', text: bonusErrorText(error, t) }),
    });
  return (
    <div className={styles.stack}>
      <PagedTabs
        id="award"
        label={t('award.title')}
        tabs={TABS}
        tab={tab}
        onTab={setTab}
        tabText={(entry) => t(`award.tab.${entry}`)}
        list={list}
        loading={<Skeleton height={160} />}
        empty={
          awards.length === 0 ? (
            <>
              <EmptyState
                icon={<Trophy size={28} />}
                title={list.isError ? t('award.loadFailed') : t(`award.empty.${tab}`)}
                body={list.isError ? undefined : t('award.emptyBody')}
                onRefresh={() => void list.refetch()}
                refreshing={list.isFetching}
              />
              <Link to={paths.promotion} className={buttonClassName({ variant: 'ghost', block: true })}>
                {t('promotion.title')}
              </Link>
            </>
          ) : null
        }
      >
        {awards.map((award) => (
          <AwardCard key={award.id} award={award} onDraw={onDraw} drawing={draw.isPending && draw.variables === award.id} />
        ))}
      </PagedTabs>
    </div>
  );
}
