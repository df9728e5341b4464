import { passwordRulesBroken } from '@piranha/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { bonusPollStart } from '../../shared/bonus/bonus-popup-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import styles from './account-forms.module.css';
import { FormError } from './form-error.tsx';
import { useEmailCodeSendMutation, useEmailRegisterMutation } from './api/account-api.ts';
import { EmailField, NewPasswordField } from './account-fields.tsx';
import { EmailCodeField } from './email-code-field.tsx';
import { track } from '../../shared/tracking/track.ts';
import { SignupLimitFields, signupLimitDraftNew, signupLimitKinds, signupLimitOf } from '../../shared/safer-play/signup-limit.tsx';

/**
 * Sign-up by e-mail: a code proves the address, the password follows the rules shown as the player types. Where the
 * brand's jurisdiction asks its mandatory limits at sign-up (Brazil: a loss limit, decision 027), the form asks for it
 * too and sends it with the registration.
 */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [limitKinds] = useState(signupLimitKinds);
  const [limitDraft, setLimitDraft] = useState(() => signupLimitDraftNew(limitKinds));
  const [submitted, setSubmitted] = useState(false);
  const limit = limitKinds.length > 0 ? signupLimitOf(limitDraft) : undefined;
  const register = useEmailRegisterMutation({ onDone: onRegistered });
  const codeSend = useEmailCodeSendMutation('register');
  const error = register.error ?? codeSend.error;
  const ready = email.length > 0 && code.length === 6 && passwordRulesBroken(password).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!ready || (limitKinds.length > 0 && !limit)) return;
    // Spec §4: a first registration marks the register-bonus level: new_bonus is asked for the sign-up bonus.
    register.mutate(
      { email, email_code: code, password, ...(limit ? { safer_limit: limit } : {}) },
      { onSuccess: (login) => (login.first_regist === 1 ? bonusPollStart(1) : undefined) },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <EmailField email={email} onEmailChange={setEmail} />
      <EmailCodeField
        code={code}
        onCodeChange={setCode}
        canSend={email.length > 0}
        onSend={() => {
          track('sign_up_started', { method: 'email' });
          return codeSend.mutateAsync(email);
        }}
      />
      <NewPasswordField label={t('account.password')} password={password} onPasswordChange={setPassword} />
      {limitKinds.length > 0 ? <SignupLimitFields kinds={limitKinds} draft={limitDraft} onDraft={setLimitDraft} showError={submitted} /> : null}
      <FormError error={error} />
      <Button type="submit" block disabled={!ready || register.isPending} aria-busy={register.isPending}>
        {t('header.register')}
      </Button>
    </form>
  );
}
