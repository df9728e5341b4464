import { passwordRulesBroken } from '@piranha/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Button } from '../../shared/ui/button.tsx';
import styles from './account-forms.module.css';
import { FormError } from './form-error.tsx';
import { useConsentRetry } from './consent-sheet.tsx';
import { BindRefusedError, useBindCodeSendMutation, useBindEmailMutation } from './api/account-api.ts';
import { EmailField, NewPasswordField } from './account-fields.tsx';
import { EmailCodeField } from './email-code-field.tsx';

/**
 * A tourist saves the account with an e-mail (spec §4 bind): bind/check and the 'bind' code on "send code", then
 * bind/email with the code, the check's request_id and a password, so the player can log in either way afterwards.
 */
export function SaveEmailForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const codeSend = useBindCodeSendMutation();
  const bind = useBindEmailMutation({ onDone: onSaved });
  // A tourist whose account holds no consent to the current terms is asked before it is saved (decision 040).
  const consent = useConsentRetry<{ email: string; email_code: string; request_id: string; password: string }>({
    attempt: (body, given, handlers) => bind.mutate({ ...body, consent: given }, handlers),
    pending: bind.isPending,
  });
  // The request_id belongs to the address it was checked for: a changed address needs a new code.
  const requestId = codeSend.data && codeSend.data.email === email ? codeSend.data.request_id : undefined;
  const ready = requestId !== undefined && code.length === 6 && passwordRulesBroken(password).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) consent.start({ email, email_code: code, request_id: requestId, password });
  };

  return (
    <>
      {consent.sheet}
      <form className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.intro}>{t('recovery.saveIntro')}</p>
        <EmailField email={email} onEmailChange={setEmail} />
        <EmailCodeField code={code} onCodeChange={setCode} canSend={email.length > 0} onSend={() => codeSend.mutateAsync(email)} />
        <NewPasswordField label={t('account.password')} password={password} onPasswordChange={setPassword} />
        {codeSend.error instanceof BindRefusedError && !bind.error ? (
          <p className={styles.error} role="alert">
            {t('recovery.cannotBind')}
          </p>
        ) : (
          <FormError error={(consent.asking ? undefined : bind.error) ?? codeSend.error} />
        )}
        <Button type="submit" block disabled={!ready || bind.isPending} aria-busy={bind.isPending}>
          {t('recovery.save')}
        </Button>
      </form>
    </>
  );
}
