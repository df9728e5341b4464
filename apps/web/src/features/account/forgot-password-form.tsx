import { passwordRulesBroken } from '@piranha/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Button } from '../../shared/ui/button.tsx';
import styles from './account-forms.module.css';
import { FormError } from './form-error.tsx';
import { usePasswordSendCodeMutation, usePasswordSetMutation } from './api/account-api.ts';
import { EmailField, NewPasswordField } from './account-fields.tsx';
import { EmailCodeField } from './email-code-field.tsx';

/** Forgot password: a code mailed to the address proves it, then a new password that follows the rules signs the player in. */
export function ForgotPasswordForm({ onPasswordSet }: { onPasswordSet: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const codeSend = usePasswordSendCodeMutation();
  const passwordSet = usePasswordSetMutation({ onDone: onPasswordSet });
  const error = passwordSet.error ?? codeSend.error;
  const ready = email.length > 0 && code.length === 6 && passwordRulesBroken(password).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) passwordSet.mutate({ email, email_code: code, password });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.intro}>{t('recovery.forgotIntro')}</p>
      <EmailField email={email} onEmailChange={setEmail} />
      <EmailCodeField code={code} onCodeChange={setCode} canSend={email.length > 0} onSend={() => codeSend.mutateAsync(email)} />
      <NewPasswordField label={t('recovery.newPassword')} password={password} onPasswordChange={setPassword} />
      <FormError error={error} />
      <Button type="submit" block disabled={!ready || passwordSet.isPending} aria-busy={passwordSet.isPending}>
        {t('recovery.setPassword')}
      </Button>
    </form>
  );
}
