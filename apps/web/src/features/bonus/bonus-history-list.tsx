import { intlLocaleOf } from '@piranha/domain';
import { ArrowDownLeft, ArrowUpRight, History, TimerOff } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useBonusHistoryQuery } from './api/bonus-api.ts';
import styles from './bonus.module.css';

const ICONS = { grant: <ArrowDownLeft size={18} />, convert: <ArrowUpRight size={18} />, forfeit: <TimerOff size={18} /> };

/** /bonus-history: every movement of the player's bonus money, newest first (the ledger lines, decision 018). */
export function BonusHistoryList() {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const history = useBonusHistoryQuery(uid);
  const entries = history.data?.pages.flatMap((page) => page.list) ?? [];
  const date = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  if (history.isPending)
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton height={60} />
        <Skeleton height={60} />
        <Skeleton height={60} />
      </div>
    );
  if (entries.length === 0)
    return (
      <EmptyState
        icon={<History size={28} />}
        title={history.isError ? t('bonus.loadFailed') : t('bonus.history.empty')}
        onRefresh={() => void history.refetch()}
        refreshing={history.isFetching}
      />
    );
  return (
    <div className={styles.stack}>
      <ul className={styles.rows}>
        {entries.map((entry) => (
          <li key={entry.id} className={styles.row}>
            <span className={`${styles.rowIcon} ${styles[`row_${entry.type}`]}`} aria-hidden="true">
              {ICONS[entry.type]}
            </span>
            <span className={styles.rowMain}>
              <span className={styles.rowTitle}>{t(`bonus.history.${entry.type}`)}</span>
              <span className={styles.cardSub}>{date.format(new Date(entry.create_time * 1000))}</span>
            </span>
            <span className={styles.rowAmount}>
              {entry.amount > 0 ? '+' : entry.amount < 0 ? '−' : ''}
              {moneyText(Math.abs(entry.amount), entry.currency, i18n.language)}
            </span>
          </li>
        ))}
      </ul>
      {history.hasNextPage ? (
        <Button variant="ghost" block onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
          {t('bonus.more')}
        </Button>
      ) : null}
    </div>
  );
}
