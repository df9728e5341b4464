import { APPEAL_REASONS } from '@piranha/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useAppealCreateMutation, useAppealQuery, type AppealReason } from './api/history.ts';
import { useIdempotencyKey } from './idempotency-key.ts';
import { AppealCard } from './payin-detail.tsx';
import { PaymentError } from './payment-error.tsx';
import styles from './payments.module.css';

/** A problem with a deposit (paid but not credited, wrong amount…): the appeal and, once sent, its state. */
export function AppealForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const appeal = useAppealQuery(orderId);
  const create = useAppealCreateMutation(orderId);
  const idempotency = useIdempotencyKey();
  const [reason, setReason] = useState<AppealReason>('paid_not_credited');
  const [reference, setReference] = useState('');
  const [description, setDescription] = useState('');
  const id = useId();

  if (appeal.isPending) return <Skeleton height={240} />;
  if (appeal.data?.appeal) return <AppealCard appeal={appeal.data.appeal} />;
  if (appeal.data?.can_appeal !== 1) {
    return (
      <div className={styles.stack}>
        <PaymentError error={appeal.error} />
        {appeal.data ? <p className={styles.hint}>{t('payments.appeal.notPossible')}</p> : null}
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = { reason, description: description.trim(), reference: reference.trim() };
    create.mutate({ ...request, idempotencyKey: idempotency.keyFor(request) }, { onSuccess: () => idempotency.done() });
  };
  return (
    <form className={styles.stack} onSubmit={submit} noValidate>
      <p className={styles.hint}>{t('payments.appeal.intro', { id: orderId })}</p>
      <div className={styles.section}>
        <label className={styles.label} htmlFor={`${id}-reason`}>
          {t('payments.appeal.reason')}
        </label>
        <select id={`${id}-reason`} className={styles.select} value={reason} onChange={(event) => setReason(event.target.value as AppealReason)}>
          {APPEAL_REASONS.map((entry) => (
            <option key={entry} value={entry}>
              {t(`payments.appeal.reasons.${entry}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField label={t('payments.appeal.reference')} value={reference} maxLength={64} onChange={(event) => setReference(event.target.value)} />
      <div className={styles.section}>
        <label className={styles.label} htmlFor={`${id}-description`}>
          {t('payments.appeal.description')}
        </label>
        <textarea
          id={`${id}-description`}
          className={styles.textarea}
          maxLength={500}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <PaymentError error={create.error} />
      <Button type="submit" block disabled={create.isPending} aria-busy={create.isPending}>
        {t('payments.appeal.submit')}
      </Button>
    </form>
  );
}
