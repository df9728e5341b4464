import { jurisdictionOfBrand, type LimitKind, type LimitPeriod } from '@piranha/domain';
import { useTranslation } from '../i18n/translate.ts';
import { amountFractionDigitsOf, amountMinorParse } from '../money/money.ts';
import { TextField } from '../ui/text-field.tsx';
import { variantCurrent } from '../variant/variant-detect.ts';
import styles from './signup-limit.module.css';

const PERIODS = ['day', 'week', 'month'] as const;

/** What the sign-up form holds of the limit: the kind and period chosen and the amount as typed. */
export interface SignupLimitDraft {
  kind: LimitKind;
  period: LimitPeriod;
  amountText: string;
}

/**
 * The limits this brand's jurisdiction asks at sign-up (Brazil: a loss limit), or none. Read from the profile in
 * `packages/domain` so the form asks exactly what the server requires (decision 027).
 */
export function signupLimitKinds(): readonly LimitKind[] {
  const { mandatoryLimits } = jurisdictionOfBrand(variantCurrent());
  return mandatoryLimits.askedAt === 'signup' ? mandatoryLimits.kinds : [];
}

export function signupLimitDraftNew(kinds: readonly LimitKind[]): SignupLimitDraft {
  return { kind: kinds[0] ?? 'loss', period: 'week', amountText: '' };
}

/** The limit to send with the registration, or undefined while the amount is not a positive amount. */
export function signupLimitOf(draft: SignupLimitDraft): { kind: LimitKind; period: LimitPeriod; amount: number } | undefined {
  const amount = amountMinorParse(draft.amountText, 2, amountFractionDigitsOf(variantCurrent().currency));
  return amount === undefined || amount <= 0 ? undefined : { kind: draft.kind, period: draft.period, amount };
}

/**
 * The sign-up fields of a mandatory limit: the law of the brand's market asks every new account for one before it
 * plays (Brazil, Portaria SPA/MF 1.231/2024). The server refuses the registration without it (8257).
 */
export function SignupLimitFields({
  kinds,
  draft,
  onDraft,
  showError,
  serverError,
}: {
  kinds: readonly LimitKind[];
  draft: SignupLimitDraft;
  onDraft: (next: SignupLimitDraft) => void;
  showError: boolean;
  /** The server's refusal of the limit, shown in place of the form's own message. */
  serverError?: string | undefined;
}) {
  const { t } = useTranslation();
  const profile = jurisdictionOfBrand(variantCurrent());
  const currency = variantCurrent().currency;
  const kindNames = kinds.map((kind) => t(`saferPlay.kind.${kind}`)).join(', ');
  const invalid = showError && signupLimitOf(draft) === undefined;
  return (
    <fieldset className={styles.signupLimit} data-testid="signup-limit">
      <legend className={styles.signupLimitTitle}>{t('saferPlay.signupTitle')}</legend>
      <p className={styles.hint}>{t('saferPlay.signupBody', { kinds: kindNames, days: Math.round(profile.coolingHours / 24) })}</p>
      <div className={styles.selects}>
        {kinds.length > 1 ? (
          <label className={styles.select}>
            <span>{t('saferPlay.kindLabel')}</span>
            <select value={draft.kind} onChange={(event) => onDraft({ ...draft, kind: event.target.value as LimitKind })}>
              {kinds.map((entry) => (
                <option key={entry} value={entry}>
                  {t(`saferPlay.kind.${entry}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className={styles.select}>
          <span>{t('saferPlay.periodLabel')}</span>
          <select value={draft.period} onChange={(event) => onDraft({ ...draft, period: event.target.value as LimitPeriod })}>
            {PERIODS.map((entry) => (
              <option key={entry} value={entry}>
                {t(`saferPlay.period.${entry}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <TextField
        label={t('saferPlay.signupAmountLabel', { kind: t(`saferPlay.kind.${draft.kind}`), currency })}
        value={draft.amountText}
        inputMode="decimal"
        onChange={(event) => onDraft({ ...draft, amountText: event.target.value })}
        error={serverError ?? (invalid ? t('saferPlay.amountInvalid') : undefined)}
      />
    </fieldset>
  );
}
