import type { EndpointData, cashbackHistory } from '@piranha/contract';
import { intlLocaleOf } from '@piranha/domain';
import { HandCoins } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useCashbackHistoryQuery } from './api/loyalty.ts';
import styles from './loyalty.module.css';
import listCard from '../../shared/ui/list-card.module.css';

type Entry = EndpointData<typeof cashbackHistory>['list'][number];

/** A rate in basis points as a percentage in the reader's language (60 → 0.6%). */
function percentText(rateBp: number, language: string): string {
  return new Intl.NumberFormat(intlLocaleOf(language), { style: 'percent', maximumFractionDigits: 2 }).format(rateBp / 10_000);
}

/** The /thin/cashback page: the player's rates now, and each day's and week's net-loss cash-back, paid or being paid. */
export function CashbackHistory() {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const history = useCashbackHistoryQuery(uid);
  if (history.isPending) {
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton height={96} />
        <Skeleton height={240} />
      </div>
    );
  }
  if (history.isError) {
    return (
      <EmptyState
        icon={<HandCoins size={28} />}
        title={t('loyalty.cashback.loadFailed')}
        onRefresh={() => void history.refetch()}
        refreshing={history.isFetching}
      />
    );
  }
  const first = history.data.pages[0]!;
  const entries = history.data.pages.flatMap((page) => page.list);
  return (
    <div className={styles.stack}>
      <section className={styles.ownCard} data-testid="cashback-rates">
        <p className={styles.heroNext}>
          {first.level === 0
            ? t('loyalty.cashback.levelZero')
            : t('loyalty.cashback.rates', {
                level: first.level,
                daily: percentText(first.daily_rate_bp, i18n.language),
                weekly: percentText(first.weekly_rate_bp, i18n.language),
              })}
        </p>
        <p className={styles.muted}>{t('loyalty.cashback.how')}</p>
      </section>
      {entries.length === 0 ? (
        <EmptyState icon={<HandCoins size={28} />} title={t('loyalty.cashback.empty')} />
      ) : (
        <section className={styles.section} aria-labelledby="cashback-list">
          <h2 id="cashback-list" className={listCard.sectionTitle}>
            {t('loyalty.cashback.listTitle')}
          </h2>
          <ul className={styles.list}>
            {entries.map((entry) => (
              <CashbackRow key={entry.period_key} entry={entry} currency={first.currency} />
            ))}
          </ul>
          {history.hasNextPage ? (
            <Button variant="ghost" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
              {t('loyalty.cashback.more')}
            </Button>
          ) : null}
        </section>
      )}
    </div>
  );
}

function CashbackRow({ entry, currency }: { entry: Entry; currency: string }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => moneyText(amount, currency, i18n.language);
  // The period's first local day (the key's date), not a UTC instant: 'd:2026-02-20' is the 20th wherever it is read.
  const date = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${entry.period_key.slice(2)}T00:00:00Z`),
  );
  return (
    <li className={`${styles.item} ${styles.rewardItem}`}>
      <span className={listCard.itemIcon} aria-hidden="true">
        <HandCoins size={18} />
      </span>
      <span className={listCard.itemMain}>
        <span className={listCard.itemTitle}>{t(entry.period === 'daily' ? 'loyalty.cashback.day' : 'loyalty.cashback.week', { date })}</span>
        <span className={styles.muted}>
          {t('loyalty.cashback.detail', { stake: money(entry.stake), returned: money(entry.returned), bonus: money(entry.bonus_used) })}
        </span>
        <span className={styles.muted}>
          {t('loyalty.cashback.rate', { loss: money(entry.net_loss), rate: percentText(entry.rate_bp, i18n.language), level: entry.level })}
        </span>
      </span>
      <span className={listCard.itemMain}>
        <span className={styles.itemAmount}>{money(entry.amount)}</span>
        <span className={styles.muted}>{t(entry.status === 1 ? 'loyalty.cashback.paid' : 'loyalty.cashback.pending')}</span>
      </span>
    </li>
  );
}
