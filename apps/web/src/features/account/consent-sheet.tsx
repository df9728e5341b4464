import { MARKET_LEGAL } from '@piranha/domain';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { paths } from '../../shared/paths/paths.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Sheet } from '../../shared/ui/sheet.tsx';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import styles from './account-forms.module.css';
import { FormError } from './form-error.tsx';
import { consentOf, isConsentRefusal, termsVersionOf, useTermsCurrentQuery, type Consent } from './api/terms-api.ts';

/** A box the player ticks (age, terms), with its own error read out next to it. */
export function CheckField({
  checked,
  onChange,
  error,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.checkField}>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{children}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Asks for the age and the brand's current terms (decision 040), in the shared sheet: before a guest, Google or
 * Telegram account is created (`signUp`: closing it cancels the sign-up), or when the terms changed since the player
 * accepted them (`changed`: it cannot be closed — the player accepts or signs out with `secondary`).
 */
export function ConsentSheet({
  mode,
  version,
  busy,
  error,
  onAccept,
  onCancel,
  secondary,
}: {
  mode: 'signUp' | 'changed';
  version: string;
  busy: boolean;
  error?: unknown;
  onAccept: (consent: Consent) => void;
  onCancel?: () => void;
  secondary?: ReactNode;
}) {
  const { t } = useTranslation();
  const [age, setAge] = useState(false);
  const [terms, setTerms] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const minimumAge = MARKET_LEGAL[variantCurrent().market].minimumAge;
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (age && terms) onAccept(consentOf(version));
  };
  const title = t(mode === 'changed' ? 'account.termsChangedTitle' : 'account.consentTitle');
  // Rendered last in the body, so it sits above any other pop-up open at the time (the welcome offer, a bonus).
  return createPortal(
    <Sheet
      title={title}
      // Closing is cancelling a sign-up; a player asked again after a change cannot close it (accept or sign out).
      onClose={onCancel ?? (() => undefined)}
      footer={
        <div className={styles.consentActions}>
          <Button type="submit" form={formId} block disabled={busy} aria-busy={busy}>
            {t('account.consentContinue')}
          </Button>
          {secondary}
        </div>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        <p>{t(mode === 'changed' ? 'account.termsChangedIntro' : 'account.consentIntro')}</p>
        <CheckField checked={age} onChange={setAge} error={submitted && !age ? t('account.errorAge') : undefined}>
          {t('account.ageConfirm', { age: minimumAge })}
        </CheckField>
        <CheckField checked={terms} onChange={setTerms} error={submitted && !terms ? t('account.errorTerms') : undefined}>
          {t('account.termsAccept')}{' '}
          <a href={`#${paths.terms}`} target="_blank" rel="noopener">
            {t('account.termsRead')}
          </a>
        </CheckField>
        <FormError error={error} />
      </form>
    </Sheet>,
    document.body,
  );
}

/**
 * A sign-in that may create an account (guest, Google, Telegram): tried without consent first — an account that
 * exists signs in unasked — and when the server answers that a new account needs the age and the terms (8700/8701),
 * the consent sheet asks and the same attempt is sent again with them.
 */
export function useConsentRetry<V>(input: {
  attempt: (variables: V, consent: Consent | undefined, handlers: { onError: (error: unknown) => void; onSuccess: () => void }) => void;
  pending: boolean;
}) {
  const [asked, setAsked] = useState<{ variables: V; error?: unknown } | undefined>(undefined);
  const terms = useTermsCurrentQuery(0);
  const start = (variables: V) =>
    input.attempt(variables, undefined, {
      onError: (error) => (isConsentRefusal(error) ? setAsked({ variables }) : undefined),
      onSuccess: () => setAsked(undefined),
    });
  const sheet = asked ? (
    <ConsentSheet
      mode="signUp"
      version={termsVersionOf(terms.data)}
      busy={input.pending}
      error={asked.error}
      onCancel={() => setAsked(undefined)}
      onAccept={(consent) =>
        input.attempt(asked.variables, consent, {
          onError: (error) => setAsked({ variables: asked.variables, error }),
          onSuccess: () => setAsked(undefined),
        })
      }
    />
  ) : null;
  return { start, sheet, asking: asked !== undefined };
}
