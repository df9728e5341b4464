import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PasswordField } from '../../shared/ui/password-field.tsx';
import styles from './account-forms.module.css';
import { FormError } from './form-error.tsx';
import { useEmailCodeLoginMutation, useEmailCodeSendMutation, useEmailLoginMutation } from './api/account-api.ts';
import { EmailField } from './account-fields.tsx';
import { EmailCodeField } from './email-code-field.tsx';
import segmented from '../../shared/ui/segmented.module.css';

type Method = 'password' | 'code';

/** E-mail sign-in, by password or by a one-time code sent to the address; `passwordHelp` (e.g. "Forgot password?") shows on the password tab. */
export function LoginForm({ onSignedIn, passwordHelp }: { onSignedIn: () => void; passwordHelp?: ReactNode }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const passwordLogin = useEmailLoginMutation({ onDone: onSignedIn });
  const codeLogin = useEmailCodeLoginMutation({ onDone: onSignedIn });
  const codeSend = useEmailCodeSendMutation('login');
  const pending = passwordLogin.isPending || codeLogin.isPending;
  const error = method === 'password' ? passwordLogin.error : (codeLogin.error ?? codeSend.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (method === 'password') passwordLogin.mutate({ email, password });
    else codeLogin.mutate({ email, email_code: code });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={segmented.switch} role="tablist" aria-label={t('account.loginMethod')}>
        {(['password', 'code'] as const).map((option) => (
          <button key={option} type="button" role="tab" aria-selected={method === option} className={segmented.switchTab} onClick={() => setMethod(option)}>
            {t(option === 'password' ? 'account.withPassword' : 'account.withCode')}
          </button>
        ))}
      </div>
      <EmailField email={email} onEmailChange={setEmail} />
      {method === 'password' ? (
        <PasswordField
          label={t('account.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
      ) : (
        <EmailCodeField code={code} onCodeChange={setCode} canSend={email.length > 0} onSend={() => codeSend.mutateAsync(email)} />
      )}
      {method === 'password' ? passwordHelp : null}
      <FormError error={error} />
      <Button type="submit" block disabled={pending} aria-busy={pending}>
        {t('header.login')}
      </Button>
    </form>
  );
}
