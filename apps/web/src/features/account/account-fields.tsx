import { useTranslation } from '../../shared/i18n/translate.ts';
import { PasswordField } from '../../shared/ui/password-field.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { PasswordRules } from './password-rules.tsx';

/** The e-mail box every account form starts with. */
export function EmailField({ email, onEmailChange, error }: { email: string; onEmailChange: (email: string) => void; error?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('account.email')}
      error={error}
      type="email"
      autoComplete="email"
      inputMode="email"
      value={email}
      onChange={(event) => onEmailChange(event.target.value)}
      required
    />
  );
}

/** A password being chosen, with the rules ticked off as the player types. */
export function NewPasswordField({
  label,
  password,
  onPasswordChange,
  error,
}: {
  label: string;
  password: string;
  onPasswordChange: (password: string) => void;
  error?: string | undefined;
}) {
  return (
    <PasswordField label={label} error={error} autoComplete="new-password" value={password} onChange={(event) => onPasswordChange(event.target.value)} required>
      <PasswordRules password={password} />
    </PasswordField>
  );
}
