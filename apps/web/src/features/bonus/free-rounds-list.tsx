import type { FreeRoundGrant } from '@piranha/contract';
import { Clock, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { gameRoomHref, paths } from '../../shared/paths/paths.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { buttonClassName } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useFreeRoundsQuery, useFreeRoundsTotalQuery, type FreeRoundsTab } from './api/promotion-api.ts';
import { freeRoundsCardView } from './promotion-model.ts';
import { PagedTabs, useMinuteClock } from './paged-tabs.tsx';
import styles from './bonus.module.css';

const TABS: readonly FreeRoundsTab[] = ['available', 'unavailable'];

function FreeRoundsCard({ grant, nowMs }: { grant: FreeRoundGrant; nowMs: number }) {
  const { t, i18n } = useTranslation();
  const view = freeRoundsCardView(grant, nowMs);
  const money = (amount: number) => moneyText(amount, grant.currency, i18n.language);
  const titleId = `free-rounds-${grant.grant_id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.cardHead}>
        <span className={styles.cardIcon} aria-hidden="true">
          <Sparkles size={20} />
        </span>
        <span className={styles.cardTitleBox}>
          <h2 id={titleId} className={styles.cardTitle}>
            {grant.game_name}
          </h2>
          <span className={styles.cardSub}>{t('freeRounds.stake', { stake: money(grant.bet) })}</span>
        </span>
        <span className={styles.cardAmount}>{t('freeRounds.left', { remaining: grant.remaining, total: grant.total })}</span>
      </header>
      <span className={`${styles.badge} ${styles[view.status === 'available' ? 'badge_unlocking' : 'badge_expired']}`}>
        {t(`freeRounds.status.${view.status}`)}
      </span>
      <div className={styles.progressBox}>
        <div
          className={styles.progress}
          role="progressbar"
          aria-label={t('freeRounds.played')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={view.playedPercent}
          aria-valuetext={t('freeRounds.playedText', { played: grant.total - grant.remaining, total: grant.total })}
        >
          <span className={styles.progressFill} style={{ width: `${view.playedPercent}%` }} />
        </div>
        <div className={styles.progressRow}>
          <span>{t('freeRounds.playedText', { played: grant.total - grant.remaining, total: grant.total })}</span>
        </div>
      </div>
      <ul className={styles.terms} aria-label={t('bonus.termsTitle')}>
        <li>{t('freeRounds.won', { amount: money(grant.win_total) })}</li>
        <li>{t(grant.win_to === 'bonus' ? 'promotion.terms.winToBonus' : 'promotion.terms.winToCash')}</li>
      </ul>
      {view.countdown ? (
        <p className={styles.countdown}>
          <Clock size={16} aria-hidden="true" />
          {t(`bonus.countdown.${view.countdown.unit}`, { ...view.countdown })}
        </p>
      ) : null}
      {view.canPlay ? (
        <Link to={gameRoomHref(grant)} className={buttonClassName({ block: true })}>
          {t('freeRounds.play')}
        </Link>
      ) : null}
    </article>
  );
}

/** /promotion/free-rounds: the player's free rounds — how many are left, each grant, and its game one tap away. */
export function FreeRoundsList() {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const [tab, setTab] = useState<FreeRoundsTab>('available');
  const total = useFreeRoundsTotalQuery(uid);
  const list = useFreeRoundsQuery(uid, tab);
  const now = useMinuteClock();
  const grants = list.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <div className={styles.stack}>
      <section className={styles.card} aria-live="polite">
        <strong className={styles.cardAmount}>{t('freeRounds.total', { count: total.data?.total_free_rounds ?? 0 })}</strong>
        <span className={styles.cardSub}>{t('freeRounds.games', { count: total.data?.free_game_count ?? 0 })}</span>
      </section>
      <PagedTabs
        id="free-rounds"
        label={t('freeRounds.title')}
        tabs={TABS}
        tab={tab}
        onTab={setTab}
        tabText={(entry) => t(`freeRounds.tab.${entry}`)}
        list={list}
        loading={<Skeleton height={200} />}
        empty={
          grants.length === 0 ? (
            <>
              <EmptyState
                icon={<Sparkles size={28} />}
                title={list.isError ? t('freeRounds.loadFailed') : t(`freeRounds.empty.${tab}`)}
                body={list.isError ? undefined : t('freeRounds.emptyBody')}
                onRefresh={() => void list.refetch()}
                refreshing={list.isFetching}
              />
              {tab === 'available' && !list.isError ? (
                <Link to={paths.redeem} className={buttonClassName({ variant: 'ghost', block: true })}>
                  {t('redeem.title')}
                </Link>
              ) : null}
            </>
          ) : null
        }
      >
        {grants.map((grant) => (
          <FreeRoundsCard key={grant.grant_id} grant={grant} nowMs={now} />
        ))}
      </PagedTabs>
      <Link to={paths.promotionFreeRoundsRule} className={buttonClassName({ variant: 'ghost', block: true })}>
        {t('freeRounds.rule.title')}
      </Link>
    </div>
  );
}
