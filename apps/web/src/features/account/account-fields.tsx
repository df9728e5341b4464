import { useTranslation } from '../../shared/i18n/translate.ts';
import { PasswordField } from '../../shared/ui/password-field.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { PasswordRules } from './password-rules.tsx';

/** The e-mail box every account form starts with. */
export function EmailField({ email, onEmailChange }: { email: string; onEmailChange: (email: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('account.email')}
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
export function NewPasswordField({ label, password, onPasswordChange }: { label: string; password: string; onPasswordChange: (password: string) => void }) {
  return (
    <PasswordField label={label} autoComplete="new-password" value={password} onChange={(event) => onPasswordChange(event.target.value)} required>
      <PasswordRules password={password} />
    </PasswordField>
  );
}
