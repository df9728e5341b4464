import { MARKET_LEGAL } from '@piranha/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { bonusPollStart } from '../../shared/bonus/bonus-popup-store.ts';
import { paths } from '../../shared/paths/paths.ts';
import { Button } from '../../shared/ui/button.tsx';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import styles from './account-forms.module.css';
import { apiErrorText } from './api-error-text.ts';
import { FormError } from './form-error.tsx';
import { useEmailCodeSendMutation, useEmailRegisterMutation } from './api/account-api.ts';
import { EmailField, NewPasswordField } from './account-fields.tsx';
import { EmailCodeField } from './email-code-field.tsx';
import { registerFieldErrors, registerFieldOfError, registerRequestOf, REGISTER_FIELDS, type RegisterDraft, type RegisterField } from './register-model.ts';
import { track } from '../../shared/tracking/track.ts';
import { CheckField } from './consent-sheet.tsx';
import { termsVersionOf, useTermsCurrentQuery } from './api/terms-api.ts';
import { SignupLimitFields, signupLimitDraftNew, signupLimitKinds, signupLimitOf } from '../../shared/safer-play/signup-limit.tsx';

/**
 * Sign-up by e-mail: a code proves the address, the password follows the rules shown as the player types, and the
 * player confirms the market's minimum age and accepts the current terms (stored with the account, decision 032).
 * Where the brand's jurisdiction asks its mandatory limits at sign-up (Brazil: a loss limit, decision 027), the form
 * asks for it too. Each field shows its own error — the form's checks after the first tap on "Sign up", and the
 * server's refusal next to the field it names (`register-model.ts`).
 */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [limitKinds] = useState(signupLimitKinds);
  const [limitDraft, setLimitDraft] = useState(() => signupLimitDraftNew(limitKinds));
  const [submitted, setSubmitted] = useState(false);
  const register = useEmailRegisterMutation({ onDone: onRegistered });
  // The brand's current terms version (decision 040); the build's own until the server answers.
  const terms = useTermsCurrentQuery(0);
  const codeSend = useEmailCodeSendMutation('register');
  const draft: RegisterDraft = {
    email,
    code,
    password,
    ageConfirmed,
    termsAccepted,
    limitAsked: limitKinds.length > 0,
    limit: limitKinds.length > 0 ? signupLimitOf(limitDraft) : undefined,
  };
  const errors = submitted ? registerFieldErrors(draft) : {};
  const serverField = registerFieldOfError(register.error);
  const serverText = apiErrorText(register.error, t);
  const fieldError = (field: RegisterField): string | undefined => {
    if (serverField === field) return serverText;
    const key = errors[field];
    return key ? t(key) : undefined;
  };
  // A field's refusal by the server goes when the player changes that field.
  const edited =
    <T,>(field: RegisterField, set: (value: T) => void) =>
    (value: T) => {
      if (serverField === field) register.reset();
      set(value);
    };
  const age = MARKET_LEGAL[variantCurrent().market].minimumAge;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = registerFieldErrors(draft);
    const first = REGISTER_FIELDS.find((field) => found[field]);
    if (first) {
      // The first field with an error takes the focus, so a keyboard or screen-reader user lands on it.
      requestAnimationFrame(() => (event.target as HTMLFormElement).querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    // Spec §4: a first registration marks the register-bonus level: new_bonus is asked for the sign-up bonus.
    // mutateAsync, not mutate's own callbacks: signing in moves to /game at once, and a callback given to `mutate`
    // is dropped when its form unmounts first (the sign-up bonus pop-up would never be asked for). Failures show
    // through the mutation's state.
    register
      .mutateAsync(registerRequestOf(draft, termsVersionOf(terms.data)))
      .then((login) => (login.first_regist === 1 ? bonusPollStart(1) : undefined))
      .catch(() => undefined);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <EmailField email={email} onEmailChange={edited('email', setEmail)} error={fieldError('email')} />
      <EmailCodeField
        code={code}
        onCodeChange={edited('code', setCode)}
        canSend={email.length > 0}
        error={fieldError('code') ?? apiErrorText(codeSend.error, t)}
        onSend={() => {
          track('sign_up_started', { method: 'email' });
          return codeSend.mutateAsync(email);
        }}
      />
      <NewPasswordField label={t('account.password')} password={password} onPasswordChange={edited('password', setPassword)} error={fieldError('password')} />
      {limitKinds.length > 0 ? (
        <SignupLimitFields
          kinds={limitKinds}
          draft={limitDraft}
          onDraft={edited('limit', setLimitDraft)}
          showError={submitted}
          serverError={serverField === 'limit' ? serverText : undefined}
        />
      ) : null}
      <CheckField checked={ageConfirmed} onChange={edited('age', setAgeConfirmed)} error={fieldError('age')}>
        {t('account.ageConfirm', { age })}
      </CheckField>
      <CheckField checked={termsAccepted} onChange={edited('terms', setTermsAccepted)} error={fieldError('terms')}>
        {t('account.termsAccept')}{' '}
        <a href={`#${paths.terms}`} target="_blank" rel="noopener">
          {t('account.termsRead')}
        </a>
      </CheckField>
      <FormError error={serverField === undefined ? register.error : undefined} />
      <Button type="submit" block disabled={register.isPending} aria-busy={register.isPending}>
        {t('header.register')}
      </Button>
    </form>
  );
}
