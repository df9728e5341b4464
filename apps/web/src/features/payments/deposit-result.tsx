import { CircleCheck, CircleX, Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { usePayinStatusQuery } from './api/deposit.ts';
import { moneyText } from '../../shared/money/money.ts';
import { depositPollStep, type DepositPollStep } from './pay-status.ts';
import { PaymentError } from './payment-error.tsx';
import styles from './payments.module.css';

/** What became of a deposit: paid (the balance has it), still pending, or refused/expired with why. */
export function DepositResult({ orderId, actions }: { orderId: string; actions: (step: DepositPollStep) => ReactNode }) {
  const { t, i18n } = useTranslation();
  const status = usePayinStatusQuery(orderId, { poll: false });
  const data = status.data;
  if (!data) {
    return (
      <div className={styles.stack}>
        {status.isPending ? <Skeleton height={180} /> : null}
        <PaymentError error={status.error} />
      </div>
    );
  }
  const step = depositPollStep(data.pay_status);
  const amount = moneyText(data.amount, data.currency, i18n.language);
  const view = {
    paid: { icon: <CircleCheck size={36} />, tone: styles.ok, title: t('payments.result.paidTitle'), body: t('payments.result.paidBody', { amount }) },
    pending: { icon: <Hourglass size={32} />, tone: styles.wait, title: t('payments.result.pendingTitle'), body: t('payments.result.pendingBody') },
    ended: {
      icon: <CircleX size={36} />,
      tone: styles.bad,
      title: data.status === 3 ? t('payments.result.cancelledTitle') : t('payments.result.failedTitle'),
      body: t('payments.result.failedBody'),
    },
  }[step];
  return (
    <div className={styles.stack}>
      <div className={styles.statusHead} role="status">
        <div className={`${styles.statusIcon} ${view.tone}`} aria-hidden="true">
          {view.icon}
        </div>
        <h2 className={styles.statusTitle}>{view.title}</h2>
        <p className={styles.statusAmount}>{amount}</p>
        <p className={styles.hint}>{view.body}</p>
        <p className={styles.hint}>{t('payments.wait.orderId', { id: orderId })}</p>
      </div>
      {actions(step)}
    </div>
  );
}
