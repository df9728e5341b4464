import { ApiError, ERRORS } from '@piranha/contract';
import { i18n, type TFunction } from '../../shared/i18n/translate.ts';
import { withSaferReset } from '../../shared/api/safer-refusal.ts';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { LimitRequiredAction } from '../../shared/safer-play/limit-required.tsx';
import styles from './payments.module.css';

/**
 * Why a money call failed, in the player's language: the server already answers translated and names the field
 * (below minimum, invalid CPF…); a call that never got an answer gets the generic text.
 */
export function paymentErrorText(error: unknown, t: TFunction): string | undefined {
  if (!error) return undefined;
  if (!(error instanceof ApiError) || error.dmError === ERRORS.INTERNAL.code || !error.errorMsg) return t('payments.errorGeneric');
  // A deposit limit or a time-out says when it resets (decision 027).
  return withSaferReset(error.errorMsg, error, t, i18n.language);
}

/** The field a refusal names (`data.field`), so the form can mark that input. */
export function paymentErrorField(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const data = error.data as { field?: unknown } | undefined;
  return typeof data?.field === 'string' ? data.field : undefined;
}

export function PaymentError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const text = paymentErrorText(error, t);
  if (!text) return null;
  // A Brazilian guest without the law's loss limit is shown where to set it (decision 057).
  return (
    <>
      <p className={styles.error} role="alert">
        {text}
      </p>
      <LimitRequiredAction error={error} />
    </>
  );
}
