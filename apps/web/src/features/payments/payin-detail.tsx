import { intlLocaleOf } from '@piranha/domain';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { buttonClassName } from '../../shared/ui/button.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { usePayinStatusQuery } from './api/deposit.ts';
import { useAppealQuery } from './api/history.ts';
import { moneyText } from '../../shared/money/money.ts';
import { depositPollStep } from './pay-status.ts';
import { PaymentError } from './payment-error.tsx';
import { StatusBadge } from './status-badge.tsx';
import { channelName } from './channel-name.ts';
import styles from './payments.module.css';
import listCard from '../../shared/ui/list-card.module.css';

/** One deposit: amount, method, status, and its appeal (or the way to open one while it may be appealed). */
export function PayinDetail({ orderId, appealHref, waitHref }: { orderId: string; appealHref: string; waitHref: string }) {
  const { t, i18n } = useTranslation();
  const status = usePayinStatusQuery(orderId, { poll: false });
  const appeal = useAppealQuery(orderId);
  const data = status.data;
  if (!data) {
    return (
      <div className={styles.stack}>
        {status.isPending ? <Skeleton height={200} /> : null}
        <PaymentError error={status.error} />
      </div>
    );
  }
  return (
    <div className={styles.stack}>
      <div className={styles.statusHead}>
        <p className={styles.statusAmount}>{moneyText(data.amount, data.currency, i18n.language)}</p>
        <StatusBadge payStatus={data.pay_status} />
      </div>
      <section className={styles.card}>
        <dl className={styles.rows}>
          <dt>{t('payments.detail.type')}</dt>
          <dd>{t('payments.deposit.title')}</dd>
          <dt>{t('payments.detail.method')}</dt>
          <dd>{channelName(data.channel, data.currency)}</dd>
          <dt>{t('payments.detail.orderId')}</dt>
          <dd>{data.order_id}</dd>
        </dl>
      </section>
      {depositPollStep(data.pay_status) === 'pending' ? (
        <Link to={waitHref} className={buttonClassName({ variant: 'primary', block: true })}>
          {t('payments.detail.howToPay')}
        </Link>
      ) : null}
      {appeal.data?.appeal ? <AppealCard appeal={appeal.data.appeal} /> : null}
      {appeal.data?.can_appeal === 1 ? (
        <Link to={appealHref} className={buttonClassName({ variant: 'ghost', block: true })}>
          {t('payments.appeal.open')}
        </Link>
      ) : null}
    </div>
  );
}

export function AppealCard({ appeal }: { appeal: { status: 0 | 1 | 2 | 3; reason: string; reference: string; description: string; update_time: number } }) {
  const { t, i18n } = useTranslation();
  const state = (['submitted', 'reviewing', 'resolved', 'rejected'] as const)[appeal.status];
  return (
    <section className={styles.card} aria-label={t('payments.appeal.title')}>
      <h2 className={listCard.sectionTitle}>{t('payments.appeal.title')}</h2>
      <dl className={styles.rows}>
        <dt>{t('payments.detail.status')}</dt>
        <dd>
          <span className={styles.badge} data-kind={appeal.status === 2 ? 'success' : appeal.status === 3 ? 'failed' : 'pending'}>
            {t(`payments.appeal.state.${state}`)}
          </span>
        </dd>
        <dt>{t('payments.appeal.reason')}</dt>
        <dd>{t(`payments.appeal.reasons.${appeal.reason as 'other'}`, { defaultValue: appeal.reason })}</dd>
        {appeal.reference ? (
          <>
            <dt>{t('payments.instruction.reference')}</dt>
            <dd>{appeal.reference}</dd>
          </>
        ) : null}
        <dt>{t('payments.detail.updated')}</dt>
        <dd>{new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(appeal.update_time * 1000))}</dd>
      </dl>
      {appeal.description ? <p className={styles.hint}>{appeal.description}</p> : null}
    </section>
  );
}
