import { intlLocaleOf } from '@piranha/domain';
import { ArrowDownLeft, ArrowUpRight, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useHistoryQuery, type HistoryType } from './api/history.ts';
import { moneyText } from '../../shared/money/money.ts';
import { PAY_STATUS_FILTERS, payStatusQueryOf, type PayStatusFilter } from './pay-status.ts';
import { StatusBadge } from './status-badge.tsx';
import { channelName } from './channel-name.ts';
import styles from './payments.module.css';
import segmented from '../../shared/ui/segmented.module.css';
import listCard from '../../shared/ui/list-card.module.css';

const TYPES: readonly HistoryType[] = ['all', 'payin', 'payout'];
const FILTERS = Object.keys(PAY_STATUS_FILTERS) as PayStatusFilter[];

/** Deposits and withdrawals, newest first, filtered by direction and pay status; each opens its detail. */
export function TransactionList({ detailHref }: { detailHref: (orderId: string, type: 'payin' | 'payout') => string }) {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const [type, setType] = useState<HistoryType>('all');
  const [filter, setFilter] = useState<PayStatusFilter>('all');
  const history = useHistoryQuery(uid, type, payStatusQueryOf(filter));
  const records = history.data?.pages.flatMap((page) => page.records) ?? [];
  const date = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className={styles.stack}>
      <div className={segmented.switch} role="tablist" aria-label={t('payments.history.type')} style={{ gridTemplateColumns: '1fr 1fr 1fr' }}>
        {TYPES.map((entry) => (
          <button key={entry} type="button" role="tab" aria-selected={type === entry} className={segmented.switchTab} onClick={() => setType(entry)}>
            {t(`payments.history.${entry}`)}
          </button>
        ))}
      </div>
      <div className={styles.filters} role="group" aria-label={t('payments.history.statusFilter')}>
        {FILTERS.map((entry) => (
          <button key={entry} type="button" className={styles.filter} aria-pressed={filter === entry} onClick={() => setFilter(entry)}>
            {t(`payments.history.filter.${entry}`)}
          </button>
        ))}
      </div>
      {history.isPending ? (
        <div className={styles.stack} aria-busy="true">
          <Skeleton height={64} />
          <Skeleton height={64} />
          <Skeleton height={64} />
        </div>
      ) : records.length === 0 ? (
        <EmptyState
          icon={<ReceiptText size={28} />}
          title={history.isError ? t('payments.history.loadFailed') : t('payments.history.empty')}
          onRefresh={() => void history.refetch()}
          refreshing={history.isFetching}
        />
      ) : (
        <ul className={styles.list}>
          {records.map((record) => (
            <li key={record.order_id} className={styles.item}>
              <Link to={detailHref(record.order_id, record.type)} className={styles.itemLink}>
                <span className={`${listCard.itemIcon} ${record.type === 'payin' ? styles.ok : styles.wait}`} aria-hidden="true">
                  {record.type === 'payin' ? <ArrowDownLeft size={18} /> : <ArrowUpRight size={18} />}
                </span>
                <span className={listCard.itemMain}>
                  <span className={listCard.itemTitle}>
                    {t(record.type === 'payin' ? 'payments.history.depositVia' : 'payments.history.withdrawalVia', {
                      method: channelName(record.channel, record.currency),
                    })}
                  </span>
                  <span className={styles.itemSub}>{date.format(new Date(record.create_time * 1000))}</span>
                </span>
                <span className={styles.itemEnd}>
                  <span className={styles.itemAmount}>
                    {record.type === 'payin' ? '+' : '−'}
                    {moneyText(record.amount, record.currency, i18n.language)}
                  </span>
                  <StatusBadge payStatus={record.pay_status} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {history.hasNextPage ? (
        <Button variant="ghost" block onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
          {t('payments.history.more')}
        </Button>
      ) : null}
    </div>
  );
}
