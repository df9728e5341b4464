import { Gift } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { bonusUnlockedSet } from '../../shared/bonus/bonus-popup-store.ts';
import { paths } from '../../shared/paths/paths.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { buttonClassName } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { toastShow } from '../../shared/ui/toast-store.ts';
import { bonusErrorText } from './bonus-error.ts';
import { useBonusListQuery, useBonusUnlockMutation, type BonusTab } from './api/bonus-api.ts';
import { BonusCard } from './bonus-card.tsx';
import { unlockingCurrencies } from './bonus-model.ts';
import { PagedTabs, useMinuteClock } from './paged-tabs.tsx';
import styles from './bonus.module.css';

const TABS: readonly BonusTab[] = ['available', 'unavailable'];

/** /bonus: the player's bonuses in two tabs (spec §4): available (locked, unlocking) and unavailable (unlocked, expired). */
export function BonusList() {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const [tab, setTab] = useState<BonusTab>('available');
  const list = useBonusListQuery(uid, tab);
  const unlock = useBonusUnlockMutation(uid);
  const now = useMinuteClock();
  const bonuses = list.data?.pages.flatMap((page) => page.list) ?? [];
  const busyCurrencies = unlockingCurrencies(bonuses);

  const onUnlock = (bonusId: string) =>
    unlock.mutate(bonusId, {
      // A bonus with nothing to wager becomes cash at once: the "bonus unlocked" pop-up says so.
      onSuccess: (bonus) => (bonus.status === 2 ? bonusUnlockedSet(bonus) : toastShow({ kind: 'success', text: t('bonus.unlockStarted') })),
      onError: (error) => toastShow({ kind: 'error', text: bonusErrorText(error, t) }),
    });

  return (
    <div className={styles.stack}>
      <PagedTabs
        id="bonus"
        label={t('bonus.title')}
        tabs={TABS}
        tab={tab}
        onTab={setTab}
        tabText={(entry) => t(`bonus.tab.${entry}`)}
        list={list}
        loading={
          <div className={styles.stack} aria-busy="true">
            <Skeleton height={180} />
            <Skeleton height={180} />
          </div>
        }
        empty={
          bonuses.length === 0 ? (
            <>
              <EmptyState
                icon={<Gift size={28} />}
                title={list.isError ? t('bonus.loadFailed') : t(`bonus.empty.${tab}`)}
                body={list.isError ? undefined : t('bonus.emptyBody')}
                onRefresh={() => void list.refetch()}
                refreshing={list.isFetching}
              />
              {tab === 'available' && !list.isError ? (
                <div className={styles.emptyActions}>
                  <Link to={paths.redeem} className={buttonClassName({ variant: 'ghost', block: true })}>
                    {t('redeem.title')}
                  </Link>
                  <Link to={paths.deposit} className={buttonClassName({ block: true })}>
                    {t('header.deposit')}
                  </Link>
                </div>
              ) : null}
            </>
          ) : null
        }
      >
        {bonuses.map((bonus) => (
          <BonusCard
            key={bonus.id}
            bonus={bonus}
            nowMs={now}
            otherUnlocking={bonus.status === 0 && busyCurrencies.has(bonus.currency)}
            onUnlock={onUnlock}
            unlocking={unlock.isPending && unlock.variables === bonus.id}
          />
        ))}
      </PagedTabs>
    </div>
  );
}
