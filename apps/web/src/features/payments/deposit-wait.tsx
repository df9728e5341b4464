import { Hourglass } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { usePayinOrderCreated, usePayinStatusQuery } from './api/deposit.ts';
import { channelName } from './channel-name.ts';
import { moneyText } from '../../shared/money/money.ts';
import { depositPollStep } from './pay-status.ts';
import { PaymentInstructionView } from './payment-instruction.tsx';
import { PaymentError } from './payment-error.tsx';
import styles from './payments.module.css';

/**
 * An open deposit: its payment instruction and its status, asked again every 10 s (spec §4). The instruction comes
 * with the status, so a reload, another tab or another device shows the same code; the create answer only fills
 * the first moments. Once the order is paid, or has ended any other way, `onFinished` takes the player to the result.
 */
export function DepositWait({ orderId, onFinished }: { orderId: string; onFinished: () => void }) {
  const { t, i18n } = useTranslation();
  const created = usePayinOrderCreated(orderId);
  const status = usePayinStatusQuery(orderId, { poll: true });
  const order = status.data ?? created;
  const instruction = status.data ? status.data.instruction : created?.instruction;
  const step = status.data ? depositPollStep(status.data.pay_status) : 'pending';

  const queryClient = useQueryClient();
  useEffect(() => {
    if (step === 'pending') return;
    // The header balance should show the money as soon as the player sees "paid".
    if (step === 'paid') void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    onFinished();
  }, [step, onFinished, queryClient]);

  const amountText = order ? moneyText(order.amount, order.currency, i18n.language) : undefined;
  return (
    <div className={styles.stack}>
      <div className={`${styles.statusHead} ${instruction ? styles.statusCompact : ''}`} role="status" aria-live="polite">
        <div className={`${styles.statusIcon} ${styles.wait}`} aria-hidden="true">
          <Hourglass size={instruction ? 24 : 30} className="spin" style={{ animationDuration: '3s' }} />
        </div>
        <h2 className={styles.statusTitle}>{t('payments.wait.title')}</h2>
        {amountText ? <p className={styles.statusAmount}>{amountText}</p> : <Skeleton width="8ch" height={34} />}
        <p className={styles.hint}>{t('payments.wait.body')}</p>
      </div>
      {instruction && order ? (
        <PaymentInstructionView instruction={instruction} amount={amountText ?? ''} method={channelName(order.channel, order.currency)} />
      ) : status.data ? (
        <p className={styles.hint}>{t('payments.wait.elsewhere')}</p>
      ) : (
        <Skeleton height={160} />
      )}
      <PaymentError error={status.error} />
      <p className={styles.hint}>{t('payments.wait.orderId', { id: orderId })}</p>
    </div>
  );
}
