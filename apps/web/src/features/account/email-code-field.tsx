import { useTranslation } from '../../shared/i18n/translate.ts';
import { TextField } from '../../shared/ui/text-field.tsx';
import { CodeSendButton } from './code-send-button.tsx';

/** The 6-digit code box with its "send code" button, as every code flow shows it. */
export function EmailCodeField({
  code,
  onCodeChange,
  onSend,
  canSend,
  error,
}: {
  code: string;
  onCodeChange: (code: string) => void;
  onSend: () => Promise<{ resend_s: number }>;
  canSend: boolean;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('account.code')}
      error={error}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={code}
      onChange={(event) => onCodeChange(event.target.value.replace(/\D/g, ''))}
      action={<CodeSendButton disabled={!canSend} onSend={onSend} />}
    />
  );
}
