import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { usePayinCodeCheckMutation } from './api/deposit.ts';
import { paymentErrorText } from './payment-error.tsx';
import styles from './payments.module.css';

/**
 * The optional deposit code: a link that opens the box, a check with payin/code/check, and what it adds. The
 * code goes with the order only once the server said it applies to this currency and the box still says it.
 */
export function useDepositCode(currency: string, money: (minor: number) => string): { appliedCode: string | undefined; field: ReactNode } {
  const { t } = useTranslation();
  const check = usePayinCodeCheckMutation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const answer = check.data;
  const typed = text.trim().toUpperCase();
  const appliedCode = answer && answer.valid === 1 && answer.code === typed && answer.currency === currency ? answer.code : undefined;
  const refused = answer && answer.code === typed && !appliedCode;

  const field = open ? (
    <TextField
      label={t('payments.deposit.code')}
      value={text}
      autoComplete="off"
      spellCheck={false}
      maxLength={32}
      onChange={(event) => setText(event.target.value)}
      error={check.error ? paymentErrorText(check.error, t) : refused ? t('payments.deposit.codeInvalid') : undefined}
      action={
        <Button variant="ghost" disabled={typed.length < 4 || check.isPending} onClick={() => check.mutate(text.trim())}>
          {t('payments.deposit.codeApply')}
        </Button>
      }
    >
      {appliedCode && answer ? (
        <p className={styles.hint} role="status">
          {t('payments.deposit.codeApplied', { rate: answer.bonus_rate_bp / 100, max: money(answer.bonus_max), min: money(answer.min_amount) })}
        </p>
      ) : null}
    </TextField>
  ) : (
    <Button variant="ghost" compact onClick={() => setOpen(true)}>
      {t('payments.deposit.codeOpen')}
    </Button>
  );
  return { appliedCode, field };
}
