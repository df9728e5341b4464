import { intlLocaleOf } from '@piranha/domain';
import { CircleCheck, CircleX, Hourglass } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { usePayoutStatusQuery } from './api/withdraw.ts';
import { moneyText } from '../../shared/money/money.ts';
import { payStatusKind } from './pay-status.ts';
import { PaymentError } from './payment-error.tsx';
import { PayoutShare } from './payout-share.tsx';
import { StatusBadge } from './status-badge.tsx';
import { channelName } from './channel-name.ts';
import styles from './payments.module.css';

/** One withdrawal: amount, fee, what arrives, where, and its status, followed every 10 s until it is final. */
export function PayoutRecord({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation();
  const status = usePayoutStatusQuery(orderId);
  const data = status.data;
  if (!data) {
    return (
      <div className={styles.stack}>
        {status.isPending ? <Skeleton height={220} /> : null}
        <PaymentError error={status.error} />
      </div>
    );
  }
  const kind = payStatusKind(data.pay_status);
  const money = (minor: number) => moneyText(minor, data.currency, i18n.language);
  const done = kind === 'success';
  const failed = kind === 'failed' || kind === 'timeout';
  return (
    <div className={styles.stack}>
      <div className={styles.statusHead} role="status" aria-live="polite">
        <div className={`${styles.statusIcon} ${done ? styles.ok : failed ? styles.bad : styles.wait}`} aria-hidden="true">
          {done ? <CircleCheck size={36} /> : failed ? <CircleX size={36} /> : <Hourglass size={30} />}
        </div>
        <h2 className={styles.statusTitle}>
          {done ? t('payments.payout.paidTitle') : failed ? t('payments.payout.failedTitle') : t('payments.payout.pendingTitle')}
        </h2>
        <p className={styles.statusAmount}>{money(data.net_amount)}</p>
        <p className={styles.hint}>{done ? t('payments.payout.paidBody') : failed ? t('payments.payout.failedBody') : t('payments.payout.pendingBody')}</p>
      </div>
      {done ? <PayoutShare orderId={data.order_id} /> : null}
      <section className={styles.card}>
        <dl className={styles.rows}>
          <dt>{t('payments.detail.status')}</dt>
          <dd>
            <StatusBadge payStatus={data.pay_status} />
          </dd>
          <dt>{t('payments.detail.method')}</dt>
          <dd>{channelName(data.channel, data.currency)}</dd>
          <dt>{t('payments.detail.account')}</dt>
          <dd>{data.account_masked}</dd>
          <dt>{t('payments.detail.amount')}</dt>
          <dd>{money(data.amount)}</dd>
          <dt>{t('payments.detail.fee')}</dt>
          <dd>{money(data.fee)}</dd>
          {data.tax > 0 ? (
            <>
              <dt>{t('payments.detail.tax')}</dt>
              <dd>{money(data.tax)}</dd>
            </>
          ) : null}
          <dt>{t('payments.detail.net')}</dt>
          <dd>{money(data.net_amount)}</dd>
          <dt>{t('payments.detail.created')}</dt>
          <dd>{new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(data.create_time * 1000))}</dd>
          <dt>{t('payments.detail.orderId')}</dt>
          <dd>{data.order_id}</dd>
        </dl>
      </section>
    </div>
  );
}
